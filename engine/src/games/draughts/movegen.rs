//! Move generation for every diagonal variant: captures first (a depth-first search per
//! piece that can start one, with the variant's removal, crowning and precedence rules),
//! then, only when no capture exists, the quiet moves in bulk by shifts.
//!
//! Nothing here allocates: moves go into the caller's buffer, and the precedence filter
//! works in place by keeping the best key seen so far.

use super::board::{BitSet, Geometry};
use super::rules::{Colour, CrownInCapture, KingRange, Precedence, Removal, Rules};
use super::{BitsOf, Draughts, DraughtsMove};
use crate::games::family::{BLACK, KING, PARACHUTIST, PROMOTES};

/// The up-the-board steps, then the down-the-board ones.
#[inline]
pub(super) fn up<R: Rules>() -> [i32; 2] {
    let half = <R::Board as Geometry>::HALF;
    [half, half + 1]
}

#[inline]
pub(super) fn down<R: Rules>() -> [i32; 2] {
    let half = <R::Board as Geometry>::HALF;
    [-(half + 1), -half]
}

/// The steps a man of `colour` moves by.
#[inline]
pub(super) fn men_forward<R: Rules>(colour: Colour) -> [i32; 2] {
    if colour == Colour::White || R::ONE_WAY {
        up::<R>()
    } else {
        down::<R>()
    }
}

/// The steps a parachutist of `colour` makes its one capture by: towards its own side.
#[inline]
pub(super) fn parachutist_steps<R: Rules>(colour: Colour) -> [i32; 2] {
    if colour == Colour::White {
        down::<R>()
    } else {
        up::<R>()
    }
}

/// The squares where a man of `colour` is crowned.
pub fn crowning_squares<R: Rules>(colour: Colour) -> BitsOf<R> {
    let size = <R::Board as Geometry>::SIZE;
    if R::CORNER_CROWNING {
        let numbers: [u32; 2] = match colour {
            Colour::White => [1, 5],
            Colour::Black => [28, 32],
        };
        numbers.iter().fold(BitsOf::<R>::EMPTY, |set, &number| {
            let bit = <R::Board as Geometry>::number_to_bit(number, R::A1_LIGHT)
                .expect("corner squares exist on 8x8");
            set | BitsOf::<R>::bit(bit)
        })
    } else if colour == Colour::White || R::ONE_WAY {
        <R::Board as Geometry>::rank(size - 1)
    } else {
        <R::Board as Geometry>::rank(0)
    }
}

/// The search for one piece's complete capture sequences, for Black's pieces when
/// `BLACK_MOVES` (the men's steps are then constants).
struct CaptureSearch<'a, R: Rules, const BLACK_MOVES: bool> {
    moves: &'a mut Vec<DraughtsMove<R>>,
    /// The opponent's pieces, and those of them that are kings.
    enemy: BitsOf<R>,
    enemy_kings: BitsOf<R>,
    /// Empty squares, with the capturing piece's own origin among them.
    free: BitsOf<R>,
    crown: BitsOf<R>,
    from: u8,
    /// KING / BLACK / PARACHUTIST of the moving piece.
    flags: u8,
    /// The precedence key of the moves kept so far.
    best: u32,
    keep_duplicates: bool,
}

