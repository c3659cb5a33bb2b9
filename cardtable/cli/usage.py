"""The command line's own words in the person's language: the ``--help`` pages and the usage
errors Click finds before a command runs.

Each command's description and each option's help is the catalogue message
``term.help.<command>`` and ``term.help.<command>.<option>`` (``term.help.tables.list.limit``;
the app itself is ``app``), whose English is the text in the code; a usage error (a bad number,
a missing argument, an unknown option or command) is a ``term.usage.*`` message, said as the
terminal says its other errors (``error: …``) and ending the program with status 2, as Click's
own. The language is ``--lang`` where the command line has it, else the environment's, read
before Click parses: ``--help`` is answered before any option's value is read.

Every command is declared with ``cls=Command`` and every group with ``cls=Group``: they say
"Usage:" and the help option's line in the person's language. The app's group sets the
language, puts the help texts into the commands Typer has just built, and says the errors.
The help page's own words around them are the person's too: the kind of value an option takes
(``term.help.type.*``: "integer", not Typer's ``<int>``; nothing for a flag, which takes none)
and the ``[default: …]``, ``[env var: …]`` and ``[required]`` Typer writes after a help text.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any, NoReturn, cast, get_args

import typer
import typer.rich_utils
from rich.text import Text
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from cardtable.cli.text import (
    LANGUAGES,
    catalogue,
    error,
    error_console,
    has,
    language,
    set_language,
    t,
)

#: Locale language codes (``pa_IN.UTF-8`` → ``pa``) and the language we speak to them in.
LOCALES = {"en": "en", "pa": "pa", "pan": "pa", "tl": "tl", "tgl": "tl", "fil": "tl"}


def asked_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The last ``--lang`` of the command line (before ``--``) that is one of LANGUAGES, else
    the environment's language."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    return asked if asked in LANGUAGES else environment_language(environ)


def environment_language(environ: Mapping[str, str]) -> str:
    """The language a terminal user has chosen, as gettext reads it: the first in the
    ``LANGUAGE`` list that we speak, else the locale's (the first set of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``): ``pa_IN.UTF-8`` is Punjabi, ``tl_PH`` and ``fil_PH``
    Tagalog, anything else English."""
    for locale in environ.get("LANGUAGE", "").split(":"):
        spoken = _spoken(locale)
        if spoken:
            return spoken
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return _spoken(environ[name]) or "en"
    return "en"


def _spoken(locale: str) -> str | None:
    return LOCALES.get(re.split(r"[_.@-]", locale.strip().lower(), maxsplit=1)[0])


class Command(TyperCommand):
    """A command whose help page says "Usage:" and the help option in the person's language.
    (``ctx`` and ``formatter`` are Click's, whose classes Typer does not export.)"""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> TyperOption | None:
        return _help_option(super().get_help_option(ctx))


class Group(TyperGroup):
    """A group of commands, as ``Command``; the app's group speaks the person's language for
    the whole command line (``main``)."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> TyperOption | None:
        return _help_option(super().get_help_option(ctx))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        before = language()
        set_language(asked_language(sys.argv[1:] if args is None else args, os.environ))
        translate(self, "app")
        try:
            with _page_words():
                return super().main(
                    args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
                )
        finally:
            set_language(before)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with _usage_errors_said():
            return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        with _usage_errors_said():  # the commands' own parsing, and a command or option unknown
            return super().invoke(ctx)


def translate(command: TyperCommand | TyperGroup, path: str) -> None:
    """Put ``command``'s texts (its description, its options' help and its panels' titles) and
    those of the commands under it in the current language."""
    if command.help:
        command.help = said(f"term.help.{path}", command.help)
    for param in command.params:
        if isinstance(param, TyperOption | TyperArgument):
            if param.help:
                param.help = said(f"term.help.{path}.{option_name(param)}", param.help)
            panel = "arguments" if isinstance(param, TyperArgument) else "options"
            param.rich_help_panel = param.rich_help_panel or t(f"term.help.{panel}")
            _name_the_value(param)
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            if isinstance(sub, TyperCommand | TyperGroup):
                sub.rich_help_panel = sub.rich_help_panel or t("term.help.commands")
                translate(sub, name if path == "app" else f"{path}.{name}")


class _Argument(TyperArgument):
    """An argument whose kind of value is said in the person's language: Typer writes an
    argument's kind from its type alone (``<str>``), where an option's follows its ``metavar``."""

    value_word: str = ""

    def display_type_rich(self, ctx: Any) -> str | None:
        return self.value_word


def _name_the_value(param: TyperOption | TyperArgument) -> None:
    """Write the kind of value ``param`` takes in the current language ("<integer>"), or
    nothing for a flag."""
    if isinstance(param, TyperOption) and param.is_flag:
        param.metavar = ""
        return
    desc = param.type_descriptor
    kind = "path" if desc.is_path else getattr(desc.annotation, "__name__", "str")
    if desc.is_list:
        kind = getattr(get_args(desc.annotation)[0], "__name__", "str")
    word = f"<{t(f'term.help.type.{kind}')}>" if has(f"term.help.type.{kind}") else None
    if word is None:
        return
    if isinstance(param, TyperOption):
        param.metavar = word
    else:
        param.__class__ = _Argument
        cast(_Argument, param).value_word = word


#: Typer's help-page words after an option's help, and the message that says each.
PAGE_WORDS = {
    "DEFAULT_STRING": ("term.help.default", "value"),
    "ENVVAR_STRING": ("term.help.env_var", "variable"),
    "REQUIRED_LONG_STRING": ("term.help.required", None),
    "ABORTED_TEXT": ("term.help.aborted", None),
}


@contextmanager
def _page_words() -> Iterator[None]:
    """Typer's help-page words in the current language while a command line runs; they are
    its module's constants, which Typer reads each time it writes a page."""
    with ExitStack() as undo:
        for name, (key, placeholder) in PAGE_WORDS.items():
            english = getattr(typer.rich_utils, name)
            undo.callback(setattr, typer.rich_utils, name, english)
            words = t(key, **({placeholder: "{}"} if placeholder else {}))
            setattr(typer.rich_utils, name, words)
        yield


def option_name(param: TyperOption | TyperArgument) -> str:
    """An option's name in its key, as typed without dashes (``bot-delay``, ``json``); an
    argument's name (``game``)."""
    long = [opt[2:] for opt in param.opts if opt.startswith("--")]
    return long[0] if long else str(param.name)


def said(key: str, english: str) -> str:
    """The message ``key`` in the current language where the catalogue's English is
    ``english`` (spacing aside; a ``{placeholder}`` stands for what ``english`` has in its
    place, such as a list of levels); otherwise ``english`` as it is."""
    if not has(key):
        return english
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+)", re.escape(catalogue("en")[key]))
    found = re.fullmatch(pattern, " ".join(english.split()))
    return t(key, **found.groupdict()) if found else english


