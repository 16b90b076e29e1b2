//! The referee: a fixed-depth material search that scores the moves of any game, whoever
//! played them. It is not a player's opinion: it counts what is on the board
//! (men and kings, pawns, jumps to spare, rows still to travel) and nothing else, so
//! that every agent is measured with the same ruler, and it always searches the same
//! tree, so that a move's score never depends on what was searched before.
//!
//! # What it counts
//! [`Refereed::material`] gives each position a value for a seat in hundredths of the
//! game's unit ([`Refereed::UNIT`]): a man in the draughts family (a king counts 1.5 men
//! where it moves one square, 3 where it flies; Suicide checkers counts pieces against
//! their owner), a pawn in Alquerque, one jump more than the opponent has in Konane, a
//! spot of progress in Leapfrog Race and a hop (two rows of progress) in Chinese
//! checkers, where at a table of more than two it is the lead over the nearest rival. A
//! finished game is worth [`DECIDED`] (ten units) to the winner and as much less to the
//! loser, and nothing when drawn, however near or far it ends; at a table of more than
//! two, a place in between is worth its share of that span (the middle of three: 0).
//!
//! # How deep it looks
//! Every position is searched `depth` plies with alpha-beta over every legal move, the
//! seat to move maximising its own count; where the side to move must capture
//! ([`Evaluate::in_exchange`], the draughts family and Alquerque) the search plays the
//! captures out before it counts ([`is_leaf`]), as the minimax player's does, up to
//! [`MAX_PLY`](crate::search::MAX_PLY). Alpha-beta changes which positions are visited,
//! never a value: the values are those of a plain minimax with the same leaf rule,
//! which the tests check.
//!
//! # More than two seats
//! At a table of more than two (Chinese checkers) the search is a best-reply search, the
//! one the minimax player's `multi=brs` plays ([`crate::multiplayer`]): between two
//! moves of the seat whose move is scored, the one reply among all other seats' moves
//! that leaves it worst off, the others passing. The tree is two-sided again, so a ply is
//! the mover's move or the others' reply, and at two seats it is the plain search above.
//!
//! # A move's loss
//! [`Referee::rate`] searches the move played and then every other move, and returns
//! the best move's value less the played move's, both for the mover: 0 for a move as
//! good as the best, 100 for a move that gives away a unit within the horizon.

use engine::games::alquerque::Alquerque;
use engine::games::chinese_checkers::ChineseCheckers;
use engine::games::draughts::Rules;
use engine::games::draughts64::{Draughts64, Rules64};
use engine::games::konane::Konane;
use engine::{Draughts, Game, Leapfrog, Seat, MAX_PLAYERS};

use crate::eval::Evaluate;
use crate::search::is_leaf;

/// What a finished game is worth to its winner, in hundredths of a unit: ten units.
pub const DECIDED: i32 = 1_000;
/// The loss that makes a move a gross mistake: a whole unit (a man, in the draughts
/// family), in hundredths.
pub const GROSS: i32 = 100;
/// The deepest search the referee allows: each ply multiplies its work by the number of
/// moves, and 12 plies of English checkers take minutes a game.
pub const MAX_DEPTH: u32 = 12;
/// Above every value.
const INFINITY: i32 = 2 * DECIDED;

/// A game the referee can score: what it counts, and in what unit.
pub trait Refereed: Evaluate {
    /// The unit of the count, as reports name it ("man", "pawn", ...).
    const UNIT: &'static str;

    /// The depth the referee searches unless told otherwise: deep enough to see an
    /// exchange through, shallow enough to score a game's moves in about a second.
    const DEPTH: u32 = 6;

    /// The depth the referee searches this game unless told otherwise: [`Self::DEPTH`],
    /// but where the table's seats change the work (Chinese checkers).
    fn default_depth(&self) -> u32 {
        Self::DEPTH
    }