impl<R: Rules, const BLACK_MOVES: bool> CaptureSearch<'_, R, BLACK_MOVES> {
    /// The side whose capture this is.
    const COLOUR: Colour = if BLACK_MOVES {
        Colour::Black
    } else {
        Colour::White
    };

    /// Squares the piece may cross or land on, given what it has captured so far.
    #[inline]
    fn passable(&self, captured: BitsOf<R>) -> BitsOf<R> {
        match R::REMOVAL {
            Removal::EndOfMove => self.free,
            Removal::Immediate => self.free | captured,
        }
    }

    /// Continues a man's capture from `at`; returns whether it found a jump.
    fn man(&mut self, at: i32, captured: BitsOf<R>, trail: Trail) -> bool {
        let mut jumpable = self.enemy & !captured;
        if !R::MEN_CAPTURE_KINGS {
            jumpable &= !self.enemy_kings;
        }
        let passable = self.passable(captured);
        let forward = men_forward::<R>(Self::COLOUR);
        let piece = BitsOf::<R>::bit(at as u32);
        let mut found = false;
        // Constant steps (no iterator adapters, which would keep them in memory): a
        // square off the board shifts out.
        let mut try_step = |search: &mut Self, step: i32| {
            if !((piece.shifted(step) & jumpable).shifted(step) & passable).is_empty() {
                found = true;
                search.after_man_jump(at + 2 * step, at + step, captured, trail);
            }
        };
        try_step(self, forward[0]);
        try_step(self, forward[1]);
        if R::MEN_CAPTURE_BACKWARDS {
            try_step(self, -forward[0]);
            try_step(self, -forward[1]);
        }
        found
    }

    /// A man (or a parachutist turning into one) has jumped `over` and stands on `land`.
    fn after_man_jump(&mut self, land: i32, over: i32, captured: BitsOf<R>, trail: Trail) {
        let trail = trail.with::<R>(|| self.enemy_kings.has(over), over);
        let captured = captured | BitsOf::<R>::bit(over as u32);
        if self.crown.has(land) {
            match R::CROWN_IN_CAPTURE {
                CrownInCapture::Stop => self.emit(land, captured, trail, true),
                CrownInCapture::Pass => {
                    if !self.man(land, captured, trail) {
                        self.emit(land, captured, trail, true);
                    }
                }
                CrownInCapture::ContinueAsKing => {
                    if !self.king(land, captured, trail, true) {
                        self.emit(land, captured, trail, true);
                    }
                }
            }
        } else if !self.man(land, captured, trail) {
            self.emit(land, captured, trail, false);
        }
    }

    /// Continues a king's capture from `at`; returns whether it found a jump.
    /// `crowned` marks a man crowned during this capture (Russian).
    fn king(&mut self, at: i32, captured: BitsOf<R>, trail: Trail, crowned: bool) -> bool {
        let jumpable = self.enemy & !captured;
        let passable = self.passable(captured);
        let mut found = false;
        for step in <R::Board as Geometry>::DIRECTIONS {
            let mut over = at + step;
            if R::KINGS != KingRange::Short {
                while passable.has(over) {
                    over += step;
                }
            }
            let land = over + step;
            if !jumpable.has(over) || !passable.has(land) {
                continue;
            }
            found = true;
            let trail = trail.with::<R>(|| self.enemy_kings.has(over), over);
            let captured = captured | BitsOf::<R>::bit(over as u32);
            if R::KINGS != KingRange::Flying {
                if !self.king(land, captured, trail, crowned) {
                    self.emit(land, captured, trail, crowned);
                }
                continue;
            }
            // A flying king must land where it can go on capturing, if any such square
            // exists; otherwise on any square beyond.
            let passable = self.passable(captured);
            let mut continued = false;
            let mut square = land;
            while passable.has(square) {
                continued |= self.king(square, captured, trail, crowned);
                square += step;
            }
            if !continued {
                let mut square = land;
                while passable.has(square) {
                    self.emit(square, captured, trail, crowned);
                    square += step;
                }
            }
        }
        found
    }

    /// Records a finished capture, keeping only those of the best precedence key.
    fn emit(&mut self, to: i32, captured: BitsOf<R>, trail: Trail, promotes: bool) {
        let key = precedence_key::<R>(captured.count(), self.flags & KING != 0, trail);
        if key < self.best {
            return;
        }
        if key > self.best {
            self.moves.clear();
            self.best = key;
        }
        let mut mv = DraughtsMove::new(
            self.from,
            to as u8,
            captured,
            self.flags | if promotes { PROMOTES } else { 0 },
        );
        if self.keep_duplicates {
            mv.sequence = trail.sequence;
        }
        // Two paths with the same start, end and captured set (and, when duplicates are
        // kept, the same order of captures) are one move; they need two captures.
        if captured.count() >= 2 && self.moves.contains(&mv) {
            return;
        }
        self.moves.push(mv);
    }
}

