//! The conformance suite: every registered game, found through [`GameKind::ALL`], plays
//! seeded random games in which every generated move is checked against an independent
//! reading of its rules, undo restores the position and its hash, the incremental hash
//! equals a recomputed one, moves and positions round-trip through their notation, the
//! fast paths (`count_moves`, `pick_move`, `random_playout`) agree with the plain loop,
//! the checked `play` accepts what the generator lists, and games end within their cap.
//!
//! A game added to the registry is swept with no change here once it implements
//! [`sweep::Oracle`] (its legality from the rules' words): the sweep does not compile
//! until it does. The per-game modules hold the oracles and the checks that cannot be
//! generic (every legal move generated, option sets, random seeds from proptest).

mod all_squares;
mod chinese_checkers;
mod draughts;
mod leapfrog;
mod small_games;
mod sweep;
