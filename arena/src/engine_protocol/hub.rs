//! `arena engine international --protocol hub`: one of the arena's agents as a draughts
//! engine that speaks Scan's Hub protocol, version 2 (as published with Scan 3.1), so that
//! Hub GUIs and Hub clients (py-draughts' `HubEngine`) play it. Hub's board is the 10x10
//! one: a position is `W` or `B` (the side to move) and one letter a square in standard
//! order (`w`, `b` men, `W`, `B` kings, `e` empty), a move `32-28` or, for a capture,
//! `from x to x captured x ...` (the captured squares in any order). Of Hub's variants the
//! arena plays `normal`, International draughts; the others are refused by name.
//!
//! The conversions below go through the game's own notation (PDN positions and moves), so
//! they hold for any variant on the 10x10 board that the engine may gain.

use std::collections::BTreeSet;
use std::io::{BufRead, Write};

use agents::Agent;
use engine::games::draughts::International;
use engine::{Draughts, Game, GameSpec};

use crate::error::ArenaError;

/// The game Hub's `normal` variant is.
pub type Board10 = Draughts<International>;

/// Every variant Hub names (Scan 3.1's `variant` parameter).
pub const HUB_VARIANTS: &[&str] = &["normal", "killer", "bt", "frisian", "losing"];

/// The Hub variant the arena plays.
const PLAYED: &str = "normal";

/// Squares of the 10x10 board.
const SQUARES: usize = 50;

/// A Hub line's words after the command: `arg=val` pairs, a flag's value empty, a quoted
/// value without its quotes (it may hold spaces).
pub fn arguments(rest: &str) -> Vec<(&str, &str)> {
    let bytes = rest.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'=' {
            i += 1;
        }
        let key = &rest[start..i];
        let mut value = "";
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            if bytes.get(i) == Some(&b'"') {
                let open = i + 1;
                let close = rest[open..].find('"').map_or(bytes.len(), |p| open + p);
                value = &rest[open..close];
                i = (close + 1).min(bytes.len());
            } else {
                let from = i;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                value = &rest[from..i];
            }
        }
        words.push((key, value));
    }
    words
}

/// The value of `key` among a line's arguments.
fn argument<'a>(args: &[(&'a str, &'a str)], key: &str) -> Option<&'a str> {
    args.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// A board as Hub writes it: one of `w b W B e` a square, square 1 first.
type Squares = [u8; SQUARES];

/// The squares of a PDN position of the 10x10 board (`W:W31,K45:B1,2 options...`; the
/// arena writes every square, never a range).
fn squares_of_pdn(pdn: &str) -> Squares {
    let mut squares = [b'e'; SQUARES];
    let fen = pdn.split_whitespace().next().unwrap_or("");
    for section in fen.split(':').skip(1) {
        let (man, king) = match section.as_bytes().first() {
            Some(b'W') => (b'w', b'W'),
            Some(b'B') => (b'b', b'B'),
            _ => continue,
        };
        for piece in section[1..].split(',').filter(|p| !p.is_empty()) {
            let (letter, number) = match piece.strip_prefix('K') {
                Some(number) => (king, number),
                None => (man, piece),
            };
            if let Some(slot) = number
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| squares.get_mut(i))
            {
                *slot = letter;
            }
        }
    }
    squares
}

/// A position of the game in Hub's form: the side to move, then the 50 squares.
pub fn hub_position<G: Game>(position: &G) -> String {
    let pdn = position.to_string();
    let side = if pdn.starts_with('B') { 'B' } else { 'W' };
    let squares = squares_of_pdn(&pdn);
    let mut text = String::with_capacity(SQUARES + 1);
    text.push(side);
    text.extend(squares.iter().map(|&b| b as char));
    text
}