    /// How many of a level's game pairs against each reference `arena calibrate` scores
    /// with the referee for levels.md: all of them, unless a game takes many seconds to
    /// score; then the first this many (the intervals, over games, say what that costs).
    const CALIBRATION_PAIRS: usize = usize::MAX;

    /// What `seat` has less what its opponent has, in hundredths of [`Refereed::UNIT`].
    fn material(&self, seat: Seat) -> i32;
}

/// One move scored against the referee's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The value of the best move for the mover, in hundredths of the unit.
    pub best: i32,
    /// The value of the move played.
    pub played: i32,
}

impl Rating {
    /// What the move gave away: the best value less the played one, never negative.
    pub fn loss(&self) -> i32 {
        self.best - self.played
    }

    /// Whether the move gave away at least a unit ([`GROSS`]).
    pub fn is_gross(&self) -> bool {
        self.loss() >= GROSS
    }
}

/// The referee at a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Referee {
    depth: u32,
}

impl Referee {
    /// The referee searching `depth` plies, 1 to [`MAX_DEPTH`].
    ///
    /// # Errors
    /// A depth outside that range, with the range in the message.
    pub fn new(depth: u32) -> Result<Referee, String> {
        if (1..=MAX_DEPTH).contains(&depth) {
            Ok(Referee { depth })
        } else {
            Err(format!(
                "a referee depth of {depth}: expected 1 to {MAX_DEPTH} plies"
            ))
        }
    }

    /// The plies it searches.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The value of `position` for its seat to move, searched [`Referee::depth`] plies.
    pub fn value<G: Refereed>(&self, position: &G) -> i32 {
        let mut work = position.clone();
        let mut scratch = Scratch::default();
        if position.players() > 2 {
            let root = position.to_move();
            let window = (-INFINITY, INFINITY);
            return best_reply(&mut work, root, self.depth, 0, window, &mut scratch);
        }
        negamax(&mut work, self.depth, 0, -INFINITY, INFINITY, &mut scratch)
    }

    /// Scores `played`, a legal move of `position` (a game not over), against the best
    /// move: each searched [`Referee::depth`] plies in all, the move included.
    ///
    /// # Panics
    /// When the game is over.
    pub fn rate<G: Refereed>(&self, position: &G, played: G::Move) -> Rating {
        assert!(!position.is_over(), "a finished game has no move to rate");
        let mover = position.to_move();
        let many = position.players() > 2;
        let mut work = position.clone();
        let mut scratch = Scratch::default();
        let mut moves = Vec::new();
        work.generate_moves(&mut moves);
        let child = |work: &mut G, mv: G::Move, alpha: i32, scratch: &mut Scratch<G>| {
            work.play_unchecked(mv);
            let depth = self.depth - 1;
            let value = if many {
                best_reply(work, mover, depth, 1, (alpha, INFINITY), scratch)
            } else {
                child_value(work, mover, depth, 1, alpha, INFINITY, scratch)
            };
            work.undo(mv);
            value
        };
        let played_value = child(&mut work, played, -INFINITY, &mut scratch);
        let mut best = played_value;
        for mv in moves.into_iter().filter(|mv| *mv != played) {
            // Only a better move's value matters: the window starts at the best so far.
            best = best.max(child(&mut work, mv, best, &mut scratch));
        }
        Rating {
            best,
            played: played_value,
        }
    }
}

/// Move lists, one a ply, allocated once a search.
struct Scratch<G: Game> {
    plies: Vec<Vec<(i32, G::Move)>>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch { plies: Vec::new() }
    }
}

impl<G: Game> Scratch<G> {
    /// The list of ply `index`, to be given back when the ply is done.
    fn take(&mut self, index: usize) -> Vec<(i32, G::Move)> {
        if self.plies.len() <= index {
            self.plies.resize_with(index + 1, Vec::new);
        }
        std::mem::take(&mut self.plies[index])
    }
}