/// Whether some king of `kings` can make a first jump along a diagonal: slides every
/// king at once over empty squares and looks for an enemy piece with an empty square
/// behind it.
#[inline]
fn flying_capture_exists<R: Rules>(kings: BitsOf<R>, enemy: BitsOf<R>, empty: BitsOf<R>) -> bool {
    for step in <R::Board as Geometry>::DIRECTIONS {
        let targets = enemy & empty.shifted(-step);
        let mut front = kings.shifted(step);
        while !front.is_empty() {
            if !(front & targets).is_empty() {
                return true;
            }
            front = (front & empty).shifted(step);
        }
    }
    false
}

/// The pieces that may start a capture, by kind.
#[derive(Clone, Copy, Debug)]
pub(super) struct Starters<B> {
    pub(super) kings: B,
    pub(super) men: B,
    pub(super) parachutists: B,
}

impl<B: BitSet> Starters<B> {
    /// Whether no piece can capture.
    #[inline(always)]
    pub(super) fn is_empty(&self) -> bool {
        (self.kings | self.men | self.parachutists).is_empty()
    }
}

/// What the precedence rules compare besides the number of pieces: the kings taken and
/// where in the sequence they were met.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Trail {
    /// Kings captured.
    kings: u32,
    /// Captures so far.
    depth: u32,
    /// Bit `15 - i` set when the `i`-th capture took a king: larger means earlier kings.
    order: u32,
    /// A hash of the captured squares in the order taken: two paths that take the same
    /// pieces in the same order and differ only in where they land between captures
    /// are one path.
    sequence: u32,
}

impl Trail {
    /// The trail after capturing on `square`, which holds a king when `king()` says
    /// so; the kings are counted only for the rules whose precedence asks.
    #[inline]
    fn with<R: Rules>(self, king: impl FnOnce() -> bool, square: i32) -> Trail {
        let king = match R::PRECEDENCE {
            Precedence::QuantityThenKings | Precedence::Italian => king(),
            Precedence::Free | Precedence::Quantity | Precedence::KingFirst => false,
        };
        let bit = if king && self.depth < 16 {
            1 << (15 - self.depth)
        } else {
            0
        };
        Trail {
            kings: self.kings + king as u32,
            depth: self.depth + 1,
            order: self.order | bit,
            sequence: self
                .sequence
                .wrapping_mul(0x9E37_79B1)
                .wrapping_add(square as u32 + 1),
        }
    }
}

/// The key the variant's precedence rule maximises; equal keys are free choices.
#[inline]
fn precedence_key<R: Rules>(pieces: u32, by_king: bool, trail: Trail) -> u32 {
    match R::PRECEDENCE {
        Precedence::Free => 0,
        Precedence::Quantity => pieces,
        Precedence::QuantityThenKings => pieces << 8 | trail.kings,
        Precedence::KingFirst => by_king as u32,
        Precedence::Italian => {
            pieces << 24 | (by_king as u32) << 23 | trail.kings << 16 | trail.order
        }
    }
}

impl<R: Rules> Draughts<R> {
    /// The men (not kings, not parachutists) of `colour`.
    #[inline]
    pub(super) fn men(&self, colour: Colour) -> BitsOf<R> {
        self.pieces[colour.index()] & !self.kings & !self.parachutists
    }

    /// Empty dark squares.
    #[inline]
    pub(super) fn empty(&self) -> BitsOf<R> {
        <R::Board as Geometry>::playable() & !(self.pieces[0] | self.pieces[1])
    }

