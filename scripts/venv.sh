# Sourced by run.sh and test.sh: make .venv (Python 3.11+) and install cardtable into it,
# again only when its build or the engine sources changed since the last install: the install
# compiles the engines' hot modules with mypyc (setup.py), and a compiled module left behind
# by a source change would run the old code.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PY="${PYTHON:-python3}"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardtable needs Python 3.11 or newer")'
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=".venv/.cardtable-installed"
want="$(cat pyproject.toml setup.py cardtable/core/*.py cardtable/games/*.py cardtable/games/*/*.py \
  | sha256sum | cut -d' ' -f1) ${CARDTABLE_EXTRAS:-dev} ${CARDTABLE_PURE_PYTHON:-}"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing cardtable into .venv (compiling the engines; the log is .venv/install.log)" >&2
  if ! { .venv/bin/python -m pip install --disable-pip-version-check --upgrade pip &&
    .venv/bin/python -m pip install --disable-pip-version-check -e ".[${CARDTABLE_EXTRAS:-dev}]"
  } >.venv/install.log 2>&1; then
    cat .venv/install.log >&2
    exit 1
  fi
  echo "$want" > "$stamp"
fi
