"""The jumping board games of leapfrog-arena in Python.

``Game``, ``State`` and ``Agent`` come from the native module (the project's Rust
engine and agents, compiled in); the environments live in ``leapfrog_arena.env``
(PettingZoo AEC, every game) and ``leapfrog_arena.gym`` (Gymnasium, one seat against
a level)::

    import leapfrog_arena as la

    game = la.Game("english")
    state = game.new_state()
    hard = la.Agent("level:hard", game, seed=1)
    state.play(hard.choose(state))
    state.legal_actions()      # integer actions
    state.observation()        # numpy float32, game.observation_shape
"""

from ._native import (
    SHARED_CELL_ACTIONS,
    Agent,
    Game,
    State,
    game_names,
    seat_seed,
)

__all__ = [
    "SHARED_CELL_ACTIONS",
    "Agent",
    "Game",
    "State",
    "game_names",
    "play_game",
    "seat_seed",
]


def play_game(game, specs, seed=0, max_plies=None):
    """Plays one game between agents (one spec per seat) as ``arena play`` does with
    ``--seed seed``: each seat's agent seeded with ``seat_seed(seed, seat)``, every move
    shown to every agent before it is played. Returns the final ``State``.

    ``game`` is a ``Game`` or a game's name; ``max_plies`` stops the game early (the
    state is then not terminal)."""
    if isinstance(game, str):
        game = Game(game)
    if len(specs) != game.players:
        raise ValueError(
            f"{len(specs)} specs given for {game.name}, which seats {game.players}"
        )
    agents = [Agent(spec, game, seed=seat_seed(seed, seat)) for seat, spec in enumerate(specs)]
    state = game.new_state()
    plies = 0
    while not state.is_terminal():
        if max_plies is not None and plies >= max_plies:
            break
        plies += 1
        move = agents[state.current_player].choose(state)
        for agent in agents:
            agent.observe(state, move)
        state.play(move)
    return state
