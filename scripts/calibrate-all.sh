#!/usr/bin/env bash
# Recalibrates every game's shipped levels: configs/calibrate-leapfrog.toml and each
# configs/calibrate/*.toml, one after another, each into the folder its config names
# (results/<game>, and results/chinese-checkers-<n>p for Chinese checkers at tables of
# 2, 3, 4 and 6, and results/leapfrog-by-seat for Leapfrog Race's hard level aimed at
# each seat), replacing what is there. Each calibration reproduces its shipped
# files byte for byte; `git diff results/` shows any that did not. Prints the seconds
# each took. On 2 cores the whole set takes about 14 hours 30 minutes for Leapfrog Race
# and the draughts family (64 minutes of them English, 93 International, 90 Russian,
# 90 Brazilian, 60 Thai, 50 Konane, 64 One-way, 75 Czech, 35 Suicide, 126 Italian and
# 130 Corner, whose hards search a million positions a move and whose rungs are placed
# two or three times), about 71 minutes for
# Chinese checkers at two players (its hard searches 600,000 positions; 10 of them the
# referee scoring each level's first game pairs) and 20 to 30 more for the other three
# tables: about 16 hours in all. Hards of a million positions in every draughts
# set (BENCHMARKS.md, "Hard at full strength") make each set cost about what English
# and International cost today: some 15 to 20 hours on 2 cores.
#
# A pass can be stopped and taken up again: the pass notes in
# results/calibrate-all.progress each calibration it starts and finishes, and with
# --resume it skips the finished ones, finishes the one it was in (`arena calibrate
# --resume`, no game played twice) and starts the rest afresh. Without --resume a new
# pass begins.
#
# Usage: scripts/calibrate-all.sh [--resume] [path/to/arena]   (default:
# target/release/arena, built here first when it is the default)
set -euo pipefail
cd "$(dirname "$0")/.."
resume=false
if [ "${1:-}" = "--resume" ]; then
  resume=true
  shift
fi
if [ $# -eq 0 ]; then
  cargo build --release -p arena
fi
arena=$(realpath "${1:-target/release/arena}")
progress=results/calibrate-all.progress
if ! $resume || [ ! -f "$progress" ]; then
  mkdir -p results
  : > "$progress"
fi
total_start=$(date +%s)
for config in configs/calibrate-leapfrog.toml configs/calibrate/*.toml; do
  if grep -qxF "finished $config" "$progress"; then
    echo "$config: finished earlier in this pass"
    continue
  fi
  # A calibration this pass started and did not finish is taken up where it stopped.
  mode=--force
  if grep -qxF "started $config" "$progress"; then
    mode=--resume
  fi
  echo "started $config" >> "$progress"
  start=$(date +%s)
  "$arena" calibrate "$config" "$mode" > /dev/null
  echo "finished $config" >> "$progress"
  echo "$config: $(( $(date +%s) - start )) s"
done
echo "all: $(( $(date +%s) - total_start )) s"
