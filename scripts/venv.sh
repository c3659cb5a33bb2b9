# Sourced by run.sh and test.sh: make .venv (Python 3.11+) and install cardtable into it,
# again only when pyproject.toml changed since the last install.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PY="${PYTHON:-python3}"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardtable needs Python 3.11 or newer")'
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=".venv/.cardtable-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1) ${CARDTABLE_EXTRAS:-dev}"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${CARDTABLE_EXTRAS:-dev}]"
  echo "$want" > "$stamp"
fi
