#!/usr/bin/env bash
# Recalibrates every game's shipped levels: configs/calibrate-leapfrog.toml and each
# configs/calibrate/*.toml, one after another, each into the folder its config names
# (results/<game>, and results/chinese-checkers-<n>p for Chinese checkers at tables of
# 2, 3, 4 and 6, and results/leapfrog-by-seat for Leapfrog Race's hard level aimed at
# each seat), replacing what is there. Each calibration reproduces its shipped
# files byte for byte; `git diff results/` shows any that did not. Prints the seconds
# each took. On 2 cores the whole set takes about 70 minutes for Leapfrog Race and the
# draughts family (40 of them English, whose hard searches a million positions a move)
# and 25 to 35 more for Chinese checkers (4 to 11 minutes a table on the loaded
# machine): about 105 minutes in all.
#
# Usage: scripts/calibrate-all.sh [path/to/arena]   (default: target/release/arena,
# built here first when it is the default)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  cargo build --release -p arena
fi
arena=$(realpath "${1:-target/release/arena}")
total_start=$(date +%s)
for config in configs/calibrate-leapfrog.toml configs/calibrate/*.toml; do
  start=$(date +%s)
  "$arena" calibrate "$config" --force > /dev/null
  echo "$config: $(( $(date +%s) - start )) s"
done
echo "all: $(( $(date +%s) - total_start )) s"
