"""A Gymnasium environment: one seat of a game against the arena's agents or levels.

``LevelOpponentEnv("english", opponent="level:easy")`` seats the learner in ``seat``
(0 moves first) and the opponent spec in every other seat (``level:NAME``,
``level:elo=R`` or any agent spec). Observations are the game's planes from the
learner's side (float32, ``game.observation_shape``); ``info["action_mask"]`` and
``action_masks()`` give the legal actions. The reward is the learner's return when the
game ends (1 a win, -1 a loss, 0 a draw), 0 before. An illegal action forfeits the
game, as in the arena: reward -1, the episode ends, ``info["forfeit"]`` is True. Opponents are seeded from ``reset(seed=...)``: the same seed and the
same actions give the same game.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from ._render import render
from ._native import Agent, Game, seat_seed


class LevelOpponentEnv(gymnasium.Env):
    """One seat of a game against the arena's agents (see the module)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, game="english", opponent="level:easy", seat=0, render_mode=None):
        self.game = Game(game) if isinstance(game, str) else game
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat {seat}: {self.game.name} seats {self.game.players}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{self.metadata['render_modes']}")
        self.seat = seat
        self.render_mode = render_mode
        self.opponents = {
            other: Agent(opponent, self.game)
            for other in range(self.game.players) if other != seat
        }
        self.observation_space = spaces.Box(0.0, 1.0, self.game.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state = None
        self._forfeited = False

    def action_masks(self):
        """The legal actions of the learner, int8 (1 where legal)."""
        return self.state.action_mask()

    def _observation(self):
        return self.state.observation(self.seat)

    def _info(self):
        return {"action_mask": self.state.action_mask()}

    def _opponents_play(self):
        while not self.state.is_terminal() and self.state.current_player != self.seat:
            move = self.opponents[self.state.current_player].choose(self.state)
            for agent in self.opponents.values():
                agent.observe(self.state, move)
            self.state.play(move)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        for other, agent in self.opponents.items():
            agent.reset(seat_seed(game_seed, other))
        self.state = self.game.new_state()
        self._forfeited = False
        self._opponents_play()
        return self._observation(), self._info()

    def step(self, action):
        if self.state.is_terminal() or self._forfeited:
            raise ValueError("the game is over: call reset()")
        if not 0 <= int(action) < self.game.num_actions or \
                self.state.action_mask()[int(action)] == 0:
            self._forfeited = True
            info = self._info()
            info["forfeit"] = True
            return self._observation(), -1.0, True, False, info
        move = self.state.action_to_move(int(action))
        for agent in self.opponents.values():
            agent.observe(self.state, move)
        self.state.play(move)
        self._opponents_play()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def render(self):
        return render(self.state, self.render_mode)
