//! Leapfrog Race solve tables (`perfect:table=FILE`, `solve`, `analyze --table`): any
//! damage is an error. A table that reads (only a whole, checksummed one can) writes back
//! to the same bytes.

#![no_main]

use engine::games::leapfrog::solve::SolveTable;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(table) = SolveTable::read_from(bytes) {
        let mut again = Vec::new();
        table.write_to(&mut again).expect("writes to memory");
        assert_eq!(again, bytes);
    }
});
