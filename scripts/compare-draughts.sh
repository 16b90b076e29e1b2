#!/usr/bin/env bash
# Draughts speed side by side with peers on this machine, for the four figures of the
# draughts issue:
#   (a) English perft to depth 11, leaves per second (ours alone; target 50 million);
#   (b) International perft to depth 9 against `dame-rs` (PyPI; a Rust engine with Python
#       bindings), same leaves counted (target: ours at least 2 times as fast);
#   (c) random English games, whole moves per second, against OpenSpiel's `checkers`
#       through its Python API, same move cap (target: at least 100 times);
#   (d) MCTS iterations per second on English checkers against OpenSpiel's C++ MCTSBot
#       with a RandomRolloutEvaluator (random playouts to the end; target: at least 50 times).
# Each figure is the best of REPEAT runs (default 2). The peers live in virtual
# environments outside the repository, made here when missing. Our side that is not
# built yet is reported as such and the peer side still runs.
#
# Usage: scripts/compare-draughts.sh [PART...]   PART: perft-english, perft-international,
#        random, mcts (default: all four)
# Environment (defaults): REPEAT (2), RANDOM_GAMES (200000, ours), RANDOM_GAMES_PEER
#        (10000), MOVE_CAP (1000 whole moves, both sides), MCTS_ITERATIONS (1000 a search),
#        OPENSPIEL_VENV (/tmp/leapfrog-arena-openspiel-venv),
#        DAME_VENV (/tmp/leapfrog-arena-dame-venv), CARGO_TARGET_DIR (target)
set -euo pipefail
cd "$(dirname "$0")/.."

REPEAT=${REPEAT:-2}
RANDOM_GAMES=${RANDOM_GAMES:-200000}
RANDOM_GAMES_PEER=${RANDOM_GAMES_PEER:-10000}
MOVE_CAP=${MOVE_CAP:-1000}
MCTS_ITERATIONS=${MCTS_ITERATIONS:-1000}
OPENSPIEL_VENV=${OPENSPIEL_VENV:-/tmp/leapfrog-arena-openspiel-venv}
DAME_VENV=${DAME_VENV:-/tmp/leapfrog-arena-dame-venv}
ARENA=${CARGO_TARGET_DIR:-target}/release/arena
PARTS=("$@")
[ ${#PARTS[@]} -gt 0 ] || PARTS=(perft-english perft-international random mcts)
for part in "${PARTS[@]}"; do
    case $part in
        perft-english | perft-international | random | mcts) ;;
        *) echo "unknown part '$part': expected perft-english, perft-international, random or mcts" >&2; exit 2 ;;
    esac
done
wants() { [[ " ${PARTS[*]} " == *" $1 "* ]]; }

venv() { # venv DIR PACKAGE: make DIR with PACKAGE installed unless it is there
    if [ ! -x "$1/bin/python" ] || ! "$1/bin/pip" show --quiet "$2" >/dev/null 2>&1; then
        python3 -m venv "$1"
        "$1/bin/pip" install --quiet --upgrade pip
        "$1/bin/pip" install --quiet "$2"
    fi
}
if wants perft-international; then venv "$DAME_VENV" dame-rs; fi
if wants random || wants mcts; then venv "$OPENSPIEL_VENV" open-spiel; fi

# best RATE...: the largest number; ratio A B: A / B to one decimal.
best() { printf '%s\n' "$@" | sort -g | tail -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }'; }
# rate_of UNIT TEXT: the number printed before "UNIT/s" on the last line that has one.
rate_of() { { grep -oE "[0-9]+(\.[0-9]+)? $1/s" <<<"$2" || true; } | tail -1 | cut -d' ' -f1; }
compare() { # compare OURS PEER TARGET UNIT
    if [ -n "$1" ] && [ -n "$2" ]; then
        echo "ratio ours/peer: $(ratio "$1" "$2") (target >= $3; best $4/s: ours $1, peer $2)"
    else
        echo "ratio ours/peer: n/a (one side missing)"
    fi
}

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "runs per figure: $REPEAT (best reported)"

# ---- perft -------------------------------------------------------------------------------
arena_ready=no
if wants perft-english || wants perft-international; then
    if cargo build --quiet --release -p arena 2>/dev/null && [ -x "$ARENA" ]; then
        arena_ready=yes
    fi
fi

# our_perft VARIANT DEPTH EXPECTED: times `arena perft VARIANT --depth DEPTH`, which prints
# "depth leaves" for every depth from 1; checks the last count; echoes leaves/s over all
# depths (the work the command does) as its last line.
our_perft() {
    local variant=$1 depth=$2 expected=$3 out t0 t1 seconds total last
    if [ $arena_ready = no ] || ! "$ARENA" perft "$variant" --depth 1 >/dev/null 2>&1; then
        echo "ours: not built yet (no \`arena perft $variant\`)"
        return
    fi
    t0=$(date +%s.%N)
    if ! out=$("$ARENA" perft "$variant" --depth "$depth" 2>&1); then
        echo "ours: failed: $(tail -3 <<<"$out")"
        return
    fi
    t1=$(date +%s.%N)
    total=$(awk -v d="$depth" '$1 ~ /^[0-9]+$/ && $1 <= d { gsub(/[,_]/, "", $2); s += $2 } END { printf "%d", s }' <<<"$out")
    last=$(awk -v d="$depth" '$1 == d { gsub(/[,_]/, "", $2); print $2 }' <<<"$out")
    if [ "$last" != "$expected" ]; then
        echo "ours: WRONG COUNT at depth $depth: '$last', expected $expected"
        return
    fi
    seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    echo "ours: arena perft $variant --depth $depth: $expected at depth $depth, $total leaves over depths 1-$depth in $seconds s = $(awk -v n="$total" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }') leaves/s"
}

