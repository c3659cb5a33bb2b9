"""The terminal when something goes wrong: quitting after ``save``, ``undo`` and another play
warns that play is unsaved; ``save`` says in the person's language why a file could not be
written (a folder, no such folder) and reads ``~``; Ctrl-C at the end of a match asks before
an unsaved record is lost; a superscript digit is no number (``int("²")`` fails) and ends
nothing; a record that is not JSON is refused in words."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardtable.cli import actions
from cardtable.cli.main import app
from cardtable.cli.play import TerminalGame, match_end
from cardtable.cli.render import Look
from cardtable.cli.replay import Replay
from cardtable.cli.text import set_language, t
from cardtable.core.match import Match


class Script:
    """A person at the keyboard: each answer in turn (an exception is raised, as Ctrl-C is);
    every prompt is kept."""

    def __init__(self, *answers: str | BaseException) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer


def game(match: Match, read: Script) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    return TerminalGame(match, 0, {}, console, look=Look(letters=True), read=read), out


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English and leaves the terminal's language as it found it."""
    set_language("en")
    yield
    set_language("en")


def test_quitting_after_an_undo_and_another_play_says_play_is_unsaved(tmp_path: Path) -> None:
    m = Match("royal-casino", players=2, seed=7)
    while m.to_move != 0:
        m.play(m.legal_actions()[0])
    script = Script("n", "n")
    g, _ = game(m, script)
    first, second = m.legal_actions()[:2]
    assert g.act(str(first))
    g.save(str(tmp_path / "m.json"))
    assert g.confirm_quit() is False  # as saved: the question says where it is
    assert script.prompts[-1] == t("term.play.confirm_quit_saved", path=str(tmp_path / "m.json"))
    assert g.undo()
    assert g.act(str(second))  # as many actions as saved, but not the same
    assert g.confirm_quit() is False
    assert script.prompts[-1] == t("term.play.confirm_quit")


def test_save_says_why_a_file_cannot_be_written_and_reads_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_language("tl")
    g, out = game(Match("royal-casino", players=2, seed=7), Script())
    g.save(str(tmp_path))
    assert t("term.play.save_is_folder", path=str(tmp_path)) in " ".join(out.getvalue().split())
    missing = tmp_path / "no-such" / "m.json"
    g.save(str(missing))
    said = " ".join(out.getvalue().split())
    assert t("term.play.save_no_folder", folder=str(missing.parent)) in said
    assert "Errno" not in said  # no English from the system in a Tagalog line
    monkeypatch.setenv("HOME", str(tmp_path))
    g.save("~/m.json")
    assert json.loads((tmp_path / "m.json").read_text())["game"] == "royal-casino"


def finished(seed: int) -> Match:
    m = Match("buck-euchre", seed=seed, start=1)
    rng = random.Random(seed)
    while not m.is_over:
        m.play(rng.choice(m.legal_actions()))
    return m


def test_ctrl_c_at_the_end_of_a_match_asks_before_the_record_is_lost() -> None:
    script = Script(KeyboardInterrupt(), "n", "quit")
    g, _ = game(finished(3), script)
    assert match_end(g) == "quit"
    assert script.prompts[1] == t("term.play.confirm_quit")  # asked, and "n" stayed
    assert script.prompts[2] == t("term.end.prompt")
    yes = Script(EOFError(), "y")
    g, _ = game(finished(3), yes)
    assert match_end(g) == "quit"


@pytest.mark.parametrize("typed", ["²", "¹²", "③"])
def test_a_digit_that_is_no_number_is_tried_as_notation(typed: str) -> None:
    shown = ["play Jh", "play Th"]
    assert actions.read(typed, shown, Look()).action == typed  # the engine then refuses it
    assert actions.read("੨", shown, Look()).action == "play Th"  # a Gurmukhi 2 is a 2


def test_replay_takes_no_superscript_for_a_step_and_refuses_what_is_not_json(
    tmp_path: Path,
) -> None:
    m = finished(5)
    out = io.StringIO()
    r = Replay(m.record(), 0, Look(letters=True), Console(file=out, width=100))
    for line in ("go ²", "hand ²", "seat ²"):
        assert r.command(line)  # the help, not a crash
    assert r.step == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = CliRunner().invoke(app, ["replay", str(bad), "--lang", "pa"])
    set_language("pa")
    reason = t("term.replay.not_json", line=1, column=2)
    assert result.exit_code == 2
    assert t("term.error") in result.output
    assert reason in " ".join(result.output.split()), result.output


