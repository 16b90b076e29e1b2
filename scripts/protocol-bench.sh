#!/usr/bin/env bash
# The arena protocol's cost per ply, in one run: the same Leapfrog Race tournament, random
# against random, played in-process and with both seats as `arena engine leapfrog --agent
# random` programs, on one worker thread and on two. Prints plies per second (per thread
# too) and the protocol's cost per ply, and checks that both ways play the same games.
#
#   scripts/protocol-bench.sh                 # builds the release binary first
#   ARENA=BINARY PAIRS=N scripts/protocol-bench.sh   # N game pairs a run (2000)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
pairs="${PAIRS:-2000}"
if [ -z "${ARENA:-}" ]; then
    (cd "$repo" && cargo build --release -p arena --quiet)
fi
arena="$(cd "$repo" && realpath "${ARENA:-target/release/arena}")"
work="$(mktemp -d /tmp/leapfrog-arena-protocol-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# write_config NAME THREADS AGENT_LINE: two agents named a and b, both AGENT_LINE.
write_config() {
    cat >"$work/$1.toml" <<EOF
game = "leapfrog"
seed = 1
games_per_pair = $pairs
opening_plies = 0
threads = $2
bootstrap = 50
out = "$work/$1"

[[agent]]
name = "a"
$3

[[agent]]
name = "b"
$3
EOF
}

inside='spec = "random"'
outside="command = [\"$arena\", \"engine\", \"leapfrog\", \"--agent\", \"random\"]"

echo "Leapfrog Race, random against random, $((2 * pairs)) games a run, $(nproc) cores," \
    "load average $(cut -d' ' -f1 /proc/loadavg)"
# cpu: user + system seconds of the arena and its programs together.
printf '%-10s %-7s %8s %7s %6s %9s %14s %13s\n' agents threads plies seconds cpu plies/s \
    "plies/s/thread" "plies/cpu-s"
TIMEFORMAT='%R %U %S'
for threads in 1 2; do
    for way in in-process protocol; do
        line="$inside"
        [ "$way" = protocol ] && line="$outside"
        name="$way-$threads"
        write_config "$name" "$threads" "$line"
        { time "$arena" run "$work/$name.toml" --force >/dev/null; } 2>"$work/time"
        read -r wall user system <"$work/time"
        # games.csv: game_id,pairing,seed,first,second,winner,plies,end,moves
        plies=$(awk -F, 'NR > 1 { s += $7 } END { print s }' "$work/$name/games.csv")
        awk -v w="$way" -v t="$threads" -v p="$plies" -v s="$wall" -v c="$user + $system" \
            'BEGIN {
                split(c, parts, " [+] "); cpu = parts[1] + parts[2]
                printf "%-10s %-7s %8d %7.2f %6.2f %9.0f %14.0f %13.0f\n", w, t, p, s, cpu,
                    p / s, p / s / t, p / cpu
            }' | tee -a "$work/table"
    done
    if cmp -s "$work/in-process-$threads/games.csv" "$work/protocol-$threads/games.csv"; then
        echo "  $threads thread(s): the same games.csv both ways"
    else
        echo "  $threads thread(s): games.csv DIFFERS between the two ways" >&2
        exit 1
    fi
done
# The protocol's cost per ply: the protocol run's time per ply less the in-process one's.
awk '{ rate[$1 "-" $2] = $6; cpu[$1 "-" $2] = $8 } END {
    for (t = 1; t <= 2; t++) {
        wall = (1 / rate["protocol-" t] - 1 / rate["in-process-" t]) * 1e6
        used = (1 / cpu["protocol-" t] - 1 / cpu["in-process-" t]) * 1e6
        printf "protocol cost, %d thread(s): %.1f us a ply of wall clock, %.1f us of cpu\n", \
            t, wall, used
    }
}' "$work/table"
