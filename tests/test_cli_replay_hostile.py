"""``cardtable replay`` of hostile files: JSON nested past Python's limit prints a clear error
(it crashed with a RecursionError), and text from the file is printed as it is, never as Rich
markup (a ``[link=…]`` in a record became a clickable link in the terminal)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.match import Match

LINK = "[link=https://evil.example/]click[/link]"


def test_deep_json_is_a_clear_error(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    result = CliRunner().invoke(app, ["replay", str(deep)])
    assert result.exit_code == 2, result.output
    assert "nests its JSON too deeply" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_markup_in_a_record_is_printed_as_it_is(tmp_path: Path) -> None:
    m = Match("buck-euchre", seed=5, start=1)
    while not m.is_over:
        m.play(m.legal_actions()[0])
    named = {**m.record(), "seat_names": [LINK, "[bold red]x[/]", None, None]}
    good = tmp_path / "named.json"
    good.write_text(json.dumps(named))
    result = CliRunner().invoke(app, ["replay", str(good), "--auto"], color=True)
    assert result.exit_code == 0, result.output
    assert LINK in result.output and "\x1b]8;" not in result.output  # no terminal link
    broken = {**m.record(), "options": {LINK: 1}}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    result = CliRunner().invoke(app, ["replay", str(bad)], color=True)
    assert result.exit_code == 2 and "\x1b]8;" not in result.output
    assert "[link=https://evil.example/]" in result.output
