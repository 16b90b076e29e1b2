//! A run split into shards and merged equals the run on one machine, byte for byte; a
//! merge with a shard missing, given twice, foreign or unfinished fails by name.

use std::path::Path;

use end_to_end::{run, run_files, scratch, stderr};

fn write_config(dir: &Path, seed: u64) -> String {
    let text = format!(
        "game = \"leapfrog\"\nseed = {seed}\ngames_per_pair = 10\nopening_plies = 6\n\
         bootstrap = 100\n\n[[agent]]\nname = \"random\"\nspec = \"random\"\n\n\
         [[agent]]\nname = \"greedy\"\nspec = \"greedy\"\n\n\
         [[agent]]\nname = \"minimax\"\nspec = \"minimax:depth=2\"\n"
    );
    let path = dir.join(format!("config-{seed}.toml"));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn shard(config: &str, dir: &Path, shard: &str) -> String {
    let out = dir.join(format!("shard-{}", shard.replace('/', "-of-")));
    let output = run(&[
        "run",
        config,
        "--shard",
        shard,
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    out.display().to_string()
}

fn merge(out: &Path, shards: &[&str]) -> std::process::Output {
    let mut args = vec!["merge", out.to_str().unwrap()];
    args.extend_from_slice(shards);
    args.push("--force");
    run(&args)
}

#[test]
fn three_shards_merge_into_the_single_run() {
    let dir = scratch("shards");
    let config = write_config(&dir, 5);
    let single = dir.join("single");
    let output = run(&["run", &config, "--out", single.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));

    let shards: Vec<String> = ["0/3", "1/3", "2/3"]
        .iter()
        .map(|s| shard(&config, &dir, s))
        .collect();
    let names: Vec<&str> = shards.iter().map(String::as_str).collect();
    let merged = dir.join("merged");
    let output = merge(&merged, &names);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(run_files(&merged), run_files(&single));

    // A shard missing, or given twice.
    let output = merge(&merged, &names[..2]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("missing shard: no folder given holds shard 2/3"),
        "{}",
        stderr(&output)
    );
    let output = merge(&merged, &[names[0], names[1], names[1]]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("duplicate shard"),
        "{}",
        stderr(&output)
    );

    // A shard of another config.
    let other = write_config(&dir, 6);
    let foreign_dir = dir.join("foreign");
    std::fs::create_dir_all(&foreign_dir).unwrap();
    let foreign = shard(&other, &foreign_dir, "2/3");
    let output = merge(&merged, &[names[0], names[1], &foreign]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("foreign shard"),
        "{}",
        stderr(&output)
    );

    // An unfinished shard is named, and finishes on its own with --resume.
    let games = Path::new(names[2]).join("games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let cut: Vec<&str> = text.lines().take(5).collect();
    std::fs::write(&games, format!("{}\n", cut.join("\n"))).unwrap();
    let output = merge(&merged, &names);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("incomplete shard"),
        "{}",
        stderr(&output)
    );
    let output = run(&[
        "run", &config, "--shard", "2/3", "--out", names[2], "--resume",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = merge(&merged, &names);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(run_files(&merged), run_files(&single));
}
