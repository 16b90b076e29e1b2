//! Random playouts in one pass a ply: the generic loop asks whether the game is over
//! (which looks for a capture and a quiet move), then picks a move (which looks for both
//! again) and counts the quiet moves twice over. Here the capture test, the quiet
//! targets, the end test and the choice share one look at the board, and the draw
//! counters are read directly. The games, and the calls to `pick`, are those of
//! [`Game::random_playout`]'s loop: the tests compare the two.
//!
//! A ply waits on the one before it, so what counts is the length of that chain more
//! than the work beside it: each side's ply is its own copy (the men's steps are
//! constant shifts), the pieces stay in registers from ply to ply, the quiet move's set
//! is found without a branch, and its square by PDEP where the processor has a fast one
//! (the playout is compiled twice and chosen at run time).

#[cfg(target_arch = "x86_64")]
use super::board::pdep;
use super::board::{BitSet, Geometry};
use super::movegen::{down, up};
use super::rules::{Colour, KingRange, Rules};
use super::{BitsOf, Draughts, DraughtsMove};
use crate::game::{Game, Outcome};
use crate::games::family::{BLACK, KING, PROMOTES};

/// The quiet moves of the side to move as six sets of target squares, one per step: the
/// men's two forward steps, then the short kings' four (empty when there are none).
/// Move `i` of the list is in the last set whose `start` is at most `i`.
struct QuietTargets<B> {
    targets: [B; 6],
    /// The index of each set's first move.
    starts: [u32; 6],
    /// How many moves there are in all.
    count: u32,
}

/// How many of the sets are the men's (the rest are kings').
const MEN_SETS: usize = 2;

impl<B: BitSet> QuietTargets<B> {
    /// The sets of `targets`, counted.
    #[inline(always)]
    fn new(targets: [B; 6]) -> QuietTargets<B> {
        let mut starts = [0; 6];
        let mut count = 0;
        for (start, set) in starts.iter_mut().zip(targets) {
            *start = count;
            count += set.count();
        }
        QuietTargets {
            targets,
            starts,
            count,
        }
    }

    /// The set that move `index` is in, and the move's place in it. The set is found by
    /// comparing `index` with every start at once, not by walking the sets: which set a
    /// random index falls in is a branch no predictor guesses.
    #[inline(always)]
    fn locate(&self, index: u32) -> (usize, u32) {
        let set = self.starts[1..]
            .iter()
            .map(|&start| (index >= start) as usize)
            .sum::<usize>();
        (set, index - self.starts[set])
    }
}

/// The pieces, as a playout carries them from ply to ply: in registers, not read back
/// from the position that the ply before has just written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pieces<B> {
    by_colour: [B; 2],
    kings: B,
}

/// What one ply of a playout came to.
enum Ply {
    /// A move was played (and put on the line).
    Played,
    /// The playout is over: the game's outcome, or `None` at the playout's limit.
    Stopped(Option<Outcome>),
}

impl<R: Rules> Draughts<R> {
    /// [`Game::random_playout`] for the draughts family.
    pub(super) fn fused_random_playout(
        &mut self,
        max_plies: u32,
        scratch: &mut Vec<DraughtsMove<R>>,
        line: &mut Vec<DraughtsMove<R>>,
        pick: impl FnMut(usize) -> usize,
    ) -> Option<Outcome> {
        #[cfg(target_arch = "x86_64")]
        if pdep::is_fast() {
            // SAFETY: `is_fast` found BMI2 on this machine.
            return unsafe { self.playout_with_pdep(max_plies, scratch, line, pick) };
        }
        self.playout_loop::<false>(max_plies, scratch, line, pick)
    }