/// The PDN position of a Hub position (`W` or `B`, then 50 of `w b W B e`).
///
/// # Errors
/// Text of another length or with other letters.
pub fn pdn_of_hub(text: &str) -> Result<String, String> {
    let expected = "W or B (the side to move), then one of w b W B e for each of the 50 \
                    squares: 51 letters";
    let bytes = text.as_bytes();
    if bytes.len() != SQUARES + 1 {
        return Err(format!(
            "pos={text:?}: expected {expected}, not {}",
            bytes.len()
        ));
    }
    let side = match bytes[0] {
        b'W' => 'W',
        b'B' => 'B',
        other => {
            return Err(format!(
                "pos: side {:?}: expected {expected}",
                other as char
            ))
        }
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (index, &letter) in bytes[1..].iter().enumerate() {
        let square = index + 1;
        match letter {
            b'w' => white.push(square.to_string()),
            b'W' => white.push(format!("K{square}")),
            b'b' => black.push(square.to_string()),
            b'B' => black.push(format!("K{square}")),
            b'e' => {}
            other => {
                return Err(format!(
                    "pos: square {square} is {:?}: expected {expected}",
                    other as char
                ))
            }
        }
    }
    Ok(format!("{side}:W{}:B{}", white.join(","), black.join(",")))
}

/// A move's parts in Hub's terms: start, end, and the captured squares.
#[derive(Debug, PartialEq, Eq)]
struct HubMove {
    from: u32,
    to: u32,
    capture: bool,
    captured: BTreeSet<u32>,
}

impl HubMove {
    /// Reads `32-28`, `28x19x23` (from, to, then captured squares) or `28x19`.
    fn parse(text: &str) -> Option<HubMove> {
        let capture = text.contains('x');
        let numbers: Vec<u32> = text
            .split(if capture { 'x' } else { '-' })
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        if numbers.len() < 2 || (!capture && numbers.len() != 2) {
            return None;
        }
        Some(HubMove {
            from: numbers[0],
            to: numbers[1],
            capture,
            captured: numbers[2..].iter().copied().collect(),
        })
    }

    /// The Hub parts of `mv`, played in `position`: its ends from the game's notation, its
    /// captured squares those of the side not moving that the move empties.
    fn of<G: Game>(position: &G, mv: G::Move) -> HubMove {
        let text = mv.to_string();
        let numbers: Vec<u32> = text
            .split(['-', 'x'])
            .filter_map(|n| n.parse().ok())
            .collect();
        let (from, to) = (
            numbers.first().copied().unwrap_or(0),
            numbers.last().copied().unwrap_or(0),
        );
        let before = squares_of_pdn(&position.to_string());
        let mut next = position.clone();
        next.play_unchecked(mv);
        let after = squares_of_pdn(&next.to_string());
        let (man, king) = if position.to_string().starts_with('B') {
            (b'w', b'W')
        } else {
            (b'b', b'B')
        };
        let captured: BTreeSet<u32> = (0..SQUARES)
            .filter(|&i| (before[i] == man || before[i] == king) && after[i] == b'e')
            .map(|i| i as u32 + 1)
            .collect();
        HubMove {
            from,
            to,
            capture: !captured.is_empty(),
            captured,
        }
    }

    /// Whether `self` as read names the move `legal` (a capture written without its
    /// captured squares names every capture between its ends).
    fn names(&self, legal: &HubMove) -> bool {
        self.from == legal.from
            && self.to == legal.to
            && self.capture == legal.capture
            && (self.captured.is_empty() || self.captured == legal.captured)
    }
}

impl std::fmt::Display for HubMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.capture {
            return write!(f, "{}-{}", self.from, self.to);
        }
        write!(f, "{}x{}", self.from, self.to)?;
        for square in &self.captured {
            write!(f, "x{square}")?;
        }
        Ok(())
    }
}

/// A move in Hub's notation.
pub fn hub_move<G: Game>(position: &G, mv: G::Move) -> String {
    HubMove::of(position, mv).to_string()
}

