//! `leapfrog_arena._native`: the engine's games and the agents as Python classes
//! ([`Game`], [`State`], [`Agent`]). The Python package around it
//! (`python/leapfrog_arena/`) adds the PettingZoo and Gymnasium environments.

mod agent;
mod encode;
mod state;

use std::sync::Mutex;

use engine::{with_game, Game as _, GameKind, GameSpec};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyInt, PyList};

use crate::agent::{Chooser, Seated};
use crate::encode::{Encoded, SHARED_CELL_ACTIONS};
use crate::state::{action_count, Playing, Position};

/// A Python `ValueError` carrying `message`.
fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The start of game `spec` (or the position `text` of its game), as a game in progress.
fn start_of(spec: &GameSpec, text: Option<&str>) -> Result<Box<dyn Position>, String> {
    with_game!(spec.kind, G => {
        let position = match text {
            Some(text) => G::parse_position(text).map_err(|e| e.to_string())?,
            None => G::new(&spec.options).map_err(|e| e.to_string())?,
        };
        Ok(Box::new(Playing::<G>::new(position)) as Box<dyn Position>)
    })
}

/// A numpy array of `values` (`dtype` a numpy type name) in `shape`, writable.
fn numpy_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, bytes);
    numpy
        .call_method1("frombuffer", (buffer, dtype))?
        .call_method1("reshape", (shape,))
}

/// A game by the arena's name and options, e.g. `Game("chinese-checkers:players=3")`.
///
/// Every game's board is a set of cells (spots, holes, squares or points, 0-based in the
/// order of the game's notation); a move's action is `from * cells + to`, the pass of
/// Chinese checkers `cells * cells`, and a move that shares its cells with another takes
/// one of the `SHARED_CELL_ACTIONS` actions after the pass (the module's docs).
#[pyclass(module = "leapfrog_arena._native", frozen)]
struct Game {
    spec: GameSpec,
    players: usize,
    cells: usize,
    plane_names: Vec<String>,
    /// Every action as a Python int, made once: a list of legal actions then holds
    /// these rather than allocating an int for each action above 256 on every call.
    action_ints: Vec<Py<PyInt>>,
}

#[pymethods]
impl Game {
    #[new]
    fn new(py: Python<'_>, name: &str) -> PyResult<Game> {
        let spec: GameSpec = name
            .parse()
            .map_err(|e: engine::GameError| value_error(e.to_string()))?;
        let (players, cells, plane_names) = with_game!(spec.kind, G => {
            let start = G::new(&spec.options).map_err(|e| value_error(e.to_string()))?;
            (start.players(), start.cells(), start.plane_names())
        });
        let action_ints: Vec<Py<PyInt>> = (0..action_count(cells))
            .map(|action| {
                let Ok(int) = action.into_pyobject(py);
                int.unbind()
            })
            .collect();
        Ok(Game {
            spec,
            players,
            cells,
            plane_names,
            action_ints,
        })
    }

    /// The game as the arena names it, options included.
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    /// How many seats play.
    #[getter]
    fn players(&self) -> usize {
        self.players
    }

    /// How many cells the board has.
    #[getter]
    fn cells(&self) -> usize {
        self.cells
    }

    /// The size of the action space (`cells * cells + 1 + SHARED_CELL_ACTIONS`).
    #[getter]
    fn num_actions(&self) -> usize {
        action_count(self.cells)
    }

    /// The shape of an observation: (planes, cells).
    #[getter]
    fn observation_shape(&self) -> (usize, usize) {
        (self.plane_names.len(), self.cells)
    }

    /// What each plane of an observation holds, seen from the observing seat.
    #[getter]
    fn plane_names(&self) -> Vec<String> {
        self.plane_names.clone()
    }

    /// A game at the start.
    fn new_state(slf: Bound<'_, Self>) -> PyResult<State> {
        let inner = start_of(&slf.get().spec, None).map_err(value_error)?;
        Ok(State {
            game: slf.unbind(),
            inner,
        })
    }

