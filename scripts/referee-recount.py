#!/usr/bin/env python3
"""An independent recount of `arena analyze`'s referee for English checkers.

Reads a run's games.csv (and the config.toml beside it for the opening plies), replays
every game with this file's own English checkers move generator, scores every agent move
with this file's own fixed-depth material search, and prints per agent the moves scored,
the share of gross mistakes (a man or more given away), the share of smaller losses and
the mean loss in men, each with a 95% bootstrap interval over games.

It shares no code with the arena, only the definitions (docs/commands.md, "The
referee"): a man counts 1, a king 1.5; a finished game is worth 10 men to the winner;
each move is searched DEPTH plies in all and captures are played out at the horizon
(the side to move must capture: the position is not counted until it is quiet); the
80-ply rule (80 plies without a capture or a man's move) draws. It does not know the
threefold repetition rule, which the arena's search does: a line that repeats inside
the horizon may score differently, rarely.

    scripts/referee-recount.py results/english-run/games.csv --depth 6 --jobs 2

Standard library only.
"""

import argparse
import csv
import os
import random
import sys
import tomllib
from multiprocessing import Pool

MAN, KING = 100, 150
DECIDED = 1000
MAX_PLY = 128
QUIET_LIMIT = 80

# Squares 1..32 in PDN order: row r = (n - 1) // 4 from Black's side, four a row.
# Black (moves first) starts on 1-12 and moves towards 32; White starts on 21-32.
COORD = {}
SQUARE = {}
for n in range(1, 33):
    r, i = divmod(n - 1, 4)
    c = 2 * i + 1 if r % 2 == 0 else 2 * i
    COORD[n] = (r, c)
    SQUARE[(r, c)] = n
# Directions: (row step, column step); Black's men go +1 in rows, White's -1.
DIRS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
STEP = {}
JUMP = {}
for n, (r, c) in COORD.items():
    for d, (dr, dc) in enumerate(DIRS):
        STEP[n, d] = SQUARE.get((r + dr, c + dc), 0)
        JUMP[n, d] = SQUARE.get((r + 2 * dr, c + 2 * dc), 0)
BLACK_MEN_DIRS = (2, 3)
WHITE_MEN_DIRS = (0, 1)
ALL_DIRS = (0, 1, 2, 3)


class Position:
    """A board (index 1..32: 0 empty, +1/+2 Black man/king, -1/-2 White), the side to
    move (+1 Black, -1 White) and the plies since a capture or a man's move."""

    __slots__ = ("board", "side", "quiet")

    def __init__(self):
        self.board = [0] * 33
        for n in range(1, 13):
            self.board[n] = 1
        for n in range(21, 33):
            self.board[n] = -1
        self.side = 1
        self.quiet = 0


def piece_dirs(piece):
    if piece == 1:
        return BLACK_MEN_DIRS
    if piece == -1:
        return WHITE_MEN_DIRS
    return ALL_DIRS


def crowns(piece, square):
    return (piece == 1 and square >= 29) or (piece == -1 and square <= 4)


def moves(pos):
    """Every legal move: (path of squares, captured squares). Captures are compulsory,
    a capture goes on while it can, and a man that reaches the far row stops there."""
    board, side = pos.board, pos.side
    jumps = []
    for s in range(1, 33):
        piece = board[s]
        if piece * side <= 0:
            continue
        board[s] = 0
        _jumps_from(board, piece, s, [s], [], jumps)
        board[s] = piece
    if jumps:
        return jumps
    steps = []
    for s in range(1, 33):
        piece = board[s]
        if piece * side <= 0:
            continue
        for d in piece_dirs(piece):
            t = STEP[s, d]
            if t and board[t] == 0:
                steps.append(([s, t], []))
    return steps


def _jumps_from(board, piece, s, path, taken, out):
    found = False
    if not (len(path) > 1 and crowns(piece, s) and abs(piece) == 1):
        for d in piece_dirs(piece):
            mid, land = STEP[s, d], JUMP[s, d]
            if not land or board[land] != 0 or mid in taken:
                continue
            if board[mid] * piece >= 0:
                continue
            found = True
            _jumps_from(board, piece, land, path + [land], taken + [mid], out)
    if not found and taken:
        out.append((path, taken))


def play(pos, move):
    """Plays `move`; returns what `undo` needs."""
    path, taken = move
    board = pos.board
    start, end = path[0], path[-1]
    piece = board[start]
    removed = [(t, board[t]) for t in taken]
    board[start] = 0
    for t in taken:
        board[t] = 0
    crowned = abs(piece) == 1 and crowns(piece, end)
    board[end] = piece * 2 if crowned else piece
    quiet = pos.quiet
    pos.quiet = 0 if (taken or abs(piece) == 1) else quiet + 1
    pos.side = -pos.side
    return (piece, removed, quiet)


def undo(pos, move, saved):
    path, _ = move
    piece, removed, quiet = saved
    board = pos.board
    board[path[-1]] = 0
    board[path[0]] = piece
    for t, p in removed:
        board[t] = p
    pos.quiet = quiet
    pos.side = -pos.side


def material(pos):
    """Men and kings of the side to move less the opponent's, in hundredths of a man."""
    total = 0
    for p in pos.board:
        if p:
            total += (MAN if abs(p) == 1 else KING) * (1 if p > 0 else -1)
    return total * pos.side