/// `listed` into `moves`, each with `root`'s count after it, in the order a search tries
/// them: the most for `root` first where `root` moves, the least first where it replies.
/// The order changes the work, not the value.
fn list_by_gain<G: Refereed>(
    position: &mut G,
    root: Seat,
    listed: &[G::Move],
    moves: &mut Vec<(i32, G::Move)>,
) {
    let sign = if position.to_move() == root { -1 } else { 1 };
    moves.clear();
    for &mv in listed {
        position.play_unchecked(mv);
        moves.push((position.material(root), mv));
        position.undo(mv);
    }
    moves.sort_by_key(|(gain, _)| sign * *gain);
}

/// The value of `position` (just reached by a move of `mover`) for `mover`, within
/// `(alpha, beta)` for `mover`: the seat to move's own value, negated when the turn has
/// passed to the opponent.
fn child_value<G: Refereed>(
    position: &mut G,
    mover: Seat,
    depth: u32,
    ply: u32,
    alpha: i32,
    beta: i32,
    scratch: &mut Scratch<G>,
) -> i32 {
    if position.to_move() == mover {
        negamax(position, depth, ply, alpha, beta, scratch)
    } else {
        -negamax(position, depth, ply, -beta, -alpha, scratch)
    }
}

/// What a finished game is worth to `mover`: [`DECIDED`] won, as much less lost, 0 drawn,
/// and at a table of more than two a place in between its share of that span (the
/// outcome's score: the share of the other seats it finished ahead of); `None` while it
/// goes on.
fn finished_value<G: Game>(position: &G, mover: Seat) -> Option<i32> {
    let score = position.status().outcome()?.score(mover);
    Some(((2.0 * score - 1.0) * f64::from(DECIDED)).round() as i32)
}

/// The value for `mover` of `position` (just reached by a move of `mover`, at `ply`
/// below the root) where it is finished or at the horizon with no plies left; `None`
/// where it is to be searched (the side to move must capture). The same value as
/// [`child_value`]'s with no plies left: the count is the mover's less the opponent's,
/// whoever is to move.
fn settled_value<G: Refereed>(position: &G, mover: Seat, ply: u32) -> Option<i32> {
    if let Some(value) = finished_value(position, mover) {
        return Some(value);
    }
    is_leaf(position, 0, ply, true).then(|| position.material(mover))
}

/// The value of `position` for its seat to move, `depth` plies from the horizon at `ply`
/// below the root, within `(alpha, beta)` (fail-hard: a bound at the window's edge
/// outside it).
fn negamax<G: Refereed>(
    position: &mut G,
    depth: u32,
    ply: u32,
    mut alpha: i32,
    beta: i32,
    scratch: &mut Scratch<G>,
) -> i32 {
    let mover = position.to_move();
    if let Some(value) = finished_value(position, mover) {
        return value;
    }
    if is_leaf(position, depth, ply, true) {
        return position.material(mover);
    }
    let index = ply as usize;
    // The moves that gain most at once first: the order changes the work, not the value.
    let mut moves = scratch.take(index);
    let mut listed = Vec::new();
    position.generate_moves(&mut listed);
    moves.clear();
    let child_depth = depth.saturating_sub(1);
    for mv in listed {
        position.play_unchecked(mv);
        let gain = position.material(mover);
        // A child at the horizon is valued here, as it is listed: searching it would
        // play the move again to count the same material (most of the referee's work
        // is at the last ply).
        let settled = if child_depth == 0 {
            settled_value(position, mover, ply + 1)
        } else {
            None
        };
        position.undo(mv);
        match settled {
            Some(value) if value > alpha => {
                alpha = value;
                if alpha >= beta {
                    scratch.plies[index] = moves;
                    return alpha;
                }
            }
            Some(_) => {}
            None => moves.push((gain, mv)),
        }
    }
    moves.sort_by_key(|(gain, _)| std::cmp::Reverse(*gain));
    for &(_, mv) in &moves {
        position.play_unchecked(mv);
        let value = child_value(
            position,
            mover,
            depth.saturating_sub(1),
            ply + 1,
            alpha,
            beta,
            scratch,
        );
        position.undo(mv);
        if value > alpha {
            alpha = value;
            if alpha >= beta {
                break;
            }
        }
    }
    scratch.plies[index] = moves;
    alpha
}