    /// A game from a position in the game's notation (as `arena play --position`).
    fn state_from_position(slf: Bound<'_, Self>, text: &str) -> PyResult<State> {
        let inner = start_of(&slf.get().spec, Some(text)).map_err(value_error)?;
        Ok(State {
            game: slf.unbind(),
            inner,
        })
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.spec.to_string())
    }
}

/// A game in progress: legal moves as text and as actions, play, undo, result,
/// observation.
#[pyclass(module = "leapfrog_arena._native")]
struct State {
    game: Py<Game>,
    inner: Box<dyn Position>,
}

#[pymethods]
impl State {
    /// The game being played.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The seat to move (0-based), or -1 once the game is over.
    #[getter]
    fn current_player(&self) -> i64 {
        if self.inner.is_over() {
            -1
        } else {
            self.inner.to_move() as i64
        }
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_over()
    }

    /// Each seat's return: 1 a win, -1 a loss, 0 a draw (between them for places among
    /// several players); zeros while the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Why the game ended (`None` while it goes on): e.g. `goal`, `no-moves`, `ply-cap`.
    fn end_reason(&self) -> Option<&'static str> {
        self.inner.end_reason()
    }

    /// The legal moves in the game's notation, in the order of `legal_actions()`.
    fn legal_moves(&mut self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// The legal moves' actions, ascending.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let actions = self.inner.legal_actions().map_err(value_error)?;
        let ints = &self.game.get().action_ints;
        PyList::new(py, actions.iter().map(|&action| ints[action].bind(py)))
    }

    /// The legal actions as a numpy int8 array of `num_actions` (1 where legal).
    fn action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = action_count(self.game.get().cells);
        let mut mask = vec![0u8; count];
        for action in self.inner.legal_actions().map_err(value_error)? {
            mask[action] = 1;
        }
        numpy_array(py, &mask, "int8", vec![count])
    }

    /// Plays a legal move, given as an action (int) or in the game's notation (str).
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(action) = mv.extract::<usize>() {
            return self.inner.play_action(action).map_err(value_error);
        }
        let text: String = mv
            .extract()
            .map_err(|_| value_error("a move is an action (int) or a move's text (str)"))?;
        self.inner.play_text(&text).map_err(value_error)
    }

    /// Takes back the last move.
    fn undo(&mut self) -> PyResult<()> {
        self.inner.undo().map_err(value_error)
    }

    /// The text of the legal move with this action.
    fn action_to_move(&mut self, action: usize) -> PyResult<String> {
        self.inner.action_text(action).map_err(value_error)
    }

    /// The action of the legal move written `text`.
    fn move_to_action(&mut self, text: &str) -> PyResult<usize> {
        self.inner.text_action(text).map_err(value_error)
    }

    /// The moves played, in the game's notation.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The position in the game's notation (what `Game.state_from_position` reads).
    fn position(&self) -> String {
        self.inner.position_text()
    }

    /// The observation of `seat` (default: the seat to move) as a float32 numpy array of
    /// shape `game.observation_shape`: plane k, cell c is 1.0 where the piece of plane k
    /// (`game.plane_names[k]`, seen from `seat`) stands on cell c.
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = self.inner.players();
        let seat = seat.unwrap_or_else(|| self.inner.to_move());
        if seat >= players {
            return Err(value_error(format!(
                "seat {seat}: the game seats {players}"
            )));
        }
        let values = self.inner.observation(seat);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let game = self.game.get();
        numpy_array(
            py,
            &bytes,
            "float32",
            vec![game.plane_names.len(), game.cells],
        )
    }

    /// The position's Zobrist hash.
    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> State {
        State {
            game: self.game.clone_ref(py),
            inner: self.inner.boxed_clone(),
        }
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "State({:?}, {:?})",
            self.game.get().spec.to_string(),
            self.inner.position_text()
        )
    }
}

