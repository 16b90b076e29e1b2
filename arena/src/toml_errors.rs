//! TOML readers' errors said in one line: the file, the line and why, the Rust type
//! names of the reader's messages in words. Every file the arena reads as TOML (configs,
//! recorded configs, levels files, shard records) reports its errors through these.

use std::path::Path;

use crate::error::ArenaError;

/// A TOML reader's error on `text` read from `path`, as one line: the file, the line of
/// the error, what the file should have been (`what`, e.g. "a shard record") and why it
/// is not.
pub(crate) fn toml_error(
    path: &Path,
    text: &str,
    what: &str,
    error: &toml::de::Error,
) -> ArenaError {
    let start = error.span().map_or(0, |span| span.start).min(text.len());
    let line = 1 + text[..start].matches('\n').count();
    ArenaError::input(format!(
        "{}:{line}: not {what}: {}",
        path.display(),
        one_line(error.message())
    ))
}

/// A TOML reader's message (sometimes several lines) as one line, its Rust type names
/// said in words.
pub(crate) fn one_line(message: &str) -> String {
    let line = message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(": ");
    plain_type(&line)
}

/// The Rust type names a reader's messages end in (`expected usize`), said in words.
const TYPE_WORDS: [(&str, &str); 10] = [
    ("usize", "a whole number"),
    ("u64", "a whole number"),
    ("u32", "a whole number"),
    ("u16", "a whole number"),
    ("u8", "a whole number"),
    ("i64", "a whole number"),
    ("i32", "a whole number"),
    ("f64", "a number"),
    ("f32", "a number"),
    ("bool", "true or false"),
];

/// `message` with `expected TYPE` (a Rust type name at the end or before a comma) said
/// in words: `expected a whole number`.
fn plain_type(message: &str) -> String {
    let mut message = message.to_string();
    for (name, words) in TYPE_WORDS {
        for end in ["", ",", ":", " "] {
            let written = format!("expected {name}{end}");
            let said = format!("expected {words}{end}");
            if end.is_empty() {
                if let Some(stem) = message.strip_suffix(&written) {
                    message = format!("{stem}{said}");
                }
            } else {
                message = message.replace(&written, &said);
            }
        }
    }
    message
}
