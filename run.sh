#!/usr/bin/env bash
# The main job: the card room on http://127.0.0.1:8000 (SQLite file cardtable.db).
# Any arguments run that cardtable command instead: ./run.sh play rummy-500 --players 3
# It installs only what the room needs (the "server" extra); test.sh adds the development tools.
CARDTABLE_EXTRAS="${CARDTABLE_EXTRAS:-server}"
source "$(dirname "$0")/scripts/venv.sh"
if [ "$#" -gt 0 ]; then
  exec .venv/bin/cardtable "$@"
fi
exec .venv/bin/cardtable serve