/// An agent by spec (`"minimax:nodes=100000"`) or shipped level (`"level:hard"`,
/// `"level:elo=1200"`) for one game, seeded: the same seed and the same positions give
/// the same moves.
#[pyclass(module = "leapfrog_arena._native")]
struct Agent {
    game: Py<Game>,
    written: String,
    chooser: Mutex<Box<dyn Chooser>>,
}

impl Agent {
    /// The move chosen for `state`, in the game's notation.
    fn choose_in(&self, state: &mut State) -> PyResult<String> {
        same_game(&self.game, state)?;
        self.chooser()
            .choose(state.inner.as_mut())
            .map_err(value_error)
    }

    fn chooser(&self) -> std::sync::MutexGuard<'_, Box<dyn Chooser>> {
        // A panic cannot leave the agent half-changed in a way that matters here.
        self.chooser.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Checks that `state` is a game of `game`.
fn same_game(game: &Py<Game>, state: &State) -> PyResult<()> {
    let (ours, theirs) = (&game.get().spec, &state.game.get().spec);
    if ours.kind != theirs.kind {
        return Err(value_error(format!(
            "an agent of {ours} given a state of {theirs}"
        )));
    }
    Ok(())
}

#[pymethods]
impl Agent {
    #[new]
    #[pyo3(signature = (spec, game, seed=0))]
    fn new(spec: &str, game: Bound<'_, Game>, seed: u64) -> PyResult<Agent> {
        let resolved = agent::resolve(spec, &game.get().spec).map_err(value_error)?;
        let mut chooser: Box<dyn Chooser> = with_game!(game.get().spec.kind, G => {
            Box::new(Seated::<G>::build(&resolved).map_err(value_error)?)
        });
        chooser.reset(seed);
        Ok(Agent {
            game: game.unbind(),
            written: spec.trim().to_string(),
            chooser: Mutex::new(chooser),
        })
    }

    /// The spec it plays: a level's own spec for a level.
    #[getter]
    fn spec(&self) -> String {
        self.chooser().spec().to_string()
    }

    /// The spec as written (`level:hard`, say).
    #[getter]
    fn name(&self) -> String {
        self.written.clone()
    }

    /// Starts a new game's choices from `seed`.
    fn reset(&self, seed: u64) {
        self.chooser().reset(seed);
    }

    /// The move it chooses for `state`, in the game's notation. The state is unchanged.
    fn choose(&self, mut state: PyRefMut<'_, State>) -> PyResult<String> {
        self.choose_in(&mut state)
    }

    /// The action of the move it chooses for `state`. The state is unchanged.
    fn choose_action(&self, mut state: PyRefMut<'_, State>) -> PyResult<usize> {
        let text = self.choose_in(&mut state)?;
        state.inner.text_action(&text).map_err(value_error)
    }

    /// Tells the agent that `move` (text or action) is about to be played in `state`:
    /// an agent that learns from the game (as in the arena, which shows every move to
    /// every seat) sees it. Call it before `state.play(move)`.
    fn observe(&self, mut state: PyRefMut<'_, State>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        same_game(&self.game, &state)?;
        let text = match mv.extract::<usize>() {
            Ok(action) => state.inner.action_text(action).map_err(value_error)?,
            Err(_) => mv.extract::<String>()?,
        };
        self.chooser()
            .observe(state.inner.as_mut(), &text)
            .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "Agent({:?}, {:?})",
            self.written,
            self.game.get().spec.to_string()
        )
    }
}

/// The names of every game, in the order the arena lists them.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|kind| kind.name()).collect()
}

/// The seed the arena gives the agent in seat `seat` of a game with seed `game_seed`
/// (`arena play --seed`), so that `Agent(spec, game, seed=seat_seed(s, i))` plays as
/// seat i of `arena play --seed s`.
#[pyfunction]
fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    agents::seeds::seat_seed(game_seed, seat)
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Agent>()?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(seat_seed, m)?)?;
    m.add("SHARED_CELL_ACTIONS", SHARED_CELL_ACTIONS)?;
    Ok(())
}
