//! Tournament configs: TOML read into a validated [`TournamentConfig`], with errors that
//! name the file, the line and the field, and quote what was written.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};

use engine::{with_game, GameSpec};
use serde::{Deserialize, Serialize};
use toml::Spanned;

// An entrant is the config's word, and the external agents' too, which sit below the
// config: the type lives below both and is named here, where callers have found it.
pub use crate::entrant::AgentEntry;
use crate::error::ArenaError;
use crate::limits::default_threads;
use crate::schedule::RoundRobin;
use crate::toml_errors::one_line;

/// The config file as written, before validation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    game: Spanned<String>,
    players: Option<Spanned<u32>>,
    #[serde(deserialize_with = "seed_text::deserialize")]
    seed: u64,
    games_per_pair: Spanned<u32>,
    #[serde(default)]
    opening_plies: u32,
    opening_balance: Option<Spanned<u32>>,
    max_plies: Option<Spanned<u32>>,
    threads: Option<Spanned<usize>>,
    out: Option<Spanned<String>>,
    anchor: Option<Spanned<String>>,
    bootstrap: Option<Spanned<usize>>,
    #[serde(default)]
    agent: Vec<RawAgent>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAgent {
    name: Spanned<String>,
    spec: Option<Spanned<String>>,
    command: Option<Spanned<Vec<String>>>,
    protocol: Option<Spanned<String>>,
    options: Option<BTreeMap<String, toml::Value>>,
    move_timeout_ms: Option<Spanned<u64>>,
    working_dir: Option<String>,
}

/// The tables of a tournament config and the fields their readers take, for the test of
/// the config reference.
#[cfg(test)]
pub(crate) fn reference_tables() -> Vec<crate::config_reference::Table> {
    use crate::config_reference::field_names;
    vec![
        ("run", "top level", field_names::<RawConfig>()),
        ("run", "[[agent]]", field_names::<RawAgent>()),
    ]
}

/// Everything that decides a tournament's results. Two runs with equal identities write
/// the same CSV files, whatever their thread counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunIdentity {
    /// The game and its rule options, as `name[:key=value,...]`.
    pub game: String,
    /// The master seed.
    #[serde(with = "seed_text")]
    pub seed: u64,
    /// Game pairs per pairing; each pair is two games with seats swapped.
    pub games_per_pair: u32,
    /// Seeded random plies before the agents take over.
    pub opening_plies: u32,
    /// Only openings the referee finds within this many hundredths of a unit of even
    /// are played ([`crate::openings`]); none: every seeded opening as drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_balance: Option<u32>,
    /// Games stop here and progress decides.
    pub max_plies: u32,
    /// The agent whose rating is 0.
    pub anchor: String,
    /// Bootstrap resamples for the rating intervals.
    pub bootstrap: usize,
    /// The entrants, in the config's order.
    pub agent: Vec<AgentEntry>,
}

impl RunIdentity {
    /// The round-robin of these agents at tables of `players` seats.
    pub fn round_robin(&self, players: usize) -> RoundRobin {
        RoundRobin {
            agents: self.agent.len(),
            games_per_pair: self.games_per_pair,
            players,
            seed: self.seed,
        }
    }

    /// A small Leapfrog Race identity with random agents of these names, for tests.
    #[cfg(test)]
    pub(crate) fn for_tests(names: &[&str]) -> RunIdentity {
        RunIdentity {
            game: "leapfrog".into(),
            seed: 1,
            games_per_pair: 2,
            opening_plies: 0,
            opening_balance: None,
            max_plies: 140,
            anchor: names[0].into(),
            bootstrap: 50,
            agent: names
                .iter()
                .map(|name| AgentEntry::of_spec(name, "random"))
                .collect(),
        }
    }
}

/// A validated tournament config.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// Where the config was read from.
    pub path: PathBuf,
    /// The game with its options.
    pub game: GameSpec,
    /// Seats at each game's table.
    pub players: usize,
    /// What decides the results.
    pub identity: RunIdentity,
    /// Worker threads (the command line can override it).
    pub threads: usize,
    /// The output folder (the command line can override it).
    pub out: PathBuf,
}

