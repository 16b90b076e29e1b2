//! Prints the coverage of the 95% score interval by exact enumeration (every outcome of N
//! game pairs weighed by its probability), for the arena's interval and two others, at the
//! true pentanomial distributions docs/statistics.md lists:
//!
//! ```sh
//! cargo run --release -p arena --example coverage
//! ```

use arena::stats::coverage::{coverage, true_score, worst_on_grid, Method};
use arena::stats::Z_95;

/// True pentanomial distributions (probabilities of the pair scores 0, 1/4, 1/2, 3/4, 1).
const CASES: [(&str, [f64; 5]); 5] = [
    // Equal agents, no draws, the first player wins 60%: WW = LL = 0.6·0.4.
    ("equal agents, no draws", [0.24, 0.0, 0.52, 0.0, 0.24]),
    // Equal agents, half the games drawn.
    (
        "equal agents, half drawn",
        [0.0625, 0.25, 0.375, 0.25, 0.0625],
    ),
    // Leapfrog Race, 10 random opening plies: the observed frequencies of 20,000 game
    // pairs of each pairing (the run is in docs/statistics.md).
    ("greedy v minimax:depth=2", GREEDY_V_MINIMAX2),
    ("greedy v random", GREEDY_V_RANDOM),
    // Every pair won outright.
    ("certain win (true 1)", [0.0, 0.0, 0.0, 0.0, 1.0]),
];

/// Greedy against minimax:depth=2 on Leapfrog Race: of 20,000 pairs, 5,943 LL, 10,039
/// WL and 4,018 WW (no draws in Leapfrog Race); true score 0.4519.
const GREEDY_V_MINIMAX2: [f64; 5] = [0.29715, 0.0, 0.50195, 0.0, 0.2009];
/// Greedy against random on Leapfrog Race: 2 LL, 162 WL and 19,836 WW of 20,000 pairs;
/// true score 0.9959.
const GREEDY_V_RANDOM: [f64; 5] = [0.0001, 0.0, 0.0081, 0.0, 0.9918];

const PAIRS: [u64; 6] = [5, 8, 10, 20, 50, 100];

fn main() {
    println!("Coverage of the 95% score interval (exact enumeration)\n");
    print!("| case | true score | method |");
    for pairs in PAIRS {
        print!(" {pairs} pairs |");
    }
    print!("\n|---|---|---|");
    for _ in PAIRS {
        print!("---|");
    }
    println!();
    for (name, p) in CASES {
        for method in Method::ALL {
            print!("| {name} | {:.4} | {} |", true_score(&p), method.name());
            for pairs in PAIRS {
                print!(" {:.3} |", coverage(pairs, &[p], method, Z_95)[0]);
            }
            println!();
        }
    }

    let steps = 20;
    println!(
        "\nLowest coverage over every distribution with probabilities in steps of 1/{steps}\n"
    );
    println!("| method | pairs | lowest coverage | at distribution | true score |");
    println!("|---|---|---|---|---|");
    for method in Method::ALL {
        for pairs in [5, 8, 10, 20] {
            let (c, p) = worst_on_grid(pairs, steps, method, Z_95);
            println!(
                "| {} | {pairs} | {c:.3} | {p:?} | {:.3} |",
                method.name(),
                true_score(&p)
            );
        }
    }
}
