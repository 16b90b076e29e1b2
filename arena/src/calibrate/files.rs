//! The files a calibration writes: `difficulty.csv` (the chosen levels, measured in the
//! final check), `difficulty.toml` (level = spec, for a game to load), `calibration.csv`
//! (every point measured, for plotting) and `levels.md` (the table to read). Each writer
//! formats a finished [`Calibration`] with the config's names and asks nothing back.

use std::fmt::Write as _;

use super::config::{CalibrationIdentity, Target};
use super::knob::Knob;
use super::result::{Calibration, Estimate};

fn push_estimate(line: &mut String, estimate: Option<Estimate>, decimals: usize) {
    match estimate {
        Some(e) => {
            let _ = write!(
                line,
                ",{:.*},{:.*},{:.*}",
                decimals, e.value, decimals, e.lo, decimals, e.hi
            );
        }
        None => line.push_str(",,,"),
    }
}

fn score_columns(config: &CalibrationIdentity) -> String {
    let mut header = String::new();
    for reference in &config.reference {
        let name = &reference.name;
        let _ = write!(
            header,
            ",score_vs_{name},score_vs_{name}_lo,score_vs_{name}_hi"
        );
    }
    header
}

/// What the blunder rate of `difficulty.csv` is measured over: the level's games against
/// the references in the final round-robin (not its games against the other levels).
pub const BLUNDER_GAMES: &str = "final_vs_references";

