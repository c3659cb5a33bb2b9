"""docs/bots.md "Write your own bot", run as it stands: its bot saved under the name the text
gives, its command run in that directory with the installed ``cardtable``."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Write your own bot")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def test_the_twenty_line_bot_plays_a_tournament_against_the_shipped_levels(
    tmp_path: Path,
) -> None:
    text = section()
    bot = blocks(text, "python")[0]
    name = re.search(r"saved as `(\w+)\.py`", text)
    assert name is not None
    assert len(bot.strip().splitlines()) <= 25  # "a bot of twenty lines", docstring and all
    (tmp_path / f"{name.group(1)}.py").write_text(bot, encoding="utf-8")
    command = shlex.split(blocks(text, "sh")[0])
    assert command[:2] == ["cardtable", "tournament"]
    env = os.environ | {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                        "COLUMNS": "200"}  # fmt: skip
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Royal Casino, 2 players: 20 deals" in done.stdout
    rows = {line.split()[0] for line in done.stdout.splitlines() if line.strip()}
    for bot_name in ("greedy:GreedyBot", "heuristic", "random"):  # a results row each
        assert bot_name in rows, done.stdout
