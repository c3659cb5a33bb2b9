"""One match seen as a sequence of token decisions: what the PettingZoo, Gymnasium and
OpenSpiel adapters share (the match, the pending factored action, observations, rewards)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal

import numpy as np
from gymnasium import spaces

from cardtable.core.game import JSON, Action
from cardtable.core.match import Match
from cardtable.games.rummy.views import names
from cardtable.research.actions import Codec, Pending, RummyCodec, codec_for
from cardtable.research.observations import Floats, layout, view_tensor
from cardtable.research.rummy_tensor import GAMES, Plan

Reward = Literal["points", "match"]
Actions = Literal["tokens", "flat"]

ONE = np.float32(1.0).tobytes()  # a chosen token's entry

#: flat ids past the codec's tokens: room for the legal actions that take several tokens
FLAT_EXTRA = 512


def observation(view: JSON, pending: Pending | None, codec: Codec) -> Floats:
    """The full observation: the view's tensor, then the tokens already chosen for the action
    being built (a 0/1 block of ``codec.num_actions``; all 0 at the first token)."""
    return with_chosen(view_tensor(view), pending, codec)


def with_chosen(tensor: Floats, pending: Pending | None, codec: Codec) -> Floats:
    out = np.concatenate([tensor, np.zeros(codec.num_actions, np.float32)])
    mark_chosen(out, len(tensor), pending)
    return out


def mark_chosen(out: Floats, size: int, pending: Pending | None) -> None:
    """Set the chosen tokens' entries of the block that starts at ``size`` in ``out``."""
    if pending is not None and pending.prefix:
        out[[size + t for t in pending.prefix]] = 1.0


def seat_view(m: Match, seat: int) -> JSON:
    """The keys of ``m.view(seat)`` that observations and action encodings read (game,
    players, options, seat, scores, state), without building the rest of the view; the
    same values (tests/test_research_envs.py compares them)."""
    return {
        "game": m.game_id,
        "players": m.players,
        "options": m.rules.options,
        "seat": seat,
        "scores": m.scores,
        "state": m.rules.view(m.state, seat),
    }


def observation_bounds(
    game: str, players: int | None, options: dict[str, object], actions: Actions = "tokens"
) -> tuple[Floats, Floats]:
    """The least and greatest value of every entry of an environment's observation: the
    layout's bounds, then 0 and 1 for each token of the chosen block (none with flat
    actions: a whole action is chosen at once)."""
    from cardtable.core.registry import rules_class

    rules = rules_class(game).create(players, options)
    low, high = layout(game, players, **options).bounds()
    tokens = codec_for(rules).num_actions if actions == "tokens" else 0
    return (
        np.concatenate([low, np.zeros(tokens, np.float32)]),
        np.concatenate([high, np.ones(tokens, np.float32)]),
    )


