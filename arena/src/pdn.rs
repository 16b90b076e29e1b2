//! PDN game records for the draughts family (`--pdn FILE` of `arena replay` and `arena
//! play`): the tag pairs, the numbered movetext and the result token of PDN 3.0 (the
//! FMJD's standard, pdn.fmjd.org), so that draughts software can read a played game.
//!
//! - `GameType` is the standard's number for the variant: 20 International, 21 English,
//!   22 Italian, 25 Russian, 26 Brazilian, 27 Canadian, 28 Portuguese, 29 Czech, 31 Thai.
//!   Suicide (no number) is written as English (21), Corner, One-way and Parachute (no
//!   numbers) as Czech (29), each with a `Variant` tag naming the real rules and a
//!   comment before the first move; software that knows only the base type reads the
//!   moves but not the variant's special rules.
//! - `Result` follows the variant's result type: International and Canadian score a win
//!   `2-0` / `0-2` and a draw `1-1`; the others `1-0` / `0-1` / `1/2-1/2`. White's score
//!   comes first, whichever side moves first (Black in English and Suicide).
//! - Moves are written in the type's default notation: PDN square numbers as
//!   [`Draughts::pdn_move`] writes them on the position before each move, or for Russian
//!   (25) and Brazilian (26), whose default is algebraic, the same move with each square
//!   as file and rank (`c3-d4`, `c3xe5xg3`): readers number those boards from different
//!   corners, but agree on a1; `FEN` is written only when the game did not start from the
//!   standard start of its `GameType` (Parachute always: its parachutists are `P`).
//! - `Date` is `????.??.??`: a game is a function of its seed, not of a day, and the same
//!   game gives the same file whenever it is replayed.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use engine::games::draughts::board::Geometry;
use engine::games::draughts::{
    Brazilian, Canadian, Colour, Corner, Czech, English, International, Italian, OneWay, Parachute,
    Portuguese, Rules, Russian, Suicide, Thai,
};
use engine::{Draughts, EndReason, Game, GameKind, GameSpec, Outcome, Seat};

use crate::error::ArenaError;
use crate::runner::game::Fault;

/// Movetext lines stay within this many characters, as PGN asks.
const LINE_WIDTH: usize = 79;

/// What a game record says besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct RecordInfo<'a> {
    /// The `Event` tag: which run or command played the game.
    pub event: &'a str,
    /// The `Round` tag: the game's id in its run (`-` for a lone game).
    pub round: &'a str,
    /// The agent spec of each seat, seat A (which moves first) first.
    pub seats: &'a [String],
    /// How the game ended.
    pub outcome: &'a Outcome,
    /// The seat that forfeited and why, if one did.
    pub forfeit: Option<&'a (Seat, Fault)>,
}

/// How the PDN standard names a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdnType {
    /// The `GameType` number: the variant's own, or for a variant without one, the
    /// number of the variant it is built on.
    pub number: u32,
    /// For a variant without a number of its own: the rules the base type lacks, for
    /// the `Variant` tag's comment.
    pub unnumbered: Option<&'static str>,
    /// Whether results are written `2-0`, `1-1`, `0-2` (the International result type).
    pub international_results: bool,
    /// Whether moves are written in algebraic notation, the type's default.
    pub algebraic: bool,
}

/// The PDN game type of `kind`, or `None` when it is not a draughts game.
pub fn game_type(kind: GameKind) -> Option<PdnType> {
    let numbered = |number, international_results| PdnType {
        number,
        unnumbered: None,
        international_results,
        algebraic: false,
    };
    let algebraic = |number| PdnType {
        algebraic: true,
        ..numbered(number, false)
    };
    let based_on = |number, rules| PdnType {
        number,
        unnumbered: Some(rules),
        international_results: false,
        algebraic: false,
    };
    Some(match kind {
        GameKind::Leapfrog
        | GameKind::ChineseCheckers
        | GameKind::Turkish
        | GameKind::Gothic
        | GameKind::Dameo
        | GameKind::Konane
        | GameKind::Alquerque => return None,
        GameKind::International => numbered(20, true),
        GameKind::English => numbered(21, false),
        GameKind::Italian => numbered(22, false),
        GameKind::Russian => algebraic(25),
        GameKind::Brazilian => algebraic(26),
        GameKind::Canadian => numbered(27, true),
        GameKind::Portuguese => numbered(28, false),
        GameKind::Czech => numbered(29, false),
        GameKind::Thai => numbered(31, false),
        GameKind::Suicide => based_on(21, "English moves; the side that cannot move wins"),
        GameKind::Corner => based_on(
            29,
            "Czech moves; a man is crowned only on the two squares of the far corner",
        ),
        GameKind::OneWay => based_on(29, "Czech moves; every man moves up the board"),
        GameKind::Parachute => based_on(
            29,
            "Czech moves; each side starts with four parachutists (P) on the far row",
        ),
    })
}

