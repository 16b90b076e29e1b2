#!/usr/bin/env bash
# Chinese checkers solitaire crossing (`chinese-checkers:players=1`): the moves an agent
# (SPEC, default the candidate hard) takes to bring its 10 pieces from one point to the
# opposite one on both boards, diamond and star (the shortest crossing is 27 moves), and
# its milliseconds a move (median, 90th percentile, most) on one thread, the evaluation's
# tables built before the clock starts; then the same agent's think time in a
# two-player game against itself. Needs only the Rust toolchain.
#
#   scripts/anchor-crossing.sh
#   SPEC=minimax:nodes=5000 scripts/anchor-crossing.sh     # today's hard, for comparison
#
# The two-player match of the candidate against today's hard is a run config:
#   arena run configs/strength/chinese-checkers-hard-2p.toml --force
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
spec="${SPEC:-minimax:nodes=200000,plan=300000}"
(cd "$repo" && nice -n 10 cargo build --release -p agents --example cc_crossing --quiet)
crossing="$repo/target/release/examples/cc_crossing"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
for board in diamond star; do
    nice -n 10 "$crossing" "$board" "$spec"
done
nice -n 10 "$crossing" star "$spec" 2 | sed -n 1p
