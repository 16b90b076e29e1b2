"""PettingZoo AEC environments for every game of the engine.

``env("chinese-checkers:players=3")`` is an AEC environment of that game: one agent a
seat (``player_0`` moves first), ``Discrete(game.num_actions)`` actions, and for each
agent a dict observation: ``observation`` (float32, ``game.observation_shape``: the
game's planes over its cells, seen from that agent) and ``action_mask`` (int8, 1 where
the action is legal; all zeros for an agent that is not to move). Rewards come at the
end: ``state.returns()`` (1 a win, -1 a loss, 0 a draw). Every game ends by its rules
(they cap its length), so episodes terminate and are never truncated.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._render import render
from ._native import Game


def env(game="leapfrog", render_mode=None):
    """The AEC environment of ``game`` (a ``Game`` or a game's name with options)."""
    return LeapfrogArenaEnv(game, render_mode=render_mode)


class LeapfrogArenaEnv(AECEnv):
    """One game of the engine as a PettingZoo AEC environment (see the module)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "leapfrog_arena_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game="leapfrog", render_mode=None):
        super().__init__()
        self.game = Game(game) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        actions = self.game.num_actions
        self._observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, self.game.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def observe(self, agent):
        seat = self._seat(agent)
        if self.state.current_player == seat:
            mask = self.state.action_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The games have no chance: a seed changes nothing, and is accepted for the API.
        self.state = self.game.new_state()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.play(int(action))
        if self.state.is_terminal():
            for seat, value in enumerate(self.state.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = float(value)
                self.terminations[name] = True
            # The dead agents leave one by one, each stepping with None.
            self.agent_selection = self.possible_agents[
                (self._seat(agent) + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return render(self.state, self.render_mode)

    def close(self):
        pass
