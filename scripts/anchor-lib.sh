# Shared by scripts/anchor-*.sh (sourced, not run): one outside engine against one of the
# arena's agents in `arena run`, the engine seated through scripts/anchor_bot.py.

# anchor_venv DIR PACKAGE: a virtual environment outside the repository with PACKAGE.
anchor_venv() {
    if [ ! -x "$1/bin/python" ]; then
        python3 -m venv "$1"
    fi
    "$1/bin/pip" install --quiet "$2"
}

# anchor_hard GAME: the spec of the shipped level `hard` (a run config takes specs).
anchor_hard() {
    sed -n 's/^hard = "\(.*\)"$/\1/p' "$repo/results/$1/difficulty.toml"
}

# anchor_match GAME OURS_SPEC PEER_NAME PAIRS OUT PEER_COMMAND...: plays PAIRS game pairs
# (seats swapped, seeded 4-ply openings, THREADS games at once, default one, under nice)
# and prints the figures. The games and their results do not depend on THREADS. With
# BALANCE=N the openings are balanced: only those the referee finds within N hundredths
# of a man of even are played (the config key `opening_balance`).
anchor_match() {
    local game=$1 spec=$2 peer=$3 pairs=$4 out=$5
    shift 5
    local command="" word
    for word in "$@"; do command+="\"$word\", "; done
    rm -rf "$out" && mkdir -p "$out"   # the logs are appended to: start clean
    cat >"$out.toml" <<CONF
game = "$game"
seed = ${SEED:-20}
games_per_pair = $pairs
opening_plies = 4
${BALANCE:+opening_balance = $BALANCE}
threads = ${THREADS:-1}
out = "$out"

[[agent]]
name = "ours"
spec = "$spec"

[[agent]]
name = "$peer"
command = [${command%, }]
move_timeout_ms = 600000
CONF
    echo "config: $out.toml (ours = $spec)"
    local start=$SECONDS
    nice -n 10 "$arena" run "$out.toml" --force >/dev/null
    echo "wall: $((SECONDS - start)) s on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
    python3 "$repo/scripts/anchor_bot.py" summary "$out" "$peer" ours
}

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${ARENA:-}" ]; then
    (cd "$repo" && cargo build --release -p arena --quiet)
fi
arena="$(realpath "${ARENA:-$repo/target/release/arena}")"
