"""``cardtable tournament --backend ray`` on a real local Ray (two CPUs, started by the
command itself and shut down here): the same JSON as the process pool for the same seed."""

from __future__ import annotations

import json

import pytest
import ray
from typer.testing import CliRunner

from cardtable.cli.main import app

# Small on purpose: one Ray start (a few seconds) and twenty hands of a real game.
TOURNAMENT = ["tournament", "royal-casino", "--bots", "random,heuristic", "--deals", "10",
              "--seed", "3", "--workers", "2", "--json"]  # fmt: skip


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
    finally:
        ray.shutdown()
    pool = runner.invoke(app, [*TOURNAMENT, "--backend", "process"])
    assert pool.exit_code == 0, pool.output
    got, want = json.loads(on_ray.stdout), json.loads(pool.stdout)
    assert got["games"] == 20 and [b["games"] for b in got["bots"]] == [10, 10]  # deals
    assert got == want