/// Checks that `--pdn FILE` can be written for games of `kind`: a draughts game, and a
/// file that does not exist yet.
///
/// # Errors
/// A game that is not draughts, or a file that exists already.
pub fn check_target(kind: GameKind, path: &Path) -> Result<(), ArenaError> {
    if game_type(kind).is_none() {
        let draughts: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|kind| kind.is_draughts())
            .map(|kind| kind.name())
            .collect();
        return Err(ArenaError::input(format!(
            "--pdn {}: {kind} games have no PDN record: PDN records are for the draughts \
             variants on the dark squares ({})",
            path.display(),
            draughts.join(", ")
        )));
    }
    if path.exists() {
        return Err(ArenaError::input(format!(
            "--pdn {}: the file exists already: write to a new file, or remove it",
            path.display()
        )));
    }
    Ok(())
}

/// Writes the record of a game of `game` (its moves as the engine prints them, from the
/// start that `game`'s options give) to `path`, a new file.
///
/// # Errors
/// As [`check_target`], a move that does not replay, or a failed write.
pub fn write_file(
    path: &Path,
    game: &GameSpec,
    info: &RecordInfo<'_>,
    moves: &[String],
) -> Result<(), ArenaError> {
    check_target(game.kind, path)?;
    let text = record(game, info, moves)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, "create", e))?;
    }
    // `create_new`: a file that appeared since the check is not replaced either.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| ArenaError::io(path, "create", e))?;
    file.write_all(text.as_bytes())
        .map_err(|e| ArenaError::io(path, "write", e))
}

/// The PDN text of a game of `game` (see [`write_file`]).
///
/// # Errors
/// A game that is not draughts, bad options, or a move that does not replay.
pub fn record(
    game: &GameSpec,
    info: &RecordInfo<'_>,
    moves: &[String],
) -> Result<String, ArenaError> {
    let kind = game.kind;
    match kind {
        GameKind::Leapfrog
        | GameKind::ChineseCheckers
        | GameKind::Turkish
        | GameKind::Gothic
        | GameKind::Dameo
        | GameKind::Konane
        | GameKind::Alquerque => Err(ArenaError::input(format!(
            "{kind} games have no PDN record: PDN records are for the draughts variants on \
             the dark squares"
        ))),
        GameKind::English => variant_record::<English>(game, info, moves),
        GameKind::Suicide => variant_record::<Suicide>(game, info, moves),
        GameKind::Czech => variant_record::<Czech>(game, info, moves),
        GameKind::Corner => variant_record::<Corner>(game, info, moves),
        GameKind::OneWay => variant_record::<OneWay>(game, info, moves),
        GameKind::Parachute => variant_record::<Parachute>(game, info, moves),
        GameKind::International => variant_record::<International>(game, info, moves),
        GameKind::Russian => variant_record::<Russian>(game, info, moves),
        GameKind::Canadian => variant_record::<Canadian>(game, info, moves),
        GameKind::Thai => variant_record::<Thai>(game, info, moves),
        GameKind::Brazilian => variant_record::<Brazilian>(game, info, moves),
        GameKind::Portuguese => variant_record::<Portuguese>(game, info, moves),
        GameKind::Italian => variant_record::<Italian>(game, info, moves),
    }
}

/// The result token: White's score first.
pub fn result_token(
    outcome: &Outcome,
    winner_colour: Option<Colour>,
    international: bool,
) -> &'static str {
    match (outcome.winner().and(winner_colour), international) {
        (Some(Colour::White), true) => "2-0",
        (Some(Colour::Black), true) => "0-2",
        (None, true) => "1-1",
        (Some(Colour::White), false) => "1-0",
        (Some(Colour::Black), false) => "0-1",
        (None, false) => "1/2-1/2",
    }
}

