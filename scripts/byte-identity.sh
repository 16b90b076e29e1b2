#!/usr/bin/env bash
# Runs a fixed list of arena commands with one binary into one folder, or compares two
# such folders byte for byte. Used to check that a change leaves every output as it was:
#   scripts/byte-identity.sh run  BINARY DIR   # plays every case into DIR/<case>/
#   scripts/byte-identity.sh compare DIR_A DIR_B
# The cases: a small run (one thread and two), a two-player run of more agents, a
# three-player Chinese checkers run (set and place statistics), three shards and their
# merge, the resume of an interrupted run (rows out of order and a torn last row),
# `arena sprt`, the shipped Leapfrog Race calibration, and `arena report` of the runs.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"

usage() { echo "usage: $0 run BINARY DIR | compare DIR_A DIR_B" >&2; exit 2; }

agents() { # NAME=SPEC ... as [[agent]] tables
  for pair in "$@"; do
    printf '[[agent]]\nname = "%s"\nspec = "%s"\n\n' "${pair%%=*}" "${pair#*=}"
  done
}

write_configs() { # DIR
  local d=$1
  mkdir -p "$d/configs"
  { printf 'game = "leapfrog"\nseed = 5\ngames_per_pair = 12\nopening_plies = 6\nmax_plies = 200\nbootstrap = 200\nout = "%s"\n\n' "$d/small"
    agents random=random greedy=greedy minimax-2=minimax:depth=2; } > "$d/configs/small.toml"
  { printf 'game = "leapfrog"\nseed = 17\ngames_per_pair = 8\nopening_plies = 8\nmax_plies = 200\nanchor = "greedy"\nout = "%s"\n\n' "$d/many"
    agents random=random greedy=greedy minimax-1=minimax:depth=1 minimax-2=minimax:depth=2 \
      mcts-50=mcts:iterations=50 eps=greedy:epsilon=0.3; } > "$d/configs/many.toml"
  { printf 'game = "chinese-checkers"\nplayers = 3\nseed = 7\ngames_per_pair = 2\nopening_plies = 6\nmax_plies = 400\nout = "%s"\n\n' "$d/cc3"
    agents random=random greedy=greedy greedy-eps=greedy:epsilon=0.2 minimax-1=minimax:depth=1; } > "$d/configs/cc3.toml"
  { printf 'game = "english"\nseed = 9\ngames_per_pair = 10\nopening_plies = 4\nmax_plies = 300\nout = "%s"\n\n' "$d/english"
    agents random=random greedy=greedy minimax-2=minimax:depth=2; } > "$d/configs/english.toml"
  printf 'game = "leapfrog"\nseed = 3\nopening_plies = 4\nthreads = 2\nout = "%s"\nfirst = "perfect"\nsecond = "perfect:epsilon=0.3"\nelo0 = 0\nelo1 = 50\nbatch_pairs = 20\nmax_pairs = 400\n' \
    "$d/sprt" > "$d/configs/sprt.toml"
}

run_cases() { # BINARY DIR
  local bin d c
  bin=$(realpath "$1"); d=$(realpath -m "$2")
  rm -rf "$d"; mkdir -p "$d"
  write_configs "$d"
  c=$d/configs
  say() { echo "== $*" >&2; }
  # Standard output is kept (it holds the standings table); standard error is progress.
  say small, two threads;   "$bin" run "$c/small.toml" --threads 2 > "$d/small.out"
  say small, one thread;    "$bin" run "$c/small.toml" --threads 1 --out "$d/small-1" > "$d/small-1.out"
  say many agents;          "$bin" run "$c/many.toml" --threads 2 > "$d/many.out"
  say chinese checkers 3p;  "$bin" run "$c/cc3.toml" --threads 2 > "$d/cc3.out"
  say english;              "$bin" run "$c/english.toml" --threads 2 > "$d/english.out"
  say shards and merge
  for i in 0 1 2; do
    "$bin" run "$c/many.toml" --threads 2 --shard "$i/3" --out "$d/shard-$i" > "$d/shard-$i.out"
  done
  "$bin" merge "$d/merged" "$d/shard-2" "$d/shard-0" "$d/shard-1" > "$d/merged.out"
  say resume
  # An interrupted run: a third of the rows, out of order, then a torn row.
  mkdir -p "$d/resumed"
  cp "$d/many/config.toml" "$d/resumed/"
  { head -1 "$d/many/games.csv"
    tail -n +2 "$d/many/games.csv" | awk 'NR % 3 == 1' | sort -t, -k3,3n
    tail -n +2 "$d/many/games.csv" | awk 'NR == 50' | head -c 20; } > "$d/resumed/games.csv"
  "$bin" run "$c/many.toml" --threads 2 --out "$d/resumed" --resume > "$d/resumed.out"
  say sprt;      "$bin" sprt "$c/sprt.toml" > "$d/sprt.out"
  # The shipped Leapfrog Race calibration (about 6 s), into a folder of its own.
  say calibrate; "$bin" calibrate "$repo/configs/calibrate-leapfrog.toml" --out "$d/calibrate" --threads 2 > "$d/calibrate.out"
  say report
  for run in small many cc3 merged; do
    "$bin" report "$d/$run" > "$d/report-$run.out"
  done
  # Paths differ between folders: keep the command lines out of the comparison.
  find "$d" -name config.toml -exec sed -i '/^command = /d' {} +
  find "$d" -name '.arena.lock' -delete
  sed -i "s#$d#DIR#g" "$d"/*.out
  # Timings vary from run to run.
  sed -i -E 's/ in [0-9.]+ (ms|s|min|h)(: [0-9.]+ games\/s on [0-9]+ threads?)?;/ in TIME;/' "$d"/*.out
  find "$d" -type f -name '*.html' -exec sed -i "s#$d#DIR#g; s#$bin#BIN#g" {} +
}

compare() { # DIR_A DIR_B
  local a=$1 b=$2 status=0
  if diff -r -q -x configs "$a" "$b"; then
    echo "byte-identical: $(cd "$a" && find . -type f -not -path './configs/*' | wc -l) files"
  else
    status=1
  fi
  return $status
}

case "${1:-}" in
  run) [ $# -eq 3 ] || usage; run_cases "$2" "$3" ;;
  compare) [ $# -eq 3 ] || usage; compare "$2" "$3" ;;
  *) usage ;;
esac