    /// The playout compiled for BMI2, picking quiet moves by [`pdep::nth`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn playout_with_pdep(
        &mut self,
        max_plies: u32,
        scratch: &mut Vec<DraughtsMove<R>>,
        line: &mut Vec<DraughtsMove<R>>,
        pick: impl FnMut(usize) -> usize,
    ) -> Option<Outcome> {
        self.playout_loop::<true>(max_plies, scratch, line, pick)
    }

    /// The playout's plies, finding a set's `n`-th bit by PDEP when `PDEP` (only where
    /// the machine has it).
    #[inline(always)]
    pub(super) fn playout_loop<const PDEP: bool>(
        &mut self,
        max_plies: u32,
        scratch: &mut Vec<DraughtsMove<R>>,
        line: &mut Vec<DraughtsMove<R>>,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Outcome> {
        let mut played = 0;
        let mut pieces = self.carried_pieces();
        loop {
            // One copy of the ply for each side, so that the men's steps are constant
            // shifts.
            let at_limit = played >= max_plies;
            let ply = match self.side {
                Colour::White => {
                    self.playout_ply::<false, PDEP>(&mut pieces, at_limit, scratch, line, &mut pick)
                }
                Colour::Black => {
                    self.playout_ply::<true, PDEP>(&mut pieces, at_limit, scratch, line, &mut pick)
                }
            };
            debug_assert_eq!(pieces, self.carried_pieces());
            if let Ply::Stopped(outcome) = ply {
                return outcome;
            }
            played += 1;
        }
    }

    /// One ply of a playout for the side to move, Black when `BLACK_MOVES`: ends the
    /// playout when the game is over (then the outcome is `status`'s) or `at_limit`,
    /// else plays the move `pick` chooses among the legal ones and puts it on `line`
    /// (as soon as it is known: the fewer values held across the ply, the fewer the
    /// loop keeps in memory rather than registers).
    #[inline(always)]
    fn playout_ply<const BLACK_MOVES: bool, const PDEP: bool>(
        &mut self,
        pieces: &mut Pieces<BitsOf<R>>,
        at_limit: bool,
        scratch: &mut Vec<DraughtsMove<R>>,
        line: &mut Vec<DraughtsMove<R>>,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> Ply {
        // The ends that need no move generation; "no move" comes before them in
        // `status`, so they are acted on once the moves are known.
        let drawn = self.ply >= self.options.cap || self.draw_reason().is_some();
        let colour = if BLACK_MOVES {
            Colour::Black
        } else {
            Colour::White
        };
        let own = pieces.by_colour[colour.index()];
        let enemy = pieces.by_colour[colour.other().index()];
        let empty = <R::Board as Geometry>::playable() & !(own | enemy);
        let kings = own & pieces.kings;
        let parachutists = own & self.parachutists;
        let men = own & !pieces.kings & !parachutists;
        let forward = if !BLACK_MOVES || R::ONE_WAY {
            up::<R>()
        } else {
            down::<R>()
        };
        let starters =
            Self::capture_starters::<BLACK_MOVES>(own, enemy, pieces.kings, self.parachutists);
        if !starters.is_empty() {
            scratch.clear();
            self.search_captures::<BLACK_MOVES>(scratch, starters);
            if !scratch.is_empty() {
                if let Some(stop) = self.stop_before_move(scratch.len(), drawn, at_limit) {
                    return stop;
                }
                let mv = scratch[pick(scratch.len())];
                line.push(mv);
                self.play_unchecked(mv);
                *pieces = self.carried_pieces();
                return Ply::Played;
            }
        }
        let mv = if R::KINGS != KingRange::Short && !kings.is_empty() {
            // Flying kings slide: counted and found one square at a time.
            let count = self.count_quiet();
            if let Some(stop) = self.stop_before_move(count, drawn, at_limit) {
                return stop;
            }
            let mv = self.nth_quiet(pick(count) as u32);
            line.push(mv);
            self.play_unchecked(mv);
            *pieces = self.carried_pieces();
            return Ply::Played;
        } else {
            let steps = Self::quiet_steps(forward);
            let (set, targets, nth) = if R::KINGS == KingRange::Short && !kings.is_empty() {
                let mut targets = [BitsOf::<R>::EMPTY; 6];
                for set in 0..6 {
                    let pieces = if set < MEN_SETS { men } else { kings };
                    targets[set] = pieces.shifted(steps[set]) & empty;
                }
                let quiet = QuietTargets::new(targets);
                if let Some(stop) = self.stop_before_move(quiet.count as usize, drawn, at_limit) {
                    return stop;
                }
                let (set, nth) = quiet.locate(pick(quiet.count as usize) as u32);
                (set, quiet.targets[set], nth)
            } else {
                // Men only (most of a game): two sets, chosen between without memory.
                let first = men.shifted(steps[0]) & empty;
                let second = men.shifted(steps[1]) & empty;
                let in_first = first.count();
                let count = in_first + second.count();
                if let Some(stop) = self.stop_before_move(count as usize, drawn, at_limit) {
                    return stop;
                }
                let index = pick(count as usize) as u32;
                let later = index >= in_first;
                (
                    later as usize,
                    std::hint::select_unpredictable(later, second, first),
                    index - std::hint::select_unpredictable(later, in_first, 0),
                )
            };
            let to = if PDEP {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: `PDEP` is true only in `playout_with_pdep`, which runs only
                // where BMI2 was found.
                unsafe {
                    pdep::nth(targets, nth)
                }
                #[cfg(not(target_arch = "x86_64"))]
                targets.nth(nth)
            } else {
                targets.nth(nth)
            };
            let from = (to as i32 - steps[set]) as u8;
            // Without branches: whether a king or a man moves is as random as the move.
            let king = set >= MEN_SETS;
            let crowns = !king && self.crown[colour.index()].contains(to);
            let colour_flag = if BLACK_MOVES { BLACK } else { 0 };
            let flags = colour_flag | (king as u8 * KING) | (crowns as u8 * PROMOTES);
            // The pieces after the move, worked out here as `play` does in the position.
            let (from_set, to_set) = (BitsOf::<R>::bit(from as u32), BitsOf::<R>::bit(to));
            pieces.by_colour[colour.index()] = own ^ from_set ^ to_set;
            let crowned = if king || crowns {
                to_set
            } else {
                BitsOf::<R>::EMPTY
            };
            pieces.kings = (pieces.kings & !from_set) | crowned;
            DraughtsMove::new(from, to as u8, BitsOf::<R>::EMPTY, flags)
        };
        line.push(mv);
        self.play_unchecked(mv);
        Ply::Played
    }

    /// How the playout ends before a move is chosen among `moves`, if it does: with the
    /// game's outcome when there is no move or the draw rules have ended the game (as
    /// `status` decides between them), `None` at the playout's limit.
    #[inline(always)]
    fn stop_before_move(&self, moves: usize, drawn: bool, at_limit: bool) -> Option<Ply> {
        if moves == 0 || drawn {
            return Some(Ply::Stopped(self.status().outcome()));
        }
        at_limit.then_some(Ply::Stopped(None))
    }

    /// The pieces of the position, for the playout to carry.
    #[inline(always)]
    fn carried_pieces(&self) -> Pieces<BitsOf<R>> {
        Pieces {
            by_colour: self.pieces,
            kings: self.kings,
        }
    }

    /// The step of each quiet set: the men's forward steps, then the kings' four, in the
    /// order of [`Draughts::generate_quiet`].
    #[inline(always)]
    fn quiet_steps(forward: [i32; 2]) -> [i32; 6] {
        let kings = <R::Board as Geometry>::DIRECTIONS;
        [
            forward[0], forward[1], kings[0], kings[1], kings[2], kings[3],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::{
        Brazilian, Canadian, Corner, Czech, English, International, Italian, OneWay, Parachute,
        Portuguese, Russian, Suicide, Thai,
    };
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The generic loop of [`Game::random_playout`], written out.
    fn plain_playout<R: Rules>(
        position: &mut Draughts<R>,
        max_plies: u32,
        rng: &mut ChaCha8Rng,
        line: &mut Vec<DraughtsMove<R>>,
    ) -> Option<Outcome> {
        let mut moves = Vec::new();
        let mut played = 0;
        loop {
            if position.is_over() {
                return position.status().outcome();
            }
            if played >= max_plies {
                return None;
            }
            position.generate_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(mv);
            line.push(mv);
            played += 1;
        }
    }

    /// Seeded playouts from the start, with and without a ply limit, give the same moves,
    /// outcomes and final positions both ways, and undoing the line restores the start.
    fn same_games<R: Rules>(games: u64) {
        let start = Draughts::<R>::start();
        let mut scratch = Vec::new();
        for seed in 0..games {
            let max_plies = if seed % 3 == 0 {
                1 + seed as u32 % 40
            } else {
                u32::MAX
            };
            let mut plain = start.clone();
            let mut plain_line = Vec::new();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let expected = plain_playout(&mut plain, max_plies, &mut rng, &mut plain_line);
            // The playout as dispatched (by PDEP where the machine has it), and the
            // portable one.
            for portable in [false, true] {
                let mut fused = start.clone();
                let mut fused_line = Vec::new();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let pick = |n| rng.random_range(0..n);
                let outcome = if portable {
                    fused.playout_loop::<false>(max_plies, &mut scratch, &mut fused_line, pick)
                } else {
                    fused.random_playout(max_plies, &mut scratch, &mut fused_line, pick)
                };
                let case = format!("{} seed {seed}, portable {portable}", R::NAME);
                assert_eq!(outcome, expected, "{case}");
                assert_eq!(fused_line, plain_line, "{case}");
                assert_eq!(fused.to_string(), plain.to_string(), "{case}");
                assert_eq!(fused.hash(), plain.hash(), "{case}");
                while let Some(mv) = fused_line.pop() {
                    fused.undo(mv);
                }
                assert_eq!(fused.to_string(), start.to_string(), "{case}");
                assert_eq!(fused.hash(), start.hash(), "{case}");
            }
        }
    }

    #[test]
    fn english_playouts_are_the_plain_loops_games() {
        same_games::<English>(300);
    }

    #[test]
    fn flying_king_playouts_are_the_plain_loops_games() {
        same_games::<International>(100);
        same_games::<Russian>(100);
    }

    #[test]
    fn flying_kings_on_other_boards_play_the_plain_loops_games() {
        same_games::<Brazilian>(50);
        same_games::<Canadian>(30);
    }

    #[test]
    fn other_rules_playouts_are_the_plain_loops_games() {
        same_games::<Suicide>(100);
        same_games::<Italian>(100);
        same_games::<Thai>(100);
        same_games::<Czech>(50);
        same_games::<Corner>(50);
        same_games::<OneWay>(50);
        same_games::<Portuguese>(50);
    }

    #[test]
    fn parachutists_play_the_plain_loops_games() {
        same_games::<Parachute>(150);
    }
}