/// The legal move of `position` that Hub's `text` names.
///
/// # Errors
/// Text that is no Hub move, or that names no legal move or several.
pub fn parse_hub_move<G: Game>(position: &G, text: &str) -> Result<G::Move, String> {
    let wanted = HubMove::parse(text).ok_or_else(|| {
        format!("move {text:?}: expected a Hub move such as 32-28 or 28x19x23 (from x to x captured...)")
    })?;
    let mut legal = Vec::new();
    if !position.is_over() {
        position.generate_moves(&mut legal);
    }
    let mut found = legal
        .into_iter()
        .filter(|&mv| wanted.names(&HubMove::of(position, mv)));
    match (found.next(), found.next()) {
        (Some(mv), None) => Ok(mv),
        (None, _) => Err(format!(
            "move {text}: not a legal move in {}",
            hub_position(position)
        )),
        (Some(_), Some(_)) => Err(format!(
            "move {text}: several captures join these squares: write the captured squares"
        )),
    }
}

/// What the engine knows between the GUI's lines.
struct Session {
    agent: Box<dyn Agent<Board10>>,
    /// The game spec's start, whose rule options (a ply cap, say) every position keeps.
    options: String,
    /// The `seed` parameter: the agent is reset with it at `init` and each `new-game`.
    seed: u64,
    /// A refused `variant`, if any: `init` then fails.
    refused: Option<String>,
    /// The position of the last `pos`, once read.
    position: Option<Board10>,
}