if wants perft-english; then
    echo
    echo "== (a) English perft, depth 11 (85,242,128 leaves; target: ours >= 50,000,000 leaves/s; no peer)"
    rates=()
    for _ in $(seq "$REPEAT"); do
        line=$(our_perft english 11 85242128)
        echo "$line"
        rate=$(rate_of leaves "$line")
        [ -z "$rate" ] || rates+=("$rate")
    done
    if [ ${#rates[@]} -gt 0 ]; then
        ours=$(best "${rates[@]}")
        echo "best ours: $ours leaves/s ($(ratio "$ours" 1000000) M; target 50 M)"
    fi
fi

if wants perft-international; then
    echo
    echo "== (b) International perft, depth 9 (41,022,423 leaves, duplicate captures dropped; target: ours >= 2 x dame-rs)"
    ours_rates=() peer_rates=()
    for _ in $(seq "$REPEAT"); do
        line=$(our_perft international 9 41022423)
        echo "$line"
        rate=$(rate_of leaves "$line")
        [ -z "$rate" ] || ours_rates+=("$rate")
        # The peer does the same work as `arena perft`: every depth from 1 to 9.
        line=$("$DAME_VENV/bin/python" - 9 41022423 <<'PY'
import sys, time
import dame

depth, expected = int(sys.argv[1]), int(sys.argv[2])
board = dame.Board()
total = 0
start = time.perf_counter()
for d in range(1, depth + 1):
    leaves = dame.perft(board, d)
    total += leaves
seconds = time.perf_counter() - start
if leaves != expected:
    print(f"peer: dame-rs {dame.__version__}: WRONG COUNT at depth {depth}: {leaves}, expected {expected}")
    sys.exit(0)
print(f"peer: dame-rs {dame.__version__} (dame.perft(dame.Board(), d) for d = 1..{depth}): "
      f"{leaves} at depth {depth}, {total} leaves over depths 1-{depth} in {seconds:.3f} s "
      f"= {total / seconds:.0f} leaves/s")
PY
)
        echo "$line"
        rate=$(rate_of leaves "$line")
        [ -z "$rate" ] || peer_rates+=("$rate")
    done
    compare "$( [ ${#ours_rates[@]} -gt 0 ] && best "${ours_rates[@]}")" \
        "$( [ ${#peer_rates[@]} -gt 0 ] && best "${peer_rates[@]}")" 2 leaves
fi

# ---- random games ------------------------------------------------------------------------
# our_example PACKAGE NAME ARGS...: runs a cargo example, or says it is not there yet.
our_example() {
    local package=$1 name=$2
    shift 2
    if [ ! -e "$package/examples/$name.rs" ] && [ ! -e "$package/examples/$name/main.rs" ]; then
        echo "ours: not built yet (no $package/examples/$name.rs)"
        return
    fi
    local out
    if out=$(cargo run --quiet --release -p "$package" --example "$name" -- "$@" 2>&1); then
        echo "ours: $out"
    else
        echo "ours: failed: $(tail -3 <<<"$out")"
    fi
}

if wants random; then
    echo
    echo "== (c) random English checkers, whole moves per second, cap $MOVE_CAP whole moves (target: ours >= 100 x OpenSpiel)"
    ours_rates=() peer_rates=()
    for _ in $(seq "$REPEAT"); do
        line=$(our_example engine draughts_random "$RANDOM_GAMES" "$MOVE_CAP")
        echo "$line"
        rate=$(rate_of plies "$line")
        [ -z "$rate" ] || ours_rates+=("$rate")
        line=$("$OPENSPIEL_VENV/bin/python" - "$RANDOM_GAMES_PEER" "$MOVE_CAP" <<'PY'
import random, sys, time
import pyspiel

games, cap = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("checkers")  # 8x8, player 0 moves first
# OpenSpiel plays a multi-jump as one action per hop. An action is
# ((row * 8 + column) * 4 + direction) * 2 + capture. After a capture hop the same player
# moves on exactly when the next legal actions start on the square the hop landed on
# (an opponent's action cannot start there), so whole moves are counted without
# asking for the current player, which would cost a move generation of its own.
steps = [(-1, -1), (-1, 1), (1, 1), (1, -1)]
landing = [0] * game.num_distinct_actions()
for action in range(len(landing)):
    square, direction = action >> 3, (action >> 1) & 3
    landing[action] = square + 2 * (steps[direction][0] * 8 + steps[direction][1])

rng = random.Random(1)
choice = rng.choice
moves = actions = 0
start = time.perf_counter()
for _ in range(games):
    state = game.new_initial_state()
    legal = state.legal_actions()  # empty once the game is over (no moves, or 40 plies without capture)
    played = 0
    while legal and played < cap:
        action = choice(legal)
        state.apply_action(action)
        actions += 1
        legal = state.legal_actions()
        if not (action & 1 and legal and legal[0] >> 3 == landing[action]):
            played += 1
    moves += played
seconds = time.perf_counter() - start

# Untimed replay of the same games: checks the whole-move count against the current player
# and counts how the games ended.
rng = random.Random(1)
check = draws = capped = 0
for _ in range(games):
    state = game.new_initial_state()
    player, legal, played = state.current_player(), state.legal_actions(), 0
    while legal and played < cap:
        state.apply_action(rng.choice(legal))
        legal = state.legal_actions()
        if state.current_player() != player:
            played += 1
            player = state.current_player()
    check += played
    if legal:
        capped += 1
    elif state.returns()[0] == 0:
        draws += 1
assert check == moves, (check, moves)
print(f"peer: OpenSpiel checkers (open-spiel {pyspiel.__version__}, Python API): {games} random games, "
      f"{moves / games:.1f} whole moves a game ({actions / games:.1f} actions), "
      f"{draws / games:.1%} drawn by its 40-ply no-capture rule, {capped / games:.1%} capped: "
      f"{actions / seconds:.0f} actions/s; {moves} whole moves in {seconds:.3f} s = {moves / seconds:.0f} plies/s")
PY
)
        echo "$line"
        rate=$(rate_of plies "$line")
        [ -z "$rate" ] || peer_rates+=("$rate")
    done
    compare "$( [ ${#ours_rates[@]} -gt 0 ] && best "${ours_rates[@]}")" \
        "$( [ ${#peer_rates[@]} -gt 0 ] && best "${peer_rates[@]}")" 100 "plies (whole moves)"
fi

# ---- MCTS --------------------------------------------------------------------------------
if wants mcts; then
    echo
    echo "== (d) MCTS on English checkers, $MCTS_ITERATIONS iterations a search, random playouts to the end (target: ours >= 50 x OpenSpiel)"
    ours_rates=() peer_rates=()
    for _ in $(seq "$REPEAT"); do
        line=$(our_example agents mcts_speed "$MCTS_ITERATIONS" english)
        echo "$line"
        rate=$(rate_of iterations "$line")
        [ -z "$rate" ] || ours_rates+=("$rate")
        line=$("$OPENSPIEL_VENV/bin/python" - "$MCTS_ITERATIONS" <<'PY'
import random, sys, time
import pyspiel

iterations = int(sys.argv[1])
game = pyspiel.load_game("checkers")
# The positions: the start, and the positions before whole moves 10, 20 and 30 of a seeded
# random game (one that lasts that long), each with a choice of moves.
wanted = [0, 10, 20, 30]
for seed in range(1, 1000):
    rng = random.Random(seed)
    state, positions, move = game.new_initial_state(), [], 0
    while not state.is_terminal() and len(positions) < len(wanted):
        if move == wanted[len(positions)]:
            if len(state.legal_actions()) < 2:
                break
            positions.append(state.clone())
        player = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        if state.current_player() != player:
            move += 1
    if len(positions) == len(wanted):
        break
# MCTSBot(game, evaluator, uct_c, max_simulations, max_memory_mb, solve, seed, verbose):
# plain UCT, no solver; one random playout (uniform over legal actions, one action per hop)
# to the end of the game for each simulation.
evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
bot = pyspiel.MCTSBot(game, evaluator, 2.0, iterations, 1000, False, 7, False)
total_iterations, total_seconds, each = 0, 0.0, []
for state in positions:
    start = time.perf_counter()
    root = bot.mcts_search(state)  # what step() runs, returning the root
    seconds = time.perf_counter() - start
    total_iterations += root.explore_count  # the simulations actually run
    total_seconds += seconds
    each.append(f"{root.explore_count / seconds:.0f}")
    del root
print(f"peer: OpenSpiel MCTSBot (open-spiel {pyspiel.__version__}, C++ search, uct_c 2, no solver, "
      f"RandomRolloutEvaluator(1 rollout)), {iterations} simulations a search, positions before "
      f"whole moves {wanted} of random game seed {seed} ({', '.join(each)} iterations/s each): "
      f"{total_iterations} iterations in {total_seconds:.3f} s = {total_iterations / total_seconds:.0f} iterations/s")
PY
)
        echo "$line"
        rate=$(rate_of iterations "$line")
        [ -z "$rate" ] || peer_rates+=("$rate")
    done
    compare "$( [ ${#ours_rates[@]} -gt 0 ] && best "${ours_rates[@]}")" \
        "$( [ ${#peer_rates[@]} -gt 0 ] && best "${peer_rates[@]}")" 50 iterations
fi
