"""A short tour of leapfrog_arena: play a level, run a tiny tournament, read an
observation. Trains nothing.

    python examples/tour.py
"""

import itertools

import leapfrog_arena as la

# 1. A game against a shipped level: random moves against English checkers' easy level.
game = la.Game("english")
state = game.new_state()
easy = la.Agent("level:easy", game, seed=1)
print(f"{game.name}: easy plays {easy.spec}")
while not state.is_terminal():
    if state.current_player == 0:
        move = state.legal_moves()[0]          # our side: the first legal move
    else:
        move = easy.choose(state)
    easy.observe(state, move)
    state.play(move)
print(f"after {len(state.history())} plies: returns {state.returns()} "
      f"({state.end_reason()})\n{state}\n")

# 2. A tiny round robin on Leapfrog Race: every pair, both seatings, two seeds.
specs = ["random", "greedy", "level:easy", "level:elo=700"]
points = {spec: 0.0 for spec in specs}
for a, b in itertools.combinations(specs, 2):
    for seed, (first, second) in itertools.product((1, 2), ((a, b), (b, a))):
        final = la.play_game("leapfrog", [first, second], seed=seed)
        for spec, value in zip((first, second), final.returns()):
            points[spec] += (value + 1) / 2
for spec, score in sorted(points.items(), key=lambda item: -item[1]):
    print(f"{spec:>14}: {score:.1f} points of {4 * (len(specs) - 1)}")

# 3. An observation: Chinese checkers for three, seen by the seat to move.
game = la.Game("chinese-checkers:players=3")
state = game.new_state()
state.play(state.legal_actions()[0])
observation = state.observation()
print(f"\n{game.name}: observation {observation.shape} ({', '.join(game.plane_names)}), "
      f"pieces a plane {observation.sum(axis=1).tolist()}, "
      f"{len(state.legal_actions())} legal actions of {game.num_actions}")
