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

Every measurement plays complete games with uniformly random legal actions
(chance outcomes are sampled from their probabilities) with a fixed seed, for a
fixed wall time after a short warm-up.  Reported per engine:

* ``games_per_s``      complete games (new game to terminal, incl. chance/deal
                       and final returns) divided by elapsed wall time;
* ``us_per_decision``  mean wall time of one player decision, i.e. fetching
                       the legal actions, picking one at random and applying
                       it (for RLCard: the ``env.step`` that also encodes the
                       next observation); timer overhead is included.

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

# Runs inside the bench venv.  argv[1] is a JSON object with the job; the last
# line written to stdout is a JSON object with the result.
WORKER = r"""
import json
import platform
import random
import sys
import time
import warnings
from importlib.metadata import version

warnings.filterwarnings("ignore")
perf = time.perf_counter  # one decision's time
cpu = time.process_time  # a slice's: this process's CPU time, so waiting for a core never counts


def openspiel_job(game_name, seed):
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    randrange = rng.randrange
    choices = rng.choices

    def play(duration):
        games = decisions = 0
        decision_time = 0.0
        start = cpu()
        deadline = start + duration
        while True:
            state = game.new_initial_state()
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
                return games, decisions, decision_time, now - start

    return play, "open_spiel " + version("open_spiel")


def rlcard_job(game_name, seed):
    import numpy as np
    import rlcard

    np.random.seed(seed)
    env = rlcard.make(game_name, config={"seed": seed})
    rng = random.Random(seed)
    randrange = rng.randrange

    def play(duration):
        games = decisions = 0
        decision_time = 0.0
        start = cpu()
        deadline = start + duration
        while True:
            state, _ = env.reset()
            while not env.is_over():
                t0 = perf()
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[randrange(len(legal))])
                decision_time += perf() - t0
                decisions += 1
            env.get_payoffs()
            games += 1
            now = cpu()
            if now >= deadline:
                return games, decisions, decision_time, now - start

    return play, "rlcard " + version("rlcard") + ", numpy " + version("numpy")


def main():
    job = json.loads(sys.argv[1])
    make = openspiel_job if job["engine"] == "openspiel" else rlcard_job
    play, engine_version = make(job["game"], job["seed"])
    if job["warmup"] > 0:
        play(job["warmup"])
    games, decisions, decision_time, elapsed = play(job["seconds"])
    print(json.dumps({
        "games_per_s": games / elapsed,
        "us_per_decision": decision_time / decisions * 1e6,
        "decisions_per_game": decisions / games,
        "games": games,
        "elapsed_s": elapsed,
        "engine": engine_version,
        "python": platform.python_implementation() + " " + platform.python_version(),
    }))


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


def _run_worker(
    python: Path, engine: str, game: str, seconds: float, warmup: float, seed: int
) -> dict[str, Any]:
    job = {
        "engine": engine,
        "game": game,
        "seconds": seconds,
        "warmup": warmup,
        "seed": seed,
    }
    proc = subprocess.run(
        [str(python), "-I", "-c", WORKER, json.dumps(job)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise RuntimeError(
            f"anchor worker for {engine}/{game} failed "
            f"(exit {proc.returncode}):\n{proc.stderr.strip()}"
        )
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def measure_anchors(
    seconds: float = DEFAULT_SECONDS,
    *,
    warmup: float = DEFAULT_WARMUP,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """Install the reference engines if needed and measure all anchors.

    Returns ``{"openspiel_euchre": {...}, "openspiel_gin_rummy": {...},
    "rlcard_gin_rummy": {...}, "python": ..., "machine": ...}`` where each
    engine entry has at least ``games_per_s`` and ``us_per_decision``.
    Takes roughly ``3 * (seconds + warmup)`` plus start-up (and a one-off
    install of about ten seconds on the first call).
    """
    python = ensure_venv()
    results: dict[str, Any] = {}
    interpreter = ""
    for key, engine, game in ANCHORS:
        _log(f"measuring {key} for {seconds:g} s (warm-up {warmup:g} s)")
        entry = _run_worker(python, engine, game, seconds, warmup, seed)
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
        f"{'anchor':<22}{'games/s':>12}{'us/decision':>14}"
        f"{'decisions/game':>16}{'games':>9}  engine"
    )
    lines = [header, "-" * len(header)]
    for key, _engine, _game in ANCHORS:
        entry = results[key]
        lines.append(
            f"{key:<22}{entry['games_per_s']:>12.1f}"
            f"{entry['us_per_decision']:>14.2f}"
            f"{entry['decisions_per_game']:>16.1f}"
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
        "--reinstall",
        action="store_true",
        help="re-run the pip install into .bench-venv even if already done",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.reinstall:
        ensure_venv(force=True)
    results = measure_anchors(args.seconds, warmup=args.warmup, seed=args.seed)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(format_table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