/// The value for `root` of `position`, `depth` plies from the horizon at `ply` below the
/// root, within `(alpha, beta)` for `root` (fail-hard), by best-reply search: where
/// `root` is to move, its best move; elsewhere the one move among all the other seats'
/// that is worst for `root`, each of them replying alone while the others pass
/// ([`Evaluate::null_move`]), until `root` is to move again.
fn best_reply<G: Refereed>(
    position: &mut G,
    root: Seat,
    depth: u32,
    ply: u32,
    (mut alpha, mut beta): (i32, i32),
    scratch: &mut Scratch<G>,
) -> i32 {
    if let Some(value) = finished_value(position, root) {
        return value;
    }
    if is_leaf(position, depth, ply, true) {
        return position.material(root);
    }
    let index = ply as usize;
    let child_depth = depth.saturating_sub(1);
    let mut moves = scratch.take(index);
    let mut listed = Vec::new();
    if position.to_move() == root {
        position.generate_moves(&mut listed);
        list_by_gain(position, root, &listed, &mut moves);
        for &(_, mv) in &moves {
            position.play_unchecked(mv);
            let value = best_reply(position, root, child_depth, ply + 1, (alpha, beta), scratch);
            position.undo(mv);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        scratch.plies[index] = moves;
        return alpha;
    }
    // The others' reply: each seat in turn moves alone (the rest pass to `root`), then
    // passes to the next; every other seat once at most, as `root` may have finished
    // and never move again.
    let mut passed = [None; MAX_PLAYERS];
    let mut passes = 0;
    let mut replied = false;
    'layer: for _ in 1..position.players() {
        if position.is_over() || position.to_move() == root {
            break;
        }
        position.generate_moves(&mut listed);
        list_by_gain(position, root, &listed, &mut moves);
        for &(_, mv) in &moves {
            replied = true;
            position.play_unchecked(mv);
            let mut after = [None; MAX_PLAYERS];
            let mut count = 0;
            for _ in 1..position.players() {
                if position.is_over() || position.to_move() == root {
                    break;
                }
                let pass = position
                    .null_move()
                    .expect("a game of many seats has a pass");
                position.play_unchecked(pass);
                after[count] = Some(pass);
                count += 1;
            }
            let value = best_reply(position, root, child_depth, ply + 1, (alpha, beta), scratch);
            for pass in after[..count].iter().rev().flatten() {
                position.undo(*pass);
            }
            position.undo(mv);
            if value < beta {
                beta = value;
                if alpha >= beta {
                    break 'layer;
                }
            }
        }
        let pass = position
            .null_move()
            .expect("a game of many seats has a pass");
        position.play_unchecked(pass);
        passed[passes] = Some(pass);
        passes += 1;
    }
    // Where no seat could reply (the game ended in the passes), the position as it stands.
    let value = if replied {
        beta
    } else {
        finished_value(position, root).unwrap_or_else(|| position.material(root))
    };
    for pass in passed[..passes].iter().rev().flatten() {
        position.undo(*pass);
    }
    scratch.plies[index] = moves;
    value
}

/// A king's worth in hundredths of a man: 1.5 men where it moves one square, 3 where it
/// flies.
fn king_worth(flying: bool) -> i32 {
    if flying {
        300
    } else {
        150
    }
}

impl<R: Rules> Refereed for Draughts<R> {
    const UNIT: &'static str = "man";

