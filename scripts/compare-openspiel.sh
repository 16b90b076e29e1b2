#!/usr/bin/env bash
# Two-player Chinese checkers side by side with OpenSpiel's `chinese_checkers`, at the
# same ply cap (this engine's default, 400 plies):
#   (a) random games, plies per second: this engine (the `cc_random` example) and
#       OpenSpiel through its Python API;
#   (b) MCTS iterations per second, engine against engine: this project's MCTS (the
#       `mcts_speed` example: plain UCT, random playouts to the end or the cap) and
#       OpenSpiel's C++ `MCTSBot` (uct_c 2, `RandomRolloutEvaluator(1)`, no solver), each
#       searching from the start and before moves 10, 20 and 30 of a seeded random game.
# The OpenSpiel venv lives outside the repository.
#
# Usage: scripts/compare-openspiel.sh [GAMES_ENGINE] [GAMES_OPENSPIEL] [PLY_CAP] [MCTS_ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES_ENGINE=${1:-2000}
GAMES_OPENSPIEL=${2:-20}
PLY_CAP=${3:-400}
MCTS_ITERATIONS=${4:-1000}
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

echo
echo "MCTS, $MCTS_ITERATIONS iterations a search, random playouts (ply cap $PLY_CAP):"
cargo run --quiet --release -p agents --example mcts_speed -- "$MCTS_ITERATIONS" chinese-checkers

"$VENV/bin/python" - "$MCTS_ITERATIONS" "$PLY_CAP" <<'PY'
import random, sys, time
import pyspiel

iterations, cap = int(sys.argv[1]), int(sys.argv[2])
# max_moves caps the whole game (both players' moves together), as this engine's ply cap.
game = pyspiel.load_game("chinese_checkers", {"max_moves": cap})
wanted = [0, 9, 19, 29]  # plies before each search, as the engine's example
rng = random.Random(1)
state, positions, ply = game.new_initial_state(), [], 0
while not state.is_terminal() and len(positions) < len(wanted):
    if ply >= wanted[len(positions)] and len(state.legal_actions()) >= 2:
        positions.append(state.clone())
        continue
    state.apply_action(rng.choice(state.legal_actions()))
    ply += 1
# MCTSBot(game, evaluator, uct_c, max_simulations, max_memory_mb, solve, seed, verbose).
evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
bot = pyspiel.MCTSBot(game, evaluator, 2.0, iterations, 1000, False, 7, False)
total_iterations, total_seconds, each = 0, 0.0, []
for position in positions:
    start = time.perf_counter()
    root = bot.mcts_search(position)
    seconds = time.perf_counter() - start
    total_iterations += root.explore_count
    total_seconds += seconds
    each.append(f"{root.explore_count / seconds:.0f}")
    del root
print(f"openspiel: MCTSBot (open-spiel {pyspiel.__version__}, C++ search, uct_c 2, no solver, "
      f"RandomRolloutEvaluator(1 rollout), max_moves {cap}) on chinese_checkers, {len(positions)} "
      f"positions ({', '.join(each)} iterations/s each): {total_iterations} iterations in "
      f"{total_seconds:.3f} s = {total_iterations / total_seconds:.0f} iterations/s")
PY
