"""Errors raised by cardtable. Every one is a ValueError, so callers can catch bad input broadly."""

from __future__ import annotations


class CardtableError(ValueError):
    """Base class: something a caller passed in was wrong; nothing was changed.

    ``key`` and ``params``, when given, say the same as a keyed message of the catalogues
    (``server/static/i18n/*.json``) for a client to say in its own language; a ``game``
    parameter is a game id. ``cause`` is the error this one wraps (a record's refused action),
    whose own reason fills the key's ``{reason}``.
    """

    def __init__(
        self,
        message: str,
        *,
        key: str | None = None,
        params: dict[str, str | int] | None = None,
        cause: CardtableError | None = None,
    ):
        self.key = key
        self.params: dict[str, str | int] = params or {}
        self.cause = cause
        super().__init__(message)


class NotationError(CardtableError):
    """Text (a card, a list of cards, an action) could not be read.

    ``text`` is what was given and ``position`` the 0-based character offset of the problem,
    when known, so a client can point at it.
    """

    def __init__(
        self,
        message: str,
        text: str | None = None,
        position: int | None = None,
        *,
        key: str | None = None,
        params: dict[str, str | int] | None = None,
        cause: CardtableError | None = None,
    ):
        self.message = message
        self.text = text
        self.position = position
        where = ""
        if text is not None:
            where = f" in {text!r}" + (f" at position {position}" if position is not None else "")
        super().__init__(message + where, key=key, params=params, cause=cause)

    def within(self, text: str, position: int | None = None) -> NotationError:
        """The same misreading, placed in the longer ``text`` it was part of."""
        return NotationError(self.message, text, position, key=self.key, params=self.params)


class IllegalActionError(CardtableError):
    """A well-formed action that the rules forbid now.

    ``rule`` is the rule id from RULES.md (``RC-17``) and ``reason`` a sentence a player
    understands; ``str(err)`` reads ``"You own a build, so you may not trail (RC-17)"``.
    ``key`` and ``params`` say the same reason as a keyed message, for a client to say in its
    own language (``cardtable/games/reasons.py``).
    """

    def __init__(
        self,
        reason: str,
        rule: str,
        action: str | None = None,
        *,
        key: str | None = None,
        params: dict[str, str | int] | None = None,
    ):
        self.reason = reason
        self.rule = rule
        self.action = action
        super().__init__(f"{reason} ({rule})", key=key, params=params)


class OptionError(CardtableError):
    """An unknown game, an unknown option, or an option value out of range (keys
    ``option.error.*`` and ``bot.error.*``)."""


class RecordError(CardtableError):
    """A game record that is malformed or does not replay (keys ``record.error.*``)."""
