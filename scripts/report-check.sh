#!/usr/bin/env bash
# The end-to-end check of `arena report` in a real browser: renders the report of a small
# tournament, opens it in headless Chromium (Debian's `chromium`, installed here when it is
# missing) and saves a screenshot, which must be a PNG of the page's size. Where Chromium
# cannot be installed it prints why and exits 0 (skipped); a failed render exits 1.
#   scripts/report-check.sh [path/to/arena]   (default: target/debug/arena)
set -uo pipefail
cd "$(dirname "$0")/.."
arena=$(realpath "${1:-target/debug/arena}")
[ -x "$arena" ] || { echo "report-check: FAILED: no arena binary at $arena"; exit 1; }

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "report-check: skipped: chromium is missing and cannot be installed (needs root and apt-get)"
    exit 0
  fi
  if ! (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/tmp/report-check-install.log 2>&1; then
    echo "report-check: skipped: apt-get could not install chromium: $(tail -1 /tmp/report-check-install.log)"
    exit 0
  fi
fi

work=$(mktemp -d /tmp/arena-report.XXXXXX)
trap 'rm -rf "$work"' EXIT
cat >"$work/config.toml" <<CONF
game = "leapfrog"
seed = 5
games_per_pair = 10
opening_plies = 6
bootstrap = 100
out = "$work/run"

[[agent]]
name = "random"
spec = "random"

[[agent]]
name = "greedy"
spec = "greedy"

[[agent]]
name = "minimax-2"
spec = "minimax:depth=2"
CONF
"$arena" run "$work/config.toml" --report >/dev/null || { echo "report-check: FAILED: arena run --report"; exit 1; }
[ -s "$work/run/report.html" ] || { echo "report-check: FAILED: no report.html"; exit 1; }
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile" --hide-scrollbars \
  --screenshot="$work/report.png" --window-size=1200,2400 \
  "file://$work/run/report.html" >/dev/null 2>&1
# A PNG starts with these eight bytes; its width and height follow in the IHDR chunk.
signature=$(head -c 8 "$work/report.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')
[ "$signature" = "89504e470d0a1a0a" ] || { echo "report-check: FAILED: Chromium saved no PNG"; exit 1; }
size=$(od -An -tu1 -j16 -N8 "$work/report.png" | awk '{print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8)}')
[ "$size" = "1200x2400" ] || { echo "report-check: FAILED: screenshot is $size, expected 1200x2400"; exit 1; }
echo "report-check: headless Chromium rendered the report ($size, $(du -k "$work/report.png" | cut -f1) KB)"
