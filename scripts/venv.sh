# Sourced by run.sh and test.sh: make .venv (Python 3.11+) and install cardtable into it with
# the extra asked for in CARDTABLE_EXTRAS (run.sh: "server", only what the room needs; test.sh:
# "dev", the room and the development tools), again only when its build or the engine sources
# changed since the last install: the install compiles the engines' hot modules with mypyc
# (setup.py), and a compiled module left behind by a source change would run the old code.
# pip's output goes to .venv/install*.log; the terminal gets one line per stage.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PY="${PYTHON:-python3}"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardtable needs Python 3.11 or newer")'
started=$SECONDS
say() { printf '[%3ds] %s\n' "$((SECONDS - started))" "$1" >&2; }

stamp=".venv/.cardtable-installed"  # line 1: the sources' hash; line 2: the extras installed
want="$(cat pyproject.toml setup.py cardtable/core/*.py cardtable/games/*.py cardtable/games/*/*.py \
  | sha256sum | cut -d' ' -f1)${CARDTABLE_PURE_PYTHON:+ pure}"
extra="${CARDTABLE_EXTRAS:-dev}"
have="" have_extras=""
if [ -f "$stamp" ]; then
  { read -r have || true; read -r have_extras || true; } <"$stamp"
fi
# "dev" holds everything "server" does, so a room may run from a development install.
covered() { [[ ",$have_extras," == *",$1,"* || ($1 == server && ",$have_extras," == *",dev,"*) ]]; }

# The packages an extra (or "base", the project's own dependencies) asks for, from pyproject.toml.
requirements() {
  "$PY" - "$@" <<'PY'
import sys, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
for name in ",".join(sys.argv[1:]).split(","):
    if name:
        wanted = project["dependencies"] if name == "base" else project["optional-dependencies"][name]
        print("\n".join(wanted))
PY
}
pip_install() { .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off "$@"; }

if [ "$have" = "$want" ] && ! covered "$extra"; then
  # the same build, one more extra: only its packages; the engines are not compiled again
  say "Adding the packages cardtable[$extra] needs to .venv (the full log is .venv/install.log)"
  requirements "$extra" >.venv/requirements.txt
  if ! pip_install -r .venv/requirements.txt >.venv/install.log 2>&1; then
    tail -n 30 .venv/install.log >&2
    exit 1
  fi
  have_extras="$have_extras,$extra"
  printf '%s\n%s\n' "$want" "$have_extras" >"$stamp"
  say "Installed"
fi

if [ "$have" != "$want" ]; then
  extras="$extra"  # and every extra installed before
  if [ -n "$have_extras" ]; then
    if covered "$extra"; then extras="$have_extras"; else extras="$have_extras,$extra"; fi
  fi
  if [ ! -x .venv/bin/python ]; then
    say "Creating .venv (first run: about a minute, fetching packages and compiling the engines)"
    "$PY" -m venv .venv
  fi
  : >.venv/install.log
  # pip 22+ installs a pyproject.toml project in editable mode; an older one is upgraded first.
  if ! .venv/bin/python -c 'import pip, sys; sys.exit(int(pip.__version__.split(".")[0]) < 22)'; then
    say "Upgrading pip"
    pip_install -q --upgrade pip >>.venv/install.log 2>&1
  fi
  # Two pips at once: the packages are fetched (network) while the engines are built (CPU),
  # which makes the first start about as long as the longer of the two, not their sum.
  say "Fetching the packages cardtable[$extras] needs (the full logs are .venv/install*.log)"
  requirements base "$extras" >.venv/requirements.txt
  pip_install -r .venv/requirements.txt >.venv/install-packages.log 2>&1 &
  packages=$!
  condense() {  # one line per stage of the build's output; everything to the log
    local line
    while IFS= read -r line; do
      printf '%s\n' "$line" >>.venv/install.log
      case "$line" in
        *"Installing build dependencies: started"*) say "Fetching the build tools (setuptools, mypy)" ;;
        *"Building editable for cardtable"*started*)
          if [ -n "${CARDTABLE_PURE_PYTHON:-}" ]; then say "Building cardtable (plain Python engines)"
          else say "Compiling the engines with mypyc and the C compiler (the longest step)"; fi ;;
        *"ERROR"*) printf '%s\n' "$line" >&2 ;;
      esac
    done
  }
  built=0
  pip_install --no-deps -e . 2>&1 | condense || built=$?
  fetched=0
  wait "$packages" || fetched=$?
  if [ "$built" -ne 0 ]; then
    say "The build failed; the end of .venv/install.log:"
    tail -n 30 .venv/install.log >&2
    exit 1
  fi
  if [ "$fetched" -ne 0 ]; then
    say "Fetching the packages failed; the end of .venv/install-packages.log:"
    tail -n 30 .venv/install-packages.log >&2
    exit 1
  fi
  printf '%s\n%s\n' "$want" "$extras" >"$stamp"
  say "Installed"
fi
