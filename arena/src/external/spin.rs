//! A short wait for a pipe to have bytes before a blocking one, used by both ends of the
//! arena protocol (the host waiting for a `move`, `arena engine` for its next request).
//!
//! A ply through the protocol is two hand-overs between processes, each of which does
//! almost nothing before it waits again. A process that blocks sends its core to sleep,
//! and on a virtual machine waking a sleeping core to deliver the other side's line costs
//! more than the whole exchange (`BENCHMARKS.md`, the protocol's cost). So a waiter first
//! checks the pipe for a few tens of microseconds, yielding its core between checks so
//! that the process it waits for runs first where they share one, and only then blocks.
//! The answer it waits for comes within that time when the other side is fast (a random
//! or greedy agent, the host itself); a slow one costs the spin once a move.

use std::os::unix::io::RawFd;
use std::time::{Duration, Instant};

/// How long a waiter checks before it blocks.
pub const SPIN: Duration = Duration::from_micros(100);

/// Whether `fd` has bytes to read (or is closed) now, checked without waiting.
pub fn readable_now(fd: RawFd) -> bool {
    let mut poll = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, for the length of the call.
    unsafe { libc::poll(&mut poll, 1, 0) != 0 }
}

/// Checks `fd` until it has bytes to read or `until` passes (whichever first), yielding
/// the core between checks; true if it has bytes (or an error to report).
pub fn readable_soon(fd: RawFd, until: Instant) -> bool {
    loop {
        if readable_now(fd) {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        // SAFETY: no arguments; it only gives the core to another runnable thread.
        unsafe { libc::sched_yield() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::io::AsRawFd;

    #[test]
    fn a_pipe_is_readable_once_written_and_not_before() {
        let (reader, mut writer) = std::io::pipe().expect("a pipe");
        let fd = reader.as_raw_fd();
        assert!(!readable_now(fd));
        assert!(!readable_soon(
            fd,
            Instant::now() + Duration::from_micros(50)
        ));
        writer.write_all(b"move 1-2\n").expect("written");
        assert!(readable_now(fd));
        assert!(readable_soon(fd, Instant::now()));
        drop(writer);
    }

    #[test]
    fn a_closed_pipe_reads_as_ready() {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(writer);
        assert!(readable_soon(reader.as_raw_fd(), Instant::now()));
    }
}
