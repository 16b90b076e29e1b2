#!/usr/bin/env bash
# A real Slurm run of a small tournament on this machine: installs Debian's slurm-wlm
# and munge if they are missing, starts munged, slurmctld and slurmd on localhost with a
# minimal config, submits the scripts `arena slurm` writes (a job array of 3 shards and
# a merge that depends on it), waits, and compares the merged CSV files with a run on
# one machine. Where Slurm cannot be started here it says exactly why and exits 0
# ("skipped"); a wrong result exits 1.
#
# Usage: scripts/slurm-test.sh [path/to/arena]   (default: target/release/arena)
set -uo pipefail
cd "$(dirname "$0")/.."
arena=$(realpath "${1:-target/release/arena}")
work=$(mktemp -d /tmp/arena-slurm.XXXXXX)
skip() { echo "slurm-test: skipped: $*"; cleanup; exit 0; }
fail() { echo "slurm-test: FAILED: $*"; cleanup; exit 1; }
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  pkill -x slurmctld 2>/dev/null; pkill -x slurmd 2>/dev/null
  pkill -x munged 2>/dev/null
  true
}

[ -x "$arena" ] || fail "no arena binary at $arena (build it with cargo build --release -p arena)"
[ "$(id -u)" = 0 ] || skip "Slurm's daemons need root here, and this is $(id -un)"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || skip "slurm-wlm and munge are missing and there is no apt-get"
  (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge) \
    >"$work/install.log" 2>&1 || skip "apt-get could not install slurm-wlm and munge: $(tail -1 "$work/install.log")"
fi

# munge: a fresh key and the daemon (as root, which munged allows only with --force).
mkdir -p /etc/munge /var/run/munge /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
chmod 400 /etc/munge/munge.key
pkill -x munged 2>/dev/null; sleep 0.2
munged --force >"$work/munged.log" 2>&1 || skip "munged did not start: $(cat "$work/munged.log")"

host=$(hostname -s)
mkdir -p /etc/slurm "$work/spool/ctld" "$work/spool/d"
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=arena-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/spool/ctld
SlurmdSpoolDir=$work/spool/d
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# No cgroups: processes are tracked through /proc, and tasks are not confined.
rm -f /etc/slurm/cgroup.conf
slurmctld -D >"$work/slurmctld.out" 2>&1 & pids+=($!)
slurmd -D >"$work/slurmd.out" 2>&1 & pids+=($!)
for _ in $(seq 1 60); do
  sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed)' && break
  sleep 0.5
done
sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed)' || \
  skip "the node did not come up: $(tail -n 2 "$work/slurmd.out" "$work/slurmctld.out" 2>/dev/null | tr '\n' ' ')"

# The same small tournament on one machine and on the cluster.
config="$work/config.toml"
cat >"$config" <<CONF
game = "leapfrog"
seed = 11
games_per_pair = 8
opening_plies = 6
bootstrap = 100
out = "$work/cluster"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "greedy"
spec = "greedy"

[[agent]]
name = "minimax"
spec = "minimax:depth=2"
CONF
"$arena" run "$config" --out "$work/single" --threads 1 >/dev/null || fail "the single run failed"
"$arena" slurm "$config" --shards 3 --submit || fail "arena slurm --submit failed"
for _ in $(seq 1 240); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h 2>/dev/null)" ] || fail "jobs still queued after 2 minutes: $(squeue -h)"
for file in games.csv pairs.csv standings.csv summary.csv; do
  cmp -s "$work/single/$file" "$work/cluster/$file" || \
    fail "$file differs from the single run (logs: $(cat "$work"/cluster/slurm/*.log 2>/dev/null | tail -5))"
done
echo "slurm-test: 3 shards and the merge ran under Slurm; the CSV files equal the single run"
cleanup
rm -rf "$work"
exit 0
