#!/usr/bin/env python3
"""The rows of the shipped-levels table in results/README.md, for calibration folders.

For each folder given (results/<game>): every level's spec, rating with its interval and
score against random with its interval (from difficulty.csv), the nodes a move it
searched in the calibration's final round-robin, the milliseconds a move it takes (a few
seeded games of the level against itself through `arena play`, timed here: this is the
one figure that depends on the machine; the time of the same command stopped after its
opening, process start and one-time tables such as Chinese checkers' included, is taken
off, and the opening's random plies are not counted), and its score as first and as second player
over all its games of the calibration (from games.csv, which a calibration writes and
git does not keep: run this right after calibrating). The last line of each game gives
the first player's score over all of the calibration's games.

    python3 scripts/levels-table.py [--arena target/release/arena] [--games 4] results/english ...
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def seat_scores(games, spec):
    """The spec's score as first and as second player over `games`."""
    scores = {"first": [], "second": []}
    for game in games:
        for seat in ("first", "second"):
            if game[seat] != spec:
                continue
            if game["winner"] == "draw":
                scores[seat].append(0.5)
            else:
                scores[seat].append(1.0 if game["winner"] == seat else 0.0)
    return tuple(sum(s) / len(s) if s else float("nan") for s in (scores["first"], scores["second"]))


def first_player_score(games):
    points = [0.5 if g["winner"] == "draw" else float(g["winner"] == "first") for g in games]
    return sum(points) / len(points), len(points)


def game_of(folder_name):
    """The game a shipped folder calibrates and its seats: `chinese-checkers-3p` is
    Chinese checkers at a table of three."""
    match = re.fullmatch(r"chinese-checkers-(\d)p", folder_name)
    if match:
        players = int(match.group(1))
        return f"chinese-checkers:players={players}", players
    return folder_name, 2


OPENING_PLIES = 4


def timed_play(arena, game, players, spec, seed, record, max_plies=None):
    """Seconds of one `arena play` of `spec` in every seat."""
    seats = [arg for _ in range(players) for arg in ("--seat", spec)]
    stop = ["--max-plies", str(max_plies)] if max_plies is not None else []
    start = time.perf_counter()
    subprocess.run(
        [arena, "play", game, *seats, "--seed", str(seed),
         "--opening-plies", str(OPENING_PLIES), "--record", record, *stop],
        check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def ms_a_move(arena, game, players, spec, games):
    """Milliseconds a searched move of `spec` playing itself in every seat, over `games`
    seeded games: their time less that of the same game stopped after its opening (the
    fastest of three), over the plies after the opening."""
    plies, seconds = 0, 0.0
    with tempfile.TemporaryDirectory() as scratch:
        setup = []
        for run in range(3):
            # Each record in a folder of its own, beside its config.toml.
            os.makedirs(os.path.join(scratch, f"setup{run}"))
            record = os.path.join(scratch, f"setup{run}", "games.csv")
            setup.append(timed_play(arena, game, players, spec, 1, record, OPENING_PLIES))
        for seed in range(1, games + 1):
            os.makedirs(os.path.join(scratch, str(seed)))
            record = os.path.join(scratch, str(seed), "games.csv")
            seconds += timed_play(arena, game, players, spec, seed, record) - min(setup)
            plies += sum(int(row["plies"]) - OPENING_PLIES for row in read_rows(record))
    return 1000.0 * max(seconds, 0.0) / max(plies, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", default="target/release/arena")
    parser.add_argument("--games", type=int, default=4, help="timed games per level")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    for folder in args.folders:
        name = os.path.basename(os.path.normpath(folder))
        game, players = game_of(name)
        levels = read_rows(os.path.join(folder, "difficulty.csv"))
        games_path = os.path.join(folder, "games.csv")
        # Games of many players come in sets: their seat scores are in levels.md.
        games = read_rows(games_path) if os.path.exists(games_path) and players == 2 else []
        for level in levels:
            spec = level["spec"]
            ms = ms_a_move(args.arena, game, players, spec, args.games)
            if players > 2:
                seats = f"see `{name}/levels.md`"
            else:
                first, second = seat_scores(games, spec) if games else (float("nan"),) * 2
                seats = f"{first:.2f} / {second:.2f}"
            print(f"| {name} | {level['level']} | `{spec}` | "
                  f"{float(level['rating']):.0f} [{float(level['rating_lo']):.0f}, "
                  f"{float(level['rating_hi']):.0f}] | "
                  f"{float(level['score_vs_random']):.2f} [{float(level['score_vs_random_lo']):.2f}, "
                  f"{float(level['score_vs_random_hi']):.2f}] | "
                  f"{float(level['nodes_per_move']):,.0f} | {ms:.1f} | {seats} |")
        if games:
            score, count = first_player_score(games)
            print(f"<!-- {name}: first player {score:.2f} over {count:,} games -->", file=sys.stderr)


if __name__ == "__main__":
    main()