impl TournamentConfig {
    /// Index of the anchor agent in [`RunIdentity::agent`].
    pub fn anchor_index(&self) -> usize {
        let anchor = &self.identity.anchor;
        self.identity
            .agent
            .iter()
            .position(|a| &a.name == anchor)
            .unwrap_or(0)
    }
}

/// Bootstrap resamples when the config names none.
pub const DEFAULT_BOOTSTRAP: usize = 1000;

/// Reads and validates the config at `path`.
///
/// # Errors
/// An unreadable file, text that is not TOML, unknown keys, wrong types, missing fields,
/// an unknown game, bad or duplicate agents: each names the file, the line and the field.
pub fn load(path: &Path) -> Result<TournamentConfig, ArenaError> {
    let text = read_text(path)?;
    parse(path, &text)
}

/// The text of the config file at `path`.
///
/// # Errors
/// An unreadable file, or one that is not UTF-8 (the error names the line).
pub(crate) fn read_text(path: &Path) -> Result<String, ArenaError> {
    let bytes = std::fs::read(path)
        .map_err(|e| ArenaError::input(format!("cannot read config {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..offset]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        ArenaError::input(format!(
            "{}:{line}: not a TOML config: the file is not UTF-8 text",
            path.display()
        ))
    })?;
    Ok(text)
}

/// Validates config `text` that was read from `path` (used in messages only).
///
/// # Errors
/// As [`load`].
pub fn parse(path: &Path, text: &str) -> Result<TournamentConfig, ArenaError> {
    let at = |span: Range<usize>, message: String| located(path, text, span, message);
    let raw: RawConfig = toml::from_str(text).map_err(|e| reader_error(path, text, &e))?;

    let mut game: GameSpec = raw
        .game
        .get_ref()
        .parse()
        .map_err(|e: engine::GameError| at(raw.game.span(), format!("field `game`: {e}")))?;
    let (field, span) = match &raw.players {
        Some(players) => {
            game.options.set("players", &players.get_ref().to_string());
            ("players", players.span())
        }
        None => ("game", raw.game.span()),
    };
    let engine::Limits {
        ply_cap: start_ply_cap,
        players,
    } = game
        .limits()
        .map_err(|e| at(span.clone(), format!("field `{field}`: {e}")))?;

    at_least_one(&at, "games_per_pair", Some(&raw.games_per_pair), 1)?;
    let max_plies = at_least_one(&at, "max_plies", raw.max_plies.as_ref(), start_ply_cap)?;
    let threads = at_least_one(&at, "threads", raw.threads.as_ref(), default_threads())?;
    let opening_balance = opening_balance(
        &at,
        raw.opening_balance.as_ref(),
        raw.opening_plies,
        players,
    )?;
    if raw.agent.len() < players.max(2) {
        return Err(at(
            0..0,
            format!(
                "field `agent`: {} given: expected at least {} [[agent]] tables for \
                 games of {players} players",
                crate::console::counted(raw.agent.len(), "agent"),
                players.max(2)
            ),
        ));
    }
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut agent = Vec::new();
    for entry in &raw.agent {
        let name = entry.name.get_ref();
        if name.trim().is_empty() || name.contains([',', '"', '\n']) {
            return Err(at(
                entry.name.span(),
                format!("field `name`: {name:?}: expected a name without commas or quotes"),
            ));
        }
        if seen.insert(name, ()).is_some() {
            return Err(at(
                entry.name.span(),
                format!("field `name`: duplicate agent name {name:?}"),
            ));
        }
        let built = agent_entry(&at, entry, name, &game)?;
        with_game!(game.kind, G => {
            let built_agent =
                crate::external::build::<G>(&built, &game, &crate::external::Seating::default());
            match (&entry.spec, &entry.protocol) {
                (Some(spec), _) => {
                    built_agent.map_err(|e| at(spec.span(), format!("field `spec`: {e}")))?;
                }
                (None, Some(protocol)) => {
                    built_agent
                        .map_err(|e| at(protocol.span(), format!("field `protocol`: {e}")))?;
                }
                (None, None) => {}
            }
        });
        agent.push(built);
    }
    let anchor = match &raw.anchor {
        None => agent[0].name.clone(),
        Some(name) if agent.iter().any(|a| &a.name == name.get_ref()) => name.get_ref().clone(),
        Some(name) => {
            return Err(at(
                name.span(),
                format!(
                    "field `anchor`: {:?}: expected one of the agents' names",
                    name.get_ref()
                ),
            ))
        }
    };
    let bootstrap = match &raw.bootstrap {
        None => DEFAULT_BOOTSTRAP,
        Some(value) => check_bootstrap(&at, value, agent.len())?,
    };
    let out = output_folder(&at, raw.out.as_ref(), || default_out(path, "run"))?;
    // A run keeps four bytes a game at most (see `limits::check_run_games`): it must fit.
    let round_robin = RoundRobin {
        agents: agent.len(),
        games_per_pair: *raw.games_per_pair.get_ref(),
        players,
        seed: raw.seed,
    };
    let games = round_robin.games().unwrap_or(u64::MAX);
    crate::limits::check_run_games(games).map_err(|e| {
        at(
            raw.games_per_pair.span(),
            format!("field `games_per_pair`: {e}"),
        )
    })?;
    Ok(TournamentConfig {
        path: path.to_path_buf(),
        identity: RunIdentity {
            game: game.to_string(),
            seed: raw.seed,
            games_per_pair: *raw.games_per_pair.get_ref(),
            opening_plies: raw.opening_plies,
            opening_balance,
            max_plies,
            anchor,
            bootstrap,
            agent,
        },
        game,
        players,
        threads,
        out,
    })
}

