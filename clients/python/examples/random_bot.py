"""A random bot: any legal move, drawn from the game's seed (so its games replay)."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arena_agent import run  # noqa: E402


def choose(legal, position, moves, seed):
    # One generator a game, reseeded from the seed and the ply: no other randomness.
    return random.Random(seed * 1000003 + len(moves)).choice(legal)


if __name__ == "__main__":
    run(choose, name="random (python)")