def _write_usage(command: TyperCommand | TyperGroup, ctx: Any, formatter: Any) -> None:
    pieces = " ".join(command.collect_usage_pieces(ctx))
    formatter.write_usage(ctx.command_path, pieces, t("term.help.usage") + " ")


def _help_option(option: TyperOption | None) -> TyperOption | None:
    if option is not None:
        option.help = t("term.help.help")
        option.rich_help_panel = t("term.help.options")
        option.metavar = ""  # a flag: it takes no value
    return option


@contextmanager
def _usage_errors_said() -> Iterator[None]:
    try:
        yield
    except Exception as e:
        kinds = {kind.__name__ for kind in type(e).__mro__}
        if "UsageError" not in kinds or "NoArgsIsHelpError" in kinds:  # that one shows the help
            raise
        _refuse(e)


def _refuse(e: Exception) -> NoReturn:
    """``error: …`` on the standard error, then where the help is; status 2."""
    out = error_console()
    error(out, usage_message(e))
    ctx = getattr(e, "ctx", None)
    if ctx is not None:
        out.print(Text(t("term.usage.try_help", command=ctx.command_path), style="dim"))
    raise typer.Exit(2) from None


def usage_message(e: Exception) -> str:
    """What was wrong with the command line, in the current language. Click's exceptions are
    told apart by their class names (its classes are not Typer's public API): the option or
    argument they carry, and, for a value that could not be read, the reason Pydantic gives
    (its error type, the input and the bound). A message Click made from a template of its
    own is read back into that template's parts; anything else is Click's English."""
    kinds = {kind.__name__ for kind in type(e).__mro__}
    if "NoSuchOption" in kinds:
        option, possible = getattr(e, "option_name", ""), getattr(e, "possibilities", None)
        if possible:
            options = ", ".join(sorted(possible))
            return t("term.usage.no_such_option_maybe", option=option, options=options)
        return t("term.usage.no_such_option", option=option)
    if "MissingParameter" in kinds:
        param = getattr(e, "param", None)
        kind = getattr(e, "param_type", None) or getattr(param, "param_type_name", "")
        if kind == "argument":
            return t("term.usage.missing_argument", argument=_hint(e))
        return t("term.usage.missing_option", option=_hint(e))
    if "BadParameter" in kinds:
        return _bad_value(e)
    message = str(getattr(e, "message", e))
    for key, pattern in FAILURES.items():
        found = re.fullmatch(pattern, message)
        if found:
            return t(key, **found.groupdict())
    return message