/// The entry of one `[[agent]]` table: exactly one of `spec` and `command`, and the
/// external agent's settings only with a `command`.
fn agent_entry(
    at: &dyn Fn(Range<usize>, String) -> ArenaError,
    entry: &RawAgent,
    name: &str,
    game: &GameSpec,
) -> Result<AgentEntry, ArenaError> {
    let span = entry.name.span();
    let Some(command) = &entry.command else {
        let Some(spec) = &entry.spec else {
            return Err(at(
                span,
                format!("agent {name:?}: expected `spec = \"...\"` or `command = [...]`"),
            ));
        };
        let external = entry.protocol.is_some()
            || entry.options.is_some()
            || entry.move_timeout_ms.is_some()
            || entry.working_dir.is_some();
        if external {
            return Err(at(
                span,
                format!(
                    "agent {name:?}: `protocol`, `options`, `move_timeout_ms` and \
                     `working_dir` go with `command = [...]`, not with `spec`"
                ),
            ));
        }
        let resolved = crate::levels::resolve_shipped(spec.get_ref(), game)
            .map_err(|e| at(spec.span(), format!("field `spec`: {e}")))?;
        return Ok(AgentEntry::of_spec(name, &resolved));
    };
    if entry.spec.is_some() {
        return Err(at(
            span,
            format!("agent {name:?}: expected one of `spec` and `command`, not both"),
        ));
    }
    let words = command.get_ref();
    if words.is_empty() || words[0].trim().is_empty() {
        return Err(at(
            command.span(),
            "field `command`: expected the program and its arguments, as in \
             [\"python3\", \"bots/mine.py\"]"
                .into(),
        ));
    }
    if let Some(protocol) = &entry.protocol {
        if !["arena", "hub"].contains(&protocol.get_ref().as_str()) {
            return Err(at(
                protocol.span(),
                format!(
                    "field `protocol`: {:?}: expected \"arena\" or \"hub\" (Scan's Hub \
                     protocol, International draughts only)",
                    protocol.get_ref()
                ),
            ));
        }
    }
    if let Some(timeout) = &entry.move_timeout_ms {
        if *timeout.get_ref() == 0 {
            return Err(at(
                timeout.span(),
                "field `move_timeout_ms`: 0: expected at least 1".into(),
            ));
        }
    }
    let options = match &entry.options {
        None => None,
        Some(table) => Some(
            table
                .iter()
                .map(|(key, value)| {
                    let text = match value {
                        toml::Value::String(text) => text.clone(),
                        other => other.to_string(),
                    };
                    if key.contains([' ', '=']) || text.contains('\n') {
                        return Err(at(
                            span.clone(),
                            format!(
                                "agent {name:?}: option {key:?}: expected a key without \
                                 spaces or `=` and a one-line value"
                            ),
                        ));
                    }
                    Ok((key.clone(), text))
                })
                .collect::<Result<BTreeMap<_, _>, _>>()?,
        ),
    };
    Ok(AgentEntry {
        name: name.to_string(),
        spec: format!("{}{}", crate::external::COMMAND_PREFIX, words.join(" ")),
        command: Some(words.clone()),
        protocol: entry.protocol.as_ref().map(|p| p.get_ref().clone()),
        options,
        move_timeout_ms: entry.move_timeout_ms.as_ref().map(|t| *t.get_ref()),
        working_dir: entry.working_dir.clone(),
    })
}

