"""``cardtable tournament --backend ray`` on a real local Ray (two CPUs, started by the
command itself and shut down here): the same JSON as the process pool for the same seed, and
a sequential test (``--sprt``) that stops the Ray run once it decides."""

from __future__ import annotations

import json

import pytest
import ray
from typer.testing import CliRunner

from cardtable.cli.main import app

# Small on purpose: one Ray start (a few seconds) and twenty hands of a real game.
TOURNAMENT = ["tournament", "royal-casino", "--bots", "random,heuristic", "--deals", "10",
              "--seed", "3", "--workers", "2", "--json"]  # fmt: skip

SPRT = ["tournament", "royal-casino", "--bots", "heuristic,random", "--deals", "40",
        "--seed", "3", "--workers", "2", "--json", "--sprt", "p0=0.5,p1=0.8"]  # fmt: skip


def test_ray_backend_on_a_local_ray_gives_the_process_pools_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)  # a local Ray, not someone's cluster
    assert not ray.is_initialized()
    runner = CliRunner()
    try:
        on_ray = runner.invoke(app, [*TOURNAMENT, "--backend", "ray"])
        assert on_ray.exit_code == 0, on_ray.output
        assert ray.is_initialized()  # the command started Ray, sized by --workers
        assert ray.cluster_resources()["CPU"] == 2  # type: ignore[no-untyped-call]
        # A sequential test stops the Ray run as soon as it decides (on the same Ray).
        sprt = runner.invoke(app, [*SPRT, "--backend", "ray"])
        assert sprt.exit_code == 0, sprt.output
        stopped = json.loads(sprt.stdout)
        assert stopped["sprt"]["verdict"] == "H1"
        assert stopped["games"] < 2 * 40 and stopped["games"] % 2 == 0  # whole pairs, early
    finally:
        ray.shutdown()
    pool = runner.invoke(app, [*TOURNAMENT, "--backend", "process"])
    assert pool.exit_code == 0, pool.output
    got, want = json.loads(on_ray.stdout), json.loads(pool.stdout)
    assert got["games"] == 20 and [b["games"] for b in got["bots"]] == [10, 10]  # deals
    assert got == want
