//! The page: what a run folder holds, and the HTML sections drawn from it.

use std::fmt::Write;
use std::path::Path;

use crate::error::ArenaError;

use super::charts::{
    dot_whisker, heatmap, histogram, interval_strip, monotone_fit, Cell, Estimate, KnobChart,
    KnobPoint,
};
use super::svg::escape;
use super::table::{Games, Table};

/// Rows of `games.csv` shown as a table (the file can hold millions).
const GAME_ROWS: usize = 30;
/// Rows of any other CSV shown as a table.
const TABLE_ROWS: usize = 500;

/// Everything the report reads from a run folder.
pub struct Folder {
    /// The folder's name, for the title.
    name: String,
    /// The folder as given, for the command lines.
    dir: String,
    /// `config.toml`, as text and parsed.
    config_text: String,
    config: toml::Value,
    pairs: Option<Table>,
    standings: Option<Table>,
    summary: Option<Table>,
    accuracy: Option<Table>,
    referee: Option<Table>,
    difficulty: Option<Table>,
    calibration: Option<Table>,
    games: Option<Games>,
}

impl Folder {
    /// Reads the files of `dir` that exist.
    ///
    /// # Errors
    /// No `config.toml`, a file that cannot be read or parsed, or a folder with neither a
    /// tournament's nor a calibration's files.
    pub fn read(dir: &Path) -> Result<Folder, ArenaError> {
        let path = dir.join("config.toml");
        let config_text =
            std::fs::read_to_string(&path).map_err(|e| ArenaError::io(&path, "read", e))?;
        let config: toml::Value = toml::from_str(&config_text)
            .map_err(|e| ArenaError::input(format!("{}: not TOML: {e}", path.display())))?;
        let csv = |name: &str| Table::read(&dir.join(name));
        let folder = Folder {
            name: dir.file_name().map_or_else(
                || dir.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            dir: dir.display().to_string(),
            config_text,
            config,
            pairs: csv("pairs.csv")?,
            standings: csv("standings.csv")?,
            summary: csv("summary.csv")?,
            accuracy: csv("accuracy.csv")?,
            referee: csv("referee.csv")?,
            difficulty: csv("difficulty.csv")?,
            calibration: csv("calibration.csv")?,
            games: Games::read(&dir.join("games.csv"), GAME_ROWS)?,
        };
        if let Some(standings) = &folder.standings {
            let columns = ["games", "score", "rating", "rating_lo", "rating_hi"];
            standings.check_numbers(&dir.join("standings.csv"), &columns)?;
        }
        if folder.standings.is_none() && folder.calibration.is_none() {
            return Err(ArenaError::input(format!(
                "{}: neither standings.csv (a run) nor calibration.csv (a calibration): \
                 is the run finished?",
                dir.display()
            )));
        }
        Ok(folder)
    }

    /// Whether this is a calibration folder.
    fn is_calibration(&self) -> bool {
        self.config.get("calibration").is_some()
    }

    /// A string from the config: top-level for a run, under `[calibration]` for a
    /// calibration.
    fn setting(&self, path: &[&str]) -> Option<&toml::Value> {
        let mut value = if self.is_calibration() {
            self.config.get("calibration")?
        } else {
            &self.config
        };
        for key in path {
            value = value.get(key)?;
        }
        Some(value)
    }
}

/// The page's style sheet.
const STYLE: &str = "body{font-family:sans-serif;margin:24px;max-width:1100px;color:#222}\
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:1px solid #ccc}\
table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #ddd;padding:2px 6px}\
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums}\
.scroll{max-height:420px;overflow:auto}pre{background:#f6f6f6;padding:8px;overflow:auto}\
.note{color:#555;font-size:.9em}svg{display:block;margin:8px 0}\
svg text{font-family:sans-serif;font-size:11px;fill:#222}svg .cell{font-size:12px}svg .light{fill:#fff}\
svg .axis-title{font-size:12px}svg .axis{stroke:#444}svg .grid{stroke:#e4e4e4}\
svg .whisker{stroke:#2166ac;stroke-width:2}svg .point{fill:#2166ac}\
svg .reference{stroke:#888;stroke-dasharray:4 3}svg .fit{fill:none;stroke:#d6604d;stroke-width:2}\
svg .level{stroke:#1a9850;stroke-dasharray:2 2}svg .level-label{fill:#1a9850;font-weight:bold}\
svg .level-point{fill:none;stroke:#1a9850;stroke-width:2.5}";

/// The whole page.
pub fn render(folder: &Folder) -> String {
    let kind = if folder.is_calibration() {
        "calibration"
    } else {
        "tournament"
    };
    let game = folder
        .setting(&["game"])
        .and_then(toml::Value::as_str)
        .unwrap_or("?");
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
         <title>{name}: {kind} report</title><style>{STYLE}</style></head><body>\
         <h1>{name}: {kind} of {game}</h1>",
        name = escape(&folder.name),
        game = escape(game),
    );
    if folder.is_calibration() {
        calibration_sections(folder, &mut html);
    } else {
        tournament_sections(folder, &mut html);
    }
    shared_sections(folder, &mut html);
    html.push_str("</body></html>\n");
    html
}

