//! Move generation for the all-squares games: captures first (a depth-first search per
//! piece that can start one, with the game's removal, about-turn, crowning and quantity
//! rules), then, only when no capture exists, the quiet moves in bulk by shifts,
//! Dameo's linear moves included.
//!
//! Nothing here allocates: moves go into the caller's buffer, and the quantity rule works
//! in place by keeping the longest captures seen so far.

use super::board::{offset, opposite, shift, step};
use super::rules::{for_colour, Rules64};
use super::{Draughts64, Draughts64Move};
use crate::games::family::{BitSet, Colour, CrownInCapture, Removal};
use crate::games::family::{BLACK, KING, PROMOTES};

/// No jump yet, so no direction to turn back from.
const NO_DIRECTION: usize = 8;

/// The search for one piece's complete capture sequences.
struct CaptureSearch<'a, R: Rules64> {
    moves: &'a mut Vec<Draughts64Move<R>>,
    /// The opponent's pieces.
    enemy: u64,
    /// Empty squares, with the capturing piece's own origin among them.
    free: u64,
    crown: u64,
    colour: Colour,
    from: u8,
    /// KING / BLACK of the moving piece.
    flags: u8,
    /// The number of pieces of the captures kept so far, under the quantity rule.
    best: u32,
    keep_duplicates: bool,
}

/// The path so far, for telling kept duplicates apart: a hash of the jumped and landing
/// squares in order.
#[derive(Clone, Copy, Debug, Default)]
struct Trail(u32);

impl Trail {
    #[inline]
    fn with(self, over: i32, land: i32) -> Trail {
        Trail(
            self.0
                .wrapping_mul(0x9E37_79B1)
                .wrapping_add((over as u32 + 1) << 6 | land as u32),
        )
    }
}

