//! Solves Leapfrog Race from the start and prints the report: the winner with perfect
//! play, the positions reachable, how many each side wins, and the time taken.
//!
//! `cargo run --release -p engine --example solve [-- --out FILE | --load FILE]`: with
//! `--out` the table is also saved; with `--load` a saved table is loaded and checked
//! instead of solved. Measure memory with `/usr/bin/time -v target/release/examples/solve`.

use engine::games::leapfrog::solve::SolveTable;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (table, out) = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => (SolveTable::solve_start(), None),
        ["--out", path] => (SolveTable::solve_start(), Some(path)),
        ["--load", path] => match SolveTable::load(path) {
            Ok(table) => (table, None),
            Err(error) => {
                eprintln!("error: {error}");
                std::process::exit(1);
            }
        },
        _ => {
            eprintln!("usage: solve [--out FILE | --load FILE]");
            std::process::exit(2);
        }
    };
    println!("{}", table.report());
    if let Some(path) = out {
        if let Err(error) = table.save(path) {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    }
}
