"""The host client against a real `arena engine` ($ARENA_BIN): whole games, the engine's
refusals as exceptions, and a process that is always reaped.

Run from any folder once the package is installed (`pip install ./clients/python`):
    ARENA_BIN=target/debug/arena python3 -m unittest discover -s clients/python/tests
"""

import importlib.util
import os
import unittest

from arena_engine import Engine, EngineError, GameOver

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")


def example(name):
    """The example script `name` as a module (the examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class WholeGames(unittest.TestCase):
    def test_a_python_game_plays_leapfrog_to_the_end_against_hard(self):
        host = example("leapfrog_host")
        with Engine("leapfrog", level="hard") as engine:
            self.assertIn(" perfect ", engine.name)
            for seat in ("A", "B"):
                winner, moves = host.game(engine, seat, seed=3)
                # The engine's own rules end the game where the host's did, with the
                # same result.
                with self.assertRaises(GameOver) as over:
                    engine.best_move(moves)
                said = "a draw" if winner == "draw" else winner + " won"
                self.assertIn("(" + said, over.exception.reason)

    def test_the_same_seed_gives_the_same_game(self):
        host = example("leapfrog_host")
        with Engine("leapfrog", level="easy") as engine:
            first = host.game(engine, "B", seed=11)
            again = host.game(engine, "B", seed=11)
        self.assertEqual(first, again)

    def test_english_answers_blacks_first_move(self):
        with Engine("english", level="easy") as engine:
            engine.new_game(seat="B", seed=7)
            move = engine.best_move(["9-14"])
            self.assertRegex(move, r"^\d+[-x]\d+")

    def test_a_three_player_game_says_which_spec_its_level_plays(self):
        with Engine("chinese-checkers", level="hard") as engine:
            info = engine.new_game("chinese-checkers:players=3", seat="A", seed=7)
            self.assertTrue(any("chinese-checkers:players=3" in line for line in info), info)
            self.assertTrue(engine.best_move([]))


class Refusals(unittest.TestCase):
    def test_a_level_the_game_has_not_got_raises_with_the_engines_reason(self):
        with self.assertRaises(EngineError) as raised:
            Engine("leapfrog", level="expert")
        self.assertIn('no level "expert"', raised.exception.reason)

    def test_an_illegal_move_raises_and_the_process_is_reaped(self):
        engine = Engine("leapfrog", level="easy")
        engine.new_game(seat="B")
        with self.assertRaises(EngineError) as raised:
            engine.best_move(["5-7"])
        self.assertIn("5-7 is not legal", raised.exception.reason)
        self.assertEqual(engine.close(), 2)

    def test_a_finished_game_raises_game_over_and_the_session_goes_on(self):
        with Engine("leapfrog", level="easy") as engine:
            engine.new_game(seat="B", seed=5)
            with self.assertRaises(GameOver):
                engine.best_move(position=".........BBBBBAAAAA B")
            engine.new_game(seat="B", seed=5)
            # After 5-6, B's one legal move.
            self.assertEqual(engine.best_move(["5-6"]), "15-14")

    def test_a_missing_program_raises(self):
        with self.assertRaises(EngineError):
            Engine("leapfrog", level="easy", arena="/no/such/arena")

    def test_close_ends_the_process_with_status_zero(self):
        engine = Engine("leapfrog", agent="random")
        self.assertEqual(engine.close(), 0)
        self.assertEqual(engine.close(), 0)


if __name__ == "__main__":
    unittest.main()
