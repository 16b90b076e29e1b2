#!/usr/bin/env bash
# English checkers: the shipped level `hard` (or SPEC) against OpenSpiel's C++ MCTSBot
# (uct_c 2, 10,000 simulations a move, random rollouts), OpenSpiel being only the move
# source of its seat: the arena plays every game to its end under this project's rules,
# from seeded 4-ply openings, each opening with both colours. Prints the score with its
# pentanomial 95% interval, how the games ended, and milliseconds a move on each side.
# Installs PyPI `open-spiel` in a venv outside the repository (needs network access once),
# so it is not part of CI; `python3 scripts/anchor_bot.py selftest` checks the notation.
#
#   scripts/anchor-openspiel.sh                   # 20 game pairs, venv in /tmp
#   PAIRS=N SPEC=SPEC SIMULATIONS=N SEED=N OUT=DIR VENV=DIR ARENA=BINARY scripts/anchor-openspiel.sh
set -euo pipefail
source "$(dirname "$0")/anchor-lib.sh"
venv="${VENV:-/tmp/leapfrog-arena-openspiel-venv}"
anchor_venv "$venv" open-spiel
anchor_match english "${SPEC:-$(anchor_hard english)}" openspiel-mcts "${PAIRS:-20}" \
    "${OUT:-/tmp/leapfrog-arena-anchor-openspiel}" \
    "$venv/bin/python" "$repo/scripts/anchor_bot.py" openspiel --simulations "${SIMULATIONS:-10000}" --uct-c 2