/// A whole-number field that must be at least 1: its value, or `default` when it is
/// absent.
pub(crate) fn at_least_one<T: Copy + PartialEq + Default>(
    at: &dyn Fn(Range<usize>, String) -> ArenaError,
    field: &str,
    value: Option<&Spanned<T>>,
    default: T,
) -> Result<T, ArenaError> {
    match value {
        None => Ok(default),
        Some(value) if *value.get_ref() == T::default() => Err(at(
            value.span(),
            format!("field `{field}`: 0: expected at least 1"),
        )),
        Some(value) => Ok(*value.get_ref()),
    }
}

/// The `opening_balance` field: a bound from 0 to the referee's value of a won game, for
/// a two-player game with a random opening to balance.
pub(crate) fn opening_balance(
    at: &dyn Fn(Range<usize>, String) -> ArenaError,
    value: Option<&Spanned<u32>>,
    opening_plies: u32,
    players: usize,
) -> Result<Option<u32>, ArenaError> {
    let Some(value) = value else {
        return Ok(None);
    };
    let balance = *value.get_ref();
    let problem = if balance > crate::openings::MAX_BALANCE {
        Some(format!(
            "expected hundredths of the referee's unit from 0 to {}",
            crate::openings::MAX_BALANCE
        ))
    } else if opening_plies == 0 {
        Some("expected with `opening_plies` above 0: there is no opening to balance".into())
    } else if players != 2 {
        Some(format!(
            "expected a two-player game: an opening the referee finds even for the side \
             to move is even for both sides only at two seats, and this game has {players}"
        ))
    } else {
        None
    };
    match problem {
        Some(problem) => Err(at(
            value.span(),
            format!("field `opening_balance`: {balance}: {problem}"),
        )),
        None => Ok(Some(balance)),
    }
}

/// The `bootstrap` field: at least 1, and resamples of `agents` ratings whose memory
/// fits.
pub(crate) fn check_bootstrap(
    at: &dyn Fn(Range<usize>, String) -> ArenaError,
    value: &Spanned<usize>,
    agents: usize,
) -> Result<usize, ArenaError> {
    let resamples = at_least_one(at, "bootstrap", Some(value), DEFAULT_BOOTSTRAP)?;
    crate::limits::check_memory(
        &format!("{resamples} resamples of {agents} ratings"),
        crate::limits::bootstrap_bytes(resamples as u64, agents as u64),
        crate::limits::bootstrap_bytes(1, agents as u64),
        "resamples",
    )
    .map_err(|e| at(value.span(), format!("field `bootstrap`: {e}")))?;
    Ok(resamples)
}

/// The `out` field: a folder's name (not empty), or `default` when it is absent.
pub(crate) fn output_folder(
    at: &dyn Fn(Range<usize>, String) -> ArenaError,
    value: Option<&Spanned<String>>,
    default: impl FnOnce() -> PathBuf,
) -> Result<PathBuf, ArenaError> {
    match value {
        None => Ok(default()),
        Some(out) if out.get_ref().trim().is_empty() => Err(at(
            out.span(),
            "field `out`: \"\": expected the name of a folder, e.g. \"results/my-run\"".into(),
        )),
        Some(out) => Ok(PathBuf::from(out.get_ref())),
    }
}

