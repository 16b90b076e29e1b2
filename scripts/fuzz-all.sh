#!/usr/bin/env bash
# Runs every cargo-fuzz target in turn, SECONDS each (default 600), two at a time, at the
# lowest priority. Each target starts from its committed seeds (fuzz/corpus/<target>/)
# and grows a working corpus in fuzz/work/<target>/ (ignored by git); its log goes to
# fuzz/work/<target>.log, whose last lines hold the figures BENCHMARKS.md quotes.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
targets=(tournament_config calibration_config sprt_config agent_spec game_spec leapfrog
  chinese_checkers games_csv levels shard solve_table draughts)
mkdir -p fuzz/work
(cd fuzz && cargo +nightly fuzz build)
run() {
  local target="$1"
  mkdir -p "fuzz/work/$target"
  nice -n 19 cargo +nightly fuzz run "$target" "fuzz/work/$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -timeout=120 -print_final_stats=1 >"fuzz/work/$target.log" 2>&1
}
status=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  run "${targets[i]}" &
  first=$!
  second=""
  if ((i + 1 < ${#targets[@]})); then
    run "${targets[i + 1]}" &
    second=$!
  fi
  wait "$first" || { echo "${targets[i]}: finding, see fuzz/work/${targets[i]}.log"; status=1; }
  if [[ -n "$second" ]]; then
    wait "$second" || { echo "${targets[i + 1]}: finding, see fuzz/work/${targets[i + 1]}.log"; status=1; }
  fi
done
for target in "${targets[@]}"; do
  printf '%s: ' "$target"
  grep -E '^stat::number_of_executed_units' "fuzz/work/$target.log" | tr '\n' ' '
  grep -E 'DONE|#[0-9]+ ' "fuzz/work/$target.log" | tail -1
done
exit "$status"