fn variant_record<R: Rules>(
    game: &GameSpec,
    info: &RecordInfo<'_>,
    moves: &[String],
) -> Result<String, ArenaError> {
    let pdn_type = game_type(game.kind).expect("a draughts game");
    let start = Draughts::<R>::new(&game.options)?;
    let by_colour = |colour: Colour| -> &str {
        let seat = if Draughts::<R>::colour_of(Seat::A) == colour {
            Seat::A
        } else {
            Seat::B
        };
        info.seats.get(seat.index()).map_or("?", String::as_str)
    };
    let winner_colour = info.outcome.winner().map(Draughts::<R>::colour_of);
    let result = result_token(info.outcome, winner_colour, pdn_type.international_results);

    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(text, "[{name} \"{}\"]", escape(value));
    };
    tag("Event", info.event);
    tag("Site", "leapfrog-arena");
    tag("Date", "????.??.??");
    tag("Round", info.round);
    tag("White", by_colour(Colour::White));
    tag("Black", by_colour(Colour::Black));
    tag("Result", result);
    tag("GameType", &pdn_type.number.to_string());
    if pdn_type.unnumbered.is_some() {
        tag("Variant", R::NAME);
    }
    let fen = position_fen(&start);
    let standard = match pdn_type.unnumbered {
        None => position_fen(&Draughts::<R>::start()),
        Some(_) => base_start_fen(pdn_type.number),
    };
    if fen != standard {
        tag("FEN", &fen);
    }
    text.push('\n');

    let mut tokens: Vec<String> = Vec::with_capacity(moves.len() * 3 / 2 + 4);
    if let Some(rules) = pdn_type.unnumbered {
        tokens.push(format!("{{{}: {rules}}}", R::NAME));
    }
    let first = Draughts::<R>::colour_of(Seat::A);
    let mut position = start;
    let mut number = 1;
    for (ply, written) in moves.iter().enumerate() {
        let mv = position.parse_move(written).map_err(|e| {
            ArenaError::failure(format!("cannot write ply {} as PDN: {e}", ply + 1))
        })?;
        // A move number stays on the line of its move.
        let text = if pdn_type.algebraic {
            algebraic_move::<R>(&position.pdn_move(mv))
        } else {
            position.pdn_move(mv)
        };
        tokens.push(if position.side_to_move() == first {
            format!("{number}. {text}")
        } else if ply == 0 {
            format!("{number}... {text}")
        } else {
            text
        });
        if position.side_to_move() != first {
            number += 1;
        }
        position.play_unchecked(mv);
    }
    tokens.push(end_comment(info, first));
    tokens.push(result.to_string());
    wrap(&mut text, &tokens);
    text.push('\n');
    Ok(text)
}