/// A TOML reader's error on config `text` read from `path`, as one line naming the
/// file, the line and the field (the key on that line, or the field that is missing),
/// and for numbers the range the field accepts.
pub(crate) fn reader_error(path: &Path, text: &str, error: &toml::de::Error) -> ArenaError {
    let span = error.span().unwrap_or(0..0);
    let start = span.start.min(text.len());
    let mut message = one_line(error.message());
    // The reader points a missing field at the whole table it is missing from, whose
    // first key is not the field at fault: name the field alone, and the table's line
    // unless it is the file's top level.
    if let Some(field) = missing_field(&message) {
        if let Some(range) = accepted_range(&field) {
            message = format!("{message}: expected {range}");
        }
        let place = if start == 0 {
            String::new()
        } else {
            format!(":{}", 1 + text[..start].matches('\n').count())
        };
        return ArenaError::input(format!("{}{place}: {message}", path.display()));
    }
    let line = text[..start].rsplit('\n').next().unwrap_or("");
    let rest = &text[start..];
    let line = format!("{line}{}", rest.split('\n').next().unwrap_or(""));
    let key = line
        .split_once('=')
        .map(|(key, _)| key.trim())
        .filter(|key| {
            !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        });
    if let Some(key) = key {
        if !message.contains(&format!("`{key}`")) {
            message = format!("field `{key}`: {message}");
        }
        if let Some(range) = accepted_range(key) {
            // The range says more than the reader's `expected a whole number`.
            if let Some(at) = message.rfind(", expected ") {
                message.truncate(at);
            }
            message = format!("{message}: expected {range}");
        }
    }
    located(path, text, span, message)
}

/// The field of a reader's `missing field `name`` message.
fn missing_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("missing field `")?;
    Some(rest.split('`').next()?.to_string())
}

/// What a numeric config field accepts, for messages.
fn accepted_range(key: &str) -> Option<String> {
    Some(match key {
        "seed" => format!(
            "a whole number from 0 to {} (above {} written as a string of digits)",
            u64::MAX,
            i64::MAX
        ),
        "games_per_pair" | "max_plies" | "batch_pairs" | "max_pairs" | "final_pairs"
        | "max_steps" | "bootstrap" => format!("a whole number from 1 to {}", u32::MAX),
        "opening_plies" => format!("a whole number from 0 to {}", u32::MAX),
        "threads" => format!(
            "a whole number from 1 (counts above {} are capped)",
            crate::limits::max_threads()
        ),
        "scan" => format!("a whole number from 2 to {}", u32::MAX),
        _ => return None,
    })
}

/// Seeds of the whole 64-bit range in TOML, whose integers stop at 2^63 - 1: written as
/// an integer up to there and as a string of digits above (`seed = "18446744073709551615"`),
/// read either way.
pub mod seed_text {
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    /// Writes `seed` as an integer, or as a string above `i64::MAX`.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(*seed) {
            Ok(small) => serializer.serialize_i64(small),
            Err(_) => serializer.serialize_str(&seed.to_string()),
        }
    }

    /// Reads a seed written as an integer or a string of digits.
    ///
    /// # Errors
    /// Anything else, or a number outside 0 to `u64::MAX`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_any(SeedVisitor)
    }

    struct SeedVisitor;

    impl Visitor<'_> for SeedVisitor {
        type Value = u64;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(
                f,
                "a seed from 0 to {} (above {} written as a string of digits)",
                u64::MAX,
                i64::MAX
            )
        }

        fn visit_i64<E: de::Error>(self, value: i64) -> Result<u64, E> {
            u64::try_from(value).map_err(|_| E::invalid_value(de::Unexpected::Signed(value), &self))
        }

        fn visit_u64<E: de::Error>(self, value: u64) -> Result<u64, E> {
            Ok(value)
        }

        fn visit_str<E: de::Error>(self, value: &str) -> Result<u64, E> {
            value
                .trim()
                .parse()
                .map_err(|_| E::invalid_value(de::Unexpected::Str(value), &self))
        }
    }
}

/// The output folder when a config names none: `results/<the config's file stem>`.
pub(crate) fn default_out(path: &Path, fallback: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or(fallback.into(), |s| s.to_string_lossy().into_owned());
    PathBuf::from("results").join(stem)
}

