//! End-to-end reports: `arena run --report` and `arena report` write one well-formed,
//! self-contained page whose charts hold the run's agents and numbers.

use end_to_end::{csv_rows, run, scratch, shipped_leapfrog, stderr};

/// A well-formedness check of XHTML-style markup: every tag closed in order, attributes
/// quoted, `&` only in entities, no raw `<` in text. Returns every `(tag, attribute,
/// value)` seen.
fn check_markup(text: &str) -> Vec<(String, String, String)> {
    let body = text
        .strip_prefix("<!DOCTYPE html>")
        .expect("the page starts with a doctype");
    let bytes = body.as_bytes();
    let mut open: Vec<String> = Vec::new();
    let mut attributes = Vec::new();
    let mut i = 0;
    let check_entities = |s: &str, at: usize| {
        for (k, _) in s.match_indices('&') {
            let rest = &s[k..];
            let end = rest.find(';').unwrap_or_else(|| panic!("bare & at {at}"));
            let entity = &rest[1..end];
            assert!(
                ["amp", "lt", "gt", "quot", "#39"].contains(&entity),
                "unknown entity &{entity}; at {at}"
            );
        }
    };
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = body[i..].find('<').map_or(bytes.len(), |k| i + k);
            check_entities(&body[i..end], i);
            i = end;
            continue;
        }
        let end = i + body[i..].find('>').expect("tag closes");
        let tag = &body[i + 1..end];
        assert!(!tag.contains('<'), "'<' inside a tag at {i}: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            let top = open
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(top, name, "</{name}> closes <{top}> at {i}");
        } else {
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
            let name = &tag[..name_end];
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "bad tag name {name:?} at {i}"
            );
            let mut rest = tag[name_end..].trim_start();
            while !rest.is_empty() {
                let eq = rest
                    .find("=\"")
                    .unwrap_or_else(|| panic!("unquoted attribute in <{tag}>"));
                let attribute = rest[..eq].trim();
                assert!(
                    attribute
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'),
                    "bad attribute {attribute:?} in <{name}>"
                );
                let value_end = eq + 2 + rest[eq + 2..].find('"').expect("attribute closes");
                let value = &rest[eq + 2..value_end];
                check_entities(value, i);
                attributes.push((name.to_string(), attribute.to_string(), value.to_string()));
                rest = rest[value_end + 1..].trim_start();
            }
            if !self_closing {
                open.push(name.to_string());
            }
        }
        i = end + 1;
    }
    assert!(open.is_empty(), "unclosed tags: {open:?}");
    attributes
}

/// No `src` or `href` leaves the page.
fn assert_self_contained(attributes: &[(String, String, String)]) {
    for (tag, attribute, value) in attributes {
        if attribute == "src" || attribute == "href" {
            let v = value.to_ascii_lowercase();
            assert!(
                !(v.starts_with("http:") || v.starts_with("https:") || v.starts_with("//")),
                "<{tag} {attribute}=\"{value}\"> points outside the page"
            );
        }
    }
}

/// The `<svg>` elements of a page.
fn svgs(page: &str) -> Vec<&str> {
    page.match_indices("<svg")
        .map(|(at, _)| &page[at..at + page[at..].find("</svg>").expect("svg closes") + 6])
        .collect()
}

