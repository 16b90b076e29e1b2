//! The arena's own lines on the terminal: notes and errors on standard error that never
//! panic, standard output that notices when its reader has gone (`arena ... | head`),
//! and counted nouns (`1 thread`, `2 threads`) for the messages.
//!
//! A closed pipe is not an error of the arena's: the reader saw what it wanted. The
//! command line ends quietly with the status a shell gives a program killed by SIGPIPE,
//! rather than a message (to a reader that has gone, too, when standard error shares the
//! pipe) or a panic. The arena keeps SIGPIPE ignored, as Rust programs start: a
//! `cmd:` program that exits early must give the arena a write error, not kill it.

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The exit status of a program killed by SIGPIPE, as a shell reports it (128 + 13).
pub const CLOSED_PIPE_STATUS: u8 = 141;

/// Writes `line` and a newline to standard error. A standard error that cannot be
/// written (closed, full) loses the line rather than panicking, as `eprintln!` would.
pub fn note(line: &str) {
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "{line}");
}

/// A writer that passes everything to `inner` and remembers whether a write or flush
/// failed because the reader has closed its end ([`io::ErrorKind::BrokenPipe`]).
#[derive(Debug)]
pub struct Watched<W> {
    inner: W,
    closed: Arc<AtomicBool>,
}

impl<W: Write> Watched<W> {
    /// `inner`, watched.
    pub fn new(inner: W) -> Watched<W> {
        Watched {
            inner,
            closed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A flag that turns true once a write found the reader gone; it can be read after
    /// the writer has been handed on.
    pub fn closed_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.closed)
    }

    fn watch<T>(&self, result: io::Result<T>) -> io::Result<T> {
        if let Err(error) = &result {
            if error.kind() == io::ErrorKind::BrokenPipe {
                self.closed.store(true, Ordering::Relaxed);
            }
        }
        result
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        self.watch(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.watch(result)
    }
}

/// `count` and `noun`, the noun in the plural unless the count is one: `1 thread`,
/// `4 threads`, `2 plies`. `noun` is the singular; a consonant and `y` end it in `ies`,
/// anything else takes an `s`.
pub fn counted<N: Display + PartialEq + From<u8>>(count: N, noun: &str) -> String {
    if count == N::from(1) {
        return format!("{count} {noun}");
    }
    let consonant_y = noun.strip_suffix('y').filter(|stem| {
        stem.chars()
            .last()
            .is_some_and(|c| !"aeiou".contains(c.to_ascii_lowercase()))
    });
    match consonant_y {
        Some(stem) => format!("{count} {stem}ies"),
        None => format!("{count} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nouns_are_counted() {
        assert_eq!(counted(1usize, "thread"), "1 thread");
        assert_eq!(counted(0u32, "game"), "0 games");
        assert_eq!(counted(2u64, "ply"), "2 plies");
        assert_eq!(counted(1u32, "ply"), "1 ply");
        assert_eq!(counted(3usize, "day"), "3 days");
    }

    /// A writer whose reader has gone.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_reader_is_noticed_and_other_errors_are_not() {
        let mut gone = Watched::new(Gone);
        let flag = gone.closed_flag();
        assert!(!flag.load(Ordering::Relaxed));
        assert!(writeln!(gone, "line").is_err());
        assert!(flag.load(Ordering::Relaxed));

        let mut full = Watched::new(io::Cursor::new([0u8; 2]));
        let flag = full.closed_flag();
        assert!(full.write_all(b"too long").is_err());
        assert!(!flag.load(Ordering::Relaxed));
    }
}
