#!/usr/bin/env bash
# The main job. Until the card room lands: a short checked simulation of every game.
source "$(dirname "$0")/scripts/venv.sh"
if [ "$#" -gt 0 ]; then
  exec .venv/bin/cardtable "$@"
fi
for game in royal-casino buck-euchre rummy-500 queen-city-rum; do
  .venv/bin/cardtable simulate "$game" --matches 5 --seed 1
done