#[test]
fn a_small_tournament_report_holds_its_agents_and_numbers() {
    let dir = scratch("report-run");
    let out = dir.join("run");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        "game = \"leapfrog\"\nseed = 3\ngames_per_pair = 3\nopening_plies = 4\nbootstrap = 100\n\
         [[agent]]\nname = \"random\"\nspec = \"random\"\n\
         [[agent]]\nname = \"greedy\"\nspec = \"greedy\"\n\
         [[agent]]\nname = \"minimax-2\"\nspec = \"minimax:depth=2\"\n",
    )
    .unwrap();
    let (config, out_text) = (config.display().to_string(), out.display().to_string());
    let output = run(&["run", &config, "--out", &out_text, "--report"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = std::fs::read_to_string(out.join("report.html")).unwrap();
    let attributes = check_markup(&page);
    assert_self_contained(&attributes);
    assert!(!page.contains("<script"), "the page needs no JavaScript");

    let charts = svgs(&page);
    assert_eq!(
        charts.len(),
        4,
        "crosstable, ratings, first player, lengths"
    );
    for chart in &charts {
        check_markup(&format!("<!DOCTYPE html>{chart}"));
    }
    let [crosstable, ratings, first, lengths] = charts[..] else {
        unreachable!()
    };
    for pair in csv_rows(&out.join("pairs.csv")) {
        let score: f64 = pair["score"].parse().unwrap();
        let (lo, hi): (f64, f64) = (
            pair["score_lo"].parse().unwrap(),
            pair["score_hi"].parse().unwrap(),
        );
        let tooltip = format!(
            "<title>{} vs {}: score {score:.3} [{lo:.3}, {hi:.3}] over {} games</title>",
            pair["agent"], pair["opponent"], pair["games"]
        );
        assert!(crosstable.contains(&tooltip), "crosstable lacks {tooltip}");
    }
    for standing in csv_rows(&out.join("standings.csv")) {
        let rating: f64 = standing["rating"].parse().unwrap();
        let name = &standing["agent"];
        assert!(
            ratings.contains(&format!(">{name}</text>")),
            "ratings lack {name}"
        );
        assert!(
            ratings.contains(&format!("<title>{name}: {rating:.0} [")),
            "ratings lack {name} at {rating}"
        );
    }
    let summary = csv_rows(&out.join("summary.csv"));
    let first_row = summary
        .iter()
        .find(|r| r["metric"] == "first_player_score")
        .unwrap();
    assert!(first.contains(&format!(
        "first player: {} [{}, {}]",
        first_row["value"], first_row["lo"], first_row["hi"]
    )));
    let games = summary.iter().find(|r| r["metric"] == "games").unwrap()["value"].clone();
    let bars: u64 = lengths
        .match_indices(" games</title>")
        .map(|(at, _)| {
            let start = lengths[..at].rfind(": ").unwrap() + 2;
            lengths[start..at].parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(bars.to_string(), games, "the histogram counts every game");
    assert!(page.contains("<p>The command that ran it:</p><pre>"));
    assert!(page.contains("<h3>standings.csv</h3>") && page.contains("<h3>games.csv</h3>"));

    // With accuracy.csv beside it, `arena report` adds the blunder rates.
    std::fs::write(
        out.join("accuracy.csv"),
        "agent,games,moves,blunders,blunder_rate,blunder_rate_lo,blunder_rate_hi,mean_distance_lost\n\
         random,12,600,60,0.1000,0.0800,0.1200,1.5\ngreedy,12,500,5,0.0100,0.0050,0.0200,0.1\n",
    )
    .unwrap();
    let output = run(&["report", &out_text]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert_self_contained(&check_markup(&page));
    assert!(page.contains("Blunder rate per agent"));
    assert!(page.contains("<title>random: 0.1 [0.08, 0.12]</title>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_calibration_report_marks_its_levels() {
    // The shipped files alone: `arena calibrate ... --force`, as the README runs it,
    // adds games.csv (and a fourth chart) to the folder itself.
    let shipped = shipped_leapfrog("shipped-report");
    let page = arena::report::render(&shipped).unwrap();
    let attributes = check_markup(&page);
    assert_self_contained(&attributes);
    let charts = svgs(&page);
    // Rating and the first level's target score against the knob, where the levels on
    // the knob are marked (hard, perfect play named by its spec, has no knob value),
    // then the blunder rate of every level.
    assert_eq!(charts.len(), 3);
    for level in ["easy", "medium"] {
        assert!(
            charts[0].contains(&format!(">{level}</text>")),
            "rating chart lacks {level}"
        );
        assert!(
            charts[1].contains(&format!(">{level}</text>")),
            "score chart lacks {level}"
        );
    }
    assert!(
        !charts[0].contains(">hard</text>"),
        "hard has no knob value"
    );
    for level in ["easy", "medium", "hard"] {
        assert!(charts[2].contains(&format!(">{level}</text>")));
    }
    assert!(
        charts[1].contains("class=\"fit\""),
        "the fitted curve is drawn"
    );
    assert!(charts[1].contains("<title>epsilon = 0.4881: 0.8625 [0.8254, 0.8996]</title>"));
    assert!(page.contains("score vs random against epsilon"));
    let _ = std::fs::remove_dir_all(shipped.parent().expect("inside its scratch folder"));
}

#[test]
fn a_folder_without_results_is_refused() {
    let dir = scratch("report-empty");
    std::fs::write(dir.join("config.toml"), "game = \"leapfrog\"\n").unwrap();
    let output = run(&["report", &dir.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("is the run finished?"));
    let _ = std::fs::remove_dir_all(&dir);
}
