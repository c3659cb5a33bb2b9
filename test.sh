#!/usr/bin/env bash
# Every check the project has: lint, types, the layers' import contracts, and the whole test
# suite (2 workers).
CARDTABLE_EXTRAS="${CARDTABLE_EXTRAS:-dev}"
source "$(dirname "$0")/scripts/venv.sh"
.venv/bin/ruff check cardtable tests bench examples setup.py conftest.py
.venv/bin/ruff format --check cardtable tests bench examples setup.py conftest.py
.venv/bin/mypy
.venv/bin/lint-imports --no-logo --no-cache
.venv/bin/pytest -n "${TEST_WORKERS:-2}" "$@"
