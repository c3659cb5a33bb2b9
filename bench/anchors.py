#!/usr/bin/env python3
"""Reference ("anchor") throughput figures from established card-game engines.

Why this exists
---------------
Raw games-per-second numbers for ``cardtable`` mean little on their own: they
depend on the machine, the interpreter and the load.  This script measures
well-known engines doing the same kind of work *on the same machine*, so that
our own benchmark can be reported relative to them:

* OpenSpiel ``euchre``    (C++ engine behind ``pyspiel``, driven from Python)
* OpenSpiel ``gin_rummy`` (same)
* RLCard ``gin-rummy``    (pure-Python engine with numpy observations)

Every measurement plays complete games with uniformly random legal actions, with
a fixed seed, in this process's CPU time after a short warm-up, each engine driven
the lightest correct way its API allows:

* OpenSpiel: ``state.apply_action(rng.choice(state.legal_actions()))`` at every
  node, chance nodes included: a chance node's legal actions are its outcomes,
  and every chance node of ``euchre`` and ``gin_rummy`` is uniform (a card from
  those left), which the timing pass checks at every chance node it meets;
* RLCard: ``env.reset()`` and ``env.step(rng.choice(list(legal_actions)))``,
  the environment's own API (``step`` encodes the next observation).

No timer or counter runs inside a game of the throughput loop; the clock is read
every few games. Reported per engine:

* ``games_per_s``      complete games (new game to terminal, incl. chance/deal
                       and final returns) per second of CPU time;
* ``us_per_decision``  from a separate timing pass: mean wall time of one
                       player decision (legal actions, a random pick, apply),
                       timer overhead included, leaving out (and counting as
                       ``left_out``) the few over 1 ms, when the process lost its
                       core; ``decisions_per_game`` too.

``--old-driver`` also measures OpenSpiel ``euchre`` the way this script drove it
before (every chance outcome through ``zip(*chance_outcomes())`` and
``random.choices``, each decision timed inside the loop), which cost it about
two-fifths of its speed (docs/performance.md).

The reference engines are installed into a separate, throw-away virtual
environment ``<repo>/.bench-venv`` (ignored by git) so that they never leak
into the project's own environment.  Nothing in the test-suite needs this
script or those packages; it is a manual benchmarking aid only.

Usage::

    python bench/anchors.py                 # 10 s per engine, table
    python bench/anchors.py --seconds 3 --json

or from another bench script (run from ``bench/``)::

    from anchors import measure_anchors
    figures = measure_anchors(10.0)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT: Path = Path(__file__).resolve().parent.parent
VENV_DIR: Path = REPO_ROOT / ".bench-venv"
MARKER_NAME: str = "anchors-installed.txt"

# Exact pins known to install (binary wheels, except rlcard which is an sdist
# built with pip's build isolation) and work together on CPython 3.11 x86_64.
# rlcard 1.2.0 runs fine with numpy 2.x for gin-rummy; it only needs the stdlib
# ``distutils`` (present up to Python 3.11) when ``rlcard.agents`` is imported,
# which the worker below avoids.
PINS: tuple[str, ...] = (
    "open_spiel==2.0.2",
    "rlcard==1.2.0",
    "numpy==2.4.6",
    "scipy==1.17.1",
    "absl-py==2.5.1",
    "attrs==26.1.0",
    "ml-collections==1.1.0",
    "PyYAML==6.0.4",
    "termcolor==3.3.0",
)

DEFAULT_SECONDS: float = 10.0
DEFAULT_WARMUP: float = 1.0
DEFAULT_SEED: int = 20240601

# (result key, engine, game name) in the order they are measured.
ANCHORS: tuple[tuple[str, str, str], ...] = (
    ("openspiel_euchre", "openspiel", "euchre"),
    ("openspiel_gin_rummy", "openspiel", "gin_rummy"),
    ("rlcard_gin_rummy", "rlcard", "gin-rummy"),
)

# Runs inside the bench venv. argv[1] is a JSON object with the job. The worker sets the game up
# once, then answers each line of stdin (a JSON command) with one line of JSON on stdout, so
# that slices of it can alternate with slices of cardtable's own loops (bench/goals.py):
#   {"play": S}    the throughput loop for S seconds of this process's CPU time: whole games,
#                  no timer and no counter inside a game (the clock is read every few games);
#   {"timing": S}  a separate pass timing each decision, and counting decisions per game,
#                  which also checks that every chance node is uniform (the throughput loop
#                  relies on it).
# The "old" driver is the one used before: every chance outcome sampled through
# ``zip(*chance_outcomes())`` and ``random.choices``, each decision timed inside the loop.
WORKER = r"""
import json
import platform
import random
import sys
import time
import warnings
from importlib.metadata import version

