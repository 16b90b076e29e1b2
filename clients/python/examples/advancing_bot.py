"""A bot that reads nothing but the legal moves: it takes a capture when there is one
(the longest), else the move that goes furthest along the board's numbering in its
seat's direction. Moves are written `from-to` or `from x over x to` in every game of the
arena, with squares numbered so that seat A's pieces move towards higher numbers."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arena_agent import run  # noqa: E402

def squares(move):
    """The squares a move visits, as numbers (moves are `a-b` or `axbxc`)."""
    return [int(part) for part in move.replace("x", "-").split("-") if part.isdigit()]


def choose(legal, position, moves, seed):
    captures = [move for move in legal if "x" in move]
    if captures:
        return max(captures, key=lambda move: len(squares(move)))
    # Seat A moves first: the seat to move is A when an even number of moves was played
    # (two-seat games); A advances towards higher numbers, B towards lower ones.
    direction = 1 if len(moves) % 2 == 0 else -1

    def advance(move):
        path = squares(move)
        return direction * (path[-1] - path[0]) if len(path) >= 2 else 0

    return max(legal, key=advance)


if __name__ == "__main__":
    run(choose, name="advancing (python)")
