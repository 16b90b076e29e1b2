//! End-to-end tournaments: reproducible at any thread count, resumable after a kill,
//! and every game replayable from its seed.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use end_to_end::{arena, csv_rows, run, run_files, scratch, stderr};

/// A small tournament config writing to `out`.
fn config(dir: &Path, out: &Path, games_per_pair: u32, agents: &[(&str, &str)]) -> String {
    let mut text = format!(
        "game = \"leapfrog\"\nseed = 7\ngames_per_pair = {games_per_pair}\nopening_plies = 6\n\
         threads = 2\nout = {:?}\nbootstrap = 200\n",
        out.display().to_string()
    );
    for (name, spec) in agents {
        text.push_str(&format!(
            "\n[[agent]]\nname = \"{name}\"\nspec = \"{spec}\"\n"
        ));
    }
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const AGENTS: &[(&str, &str)] = &[
    ("random", "random"),
    ("random-2", "random"),
    ("random-3", "random"),
];

#[test]
fn same_config_gives_identical_csv_at_one_and_two_threads() {
    let dir = scratch("threads");
    let (one, two) = (dir.join("one"), dir.join("two"));
    let path = config(&dir, &one, 40, AGENTS);
    end_to_end::same_at_one_and_two_threads(&path, &one, &two);
    let games = std::fs::read_to_string(one.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 1 + 3 * 40 * 2);
}

#[test]
fn torn_and_interrupted_runs_resume_to_the_clean_result() {
    let dir = scratch("resume");
    let clean = dir.join("clean");
    let path = config(&dir, &clean, 30, AGENTS);
    assert!(run(&["run", &path]).status.success());
    let expected = run_files(&clean);

    // An interrupted run: some rows in completion order, the last one torn, and no
    // summaries yet.
    let partial = dir.join("partial");
    std::fs::create_dir_all(&partial).unwrap();
    std::fs::copy(clean.join("config.toml"), partial.join("config.toml")).unwrap();
    let games = &expected[0].1;
    let mut lines: Vec<&str> = games.lines().collect();
    let header = lines.remove(0);
    lines.truncate(70);
    lines.reverse();
    let torn = &lines[0][..lines[0].len() / 2];
    let text = format!("{header}\n{}\n{torn}", lines[1..].join("\n"));
    std::fs::write(partial.join("games.csv"), text).unwrap();

    let refused = run(&["run", &path, "--out", partial.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--resume"),
        "{}",
        stderr(&refused)
    );

    let resumed = run(&["run", &path, "--out", partial.to_str().unwrap(), "--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(run_files(&partial), expected);
}

#[test]
fn a_run_killed_part_way_resumes_to_the_clean_result() {
    let dir = scratch("kill");
    let clean = dir.join("clean");
    // Enough games that the run is still going when it is killed.
    let path = config(&dir, &clean, 4000, AGENTS);
    let output = run(&["run", &path, "--threads", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = run_files(&clean);

    let killed = dir.join("killed");
    let out = killed.to_str().unwrap();
    let mut child = arena(&["run", &path, "--out", out, "--threads", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let games = killed.join("games.csv");
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::metadata(&games).map_or(0, |m| m.len()) < 2000 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL on Unix: no chance to clean up.
    child.wait().unwrap();
    assert!(
        !killed.join("pairs.csv").exists(),
        "the run finished before it was killed: give it more games"
    );
    let resumed = run(&["run", &path, "--out", out, "--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(run_files(&killed), expected);
}

/// What `arena play` prints for random against random with `seed` (6 opening plies).
fn play_of(seed: &str) -> Vec<u8> {
    run(&[
        "play",
        "leapfrog",
        "--first",
        "random",
        "--second",
        "random",
        "--seed",
        seed,
        "--opening-plies",
        "6",
    ])
    .stdout
}

#[test]
fn every_game_of_a_small_tournament_replays() {
    let dir = scratch("replay");
    let out = dir.join("out");
    let path = config(&dir, &out, 3, AGENTS);
    assert!(run(&["run", &path]).status.success());
    let games = out.join("games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 18);
    for row in rows {
        let fields: Vec<&str> = row.split(',').collect();
        let (id, seed, moves) = (fields[0], fields[2], fields[8]);
        let output = run(&["replay", games.to_str().unwrap(), "--game-id", id]);
        assert!(output.status.success(), "game {id}: {}", stderr(&output));
        let printed = String::from_utf8(output.stdout).unwrap();
        let replayed: Vec<&str> = printed
            .lines()
            .filter(|l| !l.starts_with("result:"))
            .collect();
        assert_eq!(replayed.join(" "), moves, "game {id}");
        // `arena play` with the same specs and seed prints the same game as the first game
        // of each pair; the second swaps seats, and the agents' streams follow them, so it
        // is another game (the same spec on both seats no longer replays the first).
        if id.parse::<u64>().unwrap() % 2 == 1 {
            assert_ne!(play_of(seed), printed.as_bytes(), "game {id}");
            continue;
        }
        assert_eq!(play_of(seed), printed.as_bytes(), "game {id}");
    }

    // A doctored record (a move slipped in, and counted) is caught, with exit code 1.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut fields: Vec<String> = lines[1].split(',').map(String::from).collect();
    assert_eq!(fields[0], "0");
    fields[6] = (fields[6].parse::<u32>().unwrap() + 1).to_string();
    fields[8] = fields[8].replacen("5-6 15-14 ", "5-6 15-14 4-5 ", 1);
    assert_ne!(lines[1].split(',').nth(8), Some(fields[8].as_str()));
    lines[1] = fields.join(",");
    std::fs::write(&games, format!("{}\n", lines.join("\n"))).unwrap();
    let output = run(&["replay", games.to_str().unwrap(), "--game-id", "0"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("differs from the record"));
}

#[test]
fn tables_of_three_rotate_seats_record_places_and_replay() {
    let dir = scratch("three-seats");
    let (one, two) = (dir.join("one"), dir.join("two"));
    let text = r#"game = "chinese-checkers"
players = 3
seed = 3
games_per_pair = 1
opening_plies = 4
max_plies = 90
bootstrap = 50

[[agent]]
name = "r1"
spec = "random"

[[agent]]
name = "g"
spec = "greedy"

[[agent]]
name = "r2"
spec = "random:epsilon=0.5"

[[agent]]
name = "r3"
spec = "random"
"#;
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    end_to_end::same_at_one_and_two_threads(path, &one, &two);
    let games = one.join("games.csv");
    let csv = std::fs::read_to_string(&games).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "game_id,pairing,seed,first,second,third,winner,plies,end,place_first,place_second,\
         place_third,moves"
    );
    // Four agents, every three of them, each set rotating its three through every seat.
    assert_eq!(lines.len(), 1 + 4 * 3);
    let seats = |line: &str| {
        line.split(',')
            .skip(3)
            .take(3)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(seats(lines[1]), ["r1", "g", "r2"]);
    assert_eq!(seats(lines[2]), ["g", "r2", "r1"]);
    assert_eq!(seats(lines[3]), ["r2", "r1", "g"]);
    let standings = std::fs::read_to_string(one.join("standings.csv")).unwrap();
    assert!(standings
        .lines()
        .next()
        .unwrap()
        .ends_with(",mean_place,win_rate,win_rate_lo,win_rate_hi,points_per_game"));
    for id in 0..12 {
        let output = run(&[
            "replay",
            games.to_str().unwrap(),
            "--game-id",
            &id.to_string(),
        ]);
        assert!(output.status.success(), "game {id}: {}", stderr(&output));
        let last = String::from_utf8(output.stdout).unwrap();
        assert!(
            last.trim_end()
                .lines()
                .last()
                .unwrap()
                .contains(" places A="),
            "{last}"
        );
    }
}

#[test]
fn ratings_are_the_maximum_likelihood_fit_when_everyone_won_and_lost() {
    let dir = scratch("ml-fit");
    let out = dir.join("out");
    let agents = [
        ("random", "random"),
        ("random-2", "random"),
        ("mcts-8", "mcts:iterations=8"),
    ];
    let path = config(&dir, &out, 30, &agents);
    let output = run(&["run", &path]);
    assert!(output.status.success(), "{}", stderr(&output));

    // points[i][j]: what agent i scored against agent j, from games.csv alone.
    let names: Vec<&str> = agents.iter().map(|a| a.0).collect();
    let index = |name: &str| names.iter().position(|n| *n == name).unwrap();
    let mut points = [[0.0f64; 3]; 3];
    let mut games = [[0.0f64; 3]; 3];
    for row in csv_rows(&out.join("games.csv")) {
        let (a, b) = (index(&row["first"]), index(&row["second"]));
        let first = match row["winner"].as_str() {
            "first" => 1.0,
            "second" => 0.0,
            _ => 0.5,
        };
        points[a][b] += first;
        points[b][a] += 1.0 - first;
        games[a][b] += 1.0;
        games[b][a] += 1.0;
    }
    for a in 0..3 {
        for b in (0..3).filter(|&b| b != a) {
            assert!(
                points[a][b] > 0.0 && points[a][b] < games[a][b],
                "{} v {}: every player must have won and lost",
                names[a],
                names[b]
            );
        }
    }

    // A plain maximum-likelihood fit: Newton steps on each rating in turn, the first agent
    // (the anchor) held at 0. At the maximum each agent's expected points equal its points.
    let expected =
        |r: &[f64; 3], a: usize, b: usize| 1.0 / (1.0 + 10f64.powf((r[b] - r[a]) / 400.0));
    let mut r = [0.0f64; 3];
    for _ in 0..10_000 {
        for a in 1..3 {
            let (mut gradient, mut curvature) = (0.0, 0.0);
            for b in (0..3).filter(|&b| b != a) {
                let e = expected(&r, a, b);
                gradient += points[a][b] - games[a][b] * e;
                curvature += games[a][b] * e * (1.0 - e);
            }
            r[a] += gradient / curvature * 400.0 / std::f64::consts::LN_10;
        }
    }

    let standings = csv_rows(&out.join("standings.csv"));
    for row in &standings {
        let a = index(&row["agent"]);
        let rating: f64 = row["rating"].parse().unwrap();
        assert!(
            (rating - r[a]).abs() <= 1.0,
            "{}: standings.csv {rating} v maximum likelihood {:.2}",
            row["agent"],
            r[a]
        );
        assert_eq!(row["rating_fit"], "ml");
    }
}

#[test]
fn one_stochastic_agent_on_both_seats_plays_two_different_games_a_pair() {
    let dir = scratch("self-play");
    let out = dir.join("out");
    let path = config(
        &dir,
        &out,
        25,
        &[("random", "random"), ("random-2", "random")],
    );
    assert!(run(&["run", &path]).status.success());
    let rows = csv_rows(&out.join("games.csv"));
    assert_eq!(rows.len(), 50);
    for pair in rows.chunks(2) {
        // Same opening (seed), seats swapped, yet the agents choose differently.
        assert_eq!(pair[0]["seed"], pair[1]["seed"]);
        assert_eq!(pair[0]["first"], pair[1]["second"]);
        assert_ne!(
            pair[0]["moves"], pair[1]["moves"],
            "game {} repeats game {}",
            pair[1]["game_id"], pair[0]["game_id"]
        );
    }
}

/// The first `plies` moves of every game of a run, by game id.
fn openings_of(out: &Path, plies: usize) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("games.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|row| {
            let moves = row.split(',').nth(8).unwrap();
            moves.split(' ').take(plies).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn balanced_openings_replace_lopsided_ones_reproducibly_and_replay() {
    let dir = scratch("balanced");
    let write = |name: &str, balance: &str, out: &Path| {
        let text = format!(
            "game = \"international\"\nseed = 5\ngames_per_pair = 12\nopening_plies = 4\n\
             {balance}\nthreads = 2\nout = {:?}\n\n[[agent]]\nname = \"random\"\n\
             spec = \"random\"\n\n[[agent]]\nname = \"greedy\"\nspec = \"greedy\"\n",
            out.display().to_string()
        );
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let (plain, one, two) = (dir.join("plain"), dir.join("one"), dir.join("two"));
    let plain_config = write("plain.toml", "", &plain);
    let balanced_config = write("balanced.toml", "opening_balance = 50", &one);
    assert!(run(&["run", &plain_config]).status.success());
    end_to_end::same_at_one_and_two_threads(&balanced_config, &one, &two);
    let config = std::fs::read_to_string(one.join("config.toml")).unwrap();
    assert!(config.contains("opening_balance = 50"), "{config}");

    let (lopsided, balanced) = (openings_of(&plain, 4), openings_of(&one, 4));
    // Both games of a pair share their opening; some of the seeds' first draws were
    // lopsided and were drawn again, the others kept.
    for pair in balanced.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    let redrawn = lopsided
        .iter()
        .zip(&balanced)
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        redrawn > 0 && redrawn < balanced.len(),
        "{redrawn} of {}",
        balanced.len()
    );

    // Every game replays from its seed, the balanced draw found again.
    let games = one.join("games.csv");
    for id in ["0", "1", "7"] {
        let output = run(&["replay", games.to_str().unwrap(), "--game-id", id]);
        assert!(output.status.success(), "game {id}: {}", stderr(&output));
    }
}