impl<R: Rules64> CaptureSearch<'_, R> {
    /// Squares the piece may cross or land on, given what it has captured so far.
    #[inline]
    fn passable(&self, captured: u64) -> u64 {
        match R::REMOVAL {
            Removal::EndOfMove => self.free,
            Removal::Immediate => self.free | captured,
        }
    }

    /// Whether a jump in direction `d` may follow one in direction `last`.
    #[inline]
    fn may_turn(last: usize, d: usize) -> bool {
        !R::NO_REVERSAL || last == NO_DIRECTION || d != opposite(last)
    }

    /// Continues a man's capture from `at`; returns whether it found a jump.
    fn man(&mut self, at: i32, captured: u64, trail: Trail, last: usize) -> bool {
        let jumpable = self.enemy & !captured;
        let passable = self.passable(captured);
        let mut found = false;
        for d in for_colour(R::MAN_CAPTURES, self.colour).iter() {
            if !Self::may_turn(last, d) {
                continue;
            }
            let over = step(at, d);
            if !jumpable.has(over) {
                continue;
            }
            let land = step(over, d);
            if !passable.has(land) {
                continue;
            }
            found = true;
            self.after_man_jump(land, over, d, captured, trail);
        }
        found
    }

    /// A man has jumped `over` in direction `d` and stands on `land`.
    fn after_man_jump(&mut self, land: i32, over: i32, d: usize, captured: u64, trail: Trail) {
        let trail = trail.with(over, land);
        let captured = captured | 1 << over;
        if self.crown.has(land) {
            match R::CROWN_IN_CAPTURE {
                CrownInCapture::Stop => self.emit(land, captured, trail, true),
                CrownInCapture::Pass => {
                    if !self.man(land, captured, trail, d) {
                        self.emit(land, captured, trail, true);
                    }
                }
                CrownInCapture::ContinueAsKing => {
                    if !self.king(land, captured, trail, d, true) {
                        self.emit(land, captured, trail, true);
                    }
                }
            }
        } else if !self.man(land, captured, trail, d) {
            self.emit(land, captured, trail, false);
        }
    }

    /// Continues a king's capture from `at`; returns whether it found a jump.
    /// `crowned` marks a man crowned during this capture.
    fn king(&mut self, at: i32, captured: u64, trail: Trail, last: usize, crowned: bool) -> bool {
        let jumpable = self.enemy & !captured;
        let passable = self.passable(captured);
        let mut found = false;
        for d in R::KING_CAPTURES.iter() {
            if !Self::may_turn(last, d) {
                continue;
            }
            let mut over = step(at, d);
            if R::FLYING_KINGS {
                while passable.has(over) {
                    over = step(over, d);
                }
            }
            if !jumpable.has(over) {
                continue;
            }
            let captured = captured | 1 << over;
            let passable = self.passable(captured);
            let land = step(over, d);
            if !passable.has(land) {
                continue;
            }
            found = true;
            if !R::FLYING_KINGS {
                let trail = trail.with(over, land);
                if !self.king(land, captured, trail, d, crowned) {
                    self.emit(land, captured, trail, crowned);
                }
                continue;
            }
            // A flying king must land where it can go on capturing, if any such square
            // exists; otherwise on any square beyond.
            let mut continued = false;
            let mut square = land;
            while passable.has(square) {
                continued |= self.king(square, captured, trail.with(over, square), d, crowned);
                square = step(square, d);
            }
            if !continued {
                let mut square = land;
                while passable.has(square) {
                    self.emit(square, captured, trail.with(over, square), crowned);
                    square = step(square, d);
                }
            }
        }
        found
    }

    /// Records a finished capture, keeping only the longest under the quantity rule.
    fn emit(&mut self, to: i32, captured: u64, trail: Trail, promotes: bool) {
        let key = if R::QUANTITY { captured.count() } else { 0 };
        if key < self.best {
            return;
        }
        if key > self.best {
            self.moves.clear();
            self.best = key;
        }
        let mut mv = Draughts64Move::new(
            self.from,
            to as u8,
            captured,
            self.flags | if promotes { PROMOTES } else { 0 },
        );
        if self.keep_duplicates {
            mv.sequence = trail.0;
        }
        // Two paths with the same start, end and captured set (and, when duplicates are
        // kept, the same jumps and landings) are one move; they need two captures.
        if captured.count() >= 2 && self.moves.contains(&mv) {
            return;
        }
        self.moves.push(mv);
    }
}

impl<R: Rules64> Draughts64<R> {
    /// Clears `moves` and fills it with the side to move's captures, after the quantity
    /// rule if the game has it. Empty when there is no capture.
    pub(super) fn generate_captures(&self, moves: &mut Vec<Draughts64Move<R>>) {
        moves.clear();
        let colour = self.side;
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let colour_flag = if colour == Colour::Black { BLACK } else { 0 };
        let mut search = CaptureSearch::<R> {
            moves,
            enemy,
            free: empty,
            crown: Self::crown(colour),
            colour,
            from: 0,
            flags: 0,
            best: 0,
            keep_duplicates: self.options.keep_duplicates,
        };
        for from in (own & self.kings).squares() {
            search.from = from as u8;
            search.flags = colour_flag | KING;
            search.free = empty | 1 << from;
            search.king(from as i32, 0, Trail::default(), NO_DIRECTION, false);
        }
        let starters = self.man_capture_starters(self.men(colour), enemy, empty);
        for from in starters.squares() {
            search.from = from as u8;
            search.flags = colour_flag;
            search.free = empty | 1 << from;
            search.man(from as i32, 0, Trail::default(), NO_DIRECTION);
        }
    }

    /// The men that have a first jump, found for all of them at once by shifts.
    #[inline]
    fn man_capture_starters(&self, men: u64, enemy: u64, empty: u64) -> u64 {
        let mut starters = 0;
        for d in for_colour(R::MAN_CAPTURES, self.side).iter() {
            let back = opposite(d);
            starters |= men & shift(enemy, back) & shift(shift(empty, back), back);
        }
        starters
    }

