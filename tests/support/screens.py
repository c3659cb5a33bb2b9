"""The screens that ``docs/terminal.md`` and ``docs/database.md`` show, made by the program
itself: a Buck Euchre turn at 80 columns, and ``cardtable db upgrade`` run twice on a new
SQLite file. Each screen stands in its document between ``<!-- screen: NAME -->`` and
``<!-- /screen -->``; ``tests/test_cli_newcomer.py`` compares them, and

    .venv/bin/python -m tests.support.screens --write

writes them anew after a change to what the program shows."""

from __future__ import annotations

import io
import os
import random
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

ROOT = Path(__file__).parent.parent.parent
BLOCK = re.compile(
    r"(<!-- screen: (?P<name>[\w-]+) -->\n```\n)(?P<body>.*?)(```\n<!-- /screen -->)", re.S
)


def buck_euchre_turn() -> str:
    """``cardtable play buck-euchre --seed 11``'s screen at the person's first trick decision
    after a trick has been played (random computers, the person's moves random too)."""
    from cardtable.cli.play import TerminalGame
    from cardtable.cli.render import Look
    from cardtable.cli.text import set_language, t
    from cardtable.core.match import Match

    set_language("en")
    m = Match("buck-euchre", seed=11)
    rng = random.Random(11)
    while True:
        st = m.view(0)["state"]
        if m.to_move == 0 and st["phase"] == "play" and st["last_trick"] and any(st["trick"]):
            break
        m.play(rng.choice(m.legal_actions()))
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None, highlight=False,
                      markup=False)  # fmt: skip
    TerminalGame(m, 0, {}, console, delay=0, look=Look()).show()
    lines = [*out.getvalue().lstrip("\n").splitlines(), t("term.play.prompt")]
    return "".join(line.rstrip() + "\n" for line in lines)


def db_upgrade() -> str:
    """``cardtable db upgrade --db sqlite:///room.db``, twice, in an empty folder."""
    from cardtable.cli.main import app

    said = []
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            for _ in range(2):
                args = ["db", "upgrade", "--db", "sqlite:///room.db"]
                done = CliRunner().invoke(app, args)
                assert done.exit_code == 0, done.output
                said.append(f"$ cardtable {' '.join(args)}\n{done.output}")
        finally:
            os.chdir(here)
    return "".join(said)


SCREENS: dict[str, tuple[str, Callable[[], str]]] = {
    "buck-euchre-turn": ("docs/terminal.md", buck_euchre_turn),
    "db-upgrade": ("docs/database.md", db_upgrade),
}


def shown(doc: str) -> dict[str, str]:
    """The screens a document shows, by name."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return {m.group("name"): m.group("body") for m in BLOCK.finditer(text)}


def write() -> None:
    for name, (doc, make) in SCREENS.items():
        path = ROOT / doc
        text = path.read_text(encoding="utf-8")
        screen = make()

        def put(m: re.Match[str], name: str = name, screen: str = screen) -> str:
            return m.group(1) + screen + m.group(4) if m.group("name") == name else m.group(0)

        path.write_text(BLOCK.sub(put, text), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.support.screens --write")
    write()
