#!/usr/bin/env bash
# Random two-player Chinese checkers, plies per second, side by side: this engine (the
# `cc_random` example) and OpenSpiel's `chinese_checkers` through its Python API, at the
# same ply cap. The OpenSpiel venv lives outside the repository.
#
# Usage: scripts/compare-openspiel.sh [GAMES_ENGINE] [GAMES_OPENSPIEL] [PLY_CAP]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES_ENGINE=${1:-2000}
GAMES_OPENSPIEL=${2:-20}
PLY_CAP=${3:-400}
VENV=${OPENSPIEL_VENV:-/tmp/leapfrog-arena-openspiel-venv}

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet open-spiel
fi

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
cargo run --quiet --release -p engine --example cc_random -- "$GAMES_ENGINE" "$PLY_CAP" 2

"$VENV/bin/python" - "$GAMES_OPENSPIEL" "$PLY_CAP" <<'PY'
import random, sys, time
import pyspiel

games, cap = int(sys.argv[1]), int(sys.argv[2])
names = pyspiel.registered_names()
name = next((n for n in ("chinese_checkers", "chinesecheckers") if n in names), None)
if name is None:
    print("openspiel: no chinese_checkers game in this open-spiel build; games with 'checkers':",
          [n for n in names if "checkers" in n])
    sys.exit(0)
game = pyspiel.load_game(name)
rng = random.Random(1)
plies = 0
start = time.perf_counter()
for _ in range(games):
    state = game.new_initial_state()
    played = 0
    while not state.is_terminal() and played < cap:
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        state.apply_action(rng.choice(actions))
        played += 1
    plies += played
seconds = time.perf_counter() - start
print(f"openspiel ({name}, open-spiel {getattr(pyspiel, '__version__', '?')}): {games} random "
      f"games, ply cap {cap}: {plies} plies in {seconds:.3f} s = {plies / seconds:.0f} plies/s")
PY
