"""Fixed action encodings: every legal action as a short sequence of integer tokens.

A learning agent picks one integer in ``range(codec.num_actions)`` per step. Where a game's
actions can be listed flatly (Buck Euchre, and the draws, takes and discards of the rummies)
an action is one token. Where they cannot (a Royal Casino capture takes any set of table
cards; a rummy meld is any run or set, jokers declared as any card) an action is a sequence
of tokens chosen one per step (a *factored* encoding): the first names the kind and the
played card, the next ones the cards in canonical order, the last closes it. Every action's
sequence is fixed by its notation, no sequence is the prefix of another, and ``Pending``
offers at each step exactly the tokens that continue some legal action, so any path through
the masks ends in a legal action and every legal action is reachable. ``docs/research.md``
lists the tokens of each game.

Encodings read only an action's notation (RULES.md N) and, for a take from the rummy discard
pile, the pile in the seat's view (a take is encoded by its depth).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardtable.core.cards import CARD_NAMES, parse_card
from cardtable.core.game import Action, Rules
from cardtable.core.views import StateView
from cardtable.games.rummy.actions import Rummy, Take
from cardtable.games.rummy.state import depth_of

CARDS = 53  # card columns: the 52 cards in canonical order (C-1), then the joker


class Codec:
    """One game's tokens: ``names[t]`` says what token ``t`` means."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.index = {name: t for t, name in enumerate(self.names)}
        self.num_actions = len(self.names)
        self._cache: dict[str, tuple[int, ...]] = {}

    def tokens(
        self, action: Action | str, view: StateView | Callable[[], StateView]
    ) -> tuple[int, ...]:
        """The tokens of ``action`` (or its notation) in the position seen in ``view`` (a
        view's ``state``, or a function making it: only takes from the pile need it)."""
        text = str(action)
        found = self._cache.get(text)
        if found is None:
            if callable(view) and self.depends_on_view(text):
                view = view()
            found = tuple(self.index[w] for w in self.words(text, view))  # type: ignore[arg-type]
            if not self.depends_on_view(text):
                self._cache[text] = found
        return found

    def words(self, text: str, view: StateView) -> list[str]:
        """Token names of an action's notation; a flat codec's token is the notation."""
        return [text]

    def depends_on_view(self, text: str) -> bool:
        return False


class RoyalCasinoCodec(Codec):
    """``trail X`` is one token; ``capture X: a b …`` is ``capture X``, one ``take a`` per
    table card taken (canonical order, builds whole) and ``end capture``; ``build X: a b =v``
    is ``build X``, the ``take`` tokens and ``value v``."""

    def __init__(self) -> None:
        cards = CARD_NAMES[:52]
        super().__init__(
            [f"trail {c}" for c in cards]
            + [f"capture {c}" for c in cards]
            + [f"build {c}" for c in cards]
            + [f"take {c}" for c in cards]
            + ["end capture"]
            + [f"value {v}" for v in range(1, 15)]
        )

    def words(self, text: str, view: StateView) -> list[str]:
        kind, _, rest = text.partition(" ")
        if kind == "trail":
            return [text]
        played, _, taken = rest.partition(":")
        cards = taken.split()
        last = "end capture"
        if kind == "build":
            last = "value " + cards.pop().lstrip("=")
        return [f"{kind} {played}", *(f"take {c}" for c in cards), last]


class BuckEuchreCodec(Codec):
    """Flat: ``order``, ``pass``, ``stay``, ``drop``, ``trump c|d|h|s``, ``discard X`` and
    ``play X`` for the 24 cards."""

    def __init__(self, deck: Sequence[int]) -> None:
        cards = [CARD_NAMES[c] for c in sorted(set(deck))]
        super().__init__(
            ["order", "pass", "stay", "drop"]
            + [f"trump {s}" for s in "cdhs"]
            + [f"discard {c}" for c in cards]
            + [f"play {c}" for c in cards]
        )


