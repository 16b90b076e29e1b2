"""How varied an agent's play is: from positions of a run's games, the number of
different moves an agent chooses when it is reseeded (five seeds a position).

A deterministic agent (a budget alone) answers a position the same way every time: 1.0.
Noise (epsilon, temperature) varies the reply; how much, at equal strength, is one of the
figures a designer weighs against the mistakes the referee counts.

    python bench/variety.py GAMES_CSV GAME SPEC [SPEC ...] [--every 7] [--seeds 5]

GAME is the run's game name (with options); positions are every `--every`-th ply of
every game of the run's `games.csv` that leaves a choice of moves.
"""

import argparse
import csv

import leapfrog_arena as la


def positions(game, games_csv, every):
    for row in csv.DictReader(open(games_csv, newline="")):
        state = game.new_state()
        for ply, move in enumerate(row["moves"].split()):
            if ply % every == 0 and len(state.legal_actions()) > 1:
                yield state.clone()
            state.play(move)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("games_csv")
    parser.add_argument("game")
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    game = la.Game(args.game)
    sample = list(positions(game, args.games_csv, args.every))
    print(f"{len(sample)} positions from {args.games_csv}, {args.seeds} seeds each")
    print("| spec | distinct replies a position (of up to the seeds) | positions with one reply |")
    print("|---|---|---|")
    for spec in args.specs:
        agents = [la.Agent(spec, game, seed=seed) for seed in range(1, args.seeds + 1)]
        counts = [len({agent.choose(state) for agent in agents}) for state in sample]
        print(f"| `{spec}` | {sum(counts) / len(counts):.2f} | "
              f"{sum(1 for c in counts if c == 1) / len(counts):.2f} |")


if __name__ == "__main__":
    main()
