#!/usr/bin/env bash
# Renders the report of configs/leapfrog-round-robin.toml and saves a screenshot of it in
# docs/report.png with headless Chromium, for the README. CI checks rendering with
# scripts/report-check.sh instead. Exits 0 with a reason when Chromium cannot be had.
#   scripts/report-screenshot.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "skipped: chromium is not installed and cannot be installed here (needs root and apt-get)"
        exit 0
    fi
    echo "installing Debian's chromium"
    if ! (DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1; }); then
        echo "skipped: apt-get could not install chromium (offline?)"
        exit 0
    fi
fi

out=results/leapfrog-round-robin
cargo build --release -q -p arena
if [ -f "$out/standings.csv" ]; then
    # Runs are deterministic: a finished run only needs its page drawn again.
    target/release/arena report "$out"
else
    target/release/arena run configs/leapfrog-round-robin.toml --out "$out" --force --report
fi
mkdir -p docs
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars \
    --screenshot="$PWD/docs/report.png" --window-size=1200,2400 \
    "file://$PWD/$out/report.html" 2>/dev/null
echo "screenshot in docs/report.png ($(du -k docs/report.png | cut -f1) KB)"