class RummyCodec(Codec):
    """``draw``, ``end``, ``pass``; ``take d`` and ``rummy d`` by the depth ``d`` of the
    deepest card taken (0: the top card); ``discard X`` (53 faces); a meld is one ``meld X``
    or ``meld Jo=X`` per card in notation order, then ``end meld``; a lay-off is ``layoff X``
    (or ``layoff Jo=X``) then ``on k`` (meld number k, from 1)."""

    def __init__(self, deck_size: int) -> None:
        faces = CARD_NAMES[:52]
        jokers = [f"Jo={c}" for c in faces]
        super().__init__(
            ["draw", "end", "pass"]
            + [f"take {d}" for d in range(deck_size)]
            + [f"rummy {d}" for d in range(deck_size)]
            + [f"discard {c}" for c in CARD_NAMES]
            + [f"meld {c}" for c in [*faces, *jokers]]
            + ["end meld"]
            + [f"layoff {c}" for c in [*faces, *jokers]]
            + [f"on {k}" for k in range(1, deck_size // 3 + 1)]
        )

    def words(self, text: str, view: StateView) -> list[str]:
        parts = text.split()
        kind = parts[0]
        if kind in ("take", "rummy"):
            return [f"{kind} {take_depth(view['discard_pile'], parts[1:])}"]
        if kind == "meld":
            return [*(f"meld {c}" for c in parts[1:]), "end meld"]
        if kind == "layoff":
            return [f"layoff {parts[1]}", f"on {parts[3]}"]
        return [text]

    def depends_on_view(self, text: str) -> bool:
        return text.startswith(("take", "rummy"))

    def pile_encoder(self, pile: tuple[int, ...]) -> Callable[[Action], tuple[int, ...] | None]:
        """``Pending``'s ``encode`` for a position whose discard pile (the engine's, bottom
        first) is ``pile``: a take or a Rummy call by its depth, read from the cards."""
        take, call = self.index["take 0"], self.index["rummy 0"]

        def encode(a: Action) -> tuple[int, ...] | None:
            if isinstance(a, Take | Rummy):
                depth = depth_of(pile, a.card, a.nth) - 1
                if depth < 0:
                    raise ValueError(f"{a} is not in the discard pile")
                return ((take if isinstance(a, Take) else call) + depth,)
            return None

        return encode


def take_depth(pile: Sequence[str], words: Sequence[str]) -> int:
    """How deep in ``pile`` (bottom first, as views list it) the card of ``take [2nd] X``
    lies, counted from the top (0); the ordinal picks among equal cards, nearest first."""
    nth = int(words[0][0]) if len(words) == 2 else 1
    face = CARD_NAMES[parse_card(words[-1])]
    for depth, name in enumerate(reversed(pile)):
        if name == face:
            nth -= 1
            if nth == 0:
                return depth
    raise ValueError(f"{' '.join(words)} is not in the discard pile")


def codec_for(rules: Rules[Any]) -> Codec:
    """The codec of a game with its players and options (``rules``)."""
    game = rules.game_id
    if game == "royal-casino":
        return RoyalCasinoCodec()
    if game == "buck-euchre":
        return BuckEuchreCodec(rules.deck())
    if game in ("rummy-500", "queen-city-rum"):
        return RummyCodec(len(rules.deck()))
    raise ValueError(f"no action encoding for {game}")


class Pending:
    """The choice of one action, token by token, among the legal actions of a position.

    ``mask()`` marks the tokens that continue a legal action; ``push(token)`` takes one and
    returns the action once its last token is in (``None`` while more are owed).
    """

    def __init__(
        self,
        codec: Codec,
        legal: Sequence[Action],
        view: StateView | Callable[[], StateView],
        encode: Callable[[Action], tuple[int, ...] | None] | None = None,
    ) -> None:
        """``encode``, if given, gives the tokens of the actions that depend on the view
        without the view (None for the others): the same as ``codec.tokens``, cheaper."""
        self.codec = codec
        if callable(view):
            view = _once(view)
        known = codec._cache.get  # the usual case, inlined: tokens already worked out
        options: dict[tuple[int, ...], Action] = {}
        for a in legal:
            seq = known(str(a))
            if seq is None:
                seq = encode(a) if encode is not None else None
                if seq is None:
                    seq = codec.tokens(a, view)
            options[seq] = a
        self.options = options
        if len(self.options) != len(legal):
            raise ValueError(f"two of the legal actions encode alike: {list(map(str, legal))}")
        self.prefix: tuple[int, ...] = ()
        self._following: set[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Pending:
        """Copies share the legal actions and their tokens (never changed after ``__init__``)."""
        return copy.copy(self)

    def following(self) -> set[int]:
        """The tokens that continue a legal action from the prefix (what the mask and
        ``push`` read: no order needed, made once per prefix)."""
        found = self._following
        if found is None:
            n, prefix = len(self.prefix), self.prefix
            if n == 0:
                found = {seq[0] for seq in self.options}
            else:
                found = {s[n] for s in self.options if s[:n] == prefix and len(s) > n}
            self._following = found
        return found

    def next_tokens(self) -> list[int]:
        """The tokens that continue a legal action from the prefix, ascending."""
        return sorted(self.following())

    def follow(self, prefix: tuple[int, ...]) -> None:
        """Continue from tokens already chosen (a copy of another decision's prefix)."""
        self.prefix = prefix
        self._following = None

    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """A new 0/1 int8 array (filled as bytes: a few tokens are set, cheaper so)."""
        out = bytearray(self.codec.num_actions)
        for t in self.following():
            out[t] = 1
        return np.frombuffer(out, np.int8)

    def push(self, token: int) -> Action | None:
        if token not in self.following():
            name = self.codec.names[token] if 0 <= token < self.codec.num_actions else token
            raise ValueError(f"token {token} ({name}) continues no legal action here")
        self.prefix = (*self.prefix, token)
        self._following = None
        return self.options.get(self.prefix)


def _once(make: Callable[[], StateView]) -> Callable[[], StateView]:
    """``make``, called at most once."""
    made: list[StateView] = []

    def get() -> StateView:
        if not made:
            made.append(make())
        return made[0]

    return get
