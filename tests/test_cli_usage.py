"""The command line's own words in the person's language: a usage error Click finds (a bad
number, a missing argument, an unknown option or command) is said as the terminal's other errors
are, in the language of ``--lang`` or else of the environment (``LANG=pa_IN.UTF-8``), with the
option's name and status 2; ``--help`` describes the commands and their options in that
language; English reads as Click's own English."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.text import language, set_language, t
from cardtable.cli.usage import Command, Group, asked_language, environment_language, option_name
from cardtable.core.registry import listed_games

CATALOGUES = Path(__file__).parent.parent / "cardtable" / "server" / "static" / "i18n"
LOCALES = {"pa": "pa_IN.UTF-8", "tl": "fil_PH.UTF-8", "en": "C.UTF-8"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def run(args: list[str], lang: str | None = None, locale: str = "C.UTF-8") -> tuple[int, str]:
    """The command line ``cardtable args`` (with ``--lang lang`` when given) in a terminal whose
    locale is ``locale``: its status, and what it printed with its lines joined."""
    env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": locale}
    env["COLUMNS"] = "200"
    extra = [] if lang is None else ["--lang", lang]
    result = CliRunner().invoke(app, [*args, *extra], env=env, prog_name="cardtable")
    return result.exit_code, " ".join(result.output.split())


# (command line, key, parameters, whose help to try): each refused before the command runs
MISTAKES = [
    (["play", "buck-euchre", "--seat", "x"], "term.usage.not_integer",
     {"option": "'--seat'", "value": "'x'"}, "cardtable play"),
    (["play"], "term.usage.missing_argument", {"argument": "'game'"}, "cardtable play"),
    (["play", "buck-euchre", "--sea", "2"], "term.usage.no_such_option_maybe",
     {"option": "--sea", "options": "--delay, --seat, --seed"}, "cardtable play"),
    (["frob"], "term.usage.no_such_command", {"command": "'frob'"}, "cardtable"),
]  # fmt: skip


@pytest.mark.parametrize("by", ["--lang", "LANG"])
@pytest.mark.parametrize("lang", ["pa", "tl"])
@pytest.mark.parametrize(("args", "key", "params", "command"), MISTAKES)
def test_a_usage_error_is_said_in_the_persons_language(
    args: list[str], key: str, params: dict[str, str], command: str, lang: str, by: str
) -> None:
    code, said = run(args, lang) if by == "--lang" else run(args, locale=LOCALES[lang])
    set_language(lang)
    assert code == 2, said
    assert said.startswith(f"{t('term.error')} {t(key, **params)}"), said
    assert said.endswith(t("term.usage.try_help", command=command)), said
    for value in params.values():
        assert value in said
    assert not re.search(r"Invalid|No such|Missing|Try ", said), said  # no English left


def test_english_reads_as_clicks_own() -> None:
    """The same mistakes in English (no --lang, the C locale): Click's words, as the terminal
    says its errors, and where the help is."""
    assert run(["play", "buck-euchre", "--seat", "x"]) == (
        2,
        "error: Invalid value for '--seat': 'x' is not a valid integer. "
        "Try 'cardtable play --help' for help.",
    )
    assert (
        run(["play"])[1] == "error: Missing argument 'game'. Try 'cardtable play --help' for help."
    )
    assert run(["play", "buck-euchre", "--sea", "2"])[1].startswith(
        "error: No such option: --sea (Possible options: --delay, --seat, --seed)"
    )
    assert run(["frob"])[1] == "error: No such command 'frob'. Try 'cardtable --help' for help."
    assert run(["plya"])[1].startswith("error: No such command 'plya'. Did you mean 'play', ")
    assert run(["play", "buck-euchre", "--seat"]) == (
        2,
        "error: Option '--seat' requires an argument.",
    )
    assert run(["tournament", "royal-casino"])[1].startswith("error: Missing option '--bots'.")
    assert run(["simulate", "royal-casino", "--matches", "0"])[1].startswith(
        "error: Invalid value for '--matches': it must be at least 1, not 0."
    )
    assert run(["play", "royal-casino", "extra"])[1].startswith(
        "error: Got unexpected extra argument(s) (extra)"
    )


def test_a_bound_and_a_variable_of_the_environment_are_said_too() -> None:
    code, said = run(["serve", "--port", "99999"], locale="pa_IN.UTF-8")
    set_language("pa")
    option = t("term.usage.env_var", option="'--port'", variable="'CARDTABLE_PORT'")
    assert code == 2
    assert t("term.usage.at_most", option=option, limit=65535, value="99999") in said, said


def test_help_of_the_app_and_of_play_in_punjabi() -> None:
    code, said = run(["--help"], locale="pa_IN.UTF-8")
    set_language("pa")
    words = " ".join(re.sub(r"[│╭╮╰╯─]", " ", said).split())  # out of their boxes
    assert code == 0
    for key in ("term.help.app", "term.help.play", "term.help.serve", "term.help.usage",
                "term.help.options", "term.help.commands", "term.help.help"):  # fmt: skip
        assert t(key) in words, key
    assert "Exact rules" not in words and "Show this message" not in words
    code, said = run(["play", "--help"], "pa")
    words = " ".join(re.sub(r"[│╭╮╰╯─]", " ", said).split())
    assert code == 0
    assert t("term.help.play") in words
    assert t("term.help.play.seat") in words
    assert t("term.help.arguments") in words
    assert "the seat after the dealer plays first" not in words
    bots = t("term.help.play.bots", levels="random, heuristic, search")
    assert bots in words  # the levels, named in the Punjabi sentence


def test_english_help_is_todays_text() -> None:
    code, said = run(["play", "--help"])
    words = " ".join(re.sub(r"[│╭╮╰╯─]", " ", said).split())
    assert code == 0
    assert words.startswith("Usage: cardtable play [OPTIONS] {game}")
    assert "Play whole matches in the terminal against computer players." in words
    assert "the seat after the dealer plays first, and the first dealer is drawn at random" in words
    assert "╭─ Arguments ─" in said and "╭─ Options ─" in said
    assert "Show this message and exit." in words


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_a_help_pages_own_words_are_the_persons(lang: str) -> None:
    """The kind of value an option takes and the words after its help (its default, its
    environment variable, that it is required) are in the page's language; a flag takes no
    value and is given no kind, where Typer writes ``<bool>``."""
    code, said = run(["--lang", lang, "serve", "--help"])
    boxed = " ".join(re.sub(r"[│╭╮╰╯─]", " ", said).split())
    set_language(lang)
    assert code == 0
    for word in (
        f"<{t('term.help.type.int')}>",
        f"<{t('term.help.type.float')}>",
        f"<{t('term.help.type.str')}>",
        t("term.help.default", value="8000"),
        t("term.help.env_var", variable="CARDTABLE_PORT"),
    ):
        assert word in boxed, word
    for typers in ("<bool>", "<int>", "<int range>", "<float", "<str>", "<list["):
        assert typers not in boxed, typers
    code, said = run(["--lang", lang, "tournament", "--help"])
    assert t("term.help.required") in said
    if lang != "en":
        assert "[default:" not in boxed and "[required]" not in said


def test_the_apps_lang_chooses_every_commands_language() -> None:
    """``cardtable --lang pa`` before any command, and an unknown language refused."""
    code, said = run(["--lang", "pa", "tables", "list", "--db", "sqlite:////nowhere/room.db"])
    assert code != 0
    set_language("pa")
    assert t("term.usage.try_help", command="cardtable tables list") in said, said
    set_language("en")
    code, said = run(["--lang", "fr", "games"])
    assert code == 2 and "fr is not one of en, pa, tl" in said


@pytest.mark.parametrize("lang", ["en", "pa"])
def test_the_games_and_their_options_as_a_table(lang: str) -> None:
    """``cardtable games``: each game's options with their default, what is allowed and what
    each does (the lobby's words, with its rule), in the terminal's language."""
    code, said = run(["--lang", lang, "games"])
    set_language(lang)
    assert code == 0
    assert f"{t('game.rummy-500')} (rummy-500) · {t('term.games.players', counts='2–8')}" in said
    for key in ("option", "default", "allowed", "meaning"):
        assert t(f"term.games.{key}") in said
    assert "hand_size 0 0–52 " + t("option.hand_size.doc") in said
    assert "scoring standard standard / 5-10-15" in said
    assert "five_tricks_win true true / false " + t("option.five_tricks_win.doc") in said
    assert t("option.royal-casino.target.doc") in said
    assert t("term.games.set") in said


def commands(
    command: TyperCommand | TyperGroup, path: str = "app"
) -> Iterator[tuple[str, TyperCommand | TyperGroup]]:
    """Each command of the app with its path in the catalogue's keys (``tables.list``)."""
    yield path, command
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            assert isinstance(sub, TyperCommand | TyperGroup)
            yield from commands(sub, name if path == "app" else f"{path}.{name}")


def test_every_command_and_option_has_its_message_with_the_codes_english() -> None:
    """Each description and option help in the app is a ``term.help`` message whose English is
    the code's text (a placeholder stands for a list the code makes, the levels), and each
    command is a ``Command`` or ``Group``, which say the help page's own words. The game
    argument's help is the games' ids, said as they are."""
    root = typer.main.get_command(app)
    assert isinstance(root, Group)
    en = json.loads((CATALOGUES / "en.json").read_text("utf-8"))
    games = ", ".join(listed_games())
    seen = 0
    for path, command in commands(root):
        assert isinstance(command, Command | Group), path
        texts = {f"term.help.{path}": command.help}
        for param in command.params:
            if isinstance(param, TyperOption | TyperArgument) and param.help != games:
                texts[f"term.help.{path}.{option_name(param)}"] = param.help
        for key, text in texts.items():
            assert key in en, key
            pattern = re.sub(r"\\\{(\w+)\\\}", ".+", re.escape(en[key]))
            assert re.fullmatch(pattern, " ".join(str(text).split())), key
            seen += 1
    assert seen >= 100


@pytest.mark.parametrize("code", ["pa", "tl"])
def test_the_command_lines_messages_are_in_every_language(code: str) -> None:
    en = json.loads((CATALOGUES / "en.json").read_text("utf-8"))
    other = json.loads((CATALOGUES / f"{code}.json").read_text("utf-8"))
    keys = [k for k in en if k.startswith(("term.help.", "term.usage."))]
    assert len(keys) > 120
    for key in keys:
        assert other.get(key), key
        assert set(re.findall(r"\{(\w+)\}", other[key])) == set(
            re.findall(r"\{(\w+)\}", en[key])
        ), key


@pytest.mark.parametrize(
    ("args", "environ", "lang"),
    [
        (["play", "--lang", "tl"], {"LANG": "pa_IN.UTF-8"}, "tl"),
        (["play", "--lang=pa"], {}, "pa"),
        (["--lang", "pa", "play", "--lang", "tl"], {}, "tl"),  # the last, as Click reads it
        (["tables", "close", "--", "--lang", "pa"], {}, "en"),  # an argument after --
        (["play", "--lang", "fr"], {"LANG": "fil_PH.UTF-8"}, "tl"),  # play refuses fr itself
        ([], {"LANGUAGE": "de:pa:en", "LANG": "de_DE.UTF-8"}, "pa"),
        ([], {"LANGUAGE": "de", "LANG": "tl_PH"}, "tl"),
        ([], {"LC_ALL": "fil_PH.UTF-8", "LANG": "pa_IN.UTF-8"}, "tl"),
        ([], {"LC_MESSAGES": "pa_IN", "LANG": "en_GB.UTF-8"}, "pa"),
        ([], {"LANG": "de_DE.UTF-8"}, "en"),
        ([], {"LANG": "pap_AW"}, "en"),  # Papiamento is not Punjabi
        ([], {"LANG": "C.UTF-8"}, "en"),
        ([], {}, "en"),
    ],
)
def test_the_language_asked_for(args: list[str], environ: dict[str, str], lang: str) -> None:
    assert asked_language(args, environ) == lang


def test_a_run_leaves_the_language_as_it_found_it() -> None:
    run(["frob"], "pa")
    run(["serve", "--help"], "pa")
    assert language() == "en"
    assert typer.rich_utils.DEFAULT_STRING == "[default: {}]"  # Typer's own again
    assert environment_language({"LANGUAGE": "", "LANG": "pa_IN.UTF-8"}) == "pa"


@pytest.mark.parametrize("lang", ["pa", "tl"])
def test_play_speaks_the_terminals_language_without_lang(lang: str) -> None:
    """``play`` with no ``--lang`` speaks the locale's language (a person who set LANG once
    need not say it again), as its help and usage errors do; ``--lang`` still wins."""
    env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": LOCALES[lang]}
    args = ["play", "buck-euchre", "--seed", "1", "--delay", "0"]
    found = CliRunner().invoke(app, args, input="quit\n", env=env).output
    chosen = CliRunner().invoke(app, [*args, "--lang", "en"], input="quit\n", env=env).output
    set_language(lang)
    scores = t("term.status.scores", scores="")
    set_language("en")
    assert scores in found
    assert scores not in chosen
    assert t("term.status.scores", scores="") in chosen
