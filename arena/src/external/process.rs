//! One running external agent: the child process, a buffered pipe to its input, its
//! output read line by line with a deadline (the `lines` module), and a stop that never
//! leaves it running, even when the arena itself is killed.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use super::lines::Lines;
// What a wait for a line can end in is the reader's to say; named here too, where the
// process's callers meet it.
pub use super::lines::Silence;
use super::ExternalSpec;

/// How long a stopped agent may take to exit after `quit` before it is killed.
const GRACE: Duration = Duration::from_millis(200);

/// A started agent.
pub struct Process {
    child: Child,
    input: Option<BufWriter<ChildStdin>>,
    lines: Lines,
}

impl Process {
    /// Starts `spec`'s program, its standard error appended to `log` (or left on the
    /// arena's own when `None`).
    ///
    /// # Errors
    /// The program cannot be started, or the log cannot be opened.
    pub fn start(spec: &ExternalSpec, log: Option<&Path>) -> io::Result<Process> {
        let mut command = Command::new(&spec.command[0]);
        command
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(dir) = &spec.working_dir {
            command.current_dir(dir);
        }
        if let Some(path) = log {
            let file: File = OpenOptions::new().create(true).append(true).open(path)?;
            command.stderr(file);
        }
        die_with_the_arena(&mut command);
        let mut child = command.spawn()?;
        let input = child.stdin.take().map(BufWriter::new);
        let output = child.stdout.take().expect("stdout is piped");
        Ok(Process {
            child,
            input,
            lines: Lines::new(output)?,
        })
    }

    /// Queues `line` (a newline is added); [`Process::flush`] sends what is queued.
    ///
    /// # Errors
    /// The agent's input is closed.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let input = self.input.as_mut().ok_or(io::ErrorKind::BrokenPipe)?;
        input.write_all(line.as_bytes())?;
        input.write_all(b"\n")
    }

    /// Queues the line made of `parts` (a newline is added).
    ///
    /// # Errors
    /// The agent's input is closed.
    pub fn send_parts(&mut self, parts: &[&str]) -> io::Result<()> {
        let input = self.input.as_mut().ok_or(io::ErrorKind::BrokenPipe)?;
        for part in parts {
            input.write_all(part.as_bytes())?;
        }
        input.write_all(b"\n")
    }

    /// Sends the queued lines.
    ///
    /// # Errors
    /// The agent's input is closed.
    pub fn flush(&mut self) -> io::Result<()> {
        self.input
            .as_mut()
            .ok_or(io::ErrorKind::BrokenPipe)?
            .flush()
    }

    /// The rest of the agent's first line whose first word is `word` (after its space),
    /// skipping every other line, until `deadline`.
    ///
    /// # Errors
    /// The output closed, or the deadline passed.
    pub fn expect(&mut self, word: &str, deadline: Instant) -> Result<&str, Silence> {
        loop {
            let line = self.lines.next(deadline)?;
            if line.split(' ').next() == Some(word) {
                break;
            }
        }
        let line = self.lines.last();
        Ok(line.get(word.len() + 1..).unwrap_or(""))
    }
}

/// Has the kernel kill the program when the arena dies, whatever kills it (Ctrl-C,
/// `kill`, a crash): a program that never reads its input would otherwise not see it
/// close, and outlive the arena. The signal comes when the thread that started the
/// program ends, so programs are started on threads that live as long as they do (the
/// runner's workers, or the main thread).
#[cfg(target_os = "linux")]
fn die_with_the_arena(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let arena = std::process::id();
    // SAFETY: between fork and exec the hook makes only async-signal-safe system calls
    // (prctl, getppid) and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The arena died before the call: no signal will come, so stop here.
            if u32::try_from(libc::getppid()).ok() != Some(arena) {
                return Err(io::Error::other("the arena has exited"));
            }
            Ok(())
        });
    }
}

/// Elsewhere a program sees its input close when the arena dies.
#[cfg(not(target_os = "linux"))]
fn die_with_the_arena(_command: &mut Command) {}

impl Drop for Process {
    /// Asks the agent to quit, closes its input, and kills it if it has not exited after
    /// a short grace.
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = input.write_all(b"quit\n");
            let _ = input.flush();
        }
        let until = Instant::now() + GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