warnings.filterwarnings("ignore")
perf = time.perf_counter  # one decision's time (the timing pass)
cpu = time.process_time  # a slice's: this process's CPU time, so waiting for a core never counts
BATCH = 8  # games between two readings of the clock
SLOW = 1e-3  # a decision timed longer than this was descheduled (a shared machine): left out


def openspiel_job(game_name, seed, driver):
    import pyspiel

    game = pyspiel.load_game(game_name)
    new_game = game.new_initial_state
    rng = random.Random(seed)
    choice = rng.choice

    def play(duration):
        # A chance node's legal actions are its outcomes; every chance node of these games is
        # uniform (a card from those left, checked by ``timing``), so a uniform pick among them
        # is exactly a sample of the chance outcome: the lightest correct drive.
        games = 0
        start = cpu()
        deadline = start + duration
        while True:
            for _ in range(BATCH):
                state = new_game()
                while not state.is_terminal():
                    state.apply_action(choice(state.legal_actions()))
                state.returns()
            games += BATCH
            now = cpu()
            if now >= deadline:
                return {"games": games, "elapsed_s": now - start}

    def timing(duration):
        games = decisions = chances = timed = 0
        took = 0.0
        start = cpu()
        while cpu() - start < duration:
            state = new_game()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    p = outcomes[0][1]
                    if any(abs(q - p) > 1e-12 for _, q in outcomes):
                        raise SystemExit("a chance node is not uniform: " + str(outcomes))
                    if sorted(a for a, _ in outcomes) != sorted(state.legal_actions()):
                        raise SystemExit("a chance node's legal actions are not its outcomes")
                    state.apply_action(choice(outcomes)[0])
                    chances += 1
                else:
                    t0 = perf()
                    state.apply_action(choice(state.legal_actions()))
                    t = perf() - t0
                    decisions += 1
                    if t < SLOW:
                        took += t
                        timed += 1
            state.returns()
            games += 1
        return {"us_per_decision": took / timed * 1e6, "left_out": decisions - timed,
                "decisions_per_game": decisions / games,
                "chance_nodes_per_game": chances / games, "timed_games": games}

    def old_play(duration):
        randrange, choices = rng.randrange, rng.choices
        games = decisions = 0
        decision_time = 0.0
        start = cpu()
        deadline = start + duration
        while True:
            state = new_game()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(choices(actions, probs)[0])
                else:
                    t0 = perf()
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                    decision_time += perf() - t0
                    decisions += 1
            state.returns()
            games += 1
            now = cpu()
            if now >= deadline:
                return {"games": games, "elapsed_s": now - start,
                        "us_per_decision": decision_time / decisions * 1e6}

    return (old_play if driver == "old" else play), timing, "open_spiel " + version("open_spiel")


def rlcard_job(game_name, seed, driver):
    import numpy as np
    import rlcard

    np.random.seed(seed)
    env = rlcard.make(game_name, config={"seed": seed})
    rng = random.Random(seed)
    choice = rng.choice
    reset, step, is_over, payoffs = env.reset, env.step, env.is_over, env.get_payoffs

    def play(duration):
        # The environment's own API: ``step`` encodes the next player's observation, as an
        # environment must. Steps are counted (an environment's rate is in steps).
        games = steps = 0
        start = cpu()
        deadline = start + duration
        while True:
            state, _ = reset()
            while not is_over():
                state, _ = step(choice(list(state["legal_actions"])))
                steps += 1
            payoffs()
            games += 1
            now = cpu()
            if now >= deadline:
                return {"games": games, "steps": steps, "elapsed_s": now - start}

    def timing(duration):
        games = decisions = timed = 0
        took = 0.0
        start = cpu()
        while cpu() - start < duration:
            state, _ = reset()
            while not is_over():
                t0 = perf()
                state, _ = step(choice(list(state["legal_actions"])))
                t = perf() - t0
                decisions += 1
                if t < SLOW:
                    took += t
                    timed += 1
            payoffs()
            games += 1
        return {"us_per_decision": took / timed * 1e6, "left_out": decisions - timed,
                "decisions_per_game": decisions / games, "timed_games": games}

    return play, timing, "rlcard " + version("rlcard") + ", numpy " + version("numpy")