/// An estimate from columns `value`, `value_lo` and `value_hi` of `row`.
fn estimate(table: &Table, row: &[String], name: &str, column: &str) -> Option<Estimate> {
    Some(Estimate {
        name: name.to_string(),
        value: table.number(row, column)?,
        lo: table.number(row, &format!("{column}_lo"))?,
        hi: table.number(row, &format!("{column}_hi"))?,
    })
}

fn tournament_sections(folder: &Folder, html: &mut String) {
    let standings = folder.standings.as_ref();
    let names: Vec<String> = standings
        .map(|t| t.rows.iter().filter_map(|r| r.first().cloned()).collect())
        .unwrap_or_default();

    if let Some(pairs) = &folder.pairs {
        let mut cells = vec![vec![None; names.len()]; names.len()];
        for row in &pairs.rows {
            let find = |column| {
                let name = pairs.text(row, column)?;
                names.iter().position(|n| n == name)
            };
            if let (Some(a), Some(b), Some(score)) = (
                find("agent"),
                find("opponent"),
                estimate(pairs, row, "", "score"),
            ) {
                let games = pairs.number(row, "games").unwrap_or(0.0) as u64;
                cells[a][b] = Some(Cell { score, games });
            }
        }
        let _ = write!(
            html,
            "<h2>Crosstable</h2><p class=\"note\">The score of the row agent against the \
             column agent (blue: the row agent wins, red: it loses). Hover a cell for its \
             95% interval and games.</p>{}",
            heatmap(&names, &cells)
        );
    }
    if let Some(table) = standings {
        let ratings: Vec<Estimate> = table
            .rows
            .iter()
            .filter_map(|r| estimate(table, r, r.first()?, "rating"))
            .collect();
        let anchor = folder
            .setting(&["anchor"])
            .and_then(toml::Value::as_str)
            .unwrap_or("");
        let _ = write!(
            html,
            "<h2>Ratings</h2><p class=\"note\">Bradley-Terry ratings (Elo scale, {} fixed at \
             0) with 95% bootstrap intervals, highest first.</p>{}",
            escape(anchor),
            dot_whisker(&ratings, "rating (Elo)", "Ratings with 95% intervals")
        );
    }
    if let Some(summary) = &folder.summary {
        let first = summary
            .rows
            .iter()
            .find(|r| r.first().map(String::as_str) == Some("first_player_score"));
        if let Some(row) = first {
            let e = Estimate {
                name: "first player".into(),
                value: summary.number(row, "value").unwrap_or(f64::NAN),
                lo: summary.number(row, "lo").unwrap_or(f64::NAN),
                hi: summary.number(row, "hi").unwrap_or(f64::NAN),
            };
            let _ =
                write!(
                html,
                "<h2>First-player score</h2><p class=\"note\">{:.4} [{:.4}, {:.4}] (95% Wilson \
                 interval); the dashed line is an even 0.5.</p>{}",
                e.value,
                e.lo,
                e.hi,
                interval_strip(&e, 0.5, "score of the player who moves first", "First-player score")
            );
        }
    }
}

