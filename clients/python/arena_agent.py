"""A bot for the leapfrog-arena, in one file of standard-library Python.

Write a function

    def choose(legal, position, moves, seed):
        return legal[0]

that gets the legal moves (strings in the game's notation), the position the game
started from (a string, or None for the game's start), the moves played since then
(strings), and the seat's seed for this game (an int: draw every random choice from it,
and the arena can replay your games). Return one of the legal moves, or "resign".

Then call run(choose) at the end of your script: it speaks the arena protocol
(docs/protocol.md, version "arena 1") on standard input and output until the arena says
quit. Anything you print for yourself must go to standard error (print(..., file=sys.stderr)),
which the arena writes to a log file in the run folder.
"""

import sys

PROTOCOL = "arena 1"


class Game:
    """What the arena said about the game being played: the game spec, the seat's letter
    ("A", "B", ...), the seed, and any `option key=value` lines of the config."""

    def __init__(self):
        self.spec = None
        self.seat = None
        self.seed = 0
        self.options = {}


def _keys(words):
    """The key=value words of a message as a dict."""
    pairs = (word.split("=", 1) for word in words if "=" in word)
    return {key: value for key, value in pairs}


def run(choose, name="python bot", author=None, stdin=None, stdout=None):
    """Answers the arena's messages with `choose` until `quit` or the end of the input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    game = Game()
    position = None
    moves = []
    legal = []

    def say(line):
        stdout.write(line + "\n")
        stdout.flush()

    for line in stdin:
        line = line.rstrip("\r\n")
        word, _, rest = line.partition(" ")
        if word == "arena":
            ident = "id name=" + name
            if author:
                ident += " author=" + author
            say(ident)
            say("ready")
        elif word == "option":
            game.options.update(_keys(rest.split(" ")))
        elif word == "newgame":
            words = rest.split(" ")
            game.spec = words[0]
            keys = _keys(words[1:])
            game.seat = keys.get("seat")
            game.seed = int(keys.get("seed", "0"))
            position, moves, legal = None, [], []
            say("ready")
        elif word == "position":
            position = rest
        elif word == "moves":
            moves = rest.split()
        elif word == "legal":
            legal = rest.split()
        elif word == "go":
            say("move " + str(choose(legal, position, moves, game.seed)))
        elif word == "quit":
            return
        # Lines of other kinds are for later versions: ignored, as the protocol says.
