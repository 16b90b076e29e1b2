#!/usr/bin/env bash
# Peak memory (RSS) of `arena run` at 40,000 and 400,000 games, and of `arena merge` of
# 10 shards against one shard's run: random against random Leapfrog on one thread,
# measured with /usr/bin/time -f %M (KiB). Prints one line per measurement and the ratios.
#   scripts/memory-check.sh BINARY WORKDIR [--no-merge]
# The merge check plays 10 shards of 400,000 games (4 million games in all); with
# --no-merge only the two runs are measured.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BINARY WORKDIR [--no-merge]" >&2; exit 2; }
bin=$(realpath "$1"); work=$(realpath -m "$2"); merge=${3:-}
mkdir -p "$work"

config() { # GAMES_PER_PAIR OUT
  printf 'game = "leapfrog"\nseed = 1\ngames_per_pair = %s\nopening_plies = 0\nmax_plies = 300\nthreads = 1\nout = "%s"\n\n' "$1" "$2"
  printf '[[agent]]\nname = "random-a"\nspec = "random"\n\n[[agent]]\nname = "random-b"\nspec = "random"\n'
}

peak() { # LABEL COMMAND... : runs it, prints LABEL, peak KiB, seconds; echoes the KiB
  local label=$1; shift
  local start end kib
  start=$(date +%s.%N)
  /usr/bin/time -f %M -o "$work/time.txt" "$@" > /dev/null 2> "$work/stderr.txt" || {
    cat "$work/stderr.txt" >&2; exit 1; }
  end=$(date +%s.%N)
  kib=$(tail -1 "$work/time.txt")
  printf '%-28s %8d KiB  %7.1f s\n' "$label" "$kib" "$(echo "$end - $start" | bc)" >&2
  echo "$kib"
}

ratio() { echo "scale=3; $1 / $2" | bc; }

config 20000 "$work/run-40k" > "$work/40k.toml"
config 200000 "$work/run-400k" > "$work/400k.toml"
small=$(peak "run 40,000 games" "$bin" run "$work/40k.toml" --force)
large=$(peak "run 400,000 games" "$bin" run "$work/400k.toml" --force)
echo "games.csv: $(du -m "$work/run-40k/games.csv" | cut -f1) MB and $(du -m "$work/run-400k/games.csv" | cut -f1) MB" >&2
echo "run 400,000 / 40,000 games: $(ratio "$large" "$small") (target <= 1.25)"

if [ "$merge" != "--no-merge" ]; then
  config 2000000 "$work/run-4m" > "$work/4m.toml"
  shard=0
  for i in $(seq 0 9); do
    kib=$(peak "shard $i/10 (400,000 games)" "$bin" run "$work/4m.toml" --shard "$i/10" --out "$work/shard-$i" --force)
    [ "$i" = 0 ] && shard=$kib
  done
  merged=$(peak "merge of 10 shards" "$bin" merge "$work/merged" "$work"/shard-? --force)
  echo "merge of 10 shards / one shard's run: $(ratio "$merged" "$shard") (target <= 2)"
fi
