//! What a person types at a human seat, read as they mean it: a move in the game's
//! notation, or written another way that names one legal move only (`9-18` for the
//! capture `9x18`, `5 6` for `5-6`, a multi-capture by its first and last squares); and
//! the list that `help` shows. The game's own parser stays strict, since files and
//! programs must write the notation exactly; only a person's line is read this loosely.

use engine::{Game, Seat};

/// How a person's line names the seat to move: the board's own word and the seat's
/// letter (`Black (A)`), or the letter alone where the board uses it.
pub fn seat_label<G: Game>(position: &G, seat: Seat) -> String {
    let name = position.seat_name(seat);
    if name == seat.to_string() {
        name
    } else {
        format!("{name} ({seat})")
    }
}

/// The line that tells a person which seat is theirs, before they play it: `You play
/// Black (A): the b men and B kings, men moving down the board.`
pub fn introduction<G: Game>(position: &G, seat: Seat) -> String {
    let story = position.seat_story(seat);
    let label = seat_label(position, seat);
    if story.is_empty() {
        format!("You play {label}. Type help for what you can type.")
    } else {
        format!("You play {label}: {story}. Type help for what you can type.")
    }
}

/// The squares (spots, holes, points) a move's text names, in order, lower case: the
/// text split at anything that is neither a letter nor a digit, and at an `x` that
/// follows a digit (`9x18`, `d3xd5`), so that `9-18`, `9x18`, `9 18` and `9 x 18` all
/// read as the same two squares.
fn squares(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        let after_digit = word.chars().last().is_some_and(|l| l.is_ascii_digit());
        let separator =
            !c.is_alphanumeric() || (matches!(c, 'x' | 'X') && (after_digit || word.is_empty()));
        if separator {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else {
            word.extend(c.to_lowercase());
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether `part` appears in `whole` in order, gaps allowed.
fn in_order(part: &[String], whole: &[String]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|square| rest.any(|w| w == square))
}

/// The legal move `text` means in `position`, whose legal moves are `legal`: the move
/// the game's notation reads if it is legal; else the one legal move that names the same
/// squares (`9-18` for `9x18`), or failing that the one that starts and ends where the
/// text does and passes the squares it names between.
///
/// # Errors
/// Why no one move is meant, for `illegal move: TEXT (WHY)`: the legal moves the text
/// could mean when it fits several (or names only the square they start from); else
/// the notation's own complaint.
pub fn read_move<G: Game>(position: &G, legal: &[G::Move], text: &str) -> Result<G::Move, String> {
    let parsed = position.parse_move(text);
    if let Ok(mv) = parsed {
        if legal.contains(&mv) {
            return Ok(mv);
        }
    }
    let typed = squares(text);
    let named: Vec<(G::Move, Vec<String>)> = legal
        .iter()
        .map(|mv| (*mv, squares(&mv.to_string())))
        .collect();
    let pick = |fits: &dyn Fn(&[String]) -> bool| -> Vec<G::Move> {
        named
            .iter()
            .filter(|(_, squares)| fits(squares))
            .map(|(mv, _)| *mv)
            .collect()
    };
    let listed = |moves: &[G::Move]| -> String {
        let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
        texts.join(", ")
    };
    let same = pick(&|squares| squares == typed.as_slice());
    let through = if typed.len() >= 2 {
        pick(&|squares| {
            squares.first() == typed.first()
                && squares.last() == typed.last()
                && in_order(&typed, squares)
        })
    } else {
        Vec::new()
    };
    for fits in [&same, &through] {
        match fits.len() {
            0 => {}
            1 => return Ok(fits[0]),
            _ => {
                return Err(format!(
                    "it could mean {}: type one of them as written",
                    listed(fits)
                ))
            }
        }
    }
    if let [square] = typed.as_slice() {
        let from = pick(&|squares| squares.len() > 1 && squares.first() == Some(square));
        if !from.is_empty() {
            return Err(format!(
                "a move names where it goes too: from {square}, {}",
                listed(&from)
            ));
        }
    }
    Err(match parsed {
        Ok(_) => "not one of the legal moves".to_string(),
        Err(error) => format!("expected {}", error.expected),
    })
}

/// What `help` (or `?`) shows in a position whose legal moves are `legal`: every word
/// the prompt reads, with a move of the position as the example; `hint_level` is the
/// level whose move `hint` shows.
pub fn help<G: Game>(legal: &[G::Move], hint_level: &str) -> String {
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    let example = texts.first().map_or("", String::as_str);
    let mut lines = vec![
        "What you can type:".to_string(),
        format!(
            "  a move      one of the legal moves, as the list writes it (e.g. {example}); \
             spaces do for - ({})",
            squares(example).join(" ")
        ),
    ];
    if let Some(capture) = texts.iter().find(|t| t.contains(['x', 'X', ':'])) {
        let dashed = squares(capture).join("-");
        lines.push(format!(
            "              a capture may be typed with - ({dashed} for {capture}), or by its \
             first and last squares"
        ));
    } else if G::INFO.captures {
        lines.push(
            "              a capture may be typed with - for x, or by its first and last squares"
                .to_string(),
        );
    }
    lines.extend([
        format!("  hint        shows the move level {hint_level} would play here"),
        "  undo        takes back your last move and the replies after it".to_string(),
        "  quit        resigns the game (so does the end of the input, Ctrl-D)".to_string(),
        "  help or ?   this list".to_string(),
    ]);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::draughts::English;
    use engine::{Draughts, Leapfrog};

    fn english(position: &str) -> Draughts<English> {
        Draughts::<English>::parse_position(position).unwrap()
    }

    fn legal<G: Game>(position: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        moves
    }

    #[test]
    fn squares_split_at_dashes_spaces_and_capture_marks() {
        for text in ["9-18", "9x18", "9 18", " 9 x 18 ", "9X18", "9:18"] {
            assert_eq!(squares(text), ["9", "18"], "{text}");
        }
        assert_eq!(squares("D3xd5xD7"), ["d3", "d5", "d7"]);
        assert_eq!(squares("pass"), ["pass"]);
    }

    #[test]
    fn a_capture_typed_with_a_dash_or_spaces_is_read() {
        // Black to move with one capture: 9x18 over White's man on 14.
        let position = english("B:W14,30:B9,1");
        let moves = legal(&position);
        let capture = moves.iter().find(|m| m.to_string() == "9x18").copied();
        assert!(capture.is_some(), "{moves:?}");
        for typed in ["9-18", "9 18", "9x18"] {
            assert_eq!(read_move(&position, &moves, typed).ok(), capture, "{typed}");
        }
    }

    #[test]
    fn a_multi_capture_reads_from_its_ends_and_ambiguity_lists_the_moves() {
        // Black's man on 1 can take 6 and then 15: 1x10x19.
        let position = english("B:W6,15,31:B1");
        let moves = legal(&position);
        let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["1x10x19"]);
        assert_eq!(read_move(&position, &moves, "1-19"), Ok(moves[0]));
        assert_eq!(read_move(&position, &moves, "1 10 19"), Ok(moves[0]));
        // One square only: the moves from it.
        assert_eq!(
            read_move(&position, &moves, "1"),
            Err("a move names where it goes too: from 1, 1x10x19".to_string())
        );
        // Two legal moves with the same squares: both listed, neither played.
        let leapfrog = Leapfrog::start();
        let doubled = vec![legal(&leapfrog)[0], legal(&leapfrog)[0]];
        assert_eq!(
            read_move(&leapfrog, &doubled, "5 6"),
            Err("it could mean 5-6, 5-6: type one of them as written".to_string())
        );
    }

    #[test]
    fn what_names_no_move_keeps_the_notations_complaint() {
        let position = Leapfrog::start();
        let moves = legal(&position);
        assert_eq!(read_move(&position, &moves, "5 6"), Ok(moves[0]));
        assert_eq!(
            read_move(&position, &moves, "1-19"),
            Err("not one of the legal moves".to_string())
        );
        assert_eq!(
            read_move(&position, &moves, "five"),
            Err("expected FROM-TO with spots 1 to 19, e.g. \"5-6\"".to_string())
        );
    }

    #[test]
    fn help_lists_every_word_with_an_example_from_the_position() {
        let position = english("B:W14,30:B9,1");
        let text = help::<Draughts<English>>(&legal(&position), "hard");
        for word in ["a move", "hint", "undo", "quit", "help or ?"] {
            assert!(text.contains(&format!("\n  {word} ")), "{word}: {text}");
        }
        assert!(text.contains("(e.g. 9x18)"), "{text}");
        assert!(text.contains("(9-18 for 9x18)"), "{text}");
        assert!(text.contains("level hard"), "{text}");
    }

    #[test]
    fn the_seat_is_named_in_the_boards_words() {
        let english = Draughts::<English>::start();
        assert_eq!(seat_label(&english, Seat::A), "Black (A)");
        assert_eq!(
            introduction(&english, Seat::A),
            "You play Black (A): the b men and B kings, men moving down the board. Type \
             help for what you can type."
        );
        assert_eq!(
            introduction(&Leapfrog::start(), Seat::B),
            "You play B: the B pieces, moving left: from spots 15-19 to fill spots 1-5. \
             Type help for what you can type."
        );
    }
}