/// A message that names `path` and the line of `span` in `text`, and quotes what was
/// written there when the message does not already.
pub(crate) fn located(path: &Path, text: &str, span: Range<usize>, message: String) -> ArenaError {
    let start = span.start.min(text.len());
    let line = 1 + text[..start].matches('\n').count();
    let written: String = text
        .get(span.clone())
        .unwrap_or("")
        .chars()
        .take(60)
        .collect();
    let quoted = if written.trim().is_empty() || message.contains(written.trim()) {
        String::new()
    } else {
        format!(" (written {:?})", written.trim())
    };
    ArenaError::input(format!("{}:{line}: {message}{quoted}", path.display()))
}

/// Checks that `spec` builds an agent for `game`.
pub(crate) fn check_spec(game: &GameSpec, spec: &str) -> Result<(), ArenaError> {
    let entry = AgentEntry::of_spec(spec, spec);
    with_game!(game.kind, G => {
        crate::external::build::<G>(&entry, game, &crate::external::Seating::default())?;
    });
    Ok(())
}

/// Applies the command line's `--threads` and `--out` over a config's values, and caps
/// the threads at what the cores can use (saying so on standard error).
///
/// # Errors
/// `--threads 0`, or an empty `--out`.
pub(crate) fn apply_overrides(
    threads: Option<usize>,
    out: &Option<PathBuf>,
    config_threads: &mut usize,
    config_out: &mut PathBuf,
) -> Result<(), ArenaError> {
    if let Some(threads) = threads {
        if threads == 0 {
            return Err(ArenaError::input("--threads 0: expected at least 1"));
        }
        *config_threads = threads;
    }
    if let Some(dir) = out {
        if dir.as_os_str().is_empty() {
            return Err(ArenaError::input(
                "--out \"\": expected the name of a folder, e.g. results/my-run",
            ));
        }
        *config_out = dir.clone();
    }
    let (threads, note) = crate::limits::cap_threads(*config_threads);
    if let Some(note) = note {
        crate::console::note(&note);
    }
    *config_threads = threads;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
game = "leapfrog"
seed = 42
games_per_pair = 5
opening_plies = 4
threads = 2
out = "results/x"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "random-2"
spec = "random"
"#;

    fn error(text: &str) -> String {
        parse(Path::new("configs/t.toml"), text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_good_config_resolves_defaults() {
        let config = parse(Path::new("configs/t.toml"), GOOD).unwrap();
        assert_eq!(config.identity.max_plies, 140);
        assert_eq!(config.identity.anchor, "random");
        assert_eq!(config.identity.bootstrap, DEFAULT_BOOTSTRAP);
        assert_eq!(config.threads, 2);
        assert_eq!(config.out, PathBuf::from("results/x"));
    }

    #[test]
    fn errors_name_file_line_field_and_value() {
        let e = error(&GOOD.replace("seed = 42", "seed = \"forty\""));
        assert!(e.starts_with("configs/t.toml:3: "), "{e}");
        assert!(e.contains("\"forty\""), "{e}");
        let e = error(&GOOD.replace("threads = 2", "thread = 2"));
        assert!(
            e.starts_with("configs/t.toml:6: ") && e.contains("thread"),
            "{e}"
        );
        let e = error(&GOOD.replace("game = \"leapfrog\"", "game = \"chess\""));
        assert!(
            e.starts_with("configs/t.toml:2: field `game`: unknown game \"chess\""),
            "{e}"
        );
        let e = error(&GOOD.replace("seed = 42\n", ""));
        assert!(e.contains("missing field `seed`"), "{e}");
        let e = error(&GOOD.replace("random-2", "random"));
        assert!(
            e.starts_with("configs/t.toml:14: field `name`: duplicate agent name \"random\""),
            "{e}"
        );
        let e = error(&GOOD.replace(
            "spec = \"random\"\n\n[[agent]]",
            "spec = \"randon\"\n\n[[agent]]",
        ));
        assert!(
            e.starts_with("configs/t.toml:11: field `spec`: unknown agent \"randon\""),
            "{e}"
        );
        let e = error("\u{1}\u{2}garbage = = =");
        assert!(e.starts_with("configs/t.toml:1: "), "{e}");
    }
}