    /// Clears `moves` and fills it with the side to move's captures, after the
    /// variant's precedence rule. Empty when there is no capture.
    pub(super) fn generate_captures(&self, moves: &mut Vec<DraughtsMove<R>>) {
        match self.side {
            Colour::White => self.generate_captures_of::<false>(moves),
            Colour::Black => self.generate_captures_of::<true>(moves),
        }
    }

    /// [`Draughts::generate_captures`] for the side to move, Black when `BLACK_MOVES`.
    #[inline]
    fn generate_captures_of<const BLACK_MOVES: bool>(&self, moves: &mut Vec<DraughtsMove<R>>) {
        moves.clear();
        let colour = CaptureSearch::<R, BLACK_MOVES>::COLOUR;
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let starters =
            Self::capture_starters::<BLACK_MOVES>(own, enemy, self.kings, self.parachutists);
        if !starters.is_empty() {
            self.search_captures::<BLACK_MOVES>(moves, starters);
        }
    }

    /// The pieces of the side to move (`own`, Black's when `BLACK_MOVES`) that may start
    /// a capture, found for all at once by shifts, as most positions have none: kings
    /// and men with a first jump, and any parachutist. `kings` and `parachutists` are
    /// both sides'.
    #[inline(always)]
    pub(super) fn capture_starters<const BLACK_MOVES: bool>(
        own: BitsOf<R>,
        enemy: BitsOf<R>,
        kings: BitsOf<R>,
        parachutists: BitsOf<R>,
    ) -> Starters<BitsOf<R>> {
        let colour = CaptureSearch::<R, BLACK_MOVES>::COLOUR;
        let empty = <R::Board as Geometry>::playable() & !(own | enemy);
        let mut own_kings = own & kings;
        if R::KINGS == KingRange::Short {
            if !own_kings.is_empty() {
                let all = <R::Board as Geometry>::DIRECTIONS;
                own_kings = Self::short_jump_starters(own_kings, enemy, empty, all);
            }
        } else if !own_kings.is_empty() && !flying_capture_exists::<R>(own_kings, enemy, empty) {
            own_kings = BitsOf::<R>::EMPTY;
        }
        let men = own & !kings & !parachutists;
        Starters {
            kings: own_kings,
            men: Self::man_capture_starters(colour, men, enemy, kings, empty),
            parachutists: own & parachutists,
        }
    }

    /// Fills `moves` (empty) with the captures of the side to move, Black when
    /// `BLACK_MOVES`, from `starters`.
    pub(super) fn search_captures<const BLACK_MOVES: bool>(
        &self,
        moves: &mut Vec<DraughtsMove<R>>,
        starters: Starters<BitsOf<R>>,
    ) {
        let colour = CaptureSearch::<R, BLACK_MOVES>::COLOUR;
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        let Starters {
            kings,
            men: starters,
            parachutists,
        } = starters;
        let colour_flag = if colour == Colour::Black { BLACK } else { 0 };
        let mut search = CaptureSearch::<R, BLACK_MOVES> {
            moves,
            enemy,
            enemy_kings: enemy & self.kings,
            free: empty,
            crown: self.crown[colour.index()],
            from: 0,
            flags: 0,
            best: 0,
            keep_duplicates: self.options.keep_duplicates,
        };
        for from in kings.squares() {
            search.from = from as u8;
            search.flags = colour_flag | KING;
            search.free = empty | BitsOf::<R>::bit(from);
            search.king(from as i32, BitsOf::<R>::EMPTY, Trail::default(), false);
        }
        if R::PRECEDENCE == Precedence::KingFirst && !search.moves.is_empty() {
            return;
        }
        for from in starters.squares() {
            search.from = from as u8;
            search.flags = colour_flag;
            search.free = empty | BitsOf::<R>::bit(from);
            search.man(from as i32, BitsOf::<R>::EMPTY, Trail::default());
        }
        if !parachutists.is_empty() {
            for from in parachutists.squares() {
                search.from = from as u8;
                search.flags = colour_flag | PARACHUTIST;
                search.free = empty | BitsOf::<R>::bit(from);
                for step in parachutist_steps::<R>(colour) {
                    let over = from as i32 + step;
                    let land = over + step;
                    let mut jumpable = enemy;
                    if !R::MEN_CAPTURE_KINGS {
                        jumpable &= !self.kings;
                    }
                    if jumpable.has(over) && empty.has(land) {
                        search.after_man_jump(land, over, BitsOf::<R>::EMPTY, Trail::default());
                    }
                }
            }
        }
    }

