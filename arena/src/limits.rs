//! What this machine can do, and the estimates that sizes from a config or the command
//! line are checked against before any work starts: worker threads against the cores,
//! and the memory of the bootstrap and of the rows a run holds against the memory.

/// Worker threads beyond this many per core only add switching: counts above are capped.
pub const THREADS_PER_CORE: usize = 4;

/// Bytes of one recorded game besides its moves: the row, its seat names, the summaries'
/// share of it (a generous bound: a row of two short names takes about 100).
const ROW_BYTES: u64 = 256;

/// Bytes of one move in a row's move list, separator included (`11x18x25 ` is 9).
const MOVE_BYTES: u64 = 8;

/// Bytes a run (`arena run`, `arena merge`) holds for each game of its schedule: the
/// kind of its set's bootstrap unit (four bytes a set of two or more games, the list
/// doubled at worst while it grows) and a bit for resuming. Everything else it holds is
/// bounded by the agents, the pairings and the threads, not by the games.
const RUN_GAME_BYTES: u64 = 4;

/// The worker threads when a config names none: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most worker threads worth starting here.
pub fn max_threads() -> usize {
    default_threads() * THREADS_PER_CORE
}

/// `threads`, or [`max_threads`] with a note saying why when it asks for more.
pub fn cap_threads(threads: usize) -> (usize, Option<String>) {
    let most = max_threads();
    if threads <= most {
        return (threads, None);
    }
    let note = format!(
        "note: {threads} threads capped to {most} ({THREADS_PER_CORE} per core on {}); \
         the results are the same at any thread count",
        crate::console::counted(default_threads(), "core")
    );
    (most, Some(note))
}

/// The memory one run may plan to use: half of this machine's (4 GiB where it cannot be
/// read).
pub fn memory_budget() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    total.map_or(4 << 30, |bytes| bytes / 2)
}

/// Bytes that `count` items of `each` bytes take, saturating.
pub fn bytes_of(count: u64, each: u64) -> u64 {
    count.saturating_mul(each)
}

/// The memory of the bootstrap: `resamples` ratings of each of `agents` agents.
pub fn bootstrap_bytes(resamples: u64, agents: u64) -> u64 {
    bytes_of(resamples, agents.saturating_mul(8))
}

/// An upper estimate of the memory of one recorded game of at most `max_plies` plies.
pub fn row_bytes(max_plies: u32) -> u64 {
    ROW_BYTES + MOVE_BYTES * u64::from(max_plies)
}

/// Checks that `games` recorded games of at most `max_plies` plies, held in memory at
/// once, fit: `Err` says how much they need and the most games that fit, then `advice`
/// (which fields to lower).
///
/// # Errors
/// The games' estimate exceeds [`memory_budget`].
pub fn check_games(games: u64, max_plies: u32, advice: &str) -> Result<(), String> {
    let each = row_bytes(max_plies);
    check_memory(
        &format!("{games} games of up to {max_plies} plies"),
        bytes_of(games, each),
        each,
        &format!("games: {advice}"),
    )
}

/// Checks that a run of `games` games fits: what it holds for each game (four bytes at
/// most), against [`memory_budget`].
///
/// # Errors
/// The estimate exceeds the budget: the message says how much the games need and the
/// most that fit.
pub fn check_run_games(games: u64) -> Result<(), String> {
    check_memory(
        &format!("{games} games"),
        bytes_of(games, RUN_GAME_BYTES),
        RUN_GAME_BYTES,
        "games: lower games_per_pair",
    )
}

/// Checks an estimate against [`memory_budget`]: `Err` says what needs how much, and
/// the most that fits (of `unit`, each `each` bytes).
///
/// # Errors
/// The estimate exceeds the budget; the message starts with `what` (e.g.
/// "4294967295 resamples of 3 ratings") and ends with the most that fits.
pub fn check_memory(what: &str, bytes: u64, each: u64, unit: &str) -> Result<(), String> {
    let budget = memory_budget();
    if bytes <= budget {
        return Ok(());
    }
    Err(format!(
        "{what} need about {} of memory, more than this machine allows a run ({}, half its \
         memory): expected at most {} {unit}",
        human(bytes),
        human(budget),
        budget / each.max(1)
    ))
}

/// A byte count for people: `103 GB`, `512 MB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "kB", "MB", "GB", "TB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.0} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_and_caps() {
        assert_eq!(human(103_079_215_080), "103 GB");
        assert_eq!(bootstrap_bytes(u64::from(u32::MAX), 3), 103_079_215_080);
        let e = check_memory("huge", u64::MAX, 8, "resamples").unwrap_err();
        assert!(
            e.starts_with("huge need about ") && e.ends_with(" resamples"),
            "{e}"
        );
        assert!(check_memory("small", 1000, 8, "resamples").is_ok());
        let (threads, note) = cap_threads(100_000);
        assert_eq!(threads, max_threads());
        assert!(note.unwrap().contains("100000 threads capped"));
        assert_eq!(cap_threads(1), (1, None));
    }
}
