//! The sbatch scripts of `arena slurm`: those that run a tournament on a Slurm cluster, a job
//! array of shards and a merge that waits for it. Slurm schedules; the arena only writes
//! the commands.

use std::path::Path;

/// How the run is spread over the cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// How many shards (array tasks) to split the run into.
    pub shards: u32,
    /// The Slurm partition to run in.
    pub partition: Option<String>,
    /// The time limit of each task, in Slurm's format (e.g. `02:00:00`).
    pub time: Option<String>,
    /// CPUs per shard task (each shard runs that many threads).
    pub cpus: u32,
}

/// The three scripts `arena slurm` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scripts {
    /// The job array: one shard a task.
    pub shards: String,
    /// The merge, run after every task succeeded.
    pub merge: String,
    /// Submits both, the merge depending on the array (`afterok`).
    pub submit: String,
}

/// Quotes `text` for a POSIX shell.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The scripts for a run of `config` (an absolute path) by the `arena` binary at `arena`,
/// merged into `out` (absolute).
pub fn scripts(args: &Cluster, arena: &Path, config: &Path, out: &Path, name: &str) -> Scripts {
    let slurm = out.join("slurm");
    let shard_dir = |task: &str| out.join("shards").join(format!("shard-{task}"));
    let header = |job: &str, log: &str| {
        let mut text = format!(
            "#!/bin/bash\n#SBATCH --job-name={}\n#SBATCH --output={}\n#SBATCH --cpus-per-task={}\n",
            quote(&format!("arena-{name}-{job}")),
            quote(&slurm.join(log).display().to_string()),
            args.cpus
        );
        if let Some(partition) = &args.partition {
            text.push_str(&format!("#SBATCH --partition={}\n", quote(partition)));
        }
        if let Some(time) = &args.time {
            text.push_str(&format!("#SBATCH --time={}\n", quote(time)));
        }
        text
    };
    let last = args.shards - 1;
    let mut shards = header("shards", "shard-%a.log");
    shards.push_str(&format!(
        "#SBATCH --array=0-{last}\nset -euo pipefail\n\
         # A task that is run again carries on where it stopped (--resume).\n\
         exec {} run {} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\" --threads {} --resume \\\n  --out {}\"${{SLURM_ARRAY_TASK_ID}}\"\n",
        quote(&arena.display().to_string()),
        quote(&config.display().to_string()),
        args.shards,
        args.cpus,
        quote(&shard_dir("").display().to_string()),
    ));
    let mut merge = header("merge", "merge.log");
    let folders: Vec<String> = (0..args.shards)
        .map(|k| quote(&shard_dir(&k.to_string()).display().to_string()))
        .collect();
    merge.push_str(&format!(
        "set -euo pipefail\nexec {} merge {} --force \\\n  {}\n",
        quote(&arena.display().to_string()),
        quote(&out.display().to_string()),
        folders.join(" \\\n  ")
    ));
    let submit = format!(
        "#!/bin/bash\n# Submits the shards of {config} as a job array, then the merge once every\n\
         # task has succeeded.\nset -euo pipefail\ncd {}\n\
         array=$(sbatch --parsable shards.sbatch)\narray=${{array%%;*}}\n\
         merge=$(sbatch --parsable --dependency=afterok:\"$array\" merge.sbatch)\n\
         merge=${{merge%%;*}}\necho \"shards: job $array, merge: job $merge\"\n",
        quote(&slurm.display().to_string()),
        config = config.display(),
    );
    Scripts {
        shards,
        merge,
        submit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_name_every_shard_and_the_dependency() {
        let args = Cluster {
            shards: 3,
            partition: Some("short".into()),
            time: None,
            cpus: 2,
        };
        let scripts = scripts(
            &args,
            Path::new("/bin/arena"),
            Path::new("/c.toml"),
            Path::new("/r"),
            "c",
        );
        assert!(scripts.shards.contains("#SBATCH --array=0-2\n"));
        assert!(scripts.shards.contains("#SBATCH --partition='short'\n"));
        assert!(scripts
            .shards
            .contains("--shard \"${SLURM_ARRAY_TASK_ID}/3\" --threads 2 --resume"));
        assert!(scripts
            .merge
            .contains("'/r/shards/shard-0' \\\n  '/r/shards/shard-1' \\\n  '/r/shards/shard-2'\n"));
        assert!(scripts.submit.contains("--dependency=afterok:\"$array\""));
        assert_eq!(quote("it's"), "'it'\\''s'");
    }
}
