#!/usr/bin/env bash
# Requested ratings against measured ones: for each set, three ratings (low, middle,
# high within its range) are asked for with `level:elo=R`, and each is rated by `arena
# rate` against the set's shipped levels and random (their ratings fixed as
# difficulty.csv gives them), in seat-swapped pairs on one thread. Prints one line a
# rating: the set, the rating asked for, the spec it resolved to, the rating measured
# with its 95% interval, and the difference.
#   scripts/elo-check.sh BINARY [GAME=GAMES ...]
# GAMES is the number of games against each opponent (even). Without GAME=GAMES
# arguments every set below is checked with the default counts.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BINARY [GAME=GAMES ...]" >&2; exit 2; }
bin=$(realpath "$1"); shift
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(leapfrog=200 chinese-checkers=100 international=60 english=20)

# The three ratings of each game: near the easy end, the middle and near the hard end
# of the range `arena levels GAME` gives.
ratings() {
  case $1 in
    leapfrog) echo "400 650 900" ;;
    english) echo "500 1100 1700" ;;
    international) echo "500 1500 2400" ;;
    chinese-checkers) echo "450 900 1400" ;;
    *) echo "no ratings chosen for $1" >&2; exit 2 ;;
  esac
}

printf '%-17s %6s  %-40s %-22s %6s %s\n' game asked spec measured diff games
for run in "${runs[@]}"; do
  game=${run%%=*}; games=${run#*=}
  for r in $(ratings "$game"); do
    spec=$("$bin" levels "$game" --elo "$r" | sed 's/^level:elo=[^ ]* = \([^ ]*\) .*/\1/')
    start=$(date +%s)
    out=$(nice -n 15 "$bin" rate "$game" --agent "level:elo=$r" --games "$games" \
      --threads 1 --seed "$r" 2>/dev/null)
    seconds=$(( $(date +%s) - start ))
    line=$(grep '^rating: ' <<<"$out")
    measured=${line#rating: }
    value=$(sed 's/^\(-\{0,1\}[0-9]*\) .*/\1/' <<<"$measured")
    diff=$([[ $value =~ ^-?[0-9]+$ ]] && echo $((value - r)) || echo "-")
    printf '%-17s %6s  %-40s %-22s %6s %s (%ss)\n' "$game" "$r" "$spec" "$measured" \
      "$diff" "$games" "$seconds"
  done
done
