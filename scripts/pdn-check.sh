#!/usr/bin/env bash
# Checks that draughts software reads the PDN game records `arena replay --pdn` writes:
# plays a short tournament of each variant the arena shares with two Python readers
# (English, International, Russian, Brazilian, Italian), writes each game as PDN, and
# replays every move of each file in both: pydraughts (PyPI `pydraughts`, all five) and
# py-draughts (PyPI `py-draughts`, all but Italian, which it lacks), printing OK or the
# first move each refuses. Both packages are imported as `draughts`, so each lives in a
# virtual environment of its own outside the repository. Needs network access for pip,
# so it is not part of CI.
#
#   scripts/pdn-check.sh     # venvs in /tmp/leapfrog-arena-{pydraughts,py-draughts}-venv
#   VENV=DIR VENV2=DIR PAIRS=N ARENA=BINARY scripts/pdn-check.sh   # N pairs a pairing (2)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
venv="${VENV:-/tmp/leapfrog-arena-pydraughts-venv}"
venv2="${VENV2:-/tmp/leapfrog-arena-py-draughts-venv}"
pairs="${PAIRS:-2}"
work="$(mktemp -d /tmp/leapfrog-arena-pdn-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT

for pair in "$venv:pydraughts" "$venv2:py-draughts"; do
    dir="${pair%%:*}" package="${pair#*:}"
    if [ ! -x "$dir/bin/python" ]; then
        python3 -m venv "$dir"
    fi
    "$dir/bin/pip" install --quiet "$package"
    "$dir/bin/python" -c "import draughts; print('$package', draughts.__version__)"
done

# ARENA=PATH uses a binary already built instead of building the release one.
if [ -z "${ARENA:-}" ]; then
    (cd "$repo" && cargo build --release -p arena --quiet)
fi
arena="${ARENA:-$repo/target/release/arena}"

for variant in english international russian brazilian italian; do
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
        "$arena" replay "$work/$variant/games.csv" --game-id "$id" \
            --pdn "$work/pdn/$variant-$id.pdn" >/dev/null
    done
done

status=0
"$venv/bin/python" - "$work"/pdn/*.pdn <<'EOF' || status=1
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
        print(f"pydraughts OK {name}: {game.variant}, {len(game.moves)} plies, {result}, {ended}")
    except Exception as error:
        failures += 1
        print(f"pydraughts FAILED {name}: {error}")
total = len(sys.argv) - 1
print(f"pydraughts: {total - failures} of {total} files replayed")
sys.exit(1 if failures else 0)
EOF

"$venv2/bin/python" - "$work"/pdn/*.pdn <<'EOF' || status=1
import re
import sys

import draughts

# py-draughts picks the board by class, not by tag. Its American board puts the side that
# moves first on squares 21-32 and calls it White; in English checkers (PDN type 21)
# Black moves first from 1-12, so that start is given to it as a FEN.
BOARDS = {
    "20": (draughts.StandardBoard, None),
    "21": (draughts.AmericanBoard, "B:W21-32:B1-12"),
    "25": (draughts.RussianBoard, None),
    "26": (draughts.BrazilianBoard, None),
}
failures = checked = 0
for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1]
    text = open(path, encoding="utf8").read()
    game_type = re.search(r'\[GameType "(\d+)', text).group(1)
    if game_type not in BOARDS:
        print(f"py-draughts SKIP {name}: it has no board for GameType {game_type}")
        continue
    checked += 1
    board_class, start = BOARDS[game_type]
    if start and "[FEN " not in text:
        text = f'[FEN "{start}"]\n' + text
    try:
        board = board_class.from_pdn(text)
        print(f"py-draughts OK {name}: {board.VARIANT_NAME}, {len(board._moves_stack)} plies")
    except Exception as error:
        failures += 1
        print(f"py-draughts FAILED {name}: {error!r}")
print(f"py-draughts: {checked - failures} of {checked} files replayed")
sys.exit(1 if failures else 0)
EOF
exit "$status"
