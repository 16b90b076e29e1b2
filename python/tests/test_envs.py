"""The environments pass PettingZoo's and Gymnasium's own API checks, for every game."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import leapfrog_arena as la
from leapfrog_arena.env import env as aec_env
from leapfrog_arena.gym import LevelOpponentEnv
from conftest import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game):
    api_test(aec_env(game), num_cycles=200)


def test_an_aec_game_ends_with_every_seat_rewarded():
    env = aec_env("chinese-checkers:players=3")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == env.game.observation_shape
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert env.agents == []
    # Places of three seats: one wins, one is last, the returns sum to zero.
    assert sorted(totals.values())[0] == -1.0 and sorted(totals.values())[-1] == 1.0
    assert abs(sum(totals.values())) < 1e-9


@pytest.mark.parametrize("game", ["english", "leapfrog", "chinese-checkers:players=3"])
def test_gymnasium_env_checker(game):
    check_env(LevelOpponentEnv(game, opponent="random"), skip_render_check=True)


def test_a_level_opponent_replays_from_its_seed():
    def episode(seed):
        env = LevelOpponentEnv("english", opponent="level:easy", seat=1)
        observation, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        reward, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, done, _, info = env.step(action)
        return env.state.history(), reward

    assert episode(5) == episode(5)
    moves, reward = episode(5)
    assert reward in (-1.0, 0.0, 1.0) and len(moves) > 10


def test_observation_planes_count_the_pieces():
    game = la.Game("english")
    state = game.new_state()
    observation = state.observation(0)
    assert observation.dtype == np.float32 and observation.shape == (4, 32)
    # Seat 0 (Black in English) sees its 12 men in plane 0, White's in plane 2.
    assert observation.sum(axis=1).tolist() == [12.0, 0.0, 12.0, 0.0]
    assert (state.observation(1)[0] == observation[2]).all()