def main():
    job = json.loads(sys.argv[1])
    make = openspiel_job if job["engine"] == "openspiel" else rlcard_job
    play, timing, engine_version = make(job["game"], job["seed"], job.get("driver", "new"))
    if job["warmup"] > 0:
        play(job["warmup"])
    print(json.dumps({"engine": engine_version, "python": platform.python_implementation()
                      + " " + platform.python_version()}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        if "play" in command:
            out = play(command["play"])
        else:
            out = timing(command["timing"])
        print(json.dumps(out), flush=True)


main()
"""


def _venv_python(venv_dir: Path) -> Path:
    if os.name == "nt":
        return venv_dir / "Scripts" / "python.exe"
    return venv_dir / "bin" / "python"


def _log(message: str) -> None:
    print(f"[anchors] {message}", file=sys.stderr, flush=True)


def ensure_venv(venv_dir: Path = VENV_DIR, *, force: bool = False) -> Path:
    """Create ``venv_dir`` and install the pinned engines; return its python.

    Idempotent: a marker file holding the installed pins makes later calls a
    no-op unless the pins change or ``force`` is set.
    """
    python = _venv_python(venv_dir)
    marker = venv_dir / MARKER_NAME
    wanted = "\n".join(PINS) + "\n"
    if (
        not force
        and python.exists()
        and marker.exists()
        and marker.read_text(encoding="utf-8") == wanted
    ):
        return python
    if not python.exists():
        _log(f"creating virtual environment {venv_dir}")
        subprocess.run([sys.executable, "-m", "venv", str(venv_dir)], check=True)
    if marker.exists():
        marker.unlink()
    command = [
        str(python),
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        "--no-input",
        *PINS,
    ]
    _log("installing: " + " ".join(command[1:]))
    # pip's chatter goes to stderr so that --json output on stdout stays clean.
    subprocess.run(command, check=True, stdout=sys.stderr)
    marker.write_text(wanted, encoding="utf-8")
    return python


def _cpu_model() -> str:
    try:
        with Path("/proc/cpuinfo").open(encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def machine_description() -> str:
    """Short description of the machine the figures were taken on."""
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cpus, {_cpu_model()}"


class Anchor:
    """One anchor engine in a worker process of its own (in the bench venv), set up and warmed
    once, then measured in slices on demand: ``play(seconds)`` for throughput, ``timing``
    for the time of one decision. Close it (or use it as a context manager) when done."""

    def __init__(
        self,
        engine: str,
        game: str,
        *,
        warmup: float = DEFAULT_WARMUP,
        seed: int = DEFAULT_SEED,
        driver: str = "new",
        python: Path | None = None,
    ) -> None:
        job = {"engine": engine, "game": game, "warmup": warmup, "seed": seed, "driver": driver}
        self.name = f"{engine}/{game}"
        self.proc = subprocess.Popen(
            [str(python or ensure_venv()), "-I", "-c", WORKER, json.dumps(job)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        about = self._answer()
        self.engine: str = about["engine"]
        self.python: str = about["python"]

    def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            error = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(
                f"anchor worker for {self.name} failed (exit {self.proc.returncode}):\n{error}"
            )
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _ask(self, command: dict[str, float]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def play(self, seconds: float) -> dict[str, Any]:
        """Whole games for about ``seconds`` of the worker's CPU time: ``games`` (and for an
        environment ``steps``) and ``elapsed_s``."""
        return self._ask({"play": seconds})

    def timing(self, seconds: float) -> dict[str, Any]:
        """The separate timing pass: ``us_per_decision``, ``decisions_per_game``."""
        return self._ask({"timing": seconds})

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)

    def __enter__(self) -> Anchor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def measure_anchor(
    engine: str,
    game: str,
    seconds: float,
    *,
    warmup: float = DEFAULT_WARMUP,
    seed: int = DEFAULT_SEED,
    driver: str = "new",
) -> dict[str, Any]:
    """One anchor: its throughput over ``seconds``, then a timing pass of a quarter of that."""
    with Anchor(engine, game, warmup=warmup, seed=seed, driver=driver) as anchor:
        played = anchor.play(seconds)
        entry: dict[str, Any] = {
            "games_per_s": played["games"] / played["elapsed_s"],
            "games": played["games"],
            "elapsed_s": played["elapsed_s"],
        }
        if "steps" in played:
            entry["steps_per_s"] = played["steps"] / played["elapsed_s"]
        if driver == "old":  # timed inside its own loop, as it used to be
            entry["us_per_decision"] = played["us_per_decision"]
        else:
            entry.update(anchor.timing(max(1.0, seconds / 4)))
        entry["engine"] = anchor.engine
        entry["python"] = anchor.python
    return entry


def measure_anchors(
    seconds: float = DEFAULT_SECONDS,
    *,
    warmup: float = DEFAULT_WARMUP,
    seed: int = DEFAULT_SEED,
    old_driver: bool = False,
) -> dict[str, Any]:
    """Install the reference engines if needed and measure all anchors.

    Returns ``{"openspiel_euchre": {...}, "openspiel_gin_rummy": {...},
    "rlcard_gin_rummy": {...}, "python": ..., "machine": ...}`` where each
    engine entry has at least ``games_per_s`` and ``us_per_decision``; with
    ``old_driver`` also ``openspiel_euchre_old_driver``, the loop used before.
    """
    results: dict[str, Any] = {}
    interpreter = ""
    jobs = [(key, engine, game, "new") for key, engine, game in ANCHORS]
    if old_driver:
        jobs.insert(1, ("openspiel_euchre_old_driver", "openspiel", "euchre", "old"))
    for key, engine, game, driver in jobs:
        _log(f"measuring {key} for {seconds:g} s (warm-up {warmup:g} s)")
        entry = measure_anchor(engine, game, seconds, warmup=warmup, seed=seed, driver=driver)
        interpreter = str(entry.pop("python"))
        results[key] = entry
    results["python"] = interpreter
    results["machine"] = machine_description()
    results["seconds"] = seconds
    results["seed"] = seed
    return results


def format_table(results: dict[str, Any]) -> str:
    """Render ``measure_anchors`` output as a plain-text table."""
    header = (
        f"{'anchor':<28}{'games/s':>12}{'us/decision':>14}"
        f"{'decisions/game':>16}{'games':>9}  engine"
    )
    lines = [header, "-" * len(header)]
    for key in results:
        entry = results[key]
        if not isinstance(entry, dict):
            continue
        per_game = entry.get("decisions_per_game")
        lines.append(
            f"{key:<28}{entry['games_per_s']:>12.1f}"
            f"{entry['us_per_decision']:>14.2f}"
            f"{'' if per_game is None else f'{per_game:.1f}':>16}"
            f"{entry['games']:>9d}  {entry['engine']}"
        )
    lines.append("")
    lines.append(f"python:  {results['python']}")
    lines.append(f"machine: {results['machine']}")
    lines.append(f"window:  {results['seconds']:g} s per anchor, seed {results['seed']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Measure reference card-game engines (OpenSpiel, RLCard) "
        "with random play, as anchors for cardtable's throughput figures."
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"measured wall time per anchor (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=DEFAULT_WARMUP,
        help=f"warm-up wall time per anchor (default {DEFAULT_WARMUP:g})",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument(
        "--json", action="store_true", help="print a JSON object instead of a table"
    )
    parser.add_argument(
        "--old-driver",
        action="store_true",
        help="also OpenSpiel euchre driven the way it was before (for comparison)",
    )
    parser.add_argument(
        "--reinstall",
        action="store_true",
        help="re-run the pip install into .bench-venv even if already done",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.reinstall:
        ensure_venv(force=True)
    results = measure_anchors(
        args.seconds, warmup=args.warmup, seed=args.seed, old_driver=args.old_driver
    )
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(format_table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
