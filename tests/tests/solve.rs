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