/// A move in PDN square numbers (`11-15`, `11x18x25`) with each square written as file
/// and rank instead (`c3-d4`), as the algebraic notation of PDN writes it.
fn algebraic_move<R: Rules>(numeric: &str) -> String {
    let separator = if numeric.contains('x') { 'x' } else { '-' };
    numeric
        .split(separator)
        .map(|square| {
            let bit = square
                .parse()
                .ok()
                .and_then(|number| <R::Board as Geometry>::number_to_bit(number, R::A1_LIGHT));
            match bit {
                Some(bit) => {
                    let (rank, internal_file) = <R::Board as Geometry>::coordinates(bit);
                    let file = if R::A1_LIGHT {
                        <R::Board as Geometry>::SIZE - 1 - internal_file
                    } else {
                        internal_file
                    };
                    format!("{}{}", char::from(b'a' + file as u8), rank + 1)
                }
                // The engine writes only squares of the board; keep anything else as is.
                None => square.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(&separator.to_string())
}

/// The PDN FEN of `position`, without the rule options the engine writes after it.
fn position_fen<R: Rules>(position: &Draughts<R>) -> String {
    let text = position.to_string();
    text.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The standard start of the numbered type an unnumbered variant is written as.
fn base_start_fen(number: u32) -> String {
    match number {
        21 => position_fen(&Draughts::<English>::start()),
        _ => position_fen(&Draughts::<Czech>::start()),
    }
}

/// The comment before the result: how the game ended, in the arena's words, and who
/// forfeited why.
fn end_comment(info: &RecordInfo<'_>, first: Colour) -> String {
    let reason: EndReason = info.outcome.reason();
    let mut comment = format!("{{end: {}", reason.as_str());
    if let Some((seat, why)) = info.forfeit {
        let colour = if *seat == Seat::A {
            first
        } else {
            first.other()
        };
        let side = match colour {
            Colour::White => "White",
            Colour::Black => "Black",
        };
        let _ = write!(
            comment,
            "; {side} forfeits: {}",
            why.to_string().replace(['{', '}'], "")
        );
    }
    comment.push('}');
    comment
}

/// A tag value with `\` and `"` escaped, as PGN escapes them.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Appends `tokens` to `text` separated by spaces, in lines of at most [`LINE_WIDTH`]
/// characters (a longer token stands on a line of its own).
fn wrap(text: &mut String, tokens: &[String]) {
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    text.push_str(&line);
    text.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english_game(moves: &[&str], outcome: Outcome) -> String {
        game_record("english", moves, outcome)
    }

    fn game_record(game: &str, moves: &[&str], outcome: Outcome) -> String {
        let game: GameSpec = game.parse().unwrap();
        let seats = ["greedy".to_string(), "random".to_string()];
        let info = RecordInfo {
            event: "test",
            round: "3",
            seats: &seats,
            outcome: &outcome,
            forfeit: None,
        };
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        record(&game, &info, &moves).unwrap()
    }

    #[test]
    fn english_seat_a_is_black_and_results_put_white_first() {
        let text = english_game(
            &["11-15", "23-19", "8-11"],
            Outcome::win(Seat::A, 2, EndReason::NoMoves),
        );
        assert!(text.contains("[White \"random\"]\n[Black \"greedy\"]\n[Result \"0-1\"]\n"));
        assert!(text.contains("[GameType \"21\"]\n\n"), "{text}");
        assert!(!text.contains("FEN"));
        assert!(
            text.ends_with("1. 11-15 23-19 2. 8-11 {end: no_moves} 0-1\n\n"),
            "{text}"
        );
    }

    #[test]
    fn russian_and_brazilian_moves_are_algebraic() {
        assert_eq!(algebraic_move::<Russian>("21-17"), "a3-b4");
        assert_eq!(algebraic_move::<Brazilian>("22x15x8"), "c3xe5xg7");
        let outcome = Outcome::draw(2, EndReason::PlyCap);
        let text = game_record("russian", &["21-17", "10-14"], outcome);
        assert!(text.contains("[GameType \"25\"]"), "{text}");
        assert!(text.contains("1. a3-b4 d6-c5"), "{text}");
    }

    #[test]
    fn result_types() {
        let draw = Outcome::draw(2, EndReason::DrawRule);
        let win = Outcome::win(Seat::A, 2, EndReason::NoMoves);
        assert_eq!(result_token(&draw, None, true), "1-1");
        assert_eq!(result_token(&draw, None, false), "1/2-1/2");
        assert_eq!(result_token(&win, Some(Colour::White), true), "2-0");
        assert_eq!(result_token(&win, Some(Colour::Black), false), "0-1");
        assert!(game_type(GameKind::Canadian).unwrap().international_results);
        assert!(game_type(GameKind::Leapfrog).is_none());
        for kind in GameKind::ALL.iter().filter(|k| k.is_draughts()) {
            assert!(game_type(*kind).is_some(), "{kind}");
        }
    }

    #[test]
    fn parachute_writes_its_start_and_variant() {
        let game: GameSpec = "parachute".parse().unwrap();
        let seats = ["greedy".to_string(), "random".to_string()];
        let outcome = Outcome::draw(2, EndReason::PlyCap);
        let info = RecordInfo {
            event: "test",
            round: "-",
            seats: &seats,
            outcome: &outcome,
            forfeit: Some(&(Seat::B, Fault::Panicked("{odd}".to_string()))),
        };
        let text = record(&game, &info, &[]).unwrap();
        assert!(text.contains("[GameType \"29\"]\n[Variant \"parachute\"]\n[FEN \"W:WP1,"));
        assert!(text.contains("{end: ply_cap; Black forfeits: panicked: odd} 1/2-1/2"));
    }

    #[test]
    fn movetext_lines_stay_short_and_numbers_stay_with_their_moves() {
        let mut text = String::new();
        let tokens: Vec<String> = (1..60).map(|n| format!("{n}. 31-27")).collect();
        wrap(&mut text, &tokens);
        for line in text.lines() {
            assert!(line.len() <= LINE_WIDTH);
            assert!(!line.ends_with('.'));
        }
    }

    #[test]
    fn escapes_quotes_in_tags() {
        assert_eq!(escape(r#"a"b\c"#), r#"a\"b\\c"#);
    }
}
