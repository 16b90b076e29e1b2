//! An external agent's output, read line by line with a deadline. On Unix the host's own
//! thread waits on the pipe, a short spin and then poll(2): a move costs the host at most
//! one wake-up, not two (a reader thread's and then its own), and no allocation.
//! Elsewhere a reader thread passes the lines on through a channel.

use std::process::ChildStdout;
use std::time::Instant;

/// Why a wait for a line ended without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Silence {
    /// The agent closed its output (it exited or crashed).
    Closed,
    /// No line came in time.
    Timeout,
}

/// The longest line kept: a longer one is cut there (and read as a bad answer), so that
/// a program that prints without end cannot exhaust the arena's memory.
pub const MAX_LINE: usize = 1 << 20;

/// The lines of an agent's output.
pub struct Lines {
    reader: Reader,
    /// The last line read, without its `\n` (or `\r\n`).
    line: String,
}

impl Lines {
    /// Reads `output` from now on.
    ///
    /// # Errors
    /// The reader cannot start (a thread, where there is one).
    pub fn new(output: ChildStdout) -> std::io::Result<Lines> {
        Ok(Lines {
            reader: Reader::new(output)?,
            line: String::new(),
        })
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// The output closed, or the deadline passed.
    pub fn next(&mut self, deadline: Instant) -> Result<&str, Silence> {
        self.reader.next_into(&mut self.line, deadline)?;
        Ok(&self.line)
    }

    /// The last line [`Lines::next`] returned.
    pub fn last(&self) -> &str {
        &self.line
    }
}

/// Moves `bytes` (one line, its newline left out) into `line`, a `\r` before the newline
/// dropped and invalid UTF-8 replaced.
fn set_line(line: &mut String, bytes: &[u8]) {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    line.clear();
    line.push_str(&String::from_utf8_lossy(bytes));
}

#[cfg(unix)]
use self::unix::Reader;

#[cfg(not(unix))]
use self::threaded::Reader;

#[cfg(unix)]
mod unix {
    use std::io::{self, Read};
    use std::os::unix::io::AsRawFd;
    use std::process::ChildStdout;
    use std::time::Instant;

    use super::super::spin::{self, SPIN};
    use super::{set_line, Silence, MAX_LINE};

    /// Bytes read ahead of the lines taken.
    pub struct Reader {
        pipe: ChildStdout,
        buffer: Vec<u8>,
        /// Where the lines not yet taken start in `buffer`.
        start: usize,
    }

    impl Reader {
        pub fn new(pipe: ChildStdout) -> io::Result<Reader> {
            Ok(Reader {
                pipe,
                buffer: Vec::with_capacity(4096),
                start: 0,
            })
        }

        pub fn next_into(&mut self, line: &mut String, deadline: Instant) -> Result<(), Silence> {
            loop {
                // A line already read is taken without looking at the clock.
                let pending = &self.buffer[self.start..];
                if let Some(end) = pending.iter().position(|&b| b == b'\n') {
                    set_line(line, &pending[..end]);
                    self.start += end + 1;
                    return Ok(());
                }
                if pending.len() >= MAX_LINE {
                    set_line(line, &pending[..MAX_LINE]);
                    self.start += MAX_LINE;
                    return Ok(());
                }
                self.buffer.drain(..self.start);
                self.start = 0;
                self.wait(deadline)?;
                let filled = self.buffer.len();
                self.buffer.resize(filled + 4096, 0);
                let read = self.pipe.read(&mut self.buffer[filled..]);
                self.buffer.truncate(filled + *read.as_ref().unwrap_or(&0));
                match read {
                    Ok(0) => return Err(Silence::Closed),
                    Ok(_) => {}
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => return Err(Silence::Closed),
                }
            }
        }

