"""A Python game that asks the arena's levels for its computer player's moves.

The game here is Leapfrog Race, whose rules fit in a few lines: this program owns the
board, the rules and the turn order, as a studio's game would, and `arena engine` only
chooses moves. The other side is a seeded random player standing in for the person.

    pip install ./clients/python
    python3 clients/python/examples/leapfrog_host.py --level hard --seed 3

The `arena` program is found on the PATH, or named with --arena or $ARENA_BIN.
"""

import argparse
import random

from arena_engine import Engine

SPOTS = 19
PIECES = 5
START = "A" * PIECES + "." * (SPOTS - 2 * PIECES) + "B" * PIECES


def legal_moves(board, side):
    """Every legal move of `side` on `board` (a string of 'A', 'B', '.'), as `from-to`
    with spots numbered 1 to 19: a step to the empty spot ahead, or a leap over the
    unbroken run of the other side's pieces ahead to the empty spot past it."""
    ahead, other = (1, "B") if side == "A" else (-1, "A")
    moves = []
    for spot, piece in enumerate(board):
        if piece != side:
            continue
        target = spot + ahead
        while 0 <= target < SPOTS and board[target] == other:
            target += ahead
        if 0 <= target < SPOTS and board[target] == ".":
            moves.append("%d-%d" % (spot + 1, target + 1))
    return moves


def play(board, move):
    """The board after `move`."""
    start, end = (int(spot) - 1 for spot in move.split("-"))
    cells = list(board)
    cells[end], cells[start] = cells[start], "."
    return "".join(cells)


def home(board, side):
    """How many of `side`'s pieces stand in its goal zone (where the other side started)."""
    zone = board[SPOTS - PIECES:] if side == "A" else board[:PIECES]
    return zone.count(side)


def travelled(board, side):
    """How far `side`'s pieces have moved from the start, in spots."""
    spots = [spot for spot, piece in enumerate(board) if piece == side]
    start = [spot for spot, piece in enumerate(START) if piece == side]
    return abs(sum(spots) - sum(start))


def result(board, mover, to_move):
    """'A', 'B' or 'draw' once the game is over, else None: the mover wins by filling its
    goal zone; a side with no move ends the game, and progress decides."""
    if home(board, mover) == PIECES:
        return mover
    if legal_moves(board, to_move):
        return None
    for measure in (home, travelled):
        a, b = measure(board, "A"), measure(board, "B")
        if a != b:
            return "A" if a > b else "B"
    return "draw"


def game(engine, engine_seat, seed):
    """Plays one game, the engine in `engine_seat`, the other side random; returns the
    result and the moves."""
    chooser = random.Random(seed)
    engine.new_game(seat=engine_seat, seed=seed)
    board, side, moves = START, "A", []
    while True:
        legal = legal_moves(board, side)
        if side == engine_seat:
            move = engine.best_move(moves, legal=legal)
            if move not in legal:
                raise RuntimeError("the engine played %s, not legal in %s" % (move, board))
        else:
            move = chooser.choice(legal)
        board = play(board, move)
        moves.append(move)
        mover, side = side, "B" if side == "A" else "A"
        winner = result(board, mover, side)
        if winner is not None:
            return winner, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="easy, medium or hard")
    parser.add_argument("--seat", default="A", choices=["A", "B"], help="the engine's seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arena", help="the arena program (default: $ARENA_BIN or arena)")
    args = parser.parse_args()
    with Engine("leapfrog", level=args.level, arena=args.arena) as engine:
        winner, moves = game(engine, args.seat, args.seed)
    print("moves: " + " ".join(moves))
    print("engine (%s, level %s): %s" % (args.seat, args.level,
          "draw" if winner == "draw" else ("won" if winner == args.seat else "lost")))


if __name__ == "__main__":
    main()
