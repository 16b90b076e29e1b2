#!/usr/bin/env python3
"""Pools the game pairs of several runs of the same match (say an anchor run twice, with
two master seeds) and prints the pooled score with its pentanomial interval, computed as
`arena` computes the intervals of `pairs.csv` (stats.md; arena/src/stats/score_interval.rs):
S +- (t_{N-1} s / sqrt(N) + 1/(8N)) over the N pairs, s^2 the unbiased variance floored by
that of the sample with one more pair at 0 and one at 1, or the exact Clopper-Pearson
interval where that leaves (0, 1).

    scripts/pool-pairs.py [--agent NAME] [--confidence C] RUN/pairs.csv [RUN/pairs.csv ...]

Each run must hold the same two agents. `--selftest` checks the interval against one
run's own `pairs.csv` row (pass one file).
"""
import argparse
import csv
import math
import sys

CELLS = ["ll", "ld", "dd_wl", "wd", "ww"]
PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def incomplete_beta(a, b, x):
    """The regularized incomplete beta function I_x(a, b), by its continued fraction."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - incomplete_beta(b, a, 1.0 - x)
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1.0 - x)
    ) / a
    # Lentz's method for the continued fraction 1/(1+ d1/(1+ d2/(1+ ...))).
    tiny = 1e-300
    f, c, d = 1.0, 1.0, 0.0
    for i in range(0, 400):
        m = i // 2
        if i == 0:
            numerator = 1.0
        elif i % 2 == 0:
            numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 + numerator * d
        d = tiny if abs(d) < tiny else d
        d = 1.0 / d
        c = 1.0 + numerator / c
        c = tiny if abs(c) < tiny else c
        f *= c * d
        if abs(1.0 - c * d) < 1e-15:
            break
    return front * (f - 1.0)


def bisect(function, target, lo, hi):
    """The x in [lo, hi] where the increasing `function` reaches `target`."""
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if function(mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def t_quantile(p, dof):
    """The p-quantile (p > 1/2) of Student's t with `dof` degrees of freedom."""
    def cdf(t):
        return 1.0 - 0.5 * incomplete_beta(dof / 2.0, 0.5, dof / (dof + t * t))
    return bisect(cdf, p, 0.0, 1000.0)


def clopper_pearson(successes, trials, tail):
    """The exact interval of a binomial proportion (successes may be fractional)."""
    lo = 0.0 if successes <= 0 else bisect(
        lambda q: incomplete_beta(successes, trials - successes + 1, q), tail, 0.0, 1.0)
    hi = 1.0 if successes >= trials else bisect(
        lambda q: incomplete_beta(successes + 1, trials - successes, q), 1.0 - tail, 0.0, 1.0)
    return lo, hi


def interval(counts, confidence):
    """The score, its interval and the number of pairs, from pentanomial counts."""
    units = sum(counts)
    mean = sum(c * s for c, s in zip(counts, PAIR_SCORES)) / units
    variance = sum(c * (s - mean) ** 2 for c, s in zip(counts, PAIR_SCORES)) / units
    tail = (1.0 - confidence) / 2.0
    if units >= 2:
        unbiased = variance * units / (units - 1)
        m = (units * mean + 1.0) / (units + 2.0)
        widened = (units * (variance + (mean - m) ** 2) + m * m + (1.0 - m) ** 2) / (units + 1)
        half = t_quantile(1.0 - tail, units - 1) * math.sqrt(max(unbiased, widened) / units)
        half += 0.25 / (2.0 * units)
        if mean - half > 0.0 and mean + half < 1.0:
            return mean, mean - half, mean + half
    lo, hi = clopper_pearson(min(max(mean * units, 0.0), units), units, tail)
    return mean, lo, hi


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="+", help="pairs.csv of each run")
    parser.add_argument("--agent", help="the agent whose score to print (default: the first row's)")
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--selftest", action="store_true",
                        help="compare with the one run's own interval")
    args = parser.parse_args()
    counts = [0] * 5
    games = wins = draws = losses = 0
    opponent = None
    for path in args.pairs:
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle))
        agent = args.agent or rows[0]["agent"]
        mine = [r for r in rows if r["agent"] == agent]
        if len(mine) != 1:
            sys.exit(f"{path}: expected one row of agent {agent}, found {len(mine)}")
        row = mine[0]
        if opponent not in (None, row["opponent"]):
            sys.exit(f"{path}: opponent {row['opponent']}, not {opponent} as in the runs before")
        opponent = row["opponent"]
        counts = [c + int(row[k]) for c, k in zip(counts, CELLS)]
        games += int(row["games"])
        wins += int(row["wins"])
        draws += int(row["draws"])
        losses += int(row["losses"])
    score, lo, hi = interval(counts, args.confidence)
    print(f"{agent} against {opponent}: {games} games in {len(args.pairs)} runs, "
          f"+{wins} ={draws} -{losses}, score {score:.3f} [{lo:.3f}, {hi:.3f}] "
          f"(+-{(hi - lo) / 2:.3f}, pentanomial LL,LD,DD+WL,WD,WW = "
          f"{','.join(str(c) for c in counts)})")
    if args.selftest:
        if len(args.pairs) != 1:
            sys.exit("--selftest takes one pairs.csv")
        want = (float(row["score_lo"]), float(row["score_hi"]))
        if abs(want[0] - lo) > 1e-4 or abs(want[1] - hi) > 1e-4:
            sys.exit(f"selftest: the run's own interval is {want}, this script's ({lo:.4f}, {hi:.4f})")
        print("selftest: the run's own interval agrees")


if __name__ == "__main__":
    main()
