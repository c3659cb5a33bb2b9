#!/usr/bin/env bash
# The wheel and the sdist as someone installing cardtable gets them (.ci/run runs this before
# the tests): build both; install the wheel (a platform wheel with the compiled engines) with
# the server extra into a clean venv and serve the room from it; install the sdist without a C
# compiler (CC=/bin/false: the plain Python engines) and play matches with it.
set -euo pipefail
CARDTABLE_EXTRAS="${CARDTABLE_EXTRAS:-dev}"
source "$(dirname "$0")/venv.sh"  # .venv with build; the working directory is the project's
unset CARDTABLE_PURE_PYTHON  # the wheel must hold the compiled engines, and use them
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '== %s\n' "$*" >&2; }
fail() { printf 'check_dist: %s\n' "$*" >&2; exit 1; }
version="$(.venv/bin/python -c 'import cardtable; print(cardtable.__version__)')"

step "Building the sdist and, from it, the wheel (cardtable $version)"
if ! .venv/bin/python -m build --outdir "$work/dist" . >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  fail "the build failed"
fi
sdist="$work/dist/cardtable-$version.tar.gz"
wheel="$(ls "$work"/dist/cardtable-"$version"-*.whl)"
[ -f "$sdist" ] || fail "no sdist cardtable-$version.tar.gz"
case "$wheel" in *-none-any.whl) fail "not a platform wheel: $(basename "$wheel")" ;; esac
# the listing goes to a file first: grep -q stops reading at its first match, and with pipefail
# the lister's broken pipe would fail the check
.venv/bin/python -m zipfile -l "$wheel" >"$work/wheel.list"
grep -q 'cardtable/games/rummy/engine\..*\.so' "$work/wheel.list" ||
  fail "the wheel has no compiled engines"

step "Installing $(basename "$wheel") with [server] into a clean venv and serving the room"
python3 -m venv "$work/wheel"
"$work/wheel/bin/pip" install --disable-pip-version-check -q "$wheel[server]" \
  >"$work/wheel.log" 2>&1 || { tail -n 40 "$work/wheel.log" >&2; fail "the wheel did not install"; }
cd "$work"  # from here on, nothing is imported from the working copy
[ "$("$work/wheel/bin/cardtable" --version)" = "cardtable $version" ] || fail "--version"
"$work/wheel/bin/python" -c 'import cardtable.games.rummy.engine as e; assert e.__file__.endswith(".so"), e.__file__'
# the compiled Match documents itself as the plain one does, and refuses a bad argument with why
"$work/wheel/bin/python" - <<'PY' || fail "help(cardtable.Match) of the wheel lacks its docstrings"
import pydoc
import cardtable.core.match
from cardtable import Match, OptionError
assert cardtable.core.match.__file__.endswith(".so"), cardtable.core.match.__file__
text = pydoc.render_doc(Match, renderer=pydoc.plaintext)
for doc in ("A match of one game", "play(self, /, action)",
            "Play an action (or its text) for the seat to move", "The seat to act, or None"):
    assert doc in text, (doc, text[:1500])
try:
    Match("royal-casino", players="2")
except OptionError as e:
    assert "players must be a whole number" in str(e), e
else:
    raise AssertionError("players='2' was accepted")
PY
"$work/wheel/bin/cardtable" serve --port 0 --db "sqlite:///$work/room.db" >"$work/serve.out" 2>&1 &
server=$!
for _ in $(seq 300); do
  grep -q 'http://' "$work/serve.out" && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.out" >&2; fail "the room did not start"; }
  sleep 0.1
done
address="$(grep -o 'http://[0-9.:]*/' "$work/serve.out")"
"$work/wheel/bin/python" - "$address" <<'PY'
import json, sys, time, urllib.request
base = sys.argv[1]
for _ in range(100):
    try:
        health = json.load(urllib.request.urlopen(base + "healthz", timeout=5))
        break
    except OSError:
        time.sleep(0.1)
assert health["status"] == "ok", health
page = urllib.request.urlopen(base, timeout=5).read().decode()
assert "static/lobby.js" in page, page[:300]
assert urllib.request.urlopen(base + "static/lobby.js", timeout=5).status == 200
for shipped in ("static/deck/13h.svg", "static/deck/LICENSE", "static/fonts/OFL.txt",
                "static/fonts/noto-sans-gurmukhi-gurmukhi-400-normal.woff2"):
    assert urllib.request.urlopen(base + shipped, timeout=5).status == 200, shipped
for game in ("royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"):
    for lang in ("en", "pa", "tl"):  # the rules pages, rendered from the shipped Markdown
        rules = urllib.request.urlopen(f"{base}rules/{game}?lang={lang}", timeout=5).read().decode()
        assert f'<html lang="{lang}">' in rules and 'id="C-7"' in rules, (game, lang)
games = {g["id"] for g in json.load(urllib.request.urlopen(base + "api/games", timeout=5))["games"]}
assert {"royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"} <= games, games
print(f"the wheel's room answers at {base}: lobby, client, healthz, {len(games)} games")
PY
kill "$server"
wait "$server" 2>/dev/null || true
server=""

step "The wheel without the research extra says which extra; then with it, the environments"
if "$work/wheel/bin/python" -c 'import cardtable.research.gymnasium' 2>"$work/extra.err"; then
  fail "cardtable.research imported without the research extra"
fi
grep -q 'needs the research extra (numpy is not installed): in a clone of cardtable, CARDTABLE_EXTRAS=research' \
  "$work/extra.err" || { cat "$work/extra.err" >&2; fail "the missing extra is not named"; }
"$work/wheel/bin/pip" install --disable-pip-version-check -q "$wheel[research]" \
  >"$work/research.log" 2>&1 || { tail -n 40 "$work/research.log" >&2; fail "[research]"; }
"$work/wheel/bin/python" -c '
import gymnasium, cardtable.research
e = gymnasium.make("cardtable/RummyFiveHundred-v0", opponents="random", actions="flat")
obs, info = e.reset(seed=1)
assert e.observation_space.contains(obs) and info["legal_actions"], info
print("the wheel with [research]: gymnasium.make works,", len(info["legal_actions"]), "legal actions")'

step "Installing $(basename "$sdist") without a C compiler (CC=/bin/false) and playing matches"
python3 -m venv "$work/sdist"
CC=/bin/false "$work/sdist/bin/pip" install --disable-pip-version-check -q "$sdist" \
  >"$work/sdist.log" 2>&1 || { tail -n 40 "$work/sdist.log" >&2; fail "the sdist did not install"; }
"$work/sdist/bin/python" -c '
import pathlib, cardtable
so = sorted(pathlib.Path(cardtable.__file__).parent.rglob("*.so"))
assert not so, so
print("the sdist installed the plain Python engines")'
for game in royal-casino buck-euchre rummy-500 queen-city-rum; do
  "$work/sdist/bin/cardtable" simulate "$game" --matches 2 --json
done
step "The wheel and the sdist check out"
