"""The Python API plays the engine's rules: seeded games move for move as `arena play`,
perft counts as `arena perft`, and actions that name exactly the legal moves."""

import random
import subprocess

import pytest

import leapfrog_arena as la
from conftest import GAMES


def arena_play(arena, game, specs, seed):
    """The moves and the result line of `arena play`."""
    seats = ["--first", specs[0], "--second", specs[1]] if len(specs) == 2 else \
        [arg for spec in specs for arg in ("--seat", spec)]
    out = subprocess.run([arena, "play", game, *seats, "--seed", str(seed)],
                         check=True, capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if line.strip()]
    return lines[:-1], lines[-1]


@pytest.mark.parametrize("game", GAMES)
def test_random_games_agree_with_arena_play(arena, game):
    players = la.Game(game).players
    for seed in (1, 2):
        specs = ["random"] * players
        moves, result = arena_play(arena, game, specs, seed)
        state = la.play_game(game, specs, seed=seed)
        assert state.history() == moves, f"{game} seed {seed}"
        assert state.is_terminal()
        returns = state.returns()
        # The result line names the winner's seat letter, or a draw.
        if all(r == returns[0] for r in returns):
            assert "draw" in result.lower() or players == 1, result
        else:
            assert max(returns) == 1.0 or players > 2


def test_a_seeded_level_plays_as_in_arena_play(arena):
    moves, _ = arena_play(arena, "english", ["level:easy", "level:medium"], 7)
    state = la.play_game("english", ["level:easy", "level:medium"], seed=7)
    assert state.history() == moves


def perft(state, depth):
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        state.play(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


@pytest.mark.parametrize("game,depth", [
    ("leapfrog", 6), ("chinese-checkers", 3), ("english", 6), ("international", 4),
    ("russian", 5), ("turkish", 4), ("dameo", 3), ("konane", 4), ("alquerque", 4),
    ("chinese-checkers:players=3", 3),
])
def test_perft_through_actions_matches_arena_perft(arena, game, depth):
    out = subprocess.run([arena, "perft", game, "--depth", str(depth)],
                         check=True, capture_output=True, text=True).stdout
    expected = int(out.split()[-1].replace(",", ""))
    state = la.Game(game).new_state()
    before = state.position()
    assert perft(state, depth) == expected
    assert state.position() == before


@pytest.mark.parametrize("game", GAMES)
def test_actions_name_exactly_the_legal_moves(game):
    g = la.Game(game)
    rng = random.Random(11)
    for _ in range(3):
        state = g.new_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            moves = state.legal_moves()
            assert len(actions) == len(set(actions)) == len(moves)
            assert actions == sorted(actions)
            assert all(0 <= a < g.num_actions for a in actions)
            assert [state.action_to_move(a) for a in actions] == moves
            assert [state.move_to_action(m) for m in moves] == actions
            mask = state.action_mask()
            assert mask.sum() == len(actions) and all(mask[a] == 1 for a in actions)
            hash_before = state.hash()
            action = rng.choice(actions)
            state.play(action)
            state.undo()
            assert state.hash() == hash_before
            state.play(action)
        assert state.legal_actions() == []
        with pytest.raises(ValueError):
            state.play(0)


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="chequers"):
        la.Game("chequers")
    with pytest.raises(ValueError):
        la.Game("chinese-checkers:players=5")
    game = la.Game("english")
    state = game.new_state()
    with pytest.raises(ValueError, match="not a legal move"):
        state.play("9-10")
    with pytest.raises(ValueError):
        state.play(game.num_actions + 5)
    with pytest.raises(ValueError):
        state.undo()
    with pytest.raises(ValueError):
        la.Agent("minimax:nodes=-1", game)
    with pytest.raises(ValueError, match="outside"):
        la.Agent("level:elo=99999", game)
    with pytest.raises(ValueError, match="given a state of english"):
        la.Agent("random", la.Game("international")).choose(state)
    with pytest.raises(ValueError):
        game.state_from_position("not a position")