#: Click's own messages of a failed usage (``ctx.fail``), read back into their parts.
FAILURES = {
    "term.usage.needs_value": r"Option (?P<option>.+) requires an argument\.",
    "term.usage.no_value": r"Option (?P<option>.+) does not take a value\.",
    "term.usage.no_such_command_maybe": r"No such command (?P<command>.+)\. "
    r"Did you mean (?P<commands>.+)\?",
    "term.usage.no_such_command": r"No such command (?P<command>.+)\.",
    "term.usage.missing_command": r"Missing command\.",
    "term.usage.extra_arguments": r"Got unexpected extra argument(?:s|\(s\))? "
    r"\((?P<arguments>.*)\)",
}

#: Pydantic's error types for a value Typer could not convert, and the bound each names.
READING = {
    "int_parsing": ("term.usage.not_integer", None),
    "float_parsing": ("term.usage.not_number", None),
    "bool_parsing": ("term.usage.not_boolean", None),
    "greater_than_equal": ("term.usage.at_least", "ge"),
    "less_than_equal": ("term.usage.at_most", "le"),
}


def _bad_value(e: Exception) -> str:
    option = _hint(e)
    reason = str(getattr(e, "message", e))
    if option is None:
        return t("term.usage.invalid", reason=reason)
    errors: list[dict[str, Any]] = getattr(e.__cause__, "errors", list)()  # Pydantic's
    first = errors[0] if errors else {}
    key, bound = READING.get(first.get("type", ""), (None, None))
    if key is None:
        return t("term.usage.bad_value", option=option, reason=reason)
    limit = first.get("ctx", {}).get(bound) if bound else None
    value = first.get("input")  # a bound is said with the number as typed
    return t(key, option=option, value=repr(value) if limit is None else value, limit=limit)


def _hint(e: Exception) -> str | None:
    """The option or argument at fault, as Click names it: ``'--seat'``, ``'--option' / '-o'``,
    ``'game'``, with the environment variable it may come from."""
    hint = getattr(e, "param_hint", None)
    if hint is not None:
        return hint if isinstance(hint, str) else " / ".join(repr(h) for h in hint)
    param = getattr(e, "param", None)
    if isinstance(param, TyperOption):
        names = " / ".join(f"'{opt}'" for opt in param.opts)
        if param.show_envvar and isinstance(param.envvar, str):
            return t("term.usage.env_var", option=names, variable=f"'{param.envvar}'")
        return names
    if isinstance(param, TyperArgument):
        return f"'{param.metavar or param.name}'"
    return None