def observation_space(table: TokenTable) -> spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of the PettingZoo and Gymnasium
    environments on ``table``: a bounded Box (``observation_bounds``) and the 0/1 mask."""
    low, high = observation_bounds(table.game, table.players, table.options, table.actions)
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
        }
    )


class TokenTable:
    """A match driven one token at a time, with per-hand or per-match rewards.

    ``hands`` stops the episode after that many hands (1: single deals); ``None`` plays the
    match to its end. ``actions="flat"`` chooses a whole action per step (``FlatTable``).
    Rewards per hand are the side's points signed so that more is better
    (``Rules.score_direction``: Buck Euchre's points count down, so they are negated); with
    ``reward="match"`` the winning side's seats get 1 and the others ``-1/(sides-1)`` when the
    match ends, nothing before.
    """

    def __init__(
        self,
        game: str,
        players: int | None,
        options: dict[str, object],
        *,
        reward: Reward = "points",
        hands: int | None = None,
    ) -> None:
        if reward not in ("points", "match"):
            raise ValueError(f"reward must be 'points' or 'match', not {reward!r}")
        self.game, self.reward, self.hands = game, reward, hands
        self.options: dict[str, Any] = dict(options)
        self.match = Match(game, players=players, seed=0, **self.options)
        self.rules = self.match.rules
        self.codec = codec_for(self.rules)
        self.actions: Actions = "tokens"
        self.num_actions = self.tail = self.codec.num_actions  # ids; the chosen tokens' block
        self.players = self.match.players
        self.pending: Pending | None = None
        self._view: JSON | None = None
        self._tensors: dict[int, bytes] = {}  # per seat, until the next action is played
        self._plan = Plan(self.rules) if self.rules.game_id in GAMES else None
        self._rummy = self.codec if isinstance(self.codec, RummyCodec) else None
        self._no_tokens = bytes(4 * self.tail)  # the chosen tokens' block, none chosen
        self._encoded_pile: tuple[int, ...] | None = None  # the pile ``_encode`` reads
        self._encode: Callable[[Action], tuple[int, ...] | None] | None = None
        self._new_decision()

    def reset(self, seed: int) -> None:
        self.match = Match(self.game, players=self.players, seed=seed, **self.options)
        self._new_decision()

    @property
    def over(self) -> bool:
        return self._over

    @property
    def to_move(self) -> int | None:
        return self._mover

    def _new_decision(self) -> None:
        """After a reset or an action played (the match is played through the table only):
        whether the episode is over, who moves, the choice of their action."""
        m = self.match
        self._over = m.is_over or (self.hands is not None and m.hand_number > self.hands)
        seat = self._mover = None if self._over else m.to_move
        self._view = None
        self._tensors = {}
        self.pending = None
        if seat is not None:
            encode = None
            if self._rummy is not None:
                pile = m.state.pile
                if pile is not self._encoded_pile:  # the pile changes about once a turn
                    self._encoded_pile, self._encode = pile, self._rummy.pile_encoder(pile)
                encode = self._encode
            self.pending = Pending(self.codec, m.legal_actions(), self._pile_view, encode)

    def _pile_view(self) -> JSON:
        """The mover's view's state, made only if an action's tokens need it (a take from
        the rummy discard pile is encoded by its depth, and reads only the pile)."""
        m = self.match
        if self._plan is not None:
            return {"discard_pile": names(m.state.pile)}
        seat = self._mover
        assert seat is not None, "asked only while a decision is owed"
        state: JSON = self.view(seat)["state"]
        return state

    def view(self, seat: int) -> JSON:
        """What observations read of ``seat``'s view (``seat_view``)."""
        if self._view is None or seat != self._view["seat"]:
            self._view = seat_view(self.match, seat)
        return self._view

    def _view_bytes(self, seat: int) -> bytes:
        """The float32 bytes of ``seat``'s view tensor, made once per position and seat; the
        rummies' straight from the state (``rummy_tensor``)."""
        found = self._tensors.get(seat)
        if found is None:
            m = self.match
            if self._plan is not None:
                found = self._plan.view_bytes(m.state, seat, m.scores)
            else:
                found = view_tensor(self.view(seat), self.rules).tobytes()
            self._tensors[seat] = found
        return found

    def observe(self, seat: int) -> Floats:
        """The observation of ``seat``: a new array each time (the caller may keep it), the
        view's tensor then the chosen tokens' block, joined as bytes (one numpy call)."""
        tail = self._no_tokens
        pending = self.pending
        if seat == self._mover and pending is not None and pending.prefix and self.tail:
            chosen = bytearray(tail)
            for t in pending.prefix:
                chosen[4 * t : 4 * t + 4] = ONE
            tail = bytes(chosen)
        return np.frombuffer(bytearray().join((self._view_bytes(seat), tail)), np.float32)

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self.pending is None or seat != self._mover:
            return np.zeros(self.codec.num_actions, np.int8)
        return self.pending.mask()

    def names(self) -> dict[int, str]:
        """What each id the mover's mask offers means: here the next tokens' names."""
        if self.pending is None:
            return {}
        return token_names(self.codec, self.pending.options, self.pending.prefix)

    def info(self) -> dict[str, Any]:
        """The mover's ``info``: ``legal_actions``, the whole legal actions in notation, and
        ``action_names``, what each id its mask offers means. Made when first read (an
        agent that never looks costs nothing), of the position it was given in."""
        pending = self.pending
        if pending is None:
            return {}
        codec, options, prefix = self.codec, pending.options, pending.prefix
        return LazyInfo(
            lambda: {
                "legal_actions": sorted(str(a) for a in options.values()),
                "action_names": token_names(codec, options, prefix),
            }
        )

    def legal(self, token: int) -> bool:
        """Whether the mover's mask offers ``token``."""
        return self.pending is not None and int(token) in self.pending.following()

    def step(self, token: int) -> list[float] | None:
        """Push one token for the seat to move; once it completes an action, play it. The
        rewards per seat when a hand (or the match) ended with it, else None."""
        assert self.pending is not None, "the episode is over"
        action: Action | None = self.pending.push(int(token))
        if action is None:
            return None
        return self.play(action)

    def play(self, action: Action) -> list[float] | None:
        """Play a whole action for the seat to move (a bot's, say); rewards as ``step``."""
        m = self.match
        number = m.hand_number
        m.play(action)
        self._new_decision()
        last = m.hands[number - 1].settlement
        if last is None:
            return None
        rules = m.rules
        if self.reward == "points":
            return [
                float(rules.score_direction * last.points[rules.side_of(s)])
                for s in range(self.players)
            ]
        if not m.is_over:
            return [0.0] * self.players
        loss = -1.0 / max(1, rules.sides - 1)
        return [1.0 if rules.side_of(s) == m.winner else loss for s in range(self.players)]


