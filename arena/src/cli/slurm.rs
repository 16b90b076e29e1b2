//! `arena slurm`: write (and optionally submit) the sbatch scripts of a sharded run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Args;

use crate::config;
use crate::error::ArenaError;
use crate::output::{stdout_error, write_atomically};
use crate::slurm::{scripts, Cluster};

/// `arena slurm`.
#[derive(Debug, Args)]
pub struct SlurmArgs {
    /// The tournament config (TOML).
    pub config: PathBuf,
    /// How many shards (array tasks) to split the run into.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub shards: u32,
    /// The Slurm partition to run in.
    #[arg(long)]
    pub partition: Option<String>,
    /// The time limit of each task, in Slurm's format (e.g. `02:00:00`).
    #[arg(long)]
    pub time: Option<String>,
    /// CPUs per shard task (each shard runs that many threads).
    #[arg(long, default_value_t = 1)]
    pub cpus: u32,
    /// Output folder of the merged run (overrides the config); shards go in its
    /// `shards/` folder and the scripts and logs in its `slurm/` folder.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Submit the jobs with `sbatch` after writing the scripts.
    #[arg(long)]
    pub submit: bool,
}

/// Runs `arena slurm`.
///
/// # Errors
/// A bad config, I/O failures, or (with `--submit`) an `sbatch` that fails.
pub(crate) fn run(args: &SlurmArgs, out: &mut dyn Write) -> Result<(), ArenaError> {
    let loaded = config::load(&args.config)?;
    let absolute = |path: &Path| {
        std::path::absolute(path).map_err(|e| ArenaError::io(path, "find the absolute path of", e))
    };
    let config_path = absolute(&args.config)?;
    let run_dir = absolute(args.out.as_ref().unwrap_or(&loaded.out))?;
    let arena = std::env::current_exe()
        .map_err(|e| ArenaError::failure(format!("cannot find the arena binary: {e}")))?;
    let name = args
        .config
        .file_stem()
        .map_or("run".into(), |s| s.to_string_lossy().into_owned());
    let cluster = Cluster {
        shards: args.shards,
        partition: args.partition.clone(),
        time: args.time.clone(),
        cpus: args.cpus,
    };
    let scripts = scripts(&cluster, &arena, &config_path, &run_dir, &name);
    let slurm = run_dir.join("slurm");
    std::fs::create_dir_all(&slurm).map_err(|e| ArenaError::io(&slurm, "create", e))?;
    for (file, text) in [
        ("shards.sbatch", &scripts.shards),
        ("merge.sbatch", &scripts.merge),
        ("submit.sh", &scripts.submit),
    ] {
        write_atomically(&slurm.join(file), text.as_bytes())?;
    }
    let submit = slurm.join("submit.sh");
    writeln!(
        out,
        "wrote {}: {} shard tasks, then the merge into {}\nsubmit with: bash {}",
        slurm.display(),
        args.shards,
        run_dir.display(),
        submit.display()
    )
    .map_err(stdout_error)?;
    if args.submit {
        let output = Command::new("bash")
            .arg(&submit)
            .output()
            .map_err(|e| ArenaError::failure(format!("cannot run {}: {e}", submit.display())))?;
        if !output.status.success() {
            return Err(ArenaError::failure(format!(
                "sbatch failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            )));
        }
        out.write_all(&output.stdout).map_err(stdout_error)?;
    }
    Ok(())
}
