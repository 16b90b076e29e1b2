#!/usr/bin/env bash
# Checks that draughts software reads the PDN game records `arena replay --pdn` writes:
# plays a short English and a short International tournament, writes each of their games
# as PDN, and replays every move of each file on pydraughts' board (PyPI `pydraughts`),
# printing OK or the first move it refuses. Needs network access for pip, so it is not
# part of CI.
#
#   scripts/pdn-check.sh            # venv in /tmp/leapfrog-arena-pydraughts-venv
#   VENV=DIR PAIRS=N scripts/pdn-check.sh   # N game pairs per pairing (default 2)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
venv="${VENV:-/tmp/leapfrog-arena-pydraughts-venv}"
pairs="${PAIRS:-2}"
work="$(mktemp -d /tmp/leapfrog-arena-pdn-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet pydraughts
"$venv/bin/python" -c 'import draughts; print("pydraughts", draughts.__version__)'

(cd "$repo" && cargo build --release -p arena --quiet)
arena="$repo/target/release/arena"

for variant in english international; do
    cat >"$work/$variant.toml" <<EOF
game = "$variant"
seed = 11
games_per_pair = $pairs
opening_plies = 4
threads = 2
out = "$work/$variant"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "greedy"
spec = "greedy"

[[agent]]
name = "minimax-2"
spec = "minimax:depth=2"

[[agent]]
name = "mcts-100"
spec = "mcts:iterations=100"
EOF
    "$arena" run "$work/$variant.toml" >/dev/null
    games=$(($(wc -l <"$work/$variant/games.csv") - 1))
    for ((id = 0; id < games; id++)); do
        "$arena" replay "$work/$variant/games.csv" --game "$id" \
            --pdn "$work/pdn/$variant-$id.pdn" >/dev/null
    done
done

"$venv/bin/python" - "$work"/pdn/*.pdn <<'EOF'
import sys

from draughts import BLACK, WHITE, Board, Move
from draughts.PDN import PDNReader

WINS = {"1-0": WHITE, "2-0": WHITE, "0-1": BLACK, "0-2": BLACK}
failures = 0
for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1]
    try:
        game = PDNReader(filename=path).games[0]
        if game.variant is None:
            raise ValueError(f"unknown GameType {game.tags.get('GameType')!r}")
        board = Board(game.variant, game.tags.get("FEN", "startpos"))
        for ply, text in enumerate(game.moves, 1):
            try:
                board.push(Move(board, pdn_move=text))
            except Exception as error:
                raise ValueError(f"ply {ply} {text!r} refused ({error!r})") from None
        result = game.tags.get("Result")
        if result in WINS and board.is_over() and board.winner() != WINS[result]:
            raise ValueError(f"the record says {result}, pydraughts' board another winner")
        ended = "over" if board.is_over() else "not over by pydraughts' rules"
        print(f"OK {name}: {game.variant}, {len(game.moves)} plies, {result}, {ended}")
    except Exception as error:
        failures += 1
        print(f"FAILED {name}: {error}")
sys.exit(1 if failures else 0)
EOF
