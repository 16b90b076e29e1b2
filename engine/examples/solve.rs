//! Solves Leapfrog Race from the start and prints the report: the winner with perfect
//! play, the positions reachable, how many each side wins, and the time taken.
//!
//! `cargo run --release -p engine --example solve [-- --out FILE]`; measure memory with
//! `/usr/bin/time -v target/release/examples/solve`.

use engine::games::leapfrog::solve::SolveTable;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = match (args.next().as_deref(), args.next()) {
        (None, _) => None,
        (Some("--out"), Some(path)) => Some(path),
        _ => {
            eprintln!("usage: solve [--out FILE]");
            std::process::exit(2);
        }
    };
    let table = SolveTable::solve_start();
    println!("{}", table.report());
    if let Some(path) = out {
        if let Err(error) = table.save(&path) {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    }
}
