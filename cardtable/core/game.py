"""The contract every game implements, and the option machinery shared by all of them.

A game is a ``Rules`` object (its validated options, immutable) plus immutable states that
``apply`` maps to new states: the OpenSpiel Game/State split. ``Match`` drives any ``Rules``
through whole matches; bots, clients and tests see only ``Match`` and views.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from cardtable.core.errors import IllegalActionError, OptionError
from cardtable.core.views import StateView

State = TypeVar("State")
Options = TypeVar("Options", bound=Mapping[str, object])
JSON = dict[str, Any]


class Action:
    """Base of every game's actions: small frozen dataclasses whose ``str`` is the canonical
    notation (RULES.md N). Legal lists are sorted by that text, and equal text means equal
    action.

    Every action's ``repr`` shows its notation, ``Build('build 8c: 8s =8')``: a person (or a
    bot's author) reads the play, not the card numbers and masks it is stored as. It is set
    here for every subclass, before the dataclass decorator would write one of fields."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:  # a dataclass keeps a __repr__ the class has
            cls.__repr__ = Action.__repr__  # type: ignore[method-assign]

    def __repr__(self) -> str:
        try:
            return f"{type(self).__name__}({str(self)!r})"
        except (IndexError, KeyError, TypeError):  # built by hand around a card that is none
            fields = getattr(self, "__dataclass_fields__", {})
            inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
            return f"{type(self).__name__}({inside})"


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name (as in RULES.md), default, and allowed values.

    ``choices`` lists the allowed values; otherwise ``low``/``high`` bound an int. Every
    option is bounded (a target of 10^18 is a match that never ends), so the library, the
    card room's API and its lobby form (which reads ``low``/``high``) refuse the same values.
    """

    name: str
    default: object
    doc: str
    choices: tuple[object, ...] | None = None
    low: int | None = None
    high: int | None = None

    def __post_init__(self) -> None:
        number = isinstance(self.default, int) and not isinstance(self.default, bool)
        bounded = number and self.low is not None and self.high is not None
        if self.choices is None and not isinstance(self.default, bool) and not bounded:
            raise TypeError(f"option {self.name} needs choices, or low and high bounds")
        self.check(self.default)

    def check(self, value: object) -> object:
        """The value, validated (ints from text accepted), or an OptionError saying why not."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "on", "yes", "1"):
                value = True
            elif isinstance(value, str) and value.lower() in ("false", "off", "no", "0"):
                value = False
            if not isinstance(value, bool):
                raise self.refused("bool", value, f"must be true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    whole = f"must be a whole number, not {value!r}"
                    raise self.refused("whole", value, whole) from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise self.refused("whole", value, f"must be a whole number, not {value!r}")
        elif not isinstance(value, kind):
            raise OptionError(f"option {self.name} must be a {kind.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise self.refused(
                "one_of", value, f"must be one of {allowed}, not {value!r}", allowed=allowed
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                raise self.refused(
                    "at_least", value, f"must be at least {self.low}, not {value}", low=self.low
                )
            if self.high is not None and value > self.high:
                raise self.refused(
                    "at_most", value, f"must be at most {self.high}, not {value}", high=self.high
                )
        return value

    def refused(self, why: str, value: object, said: str, **more: str | int) -> OptionError:
        """The OptionError for a value this option does not take, keyed ``option.error.WHY``
        with the option's name and the value as typed (its ``repr`` when not a number)."""
        shown = value if isinstance(value, int) and not isinstance(value, bool) else repr(value)
        params: dict[str, str | int] = {"option": self.name, "value": shown, **more}
        return OptionError(f"option {self.name} {said}", key=f"option.error.{why}", params=params)


@dataclass(frozen=True)
class Settlement:
    """The outcome of one finished hand.

    ``points`` is what each side gained this hand (negative allowed), ``scores`` the cumulative
    totals after it (so ``scores == before + points``), ``breakdown`` the items for display
    (item name -> amount per side, ending with ``"total"``), and ``winner`` the side that won
    the match with this hand, if any.
    """

    points: tuple[int, ...]
    scores: tuple[int, ...]
    breakdown: dict[str, list[int]]
    winner: int | None = None
    notes: list[str] = field(default_factory=list)


class Rules(ABC, Generic[State]):
    """One game with its options fixed. Subclasses set the class attributes and implement the
    abstract methods; every method is a pure function of its arguments."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    rule_prefix: ClassVar[str] = ""  # its rules' ids in RULES.md: "RC" for RC-1 … (C: common)
    listed: ClassVar[bool] = True  # offered to people (lobby, `cardtable games`); False: tests
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    score_direction: ClassVar[int] = 1  # -1 where a lower score is better (Buck Euchre)

    def __init__(self, players: int, options: Mapping[str, object]) -> None:
        self.players = players
        self.options: dict[str, object] = dict(options)

    @classmethod
    def create(cls, players: int | None = None, options: Mapping[str, object] = {}) -> Self:
        """Validate ``players`` and the options (defaults filled in) and build the rules."""
        n = cls.default_players if players is None else players
        if isinstance(n, str) and n.isdigit():
            n = int(n)
        if not isinstance(n, int) or isinstance(n, bool) or n not in cls.player_counts:
            counts = ", ".join(map(str, cls.player_counts))
            raise OptionError(
                f"{cls.title} is played by {counts} players, not {players!r}",
                key="option.error.players",
                params={"game": cls.game_id, "counts": counts, "value": repr(players)},
            )
        specs = {s.name: s for s in cls.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            raise cls.no_option(unknown[0], ", ".join(specs) or "none")
        values = {name: spec.check(options.get(name, spec.default)) for name, spec in specs.items()}
        return cls(n, values)

    @classmethod
    def no_option(cls, name: str, known: str) -> OptionError:
        """The OptionError for an option this game does not have (``known``: the ones it has,
        as the message lists them), keyed ``option.error.unknown``."""
        return OptionError(
            f"{cls.title} has no option {name!r} (options: {known})",
            key="option.error.unknown",
            params={"game": cls.game_id, "option": repr(name), "known": known},
        )

    def typed_options(self, kind: type[Options]) -> Options:
        """``options`` as the game's options type (``RummyOptions`` …): the same dict, still
        stored as JSON in records, but a key the type lacks is a mypy error where it is read.
        A type lacking one of these options is refused; ``create`` validated each value against
        its default's type, and tests/test_view_types.py ties those to the type's keys."""
        missing = sorted(set(self.options) - set(getattr(kind, "__annotations__", ())))
        if missing:
            raise TypeError(f"{kind.__name__} has no option {missing[0]!r}")
        return cast(Options, self.options)

    # -- seats and sides ------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """Number of scoring sides (players, or partnerships)."""
        return self.players

    def side_of(self, seat: int) -> int:
        return seat

    def initial_scores(self) -> tuple[int, ...]:
        return (0,) * self.sides

    # -- a hand ---------------------------------------------------------------------------
    @abstractmethod
    def deck(self) -> tuple[int, ...]:
        """Every card of one hand's deck, in canonical order (duplicates for two decks)."""

    @abstractmethod
    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> State:
        """The state at the start of a hand dealt from ``deck`` (top first) by ``dealer``."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat owing a decision, or None when the hand is over."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action, once each, sorted by notation text (C-5)."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The state after a legal ``action`` (not checked here: ``Match`` checks)."""

    @abstractmethod
    def explain(self, state: State, action: Action) -> IllegalActionError:
        """Why ``action``, which is not in the legal list, is refused: rule id and reason."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action in notation (lenient); NotationError if it cannot be read."""

    @abstractmethod
    def settle(self, state: State, scores: tuple[int, ...]) -> Settlement:
        """Score a finished hand against the cumulative ``scores`` before it."""

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        """Who deals the next hand; by default the next seat."""
        return (dealer + 1) % self.players

    # -- what players see -----------------------------------------------------------------
    def public_action(self, action: Action) -> str:
        """How an action is shown to the other seats: its notation, unless it moves a card
        face down (Buck Euchre's discard), whose name stays hidden (C-6)."""
        return str(action)

    @abstractmethod
    def view(self, state: State, seat: int | None) -> StateView:
        """What ``seat`` may see (None: a spectator), JSON-ready, cards as notation (C-6)."""

    @abstractmethod
    def zones(self, state: State) -> dict[str, list[int]]:
        """Every card of the deck by where it lies; together they are exactly the deck."""

    @abstractmethod
    def hidden(self, state: State, seat: int | None) -> list[int]:
        """The cards whose place ``seat`` may not know (for leak checks)."""

    def determinize(self, view: Any, seat: int, rng: random.Random) -> State:
        """A full state that shows ``seat`` exactly ``view`` (its ``view(state, seat)``), the
        cards hidden from it placed at random: the worlds a fair bot searches over. ``view`` is
        ``Any`` so that each game may take its own view type."""
        raise NotImplementedError(f"{self.title} cannot sample hidden cards yet")
