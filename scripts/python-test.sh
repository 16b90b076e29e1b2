#!/usr/bin/env bash
# The Python package (python/): its crate's formatting and lints, the wheel built with
# maturin and installed into a fresh virtual environment, then its pytest suite, which
# plays every game against the arena binary (the first argument, default
# target/debug/arena) and runs PettingZoo's and Gymnasium's own API checks.
# Needs python3 with venv and pip, and PyPI.
#
#   bash scripts/python-test.sh [ARENA]
set -euo pipefail
cd "$(dirname "$0")/.."
arena="$(realpath "${1:-target/debug/arena}")"
venv="${PYTHON_TEST_VENV:-/tmp/leapfrog-arena-python-test}"

rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet "maturin>=1.9.4,<2"

export PYO3_PYTHON="$venv/bin/python"
cargo fmt --manifest-path python/Cargo.toml -- --check
cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings

"$venv/bin/maturin" build --release --quiet --manifest-path python/Cargo.toml --out "$venv/wheels"
wheel="$(ls "$venv"/wheels/leapfrog_arena-*.whl)"
"$venv/bin/pip" install --quiet "$wheel[test]"

# From the repository's root, so that the installed package is the one imported.
ARENA="$arena" "$venv/bin/python" -m pytest --quiet python/tests
