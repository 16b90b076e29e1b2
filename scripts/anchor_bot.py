"""An outside engine as a seat of `arena run`: the arena plays the game under its own rules,
the engine only chooses the moves of its seat.

    python3 scripts/anchor_bot.py openspiel [--simulations N] [--uct-c C]   # English
    python3 scripts/anchor_bot.py dame --depth D                            # International
    python3 scripts/anchor_bot.py selftest [GAMES.csv...]   # the notation, no engine needed
    python3 scripts/anchor_bot.py summary OUT PEER OURS   # the figures of a finished run

`openspiel` is OpenSpiel's C++ `MCTSBot` (random rollouts, one rollout a leaf, the solver
on, as OpenSpiel's own MCTS example plays it) on its `checkers` game; `dame` is dame-rs's
`Engine` searching to a fixed depth. Both are seeded from the game's seed only, so the
arena's replays hold.

Each move is timed, and so is the gap from this seat's answer to the arena's next `go`
(the opponent's move plus the protocol's round trip). Standard error, which the arena
writes to `<out>/logs/<agent name>.log`, gets one line a move: `own <ms>`, from the second
move of a game on `opponent <ms>`, and for dame-rs `search <ms>` (its engine's own clock,
without the Python around it); `anchor_bot.py summary` averages them.

OpenSpiel's checkers is English checkers turned half a turn: its first player ("o", shown
at the bottom) starts on the squares our first player (Black, PDN squares 1-12) starts on
once the board is rotated by 180 degrees, so our square s is OpenSpiel's square 33 - s in
PDN order. A capture there is one action a jump, the same seat moving again until the
jumping piece stops. Its rules differ from ours in two places: a game ends drawn after 40
plies without a capture (ours: 80 plies without a capture or a man's move, and the third
repetition), and it knows no repetition. The first must not end our games, and Python
cannot build an OpenSpiel checkers state from a position, so before each search the state's
no-capture counter is reset by two capture actions between three light squares (always
empty; the board does not change and the same side is to move): the search then sees the
40-ply horizon from the current position, never a game already drawn. With `--rules
openspiel` the arena plays OpenSpiel's rules instead (`english:no_capture=40,repetitions=0`)
and the counter is left alone: both sides then play, and the arena referees, one rule.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))
from arena_agent import run  # noqa: E402

# ---------------------------------------------------------------- English <-> OpenSpiel

SIZE = 8
# OpenSpiel's directions, in its action encoding: (row step, column step), row 0 at the top.
DIRECTIONS = [(-1, -1), (-1, 1), (1, 1), (1, -1)]
NORMAL, CAPTURE = 0, 1


def square_to_cell(square):
    """Our square (1-32, PDN order, first player on 1-12) as OpenSpiel's (row, column)."""
    if not 1 <= square <= 32:
        raise ValueError(f"square {square}: expected 1 to 32")
    turned = 33 - square
    row, index = divmod(turned - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def cell_to_square(row, column):
    """OpenSpiel's (row, column) of a dark square as our square number."""
    if (row + column) % 2 != 1:
        raise ValueError(f"cell {row},{column} is a light square")
    return 33 - (4 * row + column // 2 + 1)


def encode_action(row, column, direction, kind):
    """OpenSpiel's action number: mixed base (rows, columns, 4 directions, 2 kinds)."""
    return ((row * SIZE + column) * len(DIRECTIONS) + direction) * 2 + kind


def decode_action(action):
    """(row, column, end row, end column, kind) of an OpenSpiel checkers action."""
    kind = action % 2
    direction = (action // 2) % len(DIRECTIONS)
    row, column = divmod(action // 8, SIZE)
    step = kind + 1
    return (row, column, row + DIRECTIONS[direction][0] * step,
            column + DIRECTIONS[direction][1] * step, kind)


def step_action(from_square, to_square):
    """The OpenSpiel action for one step or one jump between two of our squares."""
    (row, column), (end_row, end_column) = square_to_cell(from_square), square_to_cell(to_square)
    distance = abs(end_row - row)
    if distance not in (1, 2) or abs(end_column - column) != distance:
        raise ValueError(f"{from_square} to {to_square} is not a diagonal step or jump")
    unit = ((end_row - row) // distance, (end_column - column) // distance)
    return encode_action(row, column, DIRECTIONS.index(unit), distance - 1)


def move_to_actions(move):
    """Our move text (`9-13`, `15x22x31`) as the OpenSpiel actions that play it."""
    separator = "x" if "x" in move else "-"
    squares = [int(part) for part in move.split(separator)]
    if len(squares) < 2 or (separator == "-" and len(squares) != 2):
        raise ValueError(f"move {move!r}: expected a-b or a x b x ...")
    return [step_action(a, b) for a, b in zip(squares, squares[1:])]


def actions_to_move(actions):
    """The OpenSpiel actions of one turn as our move text."""
    first = decode_action(actions[0])
    squares = [cell_to_square(first[0], first[1])]
    for action in actions:
        _, _, end_row, end_column, _ = decode_action(action)
        squares.append(cell_to_square(end_row, end_column))
    return ("x" if first[4] == CAPTURE else "-").join(str(s) for s in squares)


MEN, KINGS = "o+", "8*"  # OpenSpiel's men and kings of players 0 and 1; "." is empty


def read_board(state):
    """OpenSpiel's board as {(row, column): piece letter}, from its text form."""
    lines = str(state).splitlines()[:SIZE]
    return {(r, c): line[1 + c] for r, line in enumerate(lines) for c in range(SIZE)
            if line[1 + c] != "."}


def owner(piece):
    return 0 if piece in "o8" else 1


def crown_row(piece):
    """The row a man of this piece's side is crowned on (None for a king)."""
    return None if piece in KINGS else (0 if piece == "o" else SIZE - 1)


def counter_reset_plan(board, to_move):
    """Actions that bring OpenSpiel's no-capture counter back to a few plies and leave the
    board and the side to move as they were, or None where none is found.

    OpenSpiel's `ApplyAction` checks neither whose piece moves nor its direction, a capture
    sets the counter to 0, and `UndoAction` puts the board back but not the counter. So: a
    piece walks (plain steps over empty squares, never onto its crown row) next to an enemy
    piece with an empty square beyond, jumps it when its own side is to move (each step
    passes the turn, so the walk's length has the parity that makes it so; where no walk
    has, another piece first steps aside and back), the jump is undone, and the walk is
    retraced. Returns (steps, jump, steps back); the counter ends at len(steps back). The
    caller checks the result on a copy of the state.
    """

    def empty(cell):
        return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE and cell not in board

    def steps_from(cell, piece):
        for direction, (dr, dc) in enumerate(DIRECTIONS):
            to = (cell[0] + dr, cell[1] + dc)
            if empty(to) and to[0] != crown_row(piece):
                yield direction, to

    def can_jump_again(cell, over, side):
        """Whether a piece landing on `cell` could jump on (OpenSpiel would then wait for
        that second jump, and undoing the first does not clear the wait)."""
        for dr, dc in DIRECTIONS:
            next_over, to = (cell[0] + dr, cell[1] + dc), (cell[0] + 2 * dr, cell[1] + 2 * dc)
            if next_over != over and next_over in board and owner(board[next_over]) != side \
                    and empty(to):
                return True
        return False

    def first_jump(cell, side):
        for direction, (dr, dc) in enumerate(DIRECTIONS):
            over, to = (cell[0] + dr, cell[1] + dc), (cell[0] + 2 * dr, cell[1] + 2 * dc)
            if over in board and owner(board[over]) != side and empty(to) \
                    and not can_jump_again(to, over, side):
                return encode_action(cell[0], cell[1], direction, CAPTURE)
        return None

    def walks(to_move):
        """The shortest walk and jump over all walkers, for this side to move."""
        best = None
        for start, piece in sorted(board.items()):
            del board[start]  # the walker's square is empty once it has left
            paths, frontier = {start: []}, [start]
            while frontier:
                cell = frontier.pop(0)
                path = paths[cell]
                if best is not None and len(path) >= len(best[0]):
                    break
                if to_move ^ (len(path) % 2) == owner(piece):
                    jump = first_jump(cell, owner(piece))
                    if jump is not None:
                        best = (path, jump)
                        break
                for direction, to in steps_from(cell, piece):
                    if to not in paths:
                        paths[to] = path + [(cell, direction, to)]
                        frontier.append(to)
            board[start] = piece
        return best

    def retraced(path):
        return [encode_action(t[0], t[1], (d + 2) % 4, NORMAL) for _, d, t in reversed(path)]

    def forward(path):
        return [encode_action(c[0], c[1], d, NORMAL) for c, d, _ in path]

    found = walks(to_move)
    if found is not None:
        return forward(found[0]), found[1], retraced(found[0])
    # No walk of the right parity: one piece steps aside first, and back at the end.
    for cell, piece in sorted(board.items()):
        for direction, to in steps_from(cell, piece):
            del board[cell]
            board[to] = piece
            found = walks(1 - to_move)
            del board[to]
            board[cell] = piece
            if found is not None:
                aside = [(cell, direction, to)]
                return (forward(aside + found[0]), found[1], retraced(aside + found[0]))
    return None


class OpenSpielSeat:
    """An OpenSpiel checkers state kept in step with the arena's game, and its MCTSBot."""

    def __init__(self, simulations, uct_c, own_rules=False):
        import pyspiel  # only here: the self-test needs no OpenSpiel

        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("checkers")
        self.simulations, self.uct_c = simulations, uct_c
        # Under OpenSpiel's own rules (the arena playing `english:no_capture=40,repetitions=0`)
        # the counter is the game's: it is never reset, and the search sees the real horizon.
        self.own_rules = own_rules
        self.state, self.bot, self.played, self.seed = None, None, 0, None
        self.resets = self.resets_missed = 0

    def new_game(self, seed):
        ps = self.pyspiel
        self.seed = seed
        self.state = self.game.new_initial_state()
        # OpenSpiel takes int seeds; both come from the arena's seed for the game.
        evaluator = ps.RandomRolloutEvaluator(1, seed % 2**31)
        self.bot = ps.MCTSBot(self.game, evaluator, self.uct_c, self.simulations,
                              1000, True, (seed >> 31) % 2**31, False)
        self.played = 0

    def reset_counter(self):
        """Brings OpenSpiel's no-capture counter back near 0 (see `counter_reset_plan`)."""
        if self.own_rules:
            return
        text, player = str(self.state), self.state.current_player()
        plan = counter_reset_plan(read_board(self.state), player)
        if plan is None:
            self.resets_missed += 1
            return
        steps, jump, back = plan
        state = self.state.clone()
        for action in steps:
            state.apply_action(action)
        # The side to move is the jumper's (the state may look ended: current_player()
        # is no help then).
        row, column, *_ = decode_action(jump)
        side = owner(read_board(state)[(row, column)])
        state.apply_action(jump)
        state.undo_action(side, jump)
        for action in back:
            state.apply_action(action)
        if str(state) != text or state.current_player() != player:
            raise RuntimeError(f"the counter reset changed the position\n{text}\n{state}")
        self.state = state
        self.resets += 1

    def play(self, move):
        self.reset_counter()
        for action in move_to_actions(move):
            if action not in self.state.legal_actions():
                raise RuntimeError(f"move {move!r}: OpenSpiel refuses {self.state.action_to_string(action)}\n{self.state}")
            self.state.apply_action(action)

    def choose(self, legal, position, moves, seed):
        if position is not None:
            raise RuntimeError("OpenSpiel's checkers cannot start from a given position")
        if self.seed != seed or len(moves) < self.played:
            self.new_game(seed)
        for move in moves[self.played:]:
            self.play(move)
        self.reset_counter()
        me = self.state.current_player()
        actions = []
        while not self.state.is_terminal() and self.state.current_player() == me:
            action = self.bot.step(self.state)
            self.state.apply_action(action)
            actions.append(action)
        self.played = len(moves) + 1
        move = actions_to_move(actions)
        if move not in legal:
            raise RuntimeError(f"OpenSpiel chose {move!r}, not among the legal {legal}")
        return move


# ------------------------------------------------------------------ International, dame-rs


def draughts_cell(square):
    """(row, column) of a square (1-50) of the 10x10 board."""
    row, index = divmod(square - 1, 5)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def draughts_square(row, column):
    return 5 * row + column // 2 + 1


def captured_squares(board, path):
    """The squares a capture along the landing squares `path` takes: on each leg's
    diagonal, the one piece between its two ends."""
    taken = []
    for a, b in zip(path, path[1:]):
        (r, c), (r2, c2) = draughts_cell(a), draughts_cell(b)
        dr, dc = (r2 > r) - (r2 < r), (c2 > c) - (c2 < c)
        r, c = r + dr, c + dc
        while (r, c) != (r2, c2):
            square = draughts_square(r, c)
            if board.piece_at(square) is not None and square != path[0]:
                taken.append(square)
            r, c = r + dr, c + dc
    return sorted(taken)


class DameSeat:
    """A dame-rs board kept in step with the arena's moves, and its Engine."""

    def __init__(self, depth):
        import dame  # only here: the self-test needs no dame-rs

        self.dame = dame
        self.depth = depth
        self.engine = dame.Engine(hash_mb=16)
        self.seed, self.board = None, None

    def read_move(self, board, text):
        """Our move text as dame-rs's move. dame-rs reads a path of landing squares, but
        finds some ambiguous (two legal captures through the same squares, taking
        different pieces): then the pieces our path takes decide."""
        try:
            return board.parse_move(text)
        except self.dame.IllegalMoveError:
            path = [int(square) for square in text.split("x")]
            taken = captured_squares(board, path)
            for move in board.legal_moves:
                if (move.from_square, move.to_square, sorted(move.captured)) == \
                        (path[0], path[-1], taken):
                    return move
            raise

    def choose(self, legal, position, moves, seed):
        if position is not None:
            raise RuntimeError("this seat plays from the start position only")
        if seed != self.seed or len(moves) < self.board.ply:
            # A fresh table each game: what a process played before must not change a move.
            self.engine.clear()
            self.seed, self.board = seed, self.dame.Board()
        board = self.board
        for move in moves[board.ply:]:
            board.push(self.read_move(board, move))
        result = self.engine.search(board, depth=self.depth)
        log("search", 1000 * result.elapsed)
        # Our capture text lists the landing squares; dame-rs reads such a path, and two
        # paths with the same ends and captures give the same position.
        for text in legal:
            if self.read_move(board, text) == result.best_move:
                board.push(result.best_move)
                return text
        raise RuntimeError(f"dame-rs chose {result.best_move.hub()}, not among the legal {legal}")


# ------------------------------------------------------------------------- timing, main


def log(word, milliseconds):
    """Appends one timing line to standard error in a single write: with THREADS=N the
    arena appends every process of the seat to one log file, and a line written in pieces
    could interleave with another process's."""
    sys.stderr.write(f"{word} {milliseconds:.3f}\n")
    sys.stderr.flush()


def timed(choose):
    """Wraps `choose` to log this seat's time a move and the opponent's gap before it."""
    last = {"seed": None, "answered": None, "plies": 0}

    def wrapper(legal, position, moves, seed):
        start = time.perf_counter()
        # The gap is one opponent move only within a game: same seed, the list grown by 2.
        if last["seed"] == seed and len(moves) == last["plies"] + 2:
            log("opponent", 1000 * (start - last["answered"]))
        move = choose(legal, position, moves, seed)
        log("own", 1000 * (time.perf_counter() - start))
        last.update(seed=seed, answered=time.perf_counter(), plies=len(moves))
        return move

    return wrapper


def selftest(games_files=()):
    """Checks the English <-> OpenSpiel translation against facts read off OpenSpiel, and
    round-trips every move of the English `games.csv` files given."""
    # OpenSpiel's seven first moves (its `legal_actions()` and `action_to_string()` at the
    # start) are our first player's seven: 9-13 10-14 10-15 11-15 11-16 12-16.
    openspiel_start = {322: "a3b4", 336: "c3b4", 338: "c3d4", 352: "e3d4", 354: "e3f4",
                       368: "g3f4", 370: "g3h4"}
    ours = {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}
    assert {actions_to_move([a]) for a in openspiel_start} == ours, "first moves differ"
    for action, text in openspiel_start.items():
        row, column, end_row, end_column, _ = decode_action(action)
        name = f"{'abcdefgh'[column]}{SIZE - row}{'abcdefgh'[end_column]}{SIZE - end_row}"
        assert name == text, (action, name, text)
    for square in range(1, 33):
        assert cell_to_square(*square_to_cell(square)) == square
    # Our first player's men start on 1-12 = OpenSpiel's rows 5-7 (its player 0).
    assert {square_to_cell(s)[0] for s in range(1, 13)} == {5, 6, 7}
    for move in ["9-13", "22x15", "15x22x31", "1-5", "32-27"]:
        assert actions_to_move(move_to_actions(move)) == move, move
    try:
        move_to_actions("9-22")
    except ValueError:
        pass
    else:
        raise AssertionError("9-22 accepted")
    moves = 0
    for path in games_files:
        import csv

        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                for move in row["moves"].split():
                    # Every step or jump is one OpenSpiel action between dark squares.
                    actions = move_to_actions(move)
                    assert actions_to_move(actions) == move, move
                    moves += 1
    print(f"anchor_bot selftest: ok ({moves} recorded moves round-tripped)")


def summary(out, peer, ours):
    """Prints the match's figures from a finished run folder: score with its pentanomial
    interval, pair counts, how games ended, and milliseconds a move on each side."""
    import csv
    from collections import Counter

    with open(os.path.join(out, "pairs.csv"), newline="") as f:
        row = next(r for r in csv.DictReader(f) if r["agent"] == ours and r["opponent"] == peer)
    with open(os.path.join(out, "games.csv"), newline="") as f:
        games = list(csv.DictReader(f))
    times = {"own": [], "opponent": [], "search": []}
    garbled = 0
    with open(os.path.join(out, "logs", f"{peer}.log")) as f:
        for line in f:
            word, _, value = line.partition(" ")
            if word in times:
                try:
                    times[word].append(float(value))
                except ValueError:
                    # Runs logged before each line was one write could interleave two
                    # processes' lines; such a line's figures are left out, and counted.
                    garbled += 1
    own, opponent, search = times["own"], times["opponent"], times["search"]
    score, lo, hi = (float(row[k]) for k in ("score", "score_lo", "score_hi"))
    print(f"{ours} against {peer}: {row['games']} games, +{row['wins']} ={row['draws']} "
          f"-{row['losses']}, score {score:.3f} [{lo:.3f}, {hi:.3f}] (+-{(hi - lo) / 2:.3f}, "
          f"pentanomial LL,LD,DD+WL,WD,WW = {row['ll']},{row['ld']},{row['dd_wl']},{row['wd']},{row['ww']})")
    ends = Counter(g["end"] for g in games)
    plies = sum(int(g["plies"]) for g in games)
    print(f"ends: {dict(sorted(ends.items()))}; mean length {plies / len(games):.1f} plies")
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
    print(f"ms a move: {ours} {mean(opponent):.2f} ({len(opponent)} moves, protocol round trip "
          f"included), {peer} {mean(own):.1f} ({len(own)} moves"
          + (f"; its engine's search alone {mean(search):.2f})" if search else ")"))
    if garbled:
        print(f"({garbled} interleaved log lines left out of the milliseconds)")


def main(argv):
    options = {argv[i].lstrip("-"): argv[i + 1] for i in range(1, len(argv) - 1, 2)}
    # (summary takes positional arguments; the options dict is unused there.)
    peer = argv[0] if argv else ""
    if peer == "selftest":
        selftest(argv[1:])
    elif peer == "summary":
        summary(*argv[1:4])
    elif peer == "openspiel":
        seat = OpenSpielSeat(int(options.get("simulations", 10000)), float(options.get("uct-c", 2)),
                             options.get("rules", "arena") == "openspiel")
        run(timed(seat.choose), name=f"openspiel mcts {seat.simulations}")
    elif peer == "dame":
        seat = DameSeat(int(options["depth"]))
        run(timed(seat.choose), name=f"dame-rs depth {seat.depth}")
    else:
        sys.exit("usage: anchor_bot.py openspiel [--simulations N] [--uct-c C] [--rules arena|openspiel] | dame --depth D | selftest")


if __name__ == "__main__":
    main(sys.argv[1:])
