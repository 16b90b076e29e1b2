"""Random play through the Python APIs of leapfrog_arena and OpenSpiel, side by side.

Both sides pay Python's per-call cost the same way: each ply lists the legal actions
(integers), draws one with the same Python generator, and applies it, until the game
ends. Prints plies a second for English checkers and Chinese checkers (two players) in
each, best of `--repeats` runs of `--seconds` each, and Python's floor: the same calls
replayed from recorded lists with no engine behind them, the most any engine reached
through Python could give.

    python bench/random_play.py [--seconds 5] [--repeats 3]

Needs both packages in one environment: scripts/python-speed.sh makes one in /tmp.
"""

import argparse
import platform
import random
import time

import pyspiel

import leapfrog_arena as la


def random_games(new_state, apply):
    """Plays one random game from `new_state()`, moving with `apply(state, action)`."""

    def play(rng):
        state = new_state()
        plies = 0
        while not state.is_terminal():
            apply(state, rng.choice(state.legal_actions()))
            plies += 1
        return plies

    return play


def ours(name):
    return random_games(la.Game(name).new_state, la.State.play)


def openspiel(name):
    return random_games(pyspiel.load_game(name).new_initial_state, pyspiel.State.apply_action)


class Recorded:
    """Python's own share: one recorded game's lists of legal actions, replayed with
    the same calls (list the actions, draw one, hand it over) and no engine behind them.
    No engine reached through Python can beat it."""

    def __init__(self, lists):
        self.lists = lists
        self.ply = 0

    def is_terminal(self):
        return self.ply == len(self.lists)

    def legal_actions(self):
        return list(self.lists[self.ply])

    def play(self, action):
        self.ply += 1


def floor(name):
    state = la.Game(name).new_state()
    rng = random.Random(1)
    lists = []
    while not state.is_terminal():
        lists.append(state.legal_actions())
        state.play(rng.choice(lists[-1]))

    return random_games(lambda: Recorded(lists), Recorded.play)


def measure(play, seconds):
    """Plies a second and games a second over whole games for about `seconds`."""
    rng = random.Random(1)
    plies = games = 0
    start = time.perf_counter()
    while True:
        plies += play(rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return plies / elapsed, games / elapsed, plies / games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rows = [
        ("English checkers", "english", openspiel("checkers")),
        ("Chinese checkers, 2 players", "chinese-checkers", openspiel("chinese_checkers")),
    ]
    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"best of {args.repeats} x {args.seconds:g} s")
    print("| game | leapfrog_arena plies/s | OpenSpiel plies/s | ratio | Python's floor "
          "plies/s (floor / OpenSpiel) | plies a game (ours / OpenSpiel) |")
    print("|---|---|---|---|---|---|")
    for label, name, their_play in rows:
        best = lambda play: max(measure(play, args.seconds) for _ in range(args.repeats))
        our, their, bound = best(ours(name)), best(their_play), best(floor(name))
        print(f"| {label} | {our[0]:,.0f} | {their[0]:,.0f} | {our[0] / their[0]:.1f}x | "
              f"{bound[0]:,.0f} ({bound[0] / their[0]:.1f}x) | {our[2]:.0f} / {their[2]:.0f} |")


if __name__ == "__main__":
    main()
