#!/usr/bin/env bash
# Milliseconds a move of candidate specs for each game's level `hard`: seeded games of the
# spec against itself, every move timed on one thread (agents/examples/think_time.rs:
# median, 90th percentile and largest, in CPU time and in wall time). A hard level
# promises a median within 200 ms a move on one thread; CPU time is the figure that holds
# on a busy machine. Prints one block a game; figures go into BENCHMARKS.md.
# With PAIRS=N each candidate also plays N game pairs (seeded 4-ply openings, seats
# swapped) against the set's shipped hard (results/<set>/difficulty.toml) in `arena run`,
# into /tmp, and the candidate's score with its pentanomial interval is printed; at
# tables of more than two the other seats hold copies of the shipped hard. With BALANCE=N
# (two-player games) the openings are balanced: only those the referee finds within N
# hundredths of a unit of even are played (`opening_balance`), into a folder of its own.
#
#   scripts/think-time.sh                      # every candidate below, 2 games each
#   GAMES=N ONLY="english international" PAIRS=N scripts/think-time.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
cargo build --release -p agents --example think_time --quiet
games="${GAMES:-2}"
if [ -n "${PAIRS:-}" ]; then
    cargo build --release -p arena --quiet
fi

# The folder under results/ of a game's shipped levels.
set_of() {
    case "$1" in
        chinese-checkers) echo chinese-checkers-2p ;;
        chinese-checkers:players=*) echo "chinese-checkers-${1#*=}p" ;;
        *) echo "$1" ;;
    esac
}

# versus_hard GAME SPEC: N pairs of SPEC against the shipped hard of GAME.
versus_hard() {
    local set out hard
    set="$(set_of "$1")"
    hard="$(sed -n 's/^hard = "\(.*\)"$/\1/p' "results/$set/difficulty.toml")"
    out="/tmp/leapfrog-arena-think-time/$set${BALANCE:+-balanced}"
    mkdir -p "$(dirname "$out")"
    cat >"$out.toml" <<CONF
game = "$1"
seed = 36
games_per_pair = $PAIRS
opening_plies = 4
${BALANCE:+opening_balance = $BALANCE}
threads = ${THREADS:-1}
out = "$out"

[[agent]]
name = "hard"
spec = "$hard"

[[agent]]
name = "candidate"
spec = "$2"
CONF
    # Tables of more than two: the candidate against copies of the shipped hard.
    local players copy
    players="$(sed -n 's/.*players=\([0-9]*\).*/\1/p' <<<"$1")"
    for ((copy = 2; copy < ${players:-2}; copy++)); do
        printf '\n[[agent]]\nname = "hard-%d"\nspec = "%s"\n' "$copy" "$hard" >>"$out.toml"
    done
    target/release/arena run "$out.toml" --force >/dev/null 2>&1
    python3 - "$out" <<'PY'
import csv, os, sys
# Each pairing's row (two seats: a pentanomial interval over game pairs), then at
# tables of more than two the candidate's standing: the share of its opponents it
# finished ahead of, over every table.
def show(label, row):
    print(f"  {label}: {float(row['score']):.3f} "
          f"[{float(row['score_lo']):.3f}, {float(row['score_hi']):.3f}] over {row['games']} games")
rows = list(csv.DictReader(open(os.path.join(sys.argv[1], "pairs.csv"))))
for row in rows:
    if row["agent"] == "candidate":
        show(f"against the shipped hard ({row['opponent']})", row)
if len(rows) > 2:
    for row in csv.DictReader(open(os.path.join(sys.argv[1], "standings.csv"))):
        if row["agent"] == "candidate":
            show("standing at the table", row)
PY
}

# game|spec: the candidates, the budget chosen so that the median stays within 200 ms.
candidates=(
    "english|minimax:nodes=1000000,repeat=once"
    "suicide|minimax:nodes=1000000"
    "czech|minimax:nodes=1000000"
    "corner|minimax:nodes=1000000"
    "one-way|minimax:nodes=1000000"
    "parachute|minimax:nodes=1000000"
    "international|minimax:nodes=1000000,search=reduce,repeat=once"
    "russian|minimax:nodes=1000000"
    "canadian|minimax:nodes=500000,search=reduce"
    "thai|minimax:nodes=1000000"
    "brazilian|minimax:nodes=1000000"
    "portuguese|minimax:nodes=1000000"
    "italian|minimax:nodes=1000000"
    "turkish|minimax:nodes=1000000"
    "gothic|minimax:nodes=1000000"
    "dameo|minimax:nodes=1000000"
    "konane|minimax:nodes=1000000"
    "alquerque|minimax:nodes=1000000"
    "chinese-checkers|minimax:nodes=600000,plan=300000"
    "chinese-checkers:players=3|minimax:nodes=600000,multi=brs,plan=300000"
    "chinese-checkers:players=4|minimax:nodes=600000,multi=brs,plan=300000"
    "chinese-checkers:players=6|minimax:nodes=300000,multi=brs,plan=300000"
)
for candidate in "${candidates[@]}"; do
    game="${candidate%%|*}" spec="${candidate#*|}"
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $game "* ]]; then
        continue
    fi
    target/release/examples/think_time "$game" "$spec" "$games" 4
    if [ -n "${PAIRS:-}" ]; then
        versus_hard "$game" "$spec"
    fi
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
