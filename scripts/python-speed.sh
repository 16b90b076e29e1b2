#!/usr/bin/env bash
# Random play through the Python package and through OpenSpiel's Python API, side by
# side (python/bench/random_play.py): a virtual environment in /tmp with open-spiel from
# PyPI and this repository's wheel, built with maturin. Not in CI (it is a measurement);
# the figures go into BENCHMARKS.md, "Python package".
#
#   bash scripts/python-speed.sh [--seconds 5] [--repeats 3]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PYTHON_SPEED_VENV:-/tmp/leapfrog-arena-python-speed}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "maturin>=1.9.4,<2" open-spiel numpy
fi
rm -rf "$venv/wheels"
PYO3_PYTHON="$venv/bin/python" "$venv/bin/maturin" build --release --quiet \
    --manifest-path python/Cargo.toml --out "$venv/wheels"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$venv"/wheels/leapfrog_arena-*.whl
"$venv/bin/python" python/bench/random_play.py "$@"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
