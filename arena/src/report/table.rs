//! The CSV files of a run folder, read as tables of text, and their HTML rendering.

use std::fmt::Write;
use std::path::Path;

use crate::error::ArenaError;
use crate::stats::LengthCounts;

use super::svg::escape;

/// A CSV file: its header and rows, as text.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The column names.
    pub header: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Reads `path`, or `None` when the file does not exist.
    ///
    /// # Errors
    /// A file that exists but cannot be read or is not CSV.
    pub fn read(path: &Path) -> Result<Option<Table>, ArenaError> {
        if !path.exists() {
            return Ok(None);
        }
        let bad = |e: csv::Error| ArenaError::input(format!("cannot read {}: {e}", path.display()));
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(path)
            .map_err(bad)?;
        let header = reader
            .headers()
            .map_err(bad)?
            .iter()
            .map(String::from)
            .collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            rows.push(record.map_err(bad)?.iter().map(String::from).collect());
        }
        Ok(Some(Table { header, rows }))
    }

    /// Checks that every row of the table read from `path` is whole and holds a finite
    /// number in each of `columns` the header has: a damaged row is an error naming the
    /// file and line, not a point left out of a chart.
    ///
    /// # Errors
    /// The first row that is short or long, or whose number is not one.
    pub fn check_numbers(&self, path: &Path, columns: &[&str]) -> Result<(), ArenaError> {
        for (index, row) in self.rows.iter().enumerate() {
            let line = index + 2;
            if row.len() != self.header.len() {
                return Err(ArenaError::input(format!(
                    "{}:{line}: {} fields: expected {}, as in the header",
                    path.display(),
                    row.len(),
                    self.header.len()
                )));
            }
            for column in columns {
                if self.column(column).is_some() && self.number(row, column).is_none() {
                    return Err(ArenaError::input(format!(
                        "{}:{line}: field `{column}`: {:?}: expected a number",
                        path.display(),
                        self.text(row, column).unwrap_or("")
                    )));
                }
            }
        }
        Ok(())
    }

    /// The index of column `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The text in column `name` of `row`.
    pub fn text<'a>(&'a self, row: &'a [String], name: &str) -> Option<&'a str> {
        self.column(name)
            .and_then(|i| row.get(i))
            .map(String::as_str)
    }

    /// The number in column `name` of `row` (`None` when missing, empty or not a number).
    pub fn number(&self, row: &[String], name: &str) -> Option<f64> {
        self.text(row, name)
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|v| v.is_finite())
    }

    /// An HTML table of the first `limit` rows, with a note when rows were left out.
    pub fn html(&self, limit: usize) -> String {
        let mut out = String::from("<div class=\"scroll\"><table><thead><tr>");
        for h in &self.header {
            let _ = write!(out, "<th>{}</th>", escape(h));
        }
        out.push_str("</tr></thead><tbody>");
        for row in self.rows.iter().take(limit) {
            out.push_str("<tr>");
            for cell in row {
                let class = if cell.parse::<f64>().is_ok() {
                    " class=\"num\""
                } else {
                    ""
                };
                let _ = write!(out, "<td{class}>{}</td>", escape(cell));
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table></div>");
        if self.rows.len() > limit {
            let _ = write!(
                out,
                "<p class=\"note\">The first {limit} of {} rows; the CSV file holds them all.</p>",
                self.rows.len()
            );
        }
        out
    }
}

/// What the report needs of `games.csv`: how many games lasted each length, and the
/// first rows as text (the file can hold millions of games, so only `keep` rows are kept
/// whole and the lengths are counted, not listed).
#[derive(Clone, Debug, Default)]
pub struct Games {
    /// Games of each length.
    pub plies: LengthCounts,
    /// The header and the first rows.
    pub head: Table,
}

impl Games {
    /// Reads `path`, or `None` when the file does not exist.
    ///
    /// # Errors
    /// A file that exists but cannot be read, is not CSV or lacks a `plies` column.
    pub fn read(path: &Path, keep: usize) -> Result<Option<Games>, ArenaError> {
        if !path.exists() {
            return Ok(None);
        }
        let bad = |e: String| ArenaError::failure(format!("cannot read {}: {e}", path.display()));
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(path)
            .map_err(|e| bad(e.to_string()))?;
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| bad(e.to_string()))?
            .iter()
            .map(String::from)
            .collect();
        let column = header
            .iter()
            .position(|h| h == "plies")
            .ok_or_else(|| bad("no plies column".into()))?;
        let mut games = Games {
            plies: LengthCounts::new(),
            head: Table {
                header,
                rows: Vec::new(),
            },
        };
        let mut record = csv::ByteRecord::new();
        while reader
            .read_byte_record(&mut record)
            .map_err(|e| bad(e.to_string()))?
        {
            let plies = record
                .get(column)
                .and_then(|b| std::str::from_utf8(b).ok())
                .and_then(|t| t.parse::<u32>().ok())
                .ok_or_else(|| bad(format!("a row without plies: {record:?}")))?;
            games.plies.add(plies);
            if games.head.rows.len() < keep {
                games.head.rows.push(
                    record
                        .iter()
                        .map(|b| String::from_utf8_lossy(b).into_owned())
                        .collect(),
                );
            }
        }
        Ok(Some(games))
    }
}
