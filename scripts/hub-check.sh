#!/usr/bin/env bash
# Drives `arena engine international --protocol hub` through a Hub client written by
# others: py-draughts' `HubEngine` (PyPI `py-draughts`), the way it drives Scan. The
# engine plays a few games of International draughts against py-draughts' own move list
# (a seeded random player), one seat each in turn; py-draughts checks every move the
# engine sends against its own rules. Prints each game's moves and result, and OK or the
# first failure. (One change to HubEngine: its line reader, see below.) py-draughts lives in a virtual environment outside the repository, so
# this needs network access for pip once and is not part of CI.
#
#   scripts/hub-check.sh           # venv in ${XDG_CACHE_HOME:-~/.cache}/leapfrog-arena
#   VENV=DIR GAMES=N AGENT=SPEC ARENA=BINARY scripts/hub-check.sh
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
venv="${VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/leapfrog-arena/py-draughts-venv}"
games="${GAMES:-4}"
agent="${AGENT:-minimax:depth=2}"
work="$(mktemp -d /tmp/leapfrog-arena-hub-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if [ ! -x "$venv/bin/python" ]; then
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
fi
if ! "$venv/bin/pip" install --quiet py-draughts; then
    echo "hub-check: cannot install py-draughts from PyPI (no network?): nothing checked" >&2
    exit 2
fi
"$venv/bin/python" -c "import draughts; print('py-draughts', draughts.__version__)"

# ARENA=PATH uses a binary already built instead of building the release one.
if [ -z "${ARENA:-}" ]; then
    (cd "$repo" && cargo build --release -p arena --quiet)
fi
arena="$(cd "$repo" && realpath "${ARENA:-target/release/arena}")"

# HubEngine starts `<path> hub` (Scan's command line) in the path's folder: the wrapper
# drops the argument and runs the arena from the repository (where `level:` specs read
# results/international/difficulty.toml).
cat >"$work/arena-hub" <<EOF
#!/bin/sh
cd "$repo" && exec "$arena" engine international --protocol hub --agent "$agent"
EOF
chmod +x "$work/arena-hub"

"$venv/bin/python" - "$work/arena-hub" "$games" <<'EOF'
import random
import sys

from loguru import logger
from draughts import StandardBoard
from draughts.engines.hub import HubEngine

logger.remove()  # HubEngine logs every line at debug level otherwise


class LineReadingHubEngine(HubEngine):
    """HubEngine with one change: its reader waits with select() on the pipe, and then
    reads through Python's buffer, which takes every line already sent; the lines after
    the first stay in the buffer, unseen by the next select(), and `start` times out when
    an engine answers `hub` with its lines at once (py-draughts 1.10.1). A plain readline
    reads them in order."""

    def _read_line(self, timeout=1.0):
        line = self.process.stdout.readline()
        return line.strip() if line else None


engine_path, games = sys.argv[1], int(sys.argv[2])
MAX_PLIES = 200
failures = 0
engine = LineReadingHubEngine(engine_path, depth_limit=2, init_timeout=30)
engine.start()
print(f"engine: {engine.info.name} {engine.info.version}; parameters: "
      + ", ".join(f"{p.name}={p.value}" for p in engine.params.values()))
for game in range(games):
    rng = random.Random(game)
    board = StandardBoard()
    engine_white = game % 2 == 0
    engine.new_game()
    moves = []
    try:
        while not board.game_over and len(moves) < MAX_PLIES:
            engine_turn = (board.turn.name == "WHITE") == engine_white
            if engine_turn:
                # get_best_move checks the move against py-draughts' legal moves.
                move = engine.get_best_move(board)
            else:
                move = rng.choice(list(board.legal_moves))
            moves.append(str(move))
            board.push(move)
    except Exception as error:  # the first move py-draughts refuses, or a dead engine
        failures += 1
        print(f"game {game}: FAILED at ply {len(moves) + 1}: {error}")
        continue
    seat = "White" if engine_white else "Black"
    result = board.result if board.game_over else f"unfinished after {MAX_PLIES} plies"
    print(f"game {game}: engine {seat}, {len(moves)} plies, result {result}")
    print("   ", " ".join(moves[:16]), "..." if len(moves) > 16 else "")
engine.quit()
print("OK" if failures == 0 else f"FAILED: {failures} of {games} games")
sys.exit(1 if failures else 0)
EOF