def negamax(pos, depth, ply, alpha, beta):
    listed = moves(pos)
    if not listed:
        return -DECIDED
    if pos.quiet >= QUIET_LIMIT:
        return 0
    capturing = bool(listed[0][1])
    if depth <= 0 and (ply + 1 >= MAX_PLY or not capturing):
        return material(pos)
    for move in listed:
        saved = play(pos, move)
        value = -negamax(pos, depth - 1, ply + 1, -beta, -alpha)
        undo(pos, move, saved)
        if value > alpha:
            alpha = value
            if alpha >= beta:
                break
    return alpha


def rate(pos, played, depth):
    """(best, played) values of the mover's moves, each searched `depth` plies in all."""
    inf = 2 * DECIDED
    saved = play(pos, played)
    played_value = -negamax(pos, depth - 1, 1, -inf, inf)
    undo(pos, played, saved)
    best = played_value
    for move in moves(pos):
        if move == played:
            continue
        saved = play(pos, move)
        best = max(best, -negamax(pos, depth - 1, 1, -inf, -best))
        undo(pos, move, saved)
    return best, played_value


def parse(pos, text):
    """The legal move that `text` ("11-15", "15x24", "15x24x31") names."""
    numbers = [int(n) for n in text.replace("x", "-").split("-")]
    capture = "x" in text
    candidates = [
        m
        for m in moves(pos)
        if m[0][0] == numbers[0] and m[0][-1] == numbers[-1] and bool(m[1]) == capture
    ]
    if len(candidates) > 1 and len(numbers) > 2:
        candidates = [m for m in candidates if m[0] == numbers]
    # Paths with the same ends and the same men taken are one move.
    distinct = {(tuple(m[0][:1] + m[0][-1:]), tuple(sorted(m[1]))) for m in candidates}
    if len(distinct) != 1:
        raise ValueError(f"move {text!r}: {len(distinct)} legal moves match")
    return candidates[0]


def score_game(job):
    moves_text, opening, depth = job
    pos = Position()
    tally = {1: [0, 0, 0, 0], -1: [0, 0, 0, 0]}  # moves, gross, small, loss
    for ply, text in enumerate(moves_text.split()):
        move = parse(pos, text)
        if ply >= opening:
            best, played = rate(pos, move, depth)
            loss = best - played
            t = tally[pos.side]
            t[0] += 1
            if loss >= MAN:
                t[1] += 1
            elif loss > 0:
                t[2] += 1
            t[3] += loss
        play(pos, move)
    # Seat A (the first agent named in the row) is Black, who moves first.
    return tally[1], tally[-1]


def bootstrap(games, index, seed, resamples=1000):
    """The pooled share (or mean) of column `index` over moves, with a 95% interval
    that resamples whole games."""
    rng = random.Random(seed)
    moves = sum(g[0] for g in games)
    events = sum(g[index] for g in games)
    if moves == 0:
        return float("nan"), float("nan"), float("nan")
    rates = []
    for _ in range(resamples):
        pick = [games[rng.randrange(len(games))] for _ in games]
        m = sum(g[0] for g in pick)
        if m:
            rates.append(sum(g[index] for g in pick) / m)
    rates.sort()
    lo = rates[int(0.025 * (len(rates) - 1))]
    hi = rates[int(0.975 * (len(rates) - 1))]
    return events / moves, lo, hi


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="the games.csv of an English checkers run")
    parser.add_argument("--depth", type=int, default=6, help="plies a move (1 to 12)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=0, help="score the first N games only")
    args = parser.parse_args()
    if not 1 <= args.depth <= 12:
        parser.error(f"--depth {args.depth}: expected 1 to 12")
    config_path = os.path.join(os.path.dirname(args.games) or ".", "config.toml")
    with open(config_path, "rb") as f:
        config = tomllib.load(f)
    game = config.get("game", "")
    if game != "english":
        sys.exit(f"{config_path}: game {game!r}: this recount knows English checkers only")
    opening = int(config.get("opening_plies", 0))
    with open(args.games, newline="") as f:
        rows = list(csv.DictReader(f))
    if args.limit:
        rows = rows[: args.limit]
    jobs = [(row["moves"], opening, args.depth) for row in rows]
    with Pool(args.jobs) as pool:
        scored = pool.map(score_game, jobs, chunksize=1)
    per_agent = {}
    for row, (first, second) in zip(rows, scored):
        per_agent.setdefault(row["first"], []).append(first)
        per_agent.setdefault(row["second"], []).append(second)
    print("agent,games,moves,gross_rate,gross_lo,gross_hi,small_rate,small_lo,small_hi,"
          "mean_loss,mean_loss_lo,mean_loss_hi")
    for k, (name, games) in enumerate(per_agent.items()):
        moves_scored = sum(g[0] for g in games)
        fields = [name, str(len(games)), str(moves_scored)]
        for index, scale in ((1, 1), (2, 1), (3, MAN)):
            rate_, lo, hi = bootstrap(games, index, seed=1000 * k + index)
            fields += [f"{rate_ / scale:.4f}", f"{lo / scale:.4f}", f"{hi / scale:.4f}"]
        print(",".join(fields))


if __name__ == "__main__":
    main()
