//! Names for the temporary file a table is written to before it replaces its path: each
//! writer gets its own, so two processes (or threads) saving the same path at once never
//! write into one file.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A temporary name beside `path` that no other writer uses: the file's name, this
/// process's id and a counter, hidden (`.leapfrog.table.1234.0.tmp`).
pub fn temporary_path(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let count = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}.{count}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_call_names_another_hidden_file_beside_the_path() {
        let path = Path::new("results/leapfrog.table");
        let (one, two) = (temporary_path(path), temporary_path(path));
        assert_ne!(one, two);
        assert_eq!(one.parent(), path.parent());
        let name = one.file_name().unwrap().to_str().unwrap();
        let pid = std::process::id().to_string();
        assert!(name.starts_with(".leapfrog.table.") && name.ends_with(".tmp"));
        assert!(name.contains(&pid), "{name}");
    }
}
