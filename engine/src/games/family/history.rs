//! The draw rules' memory of a game of the draughts family: one entry a ply played (the
//! hash before it, the counters, and what the game's undo needs besides), the plies since
//! the last move that cannot be played back, and how often the present position has
//! occurred. The dark-square and the all-squares engines and Alquerque keep it alike.

/// One ply played: the hash and counters of the position before it, and `extra`, what
/// the game's undo needs that the move does not say (the kinds of the pieces it took).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry<U> {
    hash: u64,
    extra: U,
    quiet_plies: u16,
    repeats: u8,
}

/// The plies played, with the counters of repetition and of plies without progress.
#[derive(Debug)]
pub(crate) struct History<U> {
    entries: Vec<Entry<U>>,
    /// Plies since the last one that cannot be played back.
    quiet_plies: u16,
    /// How often the present position has occurred, counting this time.
    repeats: u8,
}

impl<U: Copy> Clone for History<U> {
    fn clone(&self) -> Self {
        History {
            entries: self.entries.clone(),
            quiet_plies: self.quiet_plies,
            repeats: self.repeats,
        }
    }

    /// Keeps this history's buffer: a loop that starts every game from a copy of one
    /// position allocates nothing after the first game.
    fn clone_from(&mut self, source: &Self) {
        self.entries.clone_from(&source.entries);
        self.quiet_plies = source.quiet_plies;
        self.repeats = source.repeats;
    }
}

/// An empty history without a buffer: a placeholder while a history is moved out.
impl<U> Default for History<U> {
    fn default() -> Self {
        History {
            entries: Vec::new(),
            quiet_plies: 0,
            repeats: 1,
        }
    }
}

impl<U: Copy> History<U> {
    /// No ply played, the position seen once.
    pub(crate) fn new() -> History<U> {
        History {
            entries: Vec::with_capacity(64),
            quiet_plies: 0,
            repeats: 1,
        }
    }

    /// Plies since the last one that cannot be played back (the no-progress counter).
    #[inline(always)]
    pub(crate) fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// How often the present position has occurred, counting this time.
    #[inline(always)]
    pub(crate) fn repeats(&self) -> u8 {
        self.repeats
    }

    /// Sets the no-progress counter, for tests that start near a draw.
    #[cfg(test)]
    pub(crate) fn set_quiet_plies(&mut self, plies: u16) {
        self.quiet_plies = plies;
    }

    /// Records the ply about to be played from the position whose hash is `hash`, with
    /// what its undo will need.
    #[inline(always)]
    pub(crate) fn push(&mut self, hash: u64, extra: U) {
        self.entries.push(Entry {
            hash,
            extra,
            quiet_plies: self.quiet_plies,
            repeats: self.repeats,
        });
    }

    /// Counts the ply just recorded, which led to the position whose hash is `hash`: a
    /// ply that can be played back (`reversible`) adds to the counter and the position's
    /// occurrences are counted among those since the counter started; any other starts
    /// both again.
    #[inline(always)]
    pub(crate) fn played(&mut self, hash: u64, reversible: bool) {
        if reversible {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
            self.repeats =
                crate::endings::repeats(hash, self.quiet_plies, &self.entries, |entry| entry.hash);
        } else {
            self.quiet_plies = 0;
            self.repeats = 1;
        }
    }

    /// Takes back the last ply: the counters return to what they were before it.
    /// Returns the hash of the position before it and what its undo needs.
    ///
    /// # Panics
    /// When no ply was played.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> (u64, U) {
        let entry = self.entries.pop().expect("undo follows play");
        self.quiet_plies = entry.quiet_plies;
        self.repeats = entry.repeats;
        (entry.hash, entry.extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_follow_plies_and_return_on_undo() {
        let mut history: History<u8> = History::new();
        // Positions 10 -> 20 -> 10 -> 20 -> 10 by reversible plies: the third 10.
        for (before, after) in [(10, 20), (20, 10), (10, 20), (20, 10)] {
            history.push(before, 7);
            history.played(after, true);
        }
        assert_eq!((history.quiet_plies(), history.repeats()), (4, 3));
        // An irreversible ply starts both again; taking it back restores them.
        history.push(10, 9);
        history.played(30, false);
        assert_eq!((history.quiet_plies(), history.repeats()), (0, 1));
        assert_eq!(history.pop(), (10, 9));
        assert_eq!((history.quiet_plies(), history.repeats()), (4, 3));
        let mut copy = History::new();
        copy.clone_from(&history);
        assert_eq!(copy.pop(), (20, 7));
        assert_eq!((copy.quiet_plies(), copy.repeats()), (3, 2));
    }
}
