//! The figures README.md, the guide (`docs/`), BENCHMARKS.md and the calibration configs
//! quote about shipped files, read back from those files: the levels' specs and ratings,
//! the calibrations' game counts and times, English hard's time a move, and the commands
//! a person types. A recalibration that changes a file fails here until the texts say the
//! same.

use std::path::Path;

use end_to_end::repo_root;

/// The text of `path`, relative to the repository root.
fn read(path: &str) -> String {
    let path = repo_root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The guide's page on the shipped levels, which quotes their figures.
const LEVELS_PAGE: &str = "docs/levels.md";

/// The README and every page of the guide: each path (relative to the repository root)
/// with its text.
fn documents() -> Vec<(String, String)> {
    let root = repo_root();
    let pages = end_to_end::markdown_files(&root.join("docs"));
    let relative = pages.iter().map(|page| {
        page.strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned()
    });
    std::iter::once("README.md".to_string())
        .chain(relative)
        .map(|path| {
            let text = read(&path);
            (path, text)
        })
        .collect()
}

/// Every spec of every shipped `results/*/difficulty.toml`.
fn shipped_specs() -> Vec<String> {
    let mut specs = Vec::new();
    for entry in std::fs::read_dir(repo_root().join("results")).unwrap() {
        let path = entry.unwrap().path().join("difficulty.toml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let table: toml::Table = text.parse().unwrap();
        specs.extend(table.values().filter_map(|v| v.as_str().map(String::from)));
    }
    specs
}

/// The levels of `results/<folder>/difficulty.csv`: level, spec, rating and its interval.
fn shipped_levels(folder: &str) -> Vec<(String, String, f64, f64, f64)> {
    let path = repo_root()
        .join("results")
        .join(folder)
        .join("difficulty.csv");
    end_to_end::csv_rows(&path)
        .into_iter()
        .map(|row| {
            let number = |key: &str| row[key].parse::<f64>().unwrap();
            (
                row["level"].clone(),
                row["spec"].clone(),
                number("rating"),
                number("rating_lo"),
                number("rating_hi"),
            )
        })
        .collect()
}

/// The games of the calibration in `results/<folder>`, from its `levels.md` ("over all
/// 20560 games of the calibration").
fn calibration_games(folder: &str) -> u64 {
    let text = read(&format!("results/{folder}/levels.md"));
    let after = text
        .split("over all ")
        .nth(1)
        .unwrap_or_else(|| panic!("results/{folder}/levels.md names no game count"));
    after.split(' ').next().unwrap().parse().unwrap()
}

/// `20560` as the documents write it: `20,560`.
fn with_commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The numbers written just before each `suffix` in `text` (`about 120 ms a move` gives
/// 120 for ` ms a move`), commas and all.
fn numbers_before(text: &str, suffix: &str) -> Vec<f64> {
    text.match_indices(suffix)
        .filter_map(|(at, _)| {
            let before = &text[..at];
            let start = before
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                .map_or(0, |i| i + 1);
            before[start..].replace(',', "").parse().ok()
        })
        .collect()
}

/// The paragraph of `text` that starts with `start`.
fn paragraph<'a>(text: &'a str, start: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("no paragraph starting {start:?}"));
    let rest = &text[from..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// Checks that each of `quoted` lies within `tolerance` (a fraction) of `truth`.
fn near(quoted: &[f64], truth: f64, tolerance: f64, what: &str) {
    assert!(!quoted.is_empty(), "{what}: no figure found");
    for &figure in quoted {
        assert!(
            (figure - truth).abs() <= tolerance * truth,
            "{what}: {figure} quoted, {truth} measured"
        );
    }
}

#[test]
fn every_calibrated_spec_the_documents_quote_is_a_shipped_level() {
    let shipped = shipped_specs();
    // A calibrated epsilon has four decimals; examples (`epsilon=0.1`) have fewer.
    let mut checked = 0;
    for (path, text) in documents() {
        checked += check_calibrated_specs(&path, &text, &shipped);
    }
    assert!(checked >= 8, "{checked} calibrated specs found");
}

/// Checks that every calibrated spec `text` (the document at `path`) quotes is one of
/// `shipped`, and returns how many it quotes.
fn check_calibrated_specs(path: &str, text: &str, shipped: &[String]) -> usize {
    let mut checked = 0;
    for (at, _) in text.match_indices("epsilon=") {
        let value: String = text[at + "epsilon=".len()..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        if value
            .split('.')
            .nth(1)
            .is_none_or(|decimals| decimals.len() < 4)
        {
            continue;
        }
        let setting = format!("epsilon={value}");
        assert!(
            shipped.iter().any(|spec| spec.contains(&setting)),
            "{path} quotes {setting}, which no results/*/difficulty.toml ships"
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_levels_tables_and_rate_examples_are_the_shipped_ratings() {
    for (path, (level, spec, rating, lo, hi)) in
        ["README.md", LEVELS_PAGE].into_iter().flat_map(|path| {
            shipped_levels("leapfrog")
                .into_iter()
                .map(move |l| (path, l))
        })
    {
        // `| easy | `perfect:epsilon=0.3215` | 401 [360, 452] | ...`, each figure the
        // file's (itself to a tenth) rounded either way at a half.
        let text = read(path);
        let start = format!("| {level} | `{spec}` | ");
        let row = text
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("{path} has no row starting {start}"));
        let cell = row[start.len()..].split('|').next().unwrap();
        let figures: Vec<f64> = cell
            .split([' ', '[', ']', ','])
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(figures.len(), 3, "{row}");
        for (quoted, shipped) in figures.iter().zip([rating, lo, hi]) {
            assert!((quoted - shipped).abs() <= 0.5 + 1e-9, "{row}: {shipped}");
        }
    }
    let rate_page = "docs/own-agent.md";
    let examples = read(rate_page);
    for game in ["leapfrog", "english"] {
        for (level, spec, rating, lo, hi) in shipped_levels(game) {
            let line = format!("vs {level} ({spec}, rating {rating:.1}): ");
            assert!(examples.contains(&line), "{rate_page} lacks {line}");
            let against = format!("rating {rating:.0} [{lo:.0}, {hi:.0}]: ");
            assert!(examples.contains(&against), "{rate_page} lacks {against}");
        }
    }
}

#[test]
fn calibration_game_counts_and_times_are_those_of_the_shipped_levels() {
    let (levels_page, benchmarks) = (read(LEVELS_PAGE), read("BENCHMARKS.md"));
    // Leapfrog Race: BENCHMARKS gives the count exactly, the README roughly.
    let games = calibration_games("leapfrog");
    let section = &benchmarks[benchmarks
        .find("## Calibration of the Leapfrog Race difficulty levels")
        .unwrap()..];
    let section = &section[..3 + section[3..].find("\n## ").unwrap()];
    let count = format!("{} games", with_commas(games));
    assert!(
        section.contains(&count),
        "BENCHMARKS.md's Leapfrog Race calibration does not say {count}:\n{section}"
    );
    let about = paragraph(&levels_page, "They are in `results/leapfrog/`");
    near(
        &numbers_before(about, " games)"),
        games as f64,
        0.05,
        "docs/levels.md, the Leapfrog Race calibration's games",
    );
    // English: the calibration BENCHMARKS timed is the shipped one, and the levels page
    // and the config quote its minutes.
    let games = calibration_games("english");
    let timed = format!("**{} games in ", with_commas(games));
    let at = benchmarks
        .find(&timed)
        .unwrap_or_else(|| panic!("BENCHMARKS.md times no English calibration of {games} games"));
    let seconds: f64 = benchmarks[at + timed.len()..]
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap();
    let english = paragraph(&levels_page, "English checkers ships three levels too");
    let config = read("configs/calibrate/english.toml");
    let mut minutes = numbers_before(english, " minutes");
    for line in levels_page
        .lines()
        .filter(|l| l.contains("calibrate/english.toml --force"))
    {
        minutes.extend(numbers_before(line, " minutes"));
    }
    minutes.extend(numbers_before(&config, " minutes on 2 cores"));
    near(
        &minutes,
        seconds / 60.0,
        0.1,
        "the English calibration's minutes (docs/levels.md, configs/calibrate/english.toml)",
    );
}

#[test]
fn english_hards_time_a_move_is_the_one_results_readme_measured() {
    // results/README.md: `| english | hard | spec | rating | vs random | nodes | ms | seats |`.
    let table = read("results/README.md");
    let row = table
        .lines()
        .find(|l| l.starts_with("| english | hard |"))
        .unwrap();
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let measured: f64 = cells[7].parse().unwrap_or_else(|_| panic!("{row}"));
    let levels_page = read(LEVELS_PAGE);
    let english = paragraph(&levels_page, "English checkers ships three levels too");
    let config = read("configs/calibrate/english.toml");
    let mut quoted = numbers_before(english, " ms a move");
    quoted.extend(numbers_before(&config, " ms a move"));
    near(
        &quoted,
        measured,
        0.1,
        "English hard's ms a move (docs/levels.md, configs/calibrate/english.toml)",
    );
}

#[test]
fn every_game_against_a_person_in_the_documents_has_a_hint_level() {
    // `hint` shows what the levels file's `hard` would play: a file without one leaves
    // the person's `hint` an error.
    let mut checked = 0;
    let documents = documents();
    let lines = documents.iter().flat_map(|(_, text)| text.lines());
    for line in lines.filter(|l| l.contains(" human")) {
        let mut words = line.split_whitespace();
        if !words.any(|w| w == "play") {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let file = words.windows(2).find(|w| w[0] == "--levels").map(|w| w[1]);
        let Some(file) = file else {
            checked += 1;
            continue;
        };
        let text = std::fs::read_to_string(repo_root().join(Path::new(file)))
            .unwrap_or_else(|e| panic!("{line}: {file}: {e}"));
        let table: toml::Table = text.parse().unwrap();
        assert!(
            table.contains_key("hard"),
            "{line}: {file} has no `hard` level for `hint`"
        );
        checked += 1;
    }
    assert!(checked >= 2, "{checked} games against a person found");
}
