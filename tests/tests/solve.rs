//! `arena solve` and `arena analyze`, run as a user would.

use end_to_end::{run, scratch, stderr, stdout};

#[test]
fn solve_reports_the_start_and_any_position() {
    let dir = scratch("solve");
    let table = dir.join("leapfrog.table");
    let output = run(&["solve", "leapfrog", "--out", table.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "start: B",
            "positions: 15969986",
            "wins_A: 6998386",
            "wins_B: 8971600",
            "draws: 0"
        ]
    );
    assert!(lines[5].starts_with("seconds: "));

    // A to move wins at once by filling the goal zone.
    let position = "BBBB.B.......A.AAAA A";
    let solved = run(&["solve", "leapfrog", "--position", position]);
    assert_eq!(stdout(&solved), "value: A\ndistance: 1\nbest: 14-15\n");
    let looked_up = run(&[
        "solve",
        "leapfrog",
        "--position",
        "AAAAA.........BBBBB A",
        "--table",
        table.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&looked_up), "value: B\ndistance: 114\nbest: 5-6\n");

    // A corrupt table is refused, never used.
    let mut bytes = std::fs::read(&table).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&table, bytes).unwrap();
    let refused = run(&[
        "solve",
        "leapfrog",
        "--position",
        "AAAAA.........BBBBB A",
        "--table",
        table.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("checksum"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn analyze_rates_every_agent_of_a_run() {
    let dir = scratch("analyze");
    let out = dir.join("out");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"leapfrog\"\nseed = 3\ngames_per_pair = 20\nopening_plies = 4\n\
             out = {:?}\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
             [[agent]]\nname = \"perfect\"\nspec = \"perfect\"\n",
            out.display().to_string()
        ),
    )
    .unwrap();
    let output = run(&["run", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let games = out.join("games.csv");
    let output = run(&["analyze", games.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let accuracy = std::fs::read_to_string(out.join("accuracy.csv")).unwrap();
    let lines: Vec<&str> = accuracy.lines().collect();
    assert_eq!(
        lines[0],
        "agent,games,moves,blunders,blunder_rate,blunder_rate_lo,blunder_rate_hi,mean_distance_lost"
    );
    let perfect: Vec<&str> = lines[2].split(',').collect();
    assert_eq!(perfect[0], "perfect");
    assert_eq!(perfect[1], "40");
    assert_eq!(
        (perfect[3], perfect[4], perfect[7]),
        ("0", "0.0000", "0.0000")
    );
    let random: Vec<&str> = lines[1].split(',').collect();
    assert!(
        random[3].parse::<u64>().unwrap() > 0,
        "random never blundered"
    );
}

/// The columns of a `variants.csv` other than `seconds` (wall-clock time, which no run
/// reproduces).
fn without_seconds(csv: &str) -> Vec<String> {
    csv.lines()
        .map(|line| line.rsplit_once(',').expect("a CSV line").0.to_string())
        .collect()
}

#[test]
fn variants_reproduce_the_shipped_rows() {
    let dir = scratch("solve-variants");
    let csv = dir.join("variants.csv");
    let output = run(&[
        "solve",
        "leapfrog",
        "--variants",
        "--spots",
        "9-16",
        "--pieces",
        "2-5",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let ours = without_seconds(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(
        ours[0],
        "spots,pieces,positions,value,longest,first_move_wins"
    );
    let shipped =
        std::fs::read_to_string(end_to_end::repo_root().join("results/leapfrog/variants.csv"))
            .expect("the shipped results/leapfrog/variants.csv");
    let shipped = without_seconds(&shipped);
    // Every row of the small family is in the shipped file, equal in every column but
    // the time.
    for row in &ours[1..] {
        assert!(shipped.contains(row), "{row} is not in the shipped file");
    }
    assert_eq!(ours.len(), 1 + 8 + 8 + 8 + 6);

    let refused = run(&[
        "solve",
        "leapfrog",
        "--variants",
        "--spots",
        "30-31",
        "--pieces",
        "9",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("ranks"), "{}", stderr(&refused));
    let too_big = run(&["solve", "leapfrog:spots=25,pieces=6"]);
    assert_eq!(too_big.status.code(), Some(2));
    assert!(stderr(&too_big).contains("bound"), "{}", stderr(&too_big));
}

#[test]
fn english_endgame_tables_build_save_and_answer() {
    let dir = scratch("solve-english");
    let table = dir.join("english3.db");
    let output = run(&[
        "solve",
        "english",
        "--pieces",
        "3",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "pieces: 2 positions: 3488 wins: 716 losses: 402 draws: 2370",
            "pieces: 3 positions: 196032 wins: 100250 losses: 87305 draws: 8477",
        ]
    );
    assert!(lines[2].starts_with("seconds: "), "{text}");

    // White's king on 5 jumps Black's man on 9 to 14 and leaves Black nothing.
    let looked_up = run(&[
        "solve",
        "english",
        "--position",
        "W:WK5:B9",
        "--table",
        table.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&looked_up), "value: win\ndistance: 1\nbest: 5x14\n");

    let mut bytes = std::fs::read(&table).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&table, bytes).unwrap();
    let refused = run(&[
        "solve",
        "english",
        "--position",
        "W:WK5:B9",
        "--table",
        table.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("checksum"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn the_solitaire_crossing_prints_its_moves_and_how_far_it_is_proved() {
    // A narrow beam (30 moves) and room for 20,000 positions: the round for 19 moves
    // finishes, the one for 21 does not.
    let output = run(&[
        "solve",
        "chinese-checkers:board=diamond",
        "--solitaire",
        "--beam",
        "1000",
        "--nodes",
        "20000",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "board: diamond\nlayer: crossings of at most 19 moves, depth 1, positions "
        ),
        "{text}"
    );
    assert!(text.contains("\nmoves: 30\n"), "{text}");
    assert!(
        text.contains(
            "\nproved: none shorter than 20 moves (positions held 20000 reached; raise --nodes)\n"
        ),
        "{text}"
    );
    let crossing = text
        .lines()
        .find_map(|l| l.strip_prefix("crossing: "))
        .unwrap();
    assert_eq!(crossing.split(' ').count(), 30);
}

#[test]
fn the_shortest_game_prints_its_row_bound_its_plies_and_how_far_it_is_proved() {
    // A narrow beam finds 14 plies; the row counts rule out 10 plies and fewer, and the
    // IDA* pass for 11 runs out of its 20,000 positions.
    let output = run(&[
        "solve",
        "chinese-checkers:board=diamond",
        "--shortest-game",
        "--beam",
        "1000",
        "--nodes",
        "20000",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let layers = [1, 3, 9, 42, 196, 826, 3481, 13393, 51529, 182892, 728238];
    let mut expected = vec!["board: diamond".to_string()];
    for (plies, n) in layers.iter().enumerate() {
        expected.push(format!(
            "layer: row counts after {plies} plies, positions {n}"
        ));
    }
    expected.push("row bound: 11".into());
    expected.push("start bound: 3".into());
    expected.push("pass: bound 11 positions 20001".into());
    expected.push("plies: 14".into());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..expected.len()], expected, "{text}");
    assert!(
        text.contains(
            "\nproved: none shorter than 11 plies (node limit 20000 reached; raise --nodes)\n"
        ),
        "{text}"
    );
    let game = text.lines().find_map(|l| l.strip_prefix("game: ")).unwrap();
    assert_eq!(game.split(' ').count(), 14);
}

#[test]
fn analyze_scores_any_two_player_run_with_the_referee() {
    let dir = scratch("analyze-referee");
    let out = dir.join("out");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"alquerque\"\nseed = 5\ngames_per_pair = 2\nopening_plies = 2\n\
             out = {:?}\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
             [[agent]]\nname = \"searcher\"\nspec = \"minimax:depth=4\"\n",
            out.display().to_string()
        ),
    )
    .unwrap();
    let output = run(&["run", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let games = out.join("games.csv");
    let games = games.to_str().unwrap();
    let output = run(&["analyze", games, "--depth", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let referee = std::fs::read_to_string(out.join("referee.csv")).unwrap();
    assert_eq!(stdout(&output), referee);
    assert!(
        !out.join("accuracy.csv").exists(),
        "no perfect play to rate against"
    );
    let lines: Vec<&str> = referee.lines().collect();
    assert_eq!(
        lines[0],
        "agent,seat,games,moves,gross,gross_rate,gross_lo,gross_hi,small,small_rate,small_lo,\
         small_hi,mean_loss,mean_loss_lo,mean_loss_hi,unit,depth"
    );
    // Per agent a row of all its games, then one a seat; two game pairs, seats swapped.
    let field = |line: &str, k: usize| line.split(',').nth(k).unwrap().to_string();
    let labels: Vec<(String, String, String)> = lines[1..]
        .iter()
        .map(|l| (field(l, 0), field(l, 1), field(l, 2)))
        .collect();
    let row = |a: &str, s: &str, g: &str| (a.to_string(), s.to_string(), g.to_string());
    assert_eq!(
        labels,
        [
            row("random", "all", "4"),
            row("random", "A", "2"),
            row("random", "B", "2"),
            row("searcher", "all", "4"),
            row("searcher", "A", "2"),
            row("searcher", "B", "2"),
        ]
    );
    for line in &lines[1..] {
        assert!(line.ends_with(",pawn,4"), "{line}");
    }
    // Random play leaves pawns to be taken; a seat's moves add up to the agent's.
    let count = |line: &str, k: usize| field(line, k).parse::<u64>().unwrap();
    assert!(count(lines[1], 4) > 0, "{referee}");
    assert_eq!(count(lines[1], 3), count(lines[2], 3) + count(lines[3], 3));
    assert!(
        field(lines[1], 5).parse::<f64>().unwrap() > field(lines[4], 5).parse::<f64>().unwrap(),
        "{referee}"
    );
    // The same run scores the same, to the byte.
    let again = run(&["analyze", games, "--depth", "4"]);
    assert_eq!(stdout(&again), referee);

    // Sizes out of range and tables the game has none of are refused.
    let deep = run(&["analyze", games, "--depth", "13"]);
    assert_eq!(deep.status.code(), Some(2));
    assert!(stderr(&deep).contains("1..=12"), "{}", stderr(&deep));
    let table = run(&["analyze", games, "--table", "x.db"]);
    assert_eq!(table.status.code(), Some(2));
    assert!(stderr(&table).contains("--table"), "{}", stderr(&table));
    let _ = std::fs::remove_dir_all(&dir);
}

/// At a table of three the referee is a best-reply search, two plies by default: random
/// play gives hops away far more often than greedy play, and each seat has its row.
#[test]
fn analyze_scores_a_three_player_run_with_the_best_reply_referee() {
    let dir = scratch("analyze-three");
    let out = dir.join("out");
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"chinese-checkers\"\nplayers = 3\nseed = 5\ngames_per_pair = 1\n\
             opening_plies = 6\nout = {:?}\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
             [[agent]]\nname = \"greedy\"\nspec = \"greedy\"\n\n\
             [[agent]]\nname = \"greedy-2\"\nspec = \"greedy:epsilon=0.2\"\n",
            out.display().to_string()
        ),
    )
    .unwrap();
    let output = run(&["run", config.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let games = out.join("games.csv");
    let output = run(&["analyze", games.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let referee = std::fs::read_to_string(out.join("referee.csv")).unwrap();
    let rows: Vec<Vec<&str>> = referee
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let seats: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(seats.len(), 12, "{referee}");
    assert_eq!(
        seats[..4],
        [
            ("random", "all"),
            ("random", "A"),
            ("random", "B"),
            ("random", "C")
        ]
    );
    for row in &rows {
        assert_eq!(row[15..], ["hop", "2"], "{referee}");
    }
    let gross = |agent: &str| {
        let row = rows
            .iter()
            .find(|r| r[0] == agent && r[1] == "all")
            .unwrap();
        row[5].parse::<f64>().unwrap()
    };
    assert!(gross("random") > 3.0 * gross("greedy"), "{referee}");
    let _ = std::fs::remove_dir_all(&dir);
}
