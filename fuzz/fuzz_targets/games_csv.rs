//! The games CSV files the arena reads back to resume, replay, analyze and report: a
//! run's `games.csv` of two or three seats (modes 0 and 1), whose rows write back and read
//! again to the same rows, and a calibration's `games.csv` (mode 2).

#![no_main]

use arena::games_csv;
use leapfrog_arena_fuzz::{mode, scratch_file};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((mode, rest)) = mode(bytes) else {
        return;
    };
    let path = scratch_file("games.csv", rest);
    match mode % 3 {
        2 => {
            if let Ok(read) = arena::batches::read(&path) {
                assert!(read.complete_len as usize <= rest.len());
            }
        }
        seats => {
            let players = 2 + seats as usize;
            if let Ok(read) = games_csv::read(&path, players) {
                assert!(read.complete_len as usize <= rest.len());
                let mut written = format!("{}\n", games_csv::header(players));
                for row in &read.rows {
                    written.push_str(&row.to_line());
                }
                let path = scratch_file("games.csv", written.as_bytes());
                let again = games_csv::read(&path, players).expect("written rows read back");
                assert_eq!(again.rows, read.rows);
                assert_eq!(again.complete_len as usize, written.len());
            }
        }
    }
});
