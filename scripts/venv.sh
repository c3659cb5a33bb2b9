# Sourced by run.sh and test.sh: make .venv (Python 3.11+) and install cardtable into it with
# the extra asked for in CARDTABLE_EXTRAS (run.sh: "server", only what the room needs; test.sh:
# "dev", the room and the development tools), again only when its build or the engine sources
# changed since the last install: the install compiles the engines' hot modules with mypyc
# (setup.py), and a compiled module left behind by a source change would run the old code.
# pip's output goes to .venv/install.log; the terminal gets one line per stage.
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

if [ "$have" = "$want" ] && ! covered "$extra"; then
  # the same build, one more extra: only its packages; the engines are not compiled again
  say "Adding the packages cardtable[$extra] needs to .venv (the full log is .venv/install.log)"
  .venv/bin/python - "$extra" >.venv/requirements.txt <<'PY'
import sys, tomllib
print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"][sys.argv[1]]))
PY
  if ! .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off \
    -r .venv/requirements.txt >.venv/install.log 2>&1; then
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
  say "Installing cardtable[$extras] into .venv (the full log is .venv/install.log)"
  : >.venv/install.log
  # pip 22+ installs a pyproject.toml project in editable mode; an older one is upgraded first.
  if ! .venv/bin/python -c 'import pip, sys; sys.exit(int(pip.__version__.split(".")[0]) < 22)'; then
    say "Upgrading pip"
    .venv/bin/python -m pip install --disable-pip-version-check -q --upgrade pip >>.venv/install.log 2>&1
  fi
  condense() {  # one line per stage of pip's output; everything to the log
    local line fetched=0  # packages pip fetches
    while IFS= read -r line; do
      printf '%s\n' "$line" >>.venv/install.log
      case "$line" in
        *"Installing build dependencies: started"*) say "Fetching the build tools (setuptools, mypy)" ;;
        Collecting\ *)
          fetched=$((fetched + 1))
          if [ "$fetched" -eq 1 ]; then say "Fetching the packages cardtable[$extras] needs"; fi ;;
        *"Building editable for cardtable"*started*)
          if [ -n "${CARDTABLE_PURE_PYTHON:-}" ]; then say "Building cardtable (plain Python engines)"
          else say "Compiling the engines with mypyc and the C compiler (the longest step)"; fi ;;
        "Installing collected packages"*) say "Installing the packages" ;;
        *"ERROR"*) printf '%s\n' "$line" >&2 ;;
      esac
    done
  }
  if ! .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off \
    -e ".[$extras]" 2>&1 | condense; then
    say "The install failed; the end of .venv/install.log:"
    tail -n 30 .venv/install.log >&2
    exit 1
  fi
  printf '%s\n%s\n' "$want" "$extras" >"$stamp"
  say "Installed"
fi
