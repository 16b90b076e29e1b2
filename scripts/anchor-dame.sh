#!/usr/bin/env bash
# International draughts: the shipped level `hard` (or SPEC) against dame-rs's Engine
# searching DEPTH plies a move, dame-rs being only the move source of its seat: the arena
# plays every game to its end under this project's rules, from seeded 4-ply openings, each
# opening with both colours. Prints the score with its pentanomial 95% interval, how the
# games ended, and milliseconds a move on each side. Installs PyPI `dame-rs` in a venv
# outside the repository (needs network access once), so it is not part of CI.
#
#   scripts/anchor-dame.sh                         # depth 4, 100 game pairs, venv in /tmp
#   DEPTH=N PAIRS=N SPEC=SPEC SEED=N OUT=DIR VENV=DIR ARENA=BINARY scripts/anchor-dame.sh
#
# Depth 4 is the depth whose processor time a move is closest to hard's (BENCHMARKS.md).
set -euo pipefail
source "$(dirname "$0")/anchor-lib.sh"
venv="${VENV:-/tmp/leapfrog-arena-dame-venv}"
anchor_venv "$venv" dame-rs
anchor_match international "${SPEC:-$(anchor_hard international)}" dame-rs "${PAIRS:-100}" \
    "${OUT:-/tmp/leapfrog-arena-anchor-dame}" \
    "$venv/bin/python" "$repo/scripts/anchor_bot.py" dame --depth "${DEPTH:-4}"