    /// Men (parachutists among them) and kings; in Suicide checkers, where the side that
    /// cannot move wins, each piece counts against its owner.
    fn material(&self, seat: Seat) -> i32 {
        let king = king_worth(Self::flying_kings());
        let count = |seat: Seat| {
            let (men, kings, parachutists) = self.material(Self::colour_of(seat));
            (men + parachutists) as i32 * 100 + kings as i32 * king
        };
        let lead = count(seat) - count(seat.next(2));
        if Self::stuck_side_wins() {
            -lead
        } else {
            lead
        }
    }
}

impl<R: Rules64> Refereed for Draughts64<R> {
    const UNIT: &'static str = "man";

    /// Men and kings.
    fn material(&self, seat: Seat) -> i32 {
        let king = king_worth(Self::flying_kings());
        let count = |seat: Seat| {
            let (men, kings) = self.material(Self::colour_of(seat));
            men as i32 * 100 + kings as i32 * king
        };
        count(seat) - count(seat.next(2))
    }
}

impl Refereed for Alquerque {
    const UNIT: &'static str = "pawn";

    /// Pawns.
    fn material(&self, seat: Seat) -> i32 {
        let me = Alquerque::colour_of(seat);
        (self.pieces(me).count_ones() as i32 - self.pieces(me.other()).count_ones() as i32) * 100
    }
}

impl Refereed for Konane {
    const UNIT: &'static str = "jump";

    /// The jumps the seat has less the opponent's: stones come off in every move, and
    /// the side left without a jump loses, so the spare jumps are what counts.
    fn material(&self, seat: Seat) -> i32 {
        let me = Konane::colour_of(seat);
        (self.mobility(me) as i32 - self.mobility(me.other()) as i32) * 100
    }
}

impl Refereed for Leapfrog {
    const UNIT: &'static str = "spot";

    /// The spots the seat's pieces have come less the opponent's.
    fn material(&self, seat: Seat) -> i32 {
        (self.distance(seat) - self.distance(seat.next(2))) * 100
    }
}

impl Refereed for ChineseCheckers {
    const UNIT: &'static str = "hop";

    /// Four plies: the board has some eighty moves a position.
    const DEPTH: u32 = 4;

    /// Four plies at two seats; at more, two (the seat's move and the others' reply):
    /// each reply ply holds every other seat's moves, some 160 to 400 of them.
    fn default_depth(&self) -> u32 {
        if self.players() > 2 {
            2
        } else {
            Self::DEPTH
        }
    }

    /// Some eighty moves a position, each rated by a four-ply search: seconds a game, an
    /// hour or more over a calibration's hundreds of final games. Five pairs against each
    /// reference (thirty games a level with three references) take minutes; `arena
    /// analyze` scores a whole run on request.
    const CALIBRATION_PAIRS: usize = 5;

    /// The rows the nearest rival (the one opponent at two seats) still has to travel
    /// less the seat's own, in hops (two rows each).
    fn material(&self, seat: Seat) -> i32 {
        let rival = Seat::all(self.players())
            .filter(|other| *other != seat)
            .map(|other| self.distance_to_goal(other))
            .min()
            .expect("a table has two seats or more");
        (rival - self.distance_to_goal(seat)) * 50
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;
    use engine::games::draughts::EnglishDraughts;

    /// A plain minimax with the referee's leaf rule and values: the oracle.
    fn plain<G: Refereed>(position: &mut G, depth: u32, ply: u32) -> i32 {
        let mover = position.to_move();
        if let Some(value) = finished_value(position, mover) {
            return value;
        }
        if is_leaf(position, depth, ply, true) {
            return position.material(mover);
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                position.play_unchecked(mv);
                let v = plain(position, depth.saturating_sub(1), ply + 1);
                let v = if position.to_move() == mover { v } else { -v };
                position.undo(mv);
                v
            })
            .max()
            .expect("a game that is not over has a move")
    }

