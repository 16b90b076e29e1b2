#!/usr/bin/env bash
# English checkers: the shipped level `hard` (or SPEC) against OpenSpiel's C++ MCTSBot
# (uct_c 2, 10,000 simulations a move, random rollouts), OpenSpiel being only the move
# source of its seat: the arena plays every game to its end under this project's rules,
# from seeded 4-ply openings, each opening with both colours. Prints the score with its
# pentanomial 95% interval, how the games ended, and milliseconds a move on each side.
# Installs PyPI `open-spiel` in a venv outside the repository (needs network access once),
# so it is not part of CI; `python3 scripts/anchor_bot.py selftest` checks the notation.
# RULES=openspiel plays OpenSpiel's own rules instead (a draw after 40 plies without a
# capture, no repetition rule: the game `english:no_capture=40,repetitions=0`), which our
# search and the arena's referee then play too.
#
#   scripts/anchor-openspiel.sh                   # 20 game pairs, venv in /tmp
#   PAIRS=N SPEC=SPEC SIMULATIONS=N SEED=N OUT=DIR VENV=DIR ARENA=BINARY RULES=arena|openspiel \
#       scripts/anchor-openspiel.sh
set -euo pipefail
source "$(dirname "$0")/anchor-lib.sh"
venv="${VENV:-/tmp/leapfrog-arena-openspiel-venv}"
anchor_venv "$venv" open-spiel
rules="${RULES:-arena}"
case "$rules" in
    arena) game=english ;;
    openspiel) game="english:no_capture=40,repetitions=0" ;;
    *) echo "RULES: arena or openspiel, not $rules" >&2; exit 2 ;;
esac
anchor_match "$game" "${SPEC:-$(anchor_hard english)}" openspiel-mcts "${PAIRS:-20}" \
    "${OUT:-/tmp/leapfrog-arena-anchor-openspiel}" \
    "$venv/bin/python" "$repo/scripts/anchor_bot.py" openspiel --simulations "${SIMULATIONS:-10000}" \
    --uct-c 2 --rules "$rules"
