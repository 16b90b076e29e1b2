//! A game in progress behind one object-safe trait, [`Position`], so that Python holds
//! any game of the engine the same way: the moves played (for `undo` and the record),
//! and the legal moves of the current position with their actions, listed once a
//! position and reused until a move is played or taken back.

use std::any::Any;

use engine::Seat;

use crate::encode::{Encoded, SHARED_CELL_ACTIONS};

/// A game in progress, whatever the game.
pub trait Position: Send + Sync {
    /// A copy, for `State.clone()`.
    fn boxed_clone(&self) -> Box<dyn Position>;
    /// The concrete [`Playing`], for an agent of the same game to read.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// How many seats play.
    fn players(&self) -> usize;
    /// The seat to move (meaningless once the game is over).
    fn to_move(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Each seat's return once the game is over (`2 * score - 1`: 1 a win, 0 a draw,
    /// -1 a loss; between them for a place among several), zeros before.
    fn returns(&self) -> Vec<f64>;
    /// Why the game ended (`EndReason`'s text), if it has.
    fn end_reason(&self) -> Option<&'static str>;
    /// The legal moves in the game's notation, in the order of their actions.
    fn legal_moves(&mut self) -> Vec<String>;
    /// The legal moves' actions, ascending.
    fn legal_actions(&mut self) -> Result<Vec<usize>, String>;
    /// Plays the legal move with action `action`.
    fn play_action(&mut self, action: usize) -> Result<(), String>;
    /// Plays the legal move written `text`.
    fn play_text(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move played.
    fn undo(&mut self) -> Result<(), String>;
    /// The text of the legal move with action `action`.
    fn action_text(&mut self, action: usize) -> Result<String, String>;
    /// The action of the legal move written `text`.
    fn text_action(&mut self, text: &str) -> Result<usize, String>;
    /// The moves played, in the game's notation.
    fn history(&self) -> Vec<String>;
    /// The position in the game's notation (what `arena play --position` reads).
    fn position_text(&self) -> String;
    /// The board drawn as text.
    fn render(&self) -> String;
    /// The observation of `seat`, `planes * cells` values.
    fn observation(&self, seat: usize) -> Vec<f32>;
    /// The position's hash.
    fn hash(&self) -> u64;
}

/// The actions of a game: `cells * cells` pairs, the pass, then the shared-cell actions.
pub fn action_count(cells: usize) -> usize {
    cells * cells + 1 + SHARED_CELL_ACTIONS
}

/// A game `G` in progress.
#[derive(Clone)]
pub struct Playing<G: Encoded> {
    /// The position now.
    pub position: G,
    moves: Vec<G::Move>,
    /// The legal moves of `position` with their actions, sorted by action, once listed
    /// (`listed`); buffers reused from position to position.
    legal: Vec<(usize, G::Move)>,
    listed: bool,
    scratch: Vec<G::Move>,
}

impl<G: Encoded> Playing<G> {
    /// A game from `position`, no move played.
    pub fn new(position: G) -> Playing<G> {
        Playing {
            position,
            moves: Vec::new(),
            legal: Vec::new(),
            listed: false,
            scratch: Vec::new(),
        }
    }

    /// The legal moves with their actions, listed once a position.
    fn listed(&mut self) -> Result<&[(usize, G::Move)], String> {
        if !self.listed {
            encode_moves(&self.position, &mut self.scratch, &mut self.legal)?;
            self.listed = true;
        }
        Ok(&self.legal)
    }

    /// The legal move with action `action`.
    fn move_of_action(&mut self, action: usize) -> Result<G::Move, String> {
        let listed = self.listed()?;
        listed
            .binary_search_by_key(&action, |&(a, _)| a)
            .map(|index| listed[index].1)
            .map_err(|_| format!("action {action} is not a legal move here"))
    }

    /// The legal move written `text`.
    fn move_of_text(&mut self, text: &str) -> Result<G::Move, String> {
        let mv = self.position.parse_move(text).map_err(|e| e.to_string())?;
        if self.position.is_legal(mv) {
            Ok(mv)
        } else {
            Err(format!("{text}: not a legal move here"))
        }
    }

    /// Plays `mv`, known to be legal.
    pub fn play_move(&mut self, mv: G::Move) {
        self.position.play_unchecked(mv);
        self.moves.push(mv);
        self.listed = false;
    }
}

/// Every legal move of `position` with its action (see [`crate::encode`]), sorted by
/// action, into `listed` (`scratch` holds the generated moves).
///
/// # Errors
/// More moves share their cells with another than there are actions for them.
fn encode_moves<G: Encoded>(
    position: &G,
    scratch: &mut Vec<G::Move>,
    listed: &mut Vec<(usize, G::Move)>,
) -> Result<(), String> {
    listed.clear();
    if position.is_over() {
        return Ok(());
    }
    position.generate_moves(scratch);
    let cells = position.cells();
    let pass = cells * cells;
    listed.extend(scratch.iter().map(|&mv| {
        let action = G::move_cells(mv).map_or(pass, |(from, to)| from * cells + to);
        (action, mv)
    }));
    listed.sort_unstable_by_key(|&(action, _)| action);
    if listed.windows(2).all(|pair| pair[0].0 != pair[1].0) {
        return Ok(());
    }
    // Moves that share their cells: their texts decide which keeps the pair's action
    // and the order of the others after the pass. Rare, so the texts are made only here.
    let mut texts: Vec<(usize, String, G::Move)> = listed
        .iter()
        .map(|&(action, mv)| (action, mv.to_string(), mv))
        .collect();
    texts.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut shared: Vec<usize> = (1..texts.len())
        .filter(|&index| texts[index].0 == texts[index - 1].0)
        .collect();
    if shared.len() > SHARED_CELL_ACTIONS {
        return Err(format!(
            "{} moves of this position share their cells with another, more than the \
             {SHARED_CELL_ACTIONS} actions kept for them",
            shared.len()
        ));
    }
    shared.sort_by(|&a, &b| texts[a].1.cmp(&texts[b].1));
    for (k, index) in shared.into_iter().enumerate() {
        texts[index].0 = pass + 1 + k;
    }
    listed.clear();
    listed.extend(texts.into_iter().map(|(action, _, mv)| (action, mv)));
    listed.sort_unstable_by_key(|&(action, _)| action);
    Ok(())
}

impl<G: Encoded> Position for Playing<G> {
    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn players(&self) -> usize {
        self.position.players()
    }

    fn to_move(&self) -> usize {
        self.position.to_move().index()
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn returns(&self) -> Vec<f64> {
        let players = self.players();
        match self.position.status().outcome() {
            None => vec![0.0; players],
            Some(outcome) => Seat::all(players)
                .map(|seat| 2.0 * outcome.score(seat) - 1.0)
                .collect(),
        }
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.position
            .status()
            .outcome()
            .map(|outcome| outcome.reason().as_str())
    }

    fn legal_moves(&mut self) -> Vec<String> {
        match self.listed() {
            Ok(listed) => listed.iter().map(|(_, mv)| mv.to_string()).collect(),
            // Unencodable positions still list their moves, in the engine's order.
            Err(_) => {
                let mut moves = Vec::new();
                if !self.position.is_over() {
                    self.position.generate_moves(&mut moves);
                }
                moves.iter().map(ToString::to_string).collect()
            }
        }
    }

    fn legal_actions(&mut self) -> Result<Vec<usize>, String> {
        Ok(self.listed()?.iter().map(|&(action, _)| action).collect())
    }

    fn play_action(&mut self, action: usize) -> Result<(), String> {
        let mv = self.move_of_action(action)?;
        self.play_move(mv);
        Ok(())
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        if self.position.is_over() {
            return Err(format!("{text}: the game is over"));
        }
        let mv = self.move_of_text(text)?;
        self.play_move(mv);
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        let mv = self.moves.pop().ok_or("no move to take back")?;
        self.position.undo(mv);
        self.listed = false;
        Ok(())
    }

    fn action_text(&mut self, action: usize) -> Result<String, String> {
        self.move_of_action(action).map(|mv| mv.to_string())
    }

    fn text_action(&mut self, text: &str) -> Result<usize, String> {
        let mv = self.move_of_text(text)?;
        let listed = self.listed()?;
        listed
            .iter()
            .find(|&&(_, legal)| legal == mv)
            .map(|&(action, _)| action)
            .ok_or_else(|| format!("{text}: not a legal move here"))
    }

    fn history(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    fn position_text(&self) -> String {
        self.position.to_string()
    }

    fn render(&self) -> String {
        self.position.render()
    }

    fn observation(&self, seat: usize) -> Vec<f32> {
        let mut out = vec![0.0; self.position.plane_names().len() * self.position.cells()];
        self.position.observe(Seat::new(seat), &mut out);
        out
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }
}
