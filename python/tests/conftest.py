"""Shared fixtures: the games to check and the arena binary to check against."""

import os
import pathlib
import shutil

import pytest

import leapfrog_arena as la

# Every game, and every seat count of Chinese checkers.
GAMES = la.game_names() + [
    "chinese-checkers:players=1",
    "chinese-checkers:players=3",
    "chinese-checkers:players=4",
    "chinese-checkers:players=6",
]

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def arena():
    """The `arena` binary: $ARENA, else the workspace's debug or release build."""
    candidates = [os.environ.get("ARENA"), REPO / "target/debug/arena",
                  REPO / "target/release/arena", shutil.which("arena")]
    for candidate in candidates:
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    raise RuntimeError("no arena binary: build it (cargo build -p arena) or set ARENA")