        /// Waits until the pipe has bytes (or is closed), or `deadline` passes: a short
        /// spin first, since a fast agent answers within it (`super::spin`).
        fn wait(&self, deadline: Instant) -> Result<(), Silence> {
            if spin::readable_soon(self.pipe.as_raw_fd(), deadline.min(Instant::now() + SPIN)) {
                return Ok(());
            }
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(Silence::Timeout);
                }
                // Rounded up, so that a wait never returns before its deadline.
                let millis = i32::try_from(left.as_micros().div_ceil(1000)).unwrap_or(i32::MAX);
                let mut fd = libc::pollfd {
                    fd: self.pipe.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                };
                // SAFETY: one valid pollfd, for the length of the call.
                let ready = unsafe { libc::poll(&mut fd, 1, millis) };
                if ready > 0 {
                    return Ok(());
                }
                if ready < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    return Err(Silence::Closed);
                }
            }
        }
    }
}

#[cfg(not(unix))]
mod threaded {
    use std::io::{self, BufRead, BufReader, Read};
    use std::process::ChildStdout;
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
    use std::time::Instant;

    use super::{set_line, Silence, MAX_LINE};

    /// The lines a reader thread has read.
    pub struct Reader {
        lines: Receiver<Vec<u8>>,
    }

    impl Reader {
        pub fn new(pipe: ChildStdout) -> io::Result<Reader> {
            let (sender, lines) = mpsc::channel();
            // The reader ends at the end of the agent's output; it is never joined, since
            // a program's own children may hold the pipe open after it was killed.
            std::thread::Builder::new()
                .name("external-agent-output".into())
                .spawn(move || {
                    let mut output = BufReader::new(pipe);
                    loop {
                        let mut bytes = Vec::new();
                        let mut limited = (&mut output).take(MAX_LINE as u64);
                        match limited.read_until(b'\n', &mut bytes) {
                            Ok(0) | Err(_) => break,
                            Ok(_) => {
                                if bytes.last() == Some(&b'\n') {
                                    bytes.pop();
                                }
                                if sender.send(bytes).is_err() {
                                    break;
                                }
                            }
                        }
                    }
                })?;
            Ok(Reader { lines })
        }

        pub fn next_into(&mut self, line: &mut String, deadline: Instant) -> Result<(), Silence> {
            let bytes = match self.lines.try_recv() {
                Ok(bytes) => bytes,
                Err(_) => {
                    let wait = deadline.saturating_duration_since(Instant::now());
                    match self.lines.recv_timeout(wait) {
                        Ok(bytes) => bytes,
                        Err(RecvTimeoutError::Timeout) => return Err(Silence::Timeout),
                        Err(RecvTimeoutError::Disconnected) => return Err(Silence::Closed),
                    }
                }
            };
            set_line(line, &bytes);
            Ok(())
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::Duration;

    fn lines_of(script: &str) -> (std::process::Child, Lines) {
        let mut child = Command::new("sh")
            .args(["-c", script])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let lines = Lines::new(child.stdout.take().unwrap()).unwrap();
        (child, lines)
    }

    #[test]
    fn lines_come_whole_and_an_unfinished_last_one_reads_as_closed() {
        let (mut child, mut lines) = lines_of("printf 'a b\\r\\nc\\n\\ntail'");
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(lines.next(deadline), Ok("a b"));
        assert_eq!(lines.next(deadline), Ok("c"));
        assert_eq!(lines.next(deadline), Ok(""));
        assert_eq!(lines.next(deadline), Err(Silence::Closed));
        child.wait().unwrap();
    }

    #[test]
    fn a_silent_program_times_out_and_an_endless_line_is_cut() {
        let (mut child, mut lines) = lines_of("sleep 5");
        let deadline = Instant::now() + Duration::from_millis(50);
        assert_eq!(lines.next(deadline), Err(Silence::Timeout));
        assert!(Instant::now() >= deadline);
        child.kill().unwrap();
        child.wait().unwrap();
        let (mut child, mut lines) = lines_of("head -c 1100000 /dev/zero | tr '\\0' x");
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(lines.next(deadline).map(str::len), Ok(MAX_LINE));
        child.wait().unwrap();
    }
}