    fn agrees_with_plain_minimax<G: Refereed>(depth: u32, seed: u64) {
        let referee = Referee::new(depth).unwrap();
        for position in random_positions::<G>(12, seed) {
            if position.is_over() {
                continue;
            }
            let expected = plain(&mut position.clone(), depth, 0);
            assert_eq!(referee.value(&position), expected, "{position}");
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            for mv in moves {
                let rating = referee.rate(&position, mv);
                assert_eq!(rating.best, expected, "{position} {mv}");
                let mut child = position.clone();
                child.play_unchecked(mv);
                let own = plain(&mut child, depth - 1, 1);
                let own = if child.to_move() == position.to_move() {
                    own
                } else {
                    -own
                };
                assert_eq!(rating.played, own, "{position} {mv}");
                assert!(rating.loss() >= 0);
            }
        }
    }

    #[test]
    fn values_are_those_of_a_plain_minimax() {
        agrees_with_plain_minimax::<EnglishDraughts>(3, 1);
        agrees_with_plain_minimax::<Alquerque>(3, 2);
        agrees_with_plain_minimax::<Konane>(2, 3);
        agrees_with_plain_minimax::<Leapfrog>(3, 4);
        agrees_with_plain_minimax::<Draughts64<engine::games::draughts64::Turkish>>(2, 5);
        agrees_with_plain_minimax::<ChineseCheckers>(2, 6);
    }

    /// A plain best-reply search with the referee's leaf rule and values, for `root`: the
    /// oracle at tables of more than two.
    fn plain_best_reply<G: Refereed>(position: &mut G, root: Seat, depth: u32, ply: u32) -> i32 {
        if let Some(value) = finished_value(position, root) {
            return value;
        }
        if is_leaf(position, depth, ply, true) {
            return position.material(root);
        }
        let mut moves = Vec::new();
        if position.to_move() == root {
            position.generate_moves(&mut moves);
            return moves
                .into_iter()
                .map(|mv| {
                    position.play_unchecked(mv);
                    let v = plain_best_reply(position, root, depth.saturating_sub(1), ply + 1);
                    position.undo(mv);
                    v
                })
                .max()
                .expect("a game that is not over has a move");
        }
        let mut worst = i32::MAX;
        let mut passes = Vec::new();
        for _ in 1..position.players() {
            if position.is_over() || position.to_move() == root {
                break;
            }
            position.generate_moves(&mut moves);
            for mv in moves.clone() {
                position.play_unchecked(mv);
                let mut after = Vec::new();
                for _ in 1..position.players() {
                    if position.is_over() || position.to_move() == root {
                        break;
                    }
                    let pass = position.null_move().unwrap();
                    position.play_unchecked(pass);
                    after.push(pass);
                }
                worst = worst.min(plain_best_reply(position, root, depth - 1, ply + 1));
                for pass in after.into_iter().rev() {
                    position.undo(pass);
                }
                position.undo(mv);
            }
            let pass = position.null_move().unwrap();
            position.play_unchecked(pass);
            passes.push(pass);
        }
        if worst == i32::MAX {
            worst = finished_value(position, root).unwrap_or_else(|| position.material(root));
        }
        for pass in passes.into_iter().rev() {
            position.undo(pass);
        }
        worst
    }