class FlatTable(TokenTable):
    """A whole action per step, one id per legal action (``actions="flat"``). Id ``t`` below
    the codec's ``num_actions`` is the action whose encoding is the one token ``t``, so its
    meaning never changes (``codec.names[t]``: Buck Euchre's every action, the rummies' draws,
    takes and discards, Royal Casino's trails). The legal actions that take several tokens
    (captures and builds, melds and lay-offs) get the ids from ``num_actions`` on, in the
    order of their token sequences (so by kind, then card); ``extra`` ids are kept for them,
    and any beyond are left out of the mask (``FLAT_EXTRA`` is above the most seen in random
    play, tests/test_research_flat.py). The observation has no chosen-tokens block."""

    def __init__(
        self,
        game: str,
        players: int | None,
        options: dict[str, object],
        *,
        reward: Reward = "points",
        hands: int | None = None,
        extra: int = FLAT_EXTRA,
    ) -> None:
        self._ids: dict[int, Action] | None = None
        super().__init__(game, players, options, reward=reward, hands=hands)
        self.actions = "flat"
        self.num_actions = self.codec.num_actions + extra
        self.tail = 0
        self._no_tokens = b""
        self.extra = extra

    def _new_decision(self) -> None:
        super()._new_decision()
        self._ids = None

    def ids(self) -> dict[int, Action]:
        """The mover's legal actions by id."""
        if self._ids is None:
            options = {} if self.pending is None else self.pending.options
            self._ids = flat_ids(options, self.codec.num_actions, self.extra)
        return self._ids

    def info(self) -> dict[str, Any]:
        pending = self.pending
        if pending is None:
            return {}
        options, base, extra = pending.options, self.codec.num_actions, self.extra
        return LazyInfo(
            lambda: {
                "legal_actions": sorted(str(a) for a in options.values()),
                "action_names": {
                    i: str(a) for i, a in sorted(flat_ids(options, base, extra).items())
                },
            }
        )

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        out = np.zeros(self.num_actions, np.int8)
        if self.pending is not None and seat == self.to_move:
            out[list(self.ids())] = 1
        return out

    def names(self) -> dict[int, str]:
        return {i: str(a) for i, a in sorted(self.ids().items())}

    def legal(self, token: int) -> bool:
        return int(token) in self.ids()

    def step(self, token: int) -> list[float] | None:
        """Play the action with id ``token`` for the seat to move; rewards as ``play``."""
        return self.play(self.ids()[int(token)])


def token_names(
    codec: Codec, options: dict[tuple[int, ...], Action], prefix: tuple[int, ...]
) -> dict[int, str]:
    """The tokens that continue ``prefix`` towards some legal action, with their names."""
    n = len(prefix)
    found = {seq[n] for seq in options if len(seq) > n and seq[:n] == prefix}
    return {t: codec.names[t] for t in sorted(found)}


def flat_ids(options: dict[tuple[int, ...], Action], base: int, extra: int) -> dict[int, Action]:
    """``FlatTable``'s ids of the legal actions (their token sequences in ``options``)."""
    found = {seq[0]: a for seq, a in options.items() if len(seq) == 1}
    longer = sorted(seq for seq in options if len(seq) > 1)
    for i, seq in enumerate(longer[:extra]):
        found[base + i] = options[seq]
    return found


class LazyInfo(dict[str, Any]):
    """An ``info`` dict made when first read: ``make`` gives its items then. A step's info
    is built for every step, and most agents never read it."""

    def __init__(self, make: Callable[[], dict[str, Any]]) -> None:
        # (dict's own __init__ has nothing to do: the dict is empty until first read)
        self._make: Callable[[], dict[str, Any]] | None = make

    def _fill(self) -> None:
        if self._make is not None:
            make, self._make = self._make, None
            super().update(make())

    def __getitem__(self, key: str) -> Any:
        self._fill()
        return super().__getitem__(key)

    def __setitem__(self, key: str, value: Any) -> None:
        self._fill()
        super().__setitem__(key, value)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return super().__iter__()

    def __len__(self) -> int:
        self._fill()
        return super().__len__()

    def __eq__(self, other: object) -> bool:
        self._fill()
        return super().__eq__(other)

    __hash__ = None

    def __repr__(self) -> str:
        self._fill()
        return super().__repr__()

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return super().get(key, default)

    def keys(self) -> Any:
        self._fill()
        return super().keys()

    def items(self) -> Any:
        self._fill()
        return super().items()

    def values(self) -> Any:
        self._fill()
        return super().values()

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(super().items())


def make_table(
    game: str,
    players: int | None,
    options: dict[str, object],
    *,
    reward: Reward = "points",
    hands: int | None = None,
    actions: Actions = "tokens",
) -> TokenTable:
    """The table an environment plays on: one token per step, or one whole action."""
    if actions == "flat":
        return FlatTable(game, players, options, reward=reward, hands=hands)
    if actions != "tokens":
        raise ValueError(f"actions must be 'tokens' or 'flat', not {actions!r}")
    return TokenTable(game, players, options, reward=reward, hands=hands)