    /// Whether the side to move has any capture (without listing them).
    pub fn has_capture(&self) -> bool {
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[self.side.other().index()];
        let empty = self.empty();
        if self.man_capture_starters(self.men(self.side), enemy, empty) != 0 {
            return true;
        }
        for from in (own & self.kings).squares() {
            for d in R::KING_CAPTURES.iter() {
                let mut over = step(from as i32, d);
                if R::FLYING_KINGS {
                    while empty.has(over) {
                        over = step(over, d);
                    }
                }
                if enemy.has(over) && empty.has(step(over, d)) {
                    return true;
                }
            }
        }
        false
    }

    /// Adds every non-capturing move of the side to move.
    pub(super) fn generate_quiet(&self, moves: &mut Vec<Draughts64Move<R>>) {
        let colour = self.side;
        let colour_flag = if colour == Colour::Black { BLACK } else { 0 };
        let empty = self.empty();
        let crown = Self::crown(colour);
        let men = self.men(colour);
        for d in for_colour(R::MAN_STEPS, colour).iter() {
            // `line` holds the squares `k` steps ahead of a man with men on every square
            // between: the front of a line of men that a linear move jumps.
            let mut line = men;
            let mut steps = 1;
            while line != 0 {
                let ahead = shift(line, d);
                for to in (ahead & empty).squares() {
                    let from = (to as i32 - offset(d, steps)) as u8;
                    let flags = colour_flag | if crown.has(to as i32) { PROMOTES } else { 0 };
                    moves.push(Draughts64Move::new(from, to as u8, 0, flags));
                }
                if !R::LINEAR_MOVES {
                    break;
                }
                line = ahead & men;
                steps += 1;
            }
        }
        let kings = self.pieces[colour.index()] & self.kings;
        if kings == 0 {
            return;
        }
        let flags = colour_flag | KING;
        for d in R::KING_STEPS.iter() {
            let mut front = kings;
            let mut steps = 1;
            loop {
                front = shift(front, d) & empty;
                for to in front.squares() {
                    let from = (to as i32 - offset(d, steps)) as u8;
                    moves.push(Draughts64Move::new(from, to as u8, 0, flags));
                }
                if front == 0 || !R::FLYING_KINGS {
                    break;
                }
                steps += 1;
            }
        }
    }

    /// How many non-capturing moves the side to move has, counted by shifts.
    pub(super) fn count_quiet(&self) -> usize {
        let colour = self.side;
        let empty = self.empty();
        let men = self.men(colour);
        let mut count = 0;
        for d in for_colour(R::MAN_STEPS, colour).iter() {
            let mut line = men;
            while line != 0 {
                let ahead = shift(line, d);
                count += (ahead & empty).count();
                if !R::LINEAR_MOVES {
                    break;
                }
                line = ahead & men;
            }
        }
        let kings = self.pieces[colour.index()] & self.kings;
        if kings == 0 {
            return count as usize;
        }
        for d in R::KING_STEPS.iter() {
            let mut front = shift(kings, d) & empty;
            while front != 0 {
                count += front.count();
                if !R::FLYING_KINGS {
                    break;
                }
                front = shift(front, d) & empty;
            }
        }
        count as usize
    }

    /// Whether the side to move has a non-capturing move.
    pub(super) fn has_quiet(&self) -> bool {
        let colour = self.side;
        let empty = self.empty();
        let men = self.men(colour);
        // A linear move needs an empty square beyond the line, and then the front man of
        // the line has a step there too: single steps decide.
        for d in for_colour(R::MAN_STEPS, colour).iter() {
            if shift(men, d) & empty != 0 {
                return true;
            }
        }
        let kings = self.pieces[colour.index()] & self.kings;
        R::KING_STEPS.iter().any(|d| shift(kings, d) & empty != 0)
    }
}