    /// The men that have a first jump, found for all of them at once by shifts; `kings`
    /// are both sides' kings.
    #[inline]
    fn man_capture_starters(
        colour: Colour,
        men: BitsOf<R>,
        enemy: BitsOf<R>,
        kings: BitsOf<R>,
        empty: BitsOf<R>,
    ) -> BitsOf<R> {
        let mut jumpable = enemy;
        if !R::MEN_CAPTURE_KINGS {
            jumpable &= !kings;
        }
        let forward = men_forward::<R>(colour);
        let mut starters = Self::short_jump_starters(men, jumpable, empty, forward);
        if R::MEN_CAPTURE_BACKWARDS {
            let backward = [-forward[0], -forward[1]];
            starters |= Self::short_jump_starters(men, jumpable, empty, backward);
        }
        starters
    }

    /// The pieces of `pieces` that can jump a piece of `jumpable` by one of `steps`.
    /// The steps come by value, so that constant steps stay constant shifts.
    #[inline(always)]
    fn short_jump_starters<const STEPS: usize>(
        pieces: BitsOf<R>,
        jumpable: BitsOf<R>,
        empty: BitsOf<R>,
        steps: [i32; STEPS],
    ) -> BitsOf<R> {
        let mut starters = BitsOf::<R>::EMPTY;
        for step in steps {
            starters |= pieces & jumpable.shifted(-step) & empty.shifted(-2 * step);
        }
        starters
    }

    /// Whether the side to move has any capture (found by shifts, without listing them).
    pub fn has_capture(&self) -> bool {
        let colour = self.side;
        let own = self.pieces[colour.index()];
        let enemy = self.pieces[colour.other().index()];
        let empty = self.empty();
        if !Self::man_capture_starters(colour, self.men(colour), enemy, self.kings, empty)
            .is_empty()
        {
            return true;
        }
        for from in (own & self.parachutists).squares() {
            for step in parachutist_steps::<R>(colour) {
                let over = from as i32 + step;
                let mut jumpable = enemy;
                if !R::MEN_CAPTURE_KINGS {
                    jumpable &= !self.kings;
                }
                if jumpable.has(over) && empty.has(over + step) {
                    return true;
                }
            }
        }
        for from in (own & self.kings).squares() {
            for step in <R::Board as Geometry>::DIRECTIONS {
                let mut over = from as i32 + step;
                if R::KINGS != KingRange::Short {
                    while empty.has(over) {
                        over += step;
                    }
                }
                if enemy.has(over) && empty.has(over + step) {
                    return true;
                }
            }
        }
        false
    }

    /// Adds every non-capturing move of the side to move.
    pub(super) fn generate_quiet(&self, moves: &mut Vec<DraughtsMove<R>>) {
        let colour = self.side;
        let colour_flag = if colour == Colour::Black { BLACK } else { 0 };
        let empty = self.empty();
        let crown = self.crown[colour.index()];
        let men = self.men(colour);
        for step in men_forward::<R>(colour) {
            for to in (men.shifted(step) & empty).squares() {
                let flags = colour_flag | if crown.contains(to) { PROMOTES } else { 0 };
                let from = (to as i32 - step) as u8;
                moves.push(DraughtsMove::new(from, to as u8, BitsOf::<R>::EMPTY, flags));
            }
        }
        let kings = self.pieces[colour.index()] & self.kings;
        if kings.is_empty() {
            return;
        }
        let flags = colour_flag | KING;
        if R::KINGS == KingRange::Short {
            for step in <R::Board as Geometry>::DIRECTIONS {
                for to in (kings.shifted(step) & empty).squares() {
                    let from = (to as i32 - step) as u8;
                    moves.push(DraughtsMove::new(from, to as u8, BitsOf::<R>::EMPTY, flags));
                }
            }
            return;
        }
        for from in kings.squares() {
            for step in <R::Board as Geometry>::DIRECTIONS {
                let mut to = from as i32 + step;
                while empty.has(to) {
                    moves.push(DraughtsMove::new(
                        from as u8,
                        to as u8,
                        BitsOf::<R>::EMPTY,
                        flags,
                    ));
                    to += step;
                }
            }
        }
    }