/// `difficulty.csv`: `level,spec,knob,rating,rating_lo,rating_hi`, the score against each
/// reference with its interval, the blunder rate with its interval (solved games; the
/// interval resamples whole games) and the games it is measured over (how many, and which:
/// [`BLUNDER_GAMES`]), the mean nodes and iterations per move, all from the final check;
/// then the target, the
/// value measured for it during the search with its interval, the search's status, and
/// the sequential test against the level below.
pub fn difficulty_csv(config: &CalibrationIdentity, result: &Calibration) -> String {
    let solved = result.solved;
    let mut text = String::from("level,spec,knob,rating,rating_lo,rating_hi");
    text.push_str(&score_columns(config));
    if solved {
        text.push_str(
            ",blunder_rate,blunder_rate_lo,blunder_rate_hi,blunder_games,blunder_games_are",
        );
    }
    text.push_str(
        ",nodes_per_move,iterations_per_move,target,target_value,measured,measured_lo,measured_hi,\
         status,gsprt_llr,gsprt_verdict\n",
    );
    for row in &result.levels {
        let mut line = format!("{},{},{}", row.name, quote(&row.spec), knob_text(row.knob));
        push_estimate(&mut line, Some(row.rating), 1);
        for score in &row.scores {
            push_estimate(&mut line, *score, 4);
        }
        if solved {
            push_estimate(&mut line, row.blunder_rate, 4);
            let _ = write!(line, ",{},{BLUNDER_GAMES}", row.blunder_games);
        }
        let (nodes, iterations) = (row.nodes_per_move, row.iterations_per_move);
        let (kind, value) = target_text(config, &row.target);
        let _ = write!(line, ",{nodes:.1},{iterations:.1},{kind},{value}");
        push_estimate(&mut line, Some(row.measured), 4);
        let _ = write!(line, ",{}", row.status.as_str());
        match &row.test {
            Some(test) => {
                let _ = write!(line, ",{:.4},{:?}", test.llr, test.verdict);
            }
            None => line.push_str(",,"),
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The target's kind and value as `difficulty.csv` writes them: a fixed spec aims at no
/// value (the spec column holds it) and is measured by its rating.
fn target_text(config: &CalibrationIdentity, target: &Target) -> (String, String) {
    match target {
        Target::Elo(v) => ("elo".into(), v.to_string()),
        Target::ScoreVs {
            reference,
            score,
            seat,
        } => (seat_column(config, *reference, *seat), score.to_string()),
        Target::BlunderRate(v) => ("blunder_rate".into(), v.to_string()),
        Target::Spec(_) => ("spec".into(), String::new()),
    }
}

/// The column of the score against reference `reference`, in one seat if `seat` names
/// one: `score_vs_small`, `score_vs_small_as_A`.
fn seat_column(config: &CalibrationIdentity, reference: usize, seat: Option<char>) -> String {
    let name = &config.reference[reference].name;
    match seat {
        None => format!("score_vs_{name}"),
        Some(seat) => format!("score_vs_{name}_as_{seat}"),
    }
}

/// The knob value as the CSV files write it: empty for a level's fixed spec.
fn knob_text(knob: Option<f64>) -> String {
    knob.map_or_else(String::new, Knob::describe)
}

fn quote(spec: &str) -> String {
    if spec.contains(',') {
        format!("\"{spec}\"")
    } else {
        spec.to_string()
    }
}

/// `difficulty.toml`: one `level = "spec"` line per level.
pub fn difficulty_toml(config: &CalibrationIdentity, result: &Calibration) -> String {
    let mut text = format!(
        "# Difficulty levels of {} calibrated by `arena calibrate` (seed {}).\n",
        config.game, config.seed
    );
    for row in &result.levels {
        let _ = writeln!(text, "{} = {:?}", row.name, row.spec);
    }
    text
}

/// `calibration.csv`: every point measured during the search, in the order measured,
/// with its games and what was measured there.
pub fn calibration_csv(config: &CalibrationIdentity, result: &Calibration) -> String {
    let solved = result.solved;
    let mut text = String::from(
        "point,added_at_step,knob,spec,pairs_per_reference,rating,rating_lo,rating_hi",
    );
    text.push_str(&score_columns(config));
    // The score each seated target measures, at every point: none without seat targets.
    for (reference, seat) in config.seated_targets() {
        let column = seat_column(config, reference, Some(seat));
        let _ = write!(text, ",{column},{column}_lo,{column}_hi");
    }
    if solved {
        text.push_str(",blunder_rate,blunder_rate_lo,blunder_rate_hi");
    }
    text.push_str(",nodes_per_move,iterations_per_move\n");
    for (index, point) in result.points.iter().enumerate() {
        let mut line = format!(
            "{index},{},{},{},{}",
            point.added_at,
            knob_text(point.knob),
            quote(&point.spec),
            point.pairs
        );
        push_estimate(&mut line, Some(point.rating), 1);
        for score in point.scores.iter().chain(&point.seated_scores) {
            push_estimate(&mut line, *score, 4);
        }
        if solved {
            push_estimate(&mut line, point.blunder_rate, 4);
        }
        let (nodes, iterations) = (point.nodes_per_move, point.iterations_per_move);
        let _ = writeln!(line, ",{nodes:.1},{iterations:.1}");
        text.push_str(&line);
    }
    text
}

/// The shipped table as markdown: level, spec, rating and the score against each
/// reference, with intervals.
pub fn markdown_table(config: &CalibrationIdentity, result: &Calibration) -> String {
    let solved = result.solved;
    let mut text = String::from("| level | spec | rating |");
    let mut rule = String::from("|---|---|---|");
    for reference in &config.reference {
        let _ = write!(text, " vs {} |", reference.name);
        rule.push_str("---|");
    }
    if solved {
        text.push_str(" blunder rate |");
        rule.push_str("---|");
    }
    let _ = writeln!(text, "\n{rule}");
    for row in &result.levels {
        let r = row.rating;
        let _ = write!(
            text,
            "| {} | `{}` | {:.0} [{:.0}, {:.0}] |",
            row.name, row.spec, r.value, r.lo, r.hi
        );
        for score in &row.scores {
            match score {
                Some(e) => {
                    let _ = write!(text, " {:.2} [{:.2}, {:.2}] |", e.value, e.lo, e.hi);
                }
                None => text.push_str(" |"),
            }
        }
        if solved {
            if let Some(e) = row.blunder_rate {
                let _ = write!(text, " {:.3} [{:.3}, {:.3}] |", e.value, e.lo, e.hi);
            }
        }
        text.push('\n');
    }
    text.push_str(&steps_line(result));
    text.push_str(&seat_table(config, result));
    text.push_str(&mistakes_table(config, result));
    text.push_str(&first_seat_line(config, result));
    text
}

/// With rungs, the rules of the ladder as the final round-robin found them, in one
/// line below the table (empty without `[rungs]`, so that such files stay as they were).
fn steps_line(result: &Calibration) -> String {
    let Some(steps) = &result.steps else {
        return String::new();
    };
    let names: Vec<&str> = result.levels.iter().map(|row| row.name.as_str()).collect();
    let rungs = result.levels.iter().filter(|row| row.rung).count();
    let [cap, rung, named] = steps.sentences(&names);
    format!(
        "\nSteps in the final round-robin, with {}: {cap}; {rung}; {named}.\n",
        crate::console::counted(rungs, "rung")
    )
}

/// Each level's mistake profile by the referee, a fixed-depth material search, over its
/// moves in the final round-robin's games against the references (games without a
/// solved table; empty otherwise).
fn mistakes_table(config: &CalibrationIdentity, result: &Calibration) -> String {
    let Some(first) = result.levels.iter().find_map(|row| row.mistakes.as_ref()) else {
        return String::new();
    };
    let unit = first.unit;
    let units = if unit == "man" {
        "men".to_string()
    } else {
        format!("{unit}s")
    };
    // A game whose moves take seconds each to score is scored in its first pairs only.
    let (search, unit_of_games) = if result.players > 2 {
        ("best-reply material search", "game set")
    } else {
        ("material search", "game pair")
    };
    let games = match first.pairs_each {
        Some(pairs) => format!(
            "its first {} against each reference in the final round-robin ({} games)",
            crate::console::counted(pairs, unit_of_games),
            first.games
        ),
        None => "the final round-robin's games against the references".to_string(),
    };
    let mut text = format!(
        "\nMistakes by the referee (a {}-ply {search}; docs/commands.md), over each \
         level's moves in {games}: the share of moves that give away a {unit} or more within \
         its horizon, the share of smaller losses and the mean loss in {units}, with {}% \
         intervals over games:\n\n\
         | level | moves | a {unit} or more | smaller losses | mean loss |\n\
         |---|---|---|---|---|\n",
        first.depth,
        config.confidence * 100.0
    );
    for row in &result.levels {
        let Some(m) = &row.mistakes else { continue };
        let shown = |e: &Estimate| format!("{:.3} [{:.3}, {:.3}]", e.value, e.lo, e.hi);
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} |",
            row.name,
            m.moves,
            shown(&m.gross),
            shown(&m.small),
            shown(&m.mean_loss)
        );
    }
    text
}

/// The first player's edge: seat A's score against the other seats over every game of
/// the calibration (whoever sat where), with its interval over the pairs or sets, each
/// of which seats every agent once in every seat from one opening.
fn first_seat_line(config: &CalibrationIdentity, result: &Calibration) -> String {
    let Some(edge) = result.first_seat else {
        return String::new();
    };
    let (score, lo, hi, units) = (edge.score, edge.lo, edge.hi, edge.sets);
    let players = result.players;
    let (others, unit) = if players > 2 {
        ("the other seats", "sets")
    } else {
        ("seat B", "game pairs")
    };
    format!(
        "\nThe first player's edge: seat A scored {score:.2} [{lo:.2}, {hi:.2}] against \
         {others} over all {} games of the calibration ({}% interval over its {units} \
         {unit}).\n",
        units * players as u64,
        config.confidence * 100.0
    )
}

/// Each level's score against each reference by the seat it played (A moves first), over
/// its games against the references in the final round-robin: where a seat has the
/// edge, a level feels stronger there.
fn seat_table(config: &CalibrationIdentity, result: &Calibration) -> String {
    let seats: Vec<String> = (0..result.players)
        .map(|s| engine::Seat::new(s).to_string())
        .collect();
    let mut text = format!(
        "\nScore by seat ({}: A moves first), in the final round-robin's games against the \
         references:\n\n| level |",
        seats.join(", ")
    );
    let mut rule = String::from("|---|");
    for reference in &config.reference {
        for seat in &seats {
            let _ = write!(text, " vs {} as {seat} |", reference.name);
            rule.push_str("---|");
        }
    }
    let _ = writeln!(text, "\n{rule}");
    for row in &result.levels {
        let _ = write!(text, "| {} |", row.name);
        for scores in &row.seat_scores {
            for score in scores {
                let _ = write!(text, " {score:.2} |");
            }
        }
        text.push('\n');
    }
    text
}