/// Answers Hub on `input` and `out` as `agent`, for games of `game` (International
/// draughts, with its options), until `quit` or the end of the input.
///
/// # Errors
/// A refused variant at `init`, or a failed read or write. A bad position or move is
/// answered with Hub's `error` line, and the engine goes on.
pub fn serve(
    game: &GameSpec,
    agent: Box<dyn Agent<Board10>>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), ArenaError> {
    let start = Board10::new(&game.options)?.to_string();
    let mut session = Session {
        agent,
        options: start
            .split_once(' ')
            .map_or(String::new(), |(_, rest)| rest.to_string()),
        seed: 0,
        refused: None,
        position: None,
    };
    let mut line = String::new();
    loop {
        line.clear();
        let read = input
            .read_line(&mut line)
            .map_err(|e| ArenaError::failure(format!("cannot read from the GUI: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        let text = line.trim_end_matches(['\n', '\r']).trim();
        let (command, rest) = text.split_once(' ').unwrap_or((text, ""));
        let args = arguments(rest);
        let answer = match command {
            "hub" => Some(session.introduce()),
            "set-param" => session.set_param(&args),
            "init" => {
                if let Some(variant) = &session.refused {
                    let why = refusal(variant);
                    write_lines(out, &format!("error message=\"{why}\"\n"))?;
                    return Err(ArenaError::input(why));
                }
                session.agent.reset(session.seed);
                Some("ready\n".to_string())
            }
            "new-game" => {
                session.agent.reset(session.seed);
                None
            }
            "pos" => session.set_position(&args),
            "go" => Some(session.search()),
            "ping" => Some("pong\n".to_string()),
            "quit" => return Ok(()),
            // `level` (an agent's budget is its spec's, so that its games replay),
            // `stop` and `ponder-hit` (every search has answered before the next line is
            // read), and anything unknown.
            _ => None,
        };
        if let Some(answer) = answer {
            write_lines(out, &answer)?;
        }
    }
}

fn write_lines(out: &mut dyn Write, text: &str) -> Result<(), ArenaError> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| ArenaError::failure(format!("cannot write to the GUI: {e}")))
}

/// Why a variant is refused.
fn refusal(variant: &str) -> String {
    format!(
        "variant {variant}: not played by the arena; of Hub's variants ({}) it plays \
         {PLAYED} (International draughts)",
        HUB_VARIANTS.join(" ")
    )
}

impl Session {
    /// The answer to `hub`: the engine's name, its parameters, `wait`.
    fn introduce(&self) -> String {
        format!(
            "id name=\"arena {}\" version={} author=leapfrog-arena\n\
             param name=variant value={PLAYED} type=enum values=\"{PLAYED}\"\n\
             param name=seed value={} type=int min=0 max={}\n\
             wait\n",
            self.agent.spec(),
            env!("CARGO_PKG_VERSION"),
            self.seed,
            u64::MAX
        )
    }

    /// `set-param name=... value=...`: the variant (refused unless played) or the seed.
    fn set_param(&mut self, args: &[(&str, &str)]) -> Option<String> {
        let value = argument(args, "value").unwrap_or("");
        match argument(args, "name") {
            Some("variant") if value == PLAYED || value == "international" => {
                self.refused = None;
                None
            }
            Some("variant") => {
                self.refused = Some(value.to_string());
                Some(format!("error message=\"{}\"\n", refusal(value)))
            }
            Some("seed") => match value.parse() {
                Ok(seed) => {
                    self.seed = seed;
                    None
                }
                Err(_) => Some(format!(
                    "error message=\"seed {value:?}: expected a whole number from 0 to {}\"\n",
                    u64::MAX
                )),
            },
            _ => None,
        }
    }

    /// `pos pos=... [moves="..."]`: the position, then the moves played from it.
    fn set_position(&mut self, args: &[(&str, &str)]) -> Option<String> {
        self.position = None;
        match self.read_position(args) {
            Ok(position) => {
                self.position = Some(position);
                None
            }
            Err(why) => Some(format!("error message=\"{}\"\n", why.replace('"', "'"))),
        }
    }

    fn read_position(&mut self, args: &[(&str, &str)]) -> Result<Board10, String> {
        let text = argument(args, "pos").ok_or("pos: expected pos=<position>")?;
        let pdn = format!("{} {}", pdn_of_hub(text)?, self.options);
        let mut position = Board10::parse_position(pdn.trim()).map_err(|e| e.to_string())?;
        for word in argument(args, "moves").unwrap_or("").split_whitespace() {
            let mv = parse_hub_move(&position, word)?;
            self.agent.observe(&position, mv);
            position.play_unchecked(mv);
        }
        Ok(position)
    }

    /// `go think|ponder|analyze`: the agent's move in the last position, at once.
    fn search(&mut self) -> String {
        let Some(position) = &self.position else {
            return "error message=\"go: no position (send pos first)\"\n".to_string();
        };
        if position.is_over() {
            return "error message=\"go: the game is over in this position\"\n".to_string();
        }
        let mv = self.agent.choose(position);
        format!("done move={}\n", hub_move(position, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn hub_lines_split_into_arguments_with_quotes_and_flags() {
        let args = arguments(r#"name="arena greedy" version=0.1 flag moves="32-28 17-22""#);
        assert_eq!(
            args,
            [
                ("name", "arena greedy"),
                ("version", "0.1"),
                ("flag", ""),
                ("moves", "32-28 17-22")
            ]
        );
        assert_eq!(arguments("  "), []);
    }

    #[test]
    fn positions_convert_both_ways() {
        let start = Board10::new(&engine::game::GameOptions::new()).unwrap();
        assert_eq!(hub_position(&start), START);
        let pdn = pdn_of_hub(START).unwrap();
        assert_eq!(
            Board10::parse_position(&pdn).unwrap().to_string(),
            start.to_string()
        );
        assert!(pdn_of_hub("W").unwrap_err().contains("51 letters"));
        assert!(pdn_of_hub(&START.replace('W', "X")).is_err());
    }

    #[test]
    fn a_capture_is_written_from_to_and_captured_squares() {
        // A white man on 32 must take the black man on 27, landing on 21.
        let mut text = vec![b'e'; 51];
        text[0] = b'W';
        text[32] = b'w';
        text[27] = b'b';
        text[5] = b'b';
        let pdn = pdn_of_hub(std::str::from_utf8(&text).unwrap()).unwrap();
        let position = Board10::parse_position(&pdn).unwrap();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        assert_eq!(moves.len(), 1);
        assert_eq!(hub_move(&position, moves[0]), "32x21x27");
        assert_eq!(parse_hub_move(&position, "32x21x27"), Ok(moves[0]));
        assert_eq!(parse_hub_move(&position, "32x21"), Ok(moves[0]));
        assert!(parse_hub_move(&position, "32-28").is_err());
        assert!(parse_hub_move(&position, "nonsense").is_err());
    }
}
