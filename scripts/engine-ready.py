#!/usr/bin/env python3
"""How soon `arena engine` is ready: from spawn to the first `ready`, from `newgame` to
its `ready`, and the first `go` of a game (it waits for any table still being built on
the engine's background thread), for each game at one level.

    scripts/engine-ready.py [--arena target/release/arena] [--runs 20] [--level hard]

Prints one line a game: the median and the largest of each time over --runs fresh
processes, in milliseconds. Nothing is asserted: the figures go into BENCHMARKS.md.
"""

import argparse
import os
import statistics
import subprocess
import time

GAMES = [
    ("leapfrog", "leapfrog"),
    ("english", "english"),
    ("chinese-checkers 2p", "chinese-checkers"),
    ("chinese-checkers 3p", "chinese-checkers:players=3"),
]


def session(arena, newgame, level):
    """One fresh process, the engine in seat A: spawn to `ready`, `newgame` to `ready`
    and the first `go`, in ms."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [arena, "engine", newgame.split(":")[0], "--agent", "level:" + level],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1)

    def ask(lines, answer):
        """Sends `lines`; the time from then until the line that starts with `answer`."""
        sent = time.perf_counter()
        process.stdin.write("".join(line + "\n" for line in lines))
        process.stdin.flush()
        while True:
            line = process.stdout.readline()
            if not line:
                raise SystemExit("%s: the engine exited" % newgame)
            if line.startswith("error"):
                raise SystemExit("%s: %s" % (newgame, line.strip()))
            if line.split()[0] == answer:
                return time.perf_counter() - sent

    ask(["arena 1"], "ready")
    spawn = time.perf_counter() - start
    newgame_time = ask(["newgame %s seat=A seed=1" % newgame], "ready")
    first_go = ask(["moves", "go"], "move")
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait()
    return [1000 * t for t in (spawn, newgame_time, first_go)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", default="target/release/arena")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    arena = os.path.abspath(args.arena)
    print("%-20s %17s %17s %17s" % ("ms (median / max)", "spawn->ready",
                                    "newgame->ready", "first go"))
    for name, newgame in GAMES:
        runs = [session(arena, newgame, args.level) for _ in range(args.runs)]
        cells = []
        for column in range(3):
            values = [run[column] for run in runs]
            cells.append("%8.1f / %6.1f" % (statistics.median(values), max(values)))
        print("%-20s %s" % (name, " ".join(cells)))


if __name__ == "__main__":
    main()