BAD_SETUPS = [
    ({"game": "royal-casino", "players": 9}, "option.error.players"),
    ({"game": "royal-casino", "colour": "red"}, "option.error.unknown"),
    ({"game": "royal-casino", "target": 2}, "option.error.at_least"),
    ({"game": "royal-casino", "target": 100_000}, "option.error.at_most"),
    ({"game": "royal-casino", "target": "many"}, "option.error.whole"),
    ({"game": "royal-casino", "sweeps": "maybe"}, "option.error.bool"),
    ({"game": "whist"}, "option.error.game"),
    ({"game": "rummy-500", "players": 4, "hand_size": 20}, "option.error.deck_fit"),
]


@pytest.mark.parametrize(("setup", "key"), BAD_SETUPS)
def test_a_bad_setup_carries_a_key_whose_english_is_the_message(
    setup: dict[str, object], key: str
) -> None:
    """The engine's English and the catalogue's English say the same, so the terminal (and any
    client) can say it in Punjabi or Tagalog from the key alone."""
    from cardtable.cli import text
    from cardtable.core.errors import OptionError

    with pytest.raises(OptionError) as caught:
        Match(**setup)
    assert caught.value.key == key
    assert text.reason(caught.value) == str(caught.value)


def test_a_bad_bot_level_is_keyed_too() -> None:
    from cardtable.bots import make_bot
    from cardtable.cli import text
    from cardtable.core.errors import OptionError

    for level, key in (("genius", "bot.error.level"), ("search:huge", "bot.error.strength")):
        with pytest.raises(OptionError) as caught:
            make_bot("royal-casino", level)
        assert caught.value.key == key
        assert text.reason(caught.value) == str(caught.value)


@pytest.mark.parametrize(
    ("args", "key", "params"),
    [
        (["--bots", "genius"], "bot.error.level", {"level": "'genius'"}),
        (["-o", "target=2"], "option.error.at_least", {"option": "target", "low": 4}),
        (["--players", "9"], "option.error.players", {"game": "game.royal-casino"}),
    ],
)
def test_the_terminal_says_a_bad_setup_in_punjabi(
    args: list[str], key: str, params: dict[str, object]
) -> None:
    result = CliRunner().invoke(app, ["play", "royal-casino", "--lang", "pa", *args])
    set_language("pa")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert said.startswith(t("term.error")), said
    template = t(key)
    if "game" in params:
        params = {**params, "game": t(str(params["game"]))}
    for name, value in params.items():
        assert str(value) in said
        assert "{" + name + "}" in template
    head = template.split("{")[0].strip()
    assert (head and head in said) or template.split("}")[-1].strip() in said, said


def test_an_option_without_a_value_is_said_in_the_persons_language() -> None:
    """``-o target`` (no ``=``) was Typer's English box; it is a keyed refusal like the rest."""
    result = CliRunner().invoke(app, ["play", "royal-casino", "--lang", "tl", "-o", "target"])
    set_language("tl")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert said == f"{t('term.error')} {t('option.error.pair', pair=repr('target'))}", said


def test_replay_says_a_records_refused_action_in_the_persons_language(tmp_path: Path) -> None:
    """The record's flaw (``record.error.action``) with the game's refusal inside it, as the
    table says a refusal, and its rule; not the library's English."""
    record = finished(5).record()
    record["hands"][0]["actions"][0] = "play 9h"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "pa", "--letters"])
    set_language("pa")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    head = t("record.error.action", hand=1, index=1, action=repr("play 9h"), reason="")
    assert head.strip() in said, said
    assert "(BE-" in said or "(C-" in said, said
    assert "not" not in said.split(head.strip())[1], said  # no English after the head


@pytest.mark.parametrize(("name", "key"), [("nowhere.json", "term.replay.no_file"),
                                           (".", "term.replay.is_folder")])  # fmt: skip
def test_replay_says_why_a_file_cannot_be_read(name: str, key: str, tmp_path: Path) -> None:
    target = tmp_path / name
    result = CliRunner().invoke(app, ["replay", str(target), "--lang", "tl"])
    set_language("tl")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert said.endswith(t(key)), said