fn calibration_sections(folder: &Folder, html: &mut String) {
    let Some(calibration) = &folder.calibration else {
        return;
    };
    let knob_name = folder
        .setting(&["family", "range", "knob"])
        .and_then(toml::Value::as_str)
        .unwrap_or("knob")
        .to_string();
    let mut rows: Vec<&Vec<String>> = calibration
        .rows
        .iter()
        .filter(|r| calibration.number(r, "knob").is_some())
        .collect();
    rows.sort_by(|a, b| {
        let k = |r: &Vec<String>| calibration.number(r, "knob").unwrap_or(0.0);
        k(a).total_cmp(&k(b))
    });
    let knobs: Vec<f64> = rows
        .iter()
        .filter_map(|r| calibration.number(r, "knob"))
        .collect();
    let log = knobs.iter().all(|k| *k > 0.0);
    let difficulty = folder.difficulty.as_ref();
    let target = difficulty
        .and_then(|d| d.rows.first().and_then(|r| d.text(r, "target")))
        .filter(|t| calibration.column(t).is_some())
        .map(String::from);
    let mut measures = vec![("rating".to_string(), "rating (Elo)".to_string())];
    if let Some(t) = &target {
        if t != "rating" {
            measures.push((t.clone(), t.replace('_', " ")));
        }
    }
    let _ = write!(
        html,
        "<p class=\"note\">Every knob value measured (dots, with 95% intervals), the fitted \
         curve (red: a monotone least-squares fit of the measured values, weighted by the \
         pairs played, joined by straight lines) and the chosen levels (green). The {knob} \
         axis is {scale}.</p>",
        knob = escape(&knob_name),
        scale = if log {
            "logarithmic"
        } else {
            "linear, as the knob takes the value 0"
        }
    );
    for (column, title) in measures {
        let points: Vec<KnobPoint> = rows
            .iter()
            .filter_map(|r| {
                Some(KnobPoint {
                    knob: calibration.number(r, "knob")?,
                    measure: estimate(calibration, r, "", &column)?,
                })
            })
            .collect();
        let weights: Vec<f64> = rows
            .iter()
            .map(|r| calibration.number(r, "pairs_per_reference").unwrap_or(1.0))
            .collect();
        let values: Vec<f64> = points.iter().map(|p| p.measure.value).collect();
        let fitted = monotone_fit(&values, &weights[..values.len().min(weights.len())]);
        let fit: Vec<(f64, f64)> = points.iter().map(|p| p.knob).zip(fitted).collect();
        let levels: Vec<KnobPoint> = difficulty
            .map(|d| {
                d.rows
                    .iter()
                    .filter_map(|r| {
                        Some(KnobPoint {
                            knob: d.number(r, "knob")?,
                            measure: estimate(d, r, d.text(r, "level")?, &column)?,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let targets: Vec<f64> = difficulty
            .filter(|_| target.as_deref() == Some(column.as_str()))
            .map(|d| {
                d.rows
                    .iter()
                    .filter_map(|r| d.number(r, "target_value"))
                    .collect()
            })
            .unwrap_or_default();
        let chart = KnobChart {
            points: &points,
            fit: &fit,
            levels: &levels,
            targets: &targets,
            log,
            knob_title: &knob_name,
            measure_title: &title,
        };
        let _ = write!(
            html,
            "<h2>{t} against {k}</h2>{}",
            chart.render(&format!("{title} against {knob_name}")),
            t = escape(&title),
            k = escape(&knob_name)
        );
        if !targets.is_empty() {
            html.push_str("<p class=\"note\">Dashed: the levels' targets.</p>");
        }
    }
    if let Some(d) = difficulty {
        let blunders: Vec<Estimate> = d
            .rows
            .iter()
            .filter_map(|r| estimate(d, r, d.text(r, "level")?, "blunder_rate"))
            .collect();
        if !blunders.is_empty() {
            let _ = write!(
                html,
                "<h2>Blunder rate per level</h2><p class=\"note\">Share of moves that throw away \
                 a won position or a shorter win, with 95% intervals (final round-robin).</p>{}",
                dot_whisker(&blunders, "blunder rate", "Blunder rate per level")
            );
        }
    }
}

/// The sections every folder gets: blunder rates, game lengths, the config and command,
/// and the tables.
fn shared_sections(folder: &Folder, html: &mut String) {
    if let Some(accuracy) = &folder.accuracy {
        let blunders: Vec<Estimate> = accuracy
            .rows
            .iter()
            .filter_map(|r| estimate(accuracy, r, r.first()?, "blunder_rate"))
            .collect();
        let _ = write!(
            html,
            "<h2>Blunder rate per agent</h2><p class=\"note\">From <code>accuracy.csv</code> \
             (<code>arena analyze</code>): the share of moves that lose against perfect play, \
             with 95% bootstrap intervals over games.</p>{}",
            dot_whisker(&blunders, "blunder rate", "Blunder rate per agent")
        );
    }
    if let Some(games) = &folder.games {
        let _ = write!(
            html,
            "<h2>Game length</h2><p class=\"note\">{} games.</p>{}",
            games.plies.games(),
            histogram(&games.plies, "Game length histogram")
        );
    }

    html.push_str("<h2>Reproduce</h2>");
    match folder
        .config
        .get("run")
        .and_then(|r| r.get("command"))
        .and_then(toml::Value::as_str)
    {
        Some(command) => {
            let mut resolved = folder.config.clone();
            if let Some(table) = resolved.as_table_mut() {
                table.remove("run");
            }
            let resolved = toml::to_string(&resolved).unwrap_or_default();
            let _ = write!(
                html,
                "<p>The command that ran it:</p><pre>{}</pre><p>To rerun it from this page \
                 alone, save the resolved config below as <code>run.toml</code> and run:</p>\
                 <pre>arena run run.toml --out {} --force</pre>\
                 <h2>Resolved config</h2><pre>{}</pre>",
                escape(command),
                escape(&folder.dir),
                escape(&resolved)
            );
        }
        None => {
            let _ = write!(
                html,
                "<p>This folder's <code>config.toml</code> records the resolved calibration, \
                 not the command line. Rerun it with the config that produced it:</p>\
                 <pre>arena calibrate CONFIG.toml --out {} --force</pre>\
                 <h2>Resolved config</h2><pre>{}</pre>",
                escape(&folder.dir),
                escape(&folder.config_text)
            );
        }
    }

    html.push_str("<h2>Tables</h2>");
    let tables = [
        ("summary.csv", folder.summary.as_ref()),
        ("standings.csv", folder.standings.as_ref()),
        ("pairs.csv", folder.pairs.as_ref()),
        ("accuracy.csv", folder.accuracy.as_ref()),
        ("referee.csv", folder.referee.as_ref()),
        ("difficulty.csv", folder.difficulty.as_ref()),
        ("calibration.csv", folder.calibration.as_ref()),
    ];
    for (name, table) in tables {
        if let Some(table) = table {
            let _ = write!(html, "<h3>{name}</h3>{}", table.html(TABLE_ROWS));
        }
    }
    if let Some(games) = &folder.games {
        let _ = write!(html, "<h3>games.csv</h3>{}", games.head.html(GAME_ROWS));
        if games.plies.games() > games.head.rows.len() as u64 {
            let _ = write!(
                html,
                "<p class=\"note\">The first {} of {} games.</p>",
                games.head.rows.len(),
                games.plies.games()
            );
        }
    }
}