    /// Chinese checkers positions at a table of `players`, a few to some dozens of seeded
    /// random moves from the start.
    fn table_positions(players: u8, count: usize, seed: u64) -> Vec<ChineseCheckers> {
        use engine::games::chinese_checkers::Options;
        use rand::{Rng, SeedableRng};
        let start = ChineseCheckers::start(Options {
            players,
            ..Options::default()
        });
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut moves = Vec::new();
        (0..count)
            .map(|_| {
                let mut position = start.clone();
                for _ in 0..rng.random_range(3..60) {
                    position.generate_moves(&mut moves);
                    position.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
                position
            })
            .collect()
    }

    #[test]
    fn at_a_table_of_more_than_two_values_are_those_of_a_plain_best_reply_search() {
        for (players, depth) in [(3, 3), (4, 2), (6, 2)] {
            let referee = Referee::new(depth).unwrap();
            for position in table_positions(players, 4, players as u64) {
                let root = position.to_move();
                let expected = plain_best_reply(&mut position.clone(), root, depth, 0);
                assert_eq!(referee.value(&position), expected, "{position}");
                let mut moves = Vec::new();
                position.generate_moves(&mut moves);
                for mv in moves {
                    let rating = referee.rate(&position, mv);
                    assert_eq!(rating.best, expected, "{position} {mv}");
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    let own = plain_best_reply(&mut child, root, depth - 1, 1);
                    assert_eq!(rating.played, own, "{position} {mv}");
                }
            }
        }
    }

    /// At two seats the best-reply search is the two-player search.
    #[test]
    fn at_two_seats_the_best_reply_search_is_the_plain_search() {
        for position in table_positions(2, 8, 11) {
            let root = position.to_move();
            let mut scratch = Scratch::default();
            let window = (-INFINITY, INFINITY);
            let many = best_reply(&mut position.clone(), root, 3, 0, window, &mut scratch);
            assert_eq!(many, plain(&mut position.clone(), 3, 0), "{position}");
        }
    }

    /// The rival a seat is measured against is the nearest one: its lead over the seat
    /// furthest behind does not count.
    #[test]
    fn at_a_table_of_three_the_lead_is_over_the_nearest_rival() {
        let position = &table_positions(3, 1, 5)[0];
        let distance = |seat: usize| position.distance_to_goal(Seat::new(seat));
        for seat in 0..3 {
            let rival = (0..3).filter(|s| *s != seat).map(distance).min().unwrap();
            assert_eq!(
                position.material(Seat::new(seat)),
                (rival - distance(seat)) * 50
            );
        }
    }

    /// White's man on 22 stepping to 18 walks into Black's man on 14, which jumps it to
    /// 23; the man on 32 stepping to 27 keeps everything (Black's man on 14 can then
    /// step only into a capture, and its man on 1 is far away).
    #[test]
    fn a_man_left_to_be_taken_is_a_gross_mistake_and_the_best_move_costs_nothing() {
        let position = EnglishDraughts::parse_position("W:W22,32:B14,1").unwrap();
        let referee = Referee::new(4).unwrap();
        let hang = position.parse_move("22-18").unwrap();
        let safe = position.parse_move("32-27").unwrap();
        assert!(position.is_legal(hang) && position.is_legal(safe));
        let hung = referee.rate(&position, hang);
        assert!(hung.is_gross(), "{hung:?}");
        assert!(hung.loss() >= 100, "{hung:?}");
        let kept = referee.rate(&position, safe);
        assert_eq!(kept.loss(), 0, "{kept:?}");
        assert!(!kept.is_gross());
        assert_eq!(kept.best, hung.best);
    }

    #[test]
    fn the_same_move_scores_the_same_every_time() {
        let referee = Referee::new(5).unwrap();
        for position in random_positions::<EnglishDraughts>(6, 9) {
            if position.is_over() {
                continue;
            }
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            let first: Vec<Rating> = moves.iter().map(|m| referee.rate(&position, *m)).collect();
            let again: Vec<Rating> = moves
                .iter()
                .rev()
                .map(|m| referee.rate(&position, *m))
                .collect();
            let again: Vec<Rating> = again.into_iter().rev().collect();
            assert_eq!(first, again, "{position}");
        }
    }

    #[test]
    fn depths_outside_the_range_are_refused() {
        assert!(Referee::new(0).is_err());
        assert!(Referee::new(MAX_DEPTH + 1).unwrap_err().contains("1 to 12"));
        assert_eq!(Referee::new(MAX_DEPTH).unwrap().depth(), MAX_DEPTH);
    }
}