    /// How many non-capturing moves the side to move has, counted by shifts.
    pub(super) fn count_quiet(&self) -> usize {
        let colour = self.side;
        let empty = self.empty();
        let men = self.men(colour);
        let mut count = 0;
        for step in men_forward::<R>(colour) {
            count += (men.shifted(step) & empty).count();
        }
        let kings = self.pieces[colour.index()] & self.kings;
        if kings.is_empty() {
            return count as usize;
        }
        if R::KINGS == KingRange::Short {
            for step in <R::Board as Geometry>::DIRECTIONS {
                count += (kings.shifted(step) & empty).count();
            }
            return count as usize;
        }
        for step in <R::Board as Geometry>::DIRECTIONS {
            // Slide every king at once: each round adds the squares one step further.
            let mut front = kings.shifted(step) & empty;
            while !front.is_empty() {
                count += front.count();
                front = front.shifted(step) & empty;
            }
        }
        count as usize
    }

    /// The non-capturing move at `index` in the order of [`Draughts::generate_quiet`],
    /// found by counting instead of listing.
    ///
    /// # Panics
    /// When `index` is not below [`Draughts::count_quiet`].
    pub(super) fn nth_quiet(&self, mut index: u32) -> DraughtsMove<R> {
        let colour = self.side;
        let colour_flag = if colour == Colour::Black { BLACK } else { 0 };
        let empty = self.empty();
        let men = self.men(colour);
        let quiet = |from: i32, to: u32, flags: u8| {
            DraughtsMove::new(from as u8, to as u8, BitsOf::<R>::EMPTY, flags)
        };
        for step in men_forward::<R>(colour) {
            let targets = men.shifted(step) & empty;
            let count = targets.count();
            if index < count {
                let to = targets.nth(index);
                let crown = self.crown[colour.index()];
                let flags = colour_flag | if crown.contains(to) { PROMOTES } else { 0 };
                return quiet(to as i32 - step, to, flags);
            }
            index -= count;
        }
        let kings = self.pieces[colour.index()] & self.kings;
        let flags = colour_flag | KING;
        if R::KINGS == KingRange::Short {
            for step in <R::Board as Geometry>::DIRECTIONS {
                let targets = kings.shifted(step) & empty;
                let count = targets.count();
                if index < count {
                    let to = targets.nth(index);
                    return quiet(to as i32 - step, to, flags);
                }
                index -= count;
            }
        } else {
            for from in kings.squares() {
                for step in <R::Board as Geometry>::DIRECTIONS {
                    let mut to = from as i32 + step;
                    while empty.has(to) {
                        if index == 0 {
                            return quiet(from as i32, to as u32, flags);
                        }
                        index -= 1;
                        to += step;
                    }
                }
            }
        }
        panic!("no quiet move at that index")
    }

    /// Whether the side to move has a non-capturing move.
    pub(super) fn has_quiet(&self) -> bool {
        let colour = self.side;
        let empty = self.empty();
        let men = self.men(colour);
        for step in men_forward::<R>(colour) {
            if !(men.shifted(step) & empty).is_empty() {
                return true;
            }
        }
        let kings = self.pieces[colour.index()] & self.kings;
        <R::Board as Geometry>::DIRECTIONS
            .iter()
            .any(|&step| !(kings.shifted(step) & empty).is_empty())
    }
}
