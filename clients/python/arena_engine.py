"""The arena's levels and agents as a move-maker for a Python game, in the standard library.

    from arena_engine import Engine

    with Engine("english", level="hard") as engine:
        engine.new_game(seat="B", seed=7)
        move = engine.best_move(["9-14"])      # the moves played so far
        # ... play it, then ask again with the longer list

`Engine` starts `arena engine GAME --agent level:NAME` (or any agent spec) and speaks the
arena protocol with it (docs/protocol.md, "arena 1"): your program owns the game and its
rules, the engine chooses the moves. The `arena` program is found on the PATH, or named
with `arena=` or the `ARENA_BIN` environment variable.

Every failure the engine reports (a game or level it has not got, a move that is not
legal, a list of legal moves that differs from its own) raises `EngineError` with the
engine's reason; the engine has then exited. Asking for a move in a finished game raises
`GameOver`, and the engine goes on.
"""

import collections
import os
import queue
import subprocess
import threading

PROTOCOL = "arena 1"
# The longest wait for a line from the engine, in seconds, unless `timeout=` says
# otherwise. It only detects an engine that hangs: budgets are nodes, iterations or depth,
# so a move's choice never depends on it.
DEFAULT_TIMEOUT = 60.0


class EngineError(Exception):
    """The engine refused the session or stopped: `reason` is what it said, if anything."""

    def __init__(self, reason, stderr=""):
        message = reason if not stderr else "%s (standard error: %s)" % (reason, stderr)
        super().__init__(message)
        self.reason = reason
        self.stderr = stderr


class GameOver(EngineError):
    """`best_move` in a position whose game is over; `reason` holds the result."""


class Engine:
    """One `arena engine` process, for any number of games of one game.

    game: the game and its options, as the arena writes them ("leapfrog", "english",
        "chinese-checkers:players=3").
    level: a level of the program's built-in set for the game ("easy", "medium",
        "hard"); or agent: any agent spec ("minimax:depth=4"). One of the two.
    levels: another level set, a built-in one by name or a `difficulty.toml` path.
    arena: the `arena` program (default: $ARENA_BIN, else `arena` on the PATH).
    timeout: the longest wait for an answer, in seconds (None: no limit).
    """

    def __init__(self, game, level=None, agent=None, levels=None, arena=None,
                 timeout=DEFAULT_TIMEOUT):
        if (level is None) == (agent is None):
            raise ValueError("give one of level= or agent=")
        spec = agent if agent is not None else "level:" + level
        program = arena or os.environ.get("ARENA_BIN") or "arena"
        command = [program, "engine", game, "--agent", spec]
        if levels is not None:
            command += ["--levels", str(levels)]
        self.game = game
        self.timeout = timeout
        self.name = None
        self.info = []
        self._stderr = collections.deque(maxlen=20)
        self._lines = queue.Queue()
        try:
            self._process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        except OSError as error:
            raise EngineError("cannot start %s: %s" % (program, error)) from None
        self._stdout_reader = threading.Thread(
            target=self._read, args=(self._process.stdout, self._lines.put), daemon=True)
        self._stdout_reader.start()
        self._stderr_reader = threading.Thread(
            target=self._read, args=(self._process.stderr, self._stderr.append), daemon=True)
        self._stderr_reader.start()
        self._send(PROTOCOL)
        for word, rest in self._answers("ready"):
            if word == "id":
                self.name = rest

    @staticmethod
    def _read(stream, put):
        for line in stream:
            put(line.rstrip("\r\n"))
        put(None)

    def _send(self, *lines):
        try:
            self._process.stdin.write("".join(line + "\n" for line in lines))
            self._process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            # An engine that refuses its start-up says why on standard output and exits,
            # possibly before it reads anything: its last word is the reason.
            self._failed(self._last_error() or "the engine stopped reading")

    def _last_error(self):
        """The reason of the `error` line among the engine's remaining output, if any."""
        reason = None
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                return reason
            if line is None:
                return reason
            if line.startswith("error "):
                reason = line[len("error "):]

    def _answers(self, last):
        """The engine's lines up to the one whose first word is `last` (which is
        returned too), as (word, rest) pairs; `info` lines are kept in `self.info`."""
        answers = []
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                self.close()
                raise EngineError("no answer in %s s" % self.timeout) from None
            if line is None:
                self._failed("the engine exited")
            word, _, rest = line.partition(" ")
            if word == "error":
                if rest.startswith("go: the game is over"):
                    raise GameOver(rest)
                self._failed(rest)
            if word == "info":
                self.info.append(rest)
            answers.append((word, rest))
            if word == last:
                return answers

    def _failed(self, reason):
        self.close()
        # The engine has exited: what it wrote to standard error is all there.
        self._stderr_reader.join(timeout=1)
        stderr = " ".join(line for line in self._stderr if line)
        raise EngineError(reason, stderr)

    def new_game(self, game=None, seat="A", seed=0):
        """Starts a game: `game` (default: the engine's own, options may differ), the
        engine's seat ("A" moves first) and its seed (the same seed, the same moves).
        Returns the engine's `info` lines (a level that stands for another spec in this
        game says so)."""
        self._send("newgame %s seat=%s seed=%d" % (game or self.game, seat, seed))
        return [rest for word, rest in self._answers("ready") if word == "info"]

    def best_move(self, moves=(), position=None, legal=None):
        """The engine's move after `moves` (every move since the start, or since
        `position`, a position in the game's notation), for the side to move.
        `legal`, if given, must be every legal move now (the engine checks it)."""
        lines = []
        if position is not None:
            lines.append("position " + position)
        lines.append(" ".join(["moves"] + list(moves)))
        if legal is not None:
            lines.append(" ".join(["legal"] + list(legal)))
        lines.append("go")
        self._send(*lines)
        return self._answers("move")[-1][1]

    def close(self):
        """Ends the session and the process (killed if it does not exit at once)."""
        process = self._process
        if process.poll() is None:
            try:
                process.stdin.write("quit\n")
                process.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                pass
        try:
            process.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        # The process is gone: its pipes reach their end, and the readers with them.
        for reader, stream in ((self._stdout_reader, process.stdout),
                               (self._stderr_reader, process.stderr)):
            reader.join(timeout=1)
            if not reader.is_alive():
                stream.close()
        return process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
