"""The rummy strategy (Rummy 500 and Queen City Rum) a good club player would recognise.

``HeuristicBot`` reads only the seat's view and the legal actions (their notation). It plans
with the best split of its hand into melds (``best_melds``: an exact search over the sets and
runs the hand can make, jokers filling gaps) plus the cards it could lay off on the table:

- **Draw.** Take the top discard only when it melds or lays off at once, or joins a pair or a
  near-run in hand and the hand is still better after the turn's discard (else two such
  players could pass one card back and forth for ever); dig deeper (R5-7) only when the
  cards taken meld and their points pay for the dead weight that comes with them (late in the
  hand every dead card counts against you, R5-12). Otherwise draw; with an empty stock,
  ``end`` unless a take pays (R5-11, QC-8).
- **Meld and lay off.** Required cards first (R5-7, R5-10). Then every meld and lay-off that
  keeps the best split of the hand: melded points score, cards held count against you (R5-12)
  or go to the opponent who goes out (QC-7). Going out is always taken when offered.
- **Discard** what helps opponents least: never a card that extends a meld on the table (it
  would be laid off, R5-9) or that an opponent is known to collect (cards seen taken from the
  pile, C-6: same rank or a near neighbour in suit); keep pairs and near-runs; shed high cards
  that are dead weight, and more eagerly as the stock runs down.
- **Rummy calls** (R5-10): call when the cards taken pay, as for a take.
- **Queen City Rum**: going out needs a meld of one's own (QC-6); until then the bot keeps two
  cards, and it values going out at the 25 bonus plus the opponent's hand (QC-7).

``playout`` is the search bot's fast policy. It is the one function here that reads a game
state, and it is only ever given a *sampled* world (``Rules.determinize``), never the real
hidden cards: the same plan in a cheap form (meld the biggest meld, lay off, take the top
discard only when it lays off or pairs, discard the highest loose card).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cardtable.core.cards import JOKER, parse_card
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.rummy import actions as _playout_actions
from cardtable.games.rummy import hands as _playout_hands
from cardtable.games.rummy.views import MeldView, RummyOptions, RummyView, rummy_view

# -- card values ---------------------------------------------------------------------------------


def card_values(game: str, options: RummyOptions) -> tuple[tuple[int, ...], int]:
    """Points of each face (index 52: the joker) and of a low ace in a run (R5-2, QC-3)."""
    five_ten = options.get("scoring") == "5-10-15"
    values = []
    for c in range(52):
        r = c % 13
        if r == 0:
            values.append(15)
        elif r >= 9:
            values.append(10)
        else:
            values.append(5 if five_ten else r + 1)
    values.append(15)
    low_ace = 15 if game == "queen-city-rum" else (5 if five_ten else 1)
    return tuple(values), low_ace


# -- melds in a hand -----------------------------------------------------------------------------


def _pos_face(suit: int, pos: int) -> int:
    return suit * 13 + (0 if pos == 13 else pos)


def _melds_with(
    first: int, rest: tuple[int, ...], jokers: int, values: tuple[int, ...], low_ace: int
) -> list[tuple[int, tuple[int, ...], int]]:
    """Every meld holding ``first`` with other cards from ``rest`` and up to ``jokers``
    jokers (R5-4, R5-5, QC-5): (points, naturals used besides ``first``, jokers used)."""
    out: list[tuple[int, tuple[int, ...], int]] = []
    have = set(rest)
    suit, rank = divmod(first, 13)
    # sets: ``first`` and some of the other suits of its rank
    others = [
        suit2 * 13 + rank for suit2 in range(4) if suit2 != suit and suit2 * 13 + rank in have
    ]
    n = len(others)
    for bits in range(1 << n):
        chosen = tuple(others[i] for i in range(n) if bits >> i & 1)
        size = 1 + len(chosen)
        for j in range(0, min(jokers, 4 - size) + 1):
            if size + j >= 3:
                pts = values[first] + sum(values[c] for c in chosen) + j * values[JOKER]
                out.append((pts, chosen, j))
    # runs: windows of positions holding ``first`` (an ace is position 0 or 13)
    positions = (0, 13) if rank == 0 else (rank,)
    for p in positions:
        for lo in range(max(0, p - 12), p + 1):
            if lo == 0 and p == 13:
                continue
            missing = 0
            used: list[int] = []
            ok = True
            for pos in range(lo, p):
                f = _pos_face(suit, pos)
                if f in have:
                    used.append(f)
                else:
                    missing += 1
                if missing > jokers:
                    ok = False
                    break
            if not ok:
                continue
            for hi in range(p, 14):
                if hi > p:
                    f = _pos_face(suit, hi)
                    if lo == 0 and hi == 13:
                        break
                    if f in have and f != first:
                        used.append(f)
                    else:
                        missing += 1
                        if missing > jokers:
                            break
                if hi - lo + 1 >= 3:
                    pts = sum(low_ace if (lo == 0 and c % 13 == 0) else values[c] for c in used)
                    pts += low_ace if lo == 0 and rank == 0 else values[first]
                    pts += missing * values[JOKER]
                    out.append((pts, tuple(used), missing))
    return out


@lru_cache(maxsize=200_000)
def best_melds(
    cards: tuple[int, ...], jokers: int, values: tuple[int, ...], low_ace: int
) -> tuple[int, tuple[int, ...], int]:
    """The split of a hand (sorted natural faces, and jokers) into melds that scores most:
    (points melded, the faces left over, jokers left over). Exact: the lowest card is either
    left over or in one of the melds holding it."""
    if not cards:
        return 0, (), jokers
    first, rest = cards[0], cards[1:]
    pts, left, jl = best_melds(rest, jokers, values, low_ace)
    best = (pts, (first, *left), jl)
    for mpts, used, j in _melds_with(first, rest, jokers, values, low_ace):
        remaining = list(rest)
        for c in used:
            remaining.remove(c)
        p2, l2, j2 = best_melds(tuple(remaining), jokers - j, values, low_ace)
        if mpts + p2 > best[0]:
            best = (mpts + p2, l2, j2)
    return best


# -- the table -----------------------------------------------------------------------------------


def _placed(name: str) -> int:
    """The face a meld card stands for (``Jo=7h`` stands for 7h)."""
    return parse_card(name[3:] if name.startswith("Jo=") else name)


def open_faces(melds: list[MeldView]) -> set[int]:
    """Faces that extend a meld on the table now (R5-9): the ends of runs, missing suits of
    sets."""
    out: set[int] = set()
    for m in melds:
        faces = [_placed(n) for n in m["cards"]]
        if m["kind"] == "set":
            if len(faces) < 4:
                rank = faces[0] % 13
                out |= {s * 13 + rank for s in range(4)} - set(faces)
            continue
        suit = faces[0] // 13
        lo = faces[0] % 13
        hi = faces[-1] % 13
        hi = 13 if hi == 0 else hi  # an ace last is high
        if lo > 0:
            out.add(_pos_face(suit, lo - 1))
        if hi < 13 and not (lo == 0 and hi == 12):
            out.add(_pos_face(suit, hi + 1))
    return out


def layoffs(cards: Sequence[int], opens: set[int]) -> list[int]:
    """The cards of ``cards`` that could be laid off one after another (a laid-off 8h opens
    9h)."""
    opens = set(opens)
    left = list(cards)
    out: list[int] = []
    changed = True
    while changed:
        changed = False
        for c in list(left):
            if c in opens:
                out.append(c)
                left.remove(c)
                opens.discard(c)
                suit, rank = divmod(c, 13)
                for d in (-1, 1):
                    r = rank + d
                    if 0 <= r <= 13:
                        f = _pos_face(suit, r)
                        if f not in out and f in range(52):
                            opens.add(f)
                changed = True
    return out


# -- the bot -------------------------------------------------------------------------------------


class _Position:
    """What the bot reads from a view, computed once per decision."""

    def __init__(self, view: View) -> None:
        whole = rummy_view(view)
        st: RummyView = whole["state"]
        self.game = whole["game"]
        self.qc = self.game == "queen-city-rum"
        self.seat = own_seat(whole)
        self.values, self.low_ace = card_values(self.game, whole["options"])
        self.hand = [parse_card(n) for n in st["hand"] or ()]
        self.pile = [parse_card(n) for n in st["discard_pile"]]
        self.stock = st["stock"]
        self.melds = st["melds"]
        self.opens = open_faces(self.melds)
        self.must_use = [parse_card(n) for n in st["must_use"]]
        self.has_melded = self.seat in st["has_melded"]
        # cards the others are known to collect (C-6)
        self.collected = [
            parse_card(n) for s, k in enumerate(st["known"]) if s != self.seat for n in k
        ]
        total = whole["options"].get("hand_size") or (10 if self.qc else 13)
        self.hand_size = total
        # how much a dead card hurts: more as the stock runs down
        self.late = 1.0 if self.stock < 12 else 0.6 if self.stock < 22 else 0.35

    def plan(self, cards: Sequence[int]) -> tuple[int, list[int], int]:
        """Points that can be placed from ``cards`` (melds, then lay-offs) and what is left."""
        naturals = tuple(sorted(c for c in cards if c != JOKER))
        jokers = len(cards) - len(naturals)
        pts, left, jl = best_melds(naturals, jokers, self.values, self.low_ace)
        laid = layoffs(left, self.opens)
        pts += sum(self.values[c] for c in laid)
        rest = list(left)
        for c in laid:
            rest.remove(c)
        if jl and self.melds:  # a joker can always be laid off on some meld
            pts += jl * self.values[JOKER]
            jl = 0
        rest += [JOKER] * jl
        return pts, rest, pts

    def potential(self, loose: Sequence[int]) -> float:
        """What loose cards may still become: pairs and near-runs."""
        score = 0.0
        natural = [c for c in loose if c != JOKER]
        for i, a in enumerate(natural):
            for b in natural[i + 1 :]:
                score += self.link(a, b)
        return score

    @staticmethod
    def link(a: int, b: int) -> float:
        """How close two cards are to a meld: a pair, or neighbours in suit."""
        if a % 13 == b % 13:
            return 4.0
        if a // 13 == b // 13:
            gap = abs(a % 13 - b % 13)
            if gap == 12:  # ace and king
                gap = 1
            return 4.0 if gap == 1 else 2.0 if gap == 2 else 0.0
        return 0.0

    def worth(self, cards: Sequence[int]) -> float:
        """How good holding ``cards`` is: placeable points, minus dead weight, plus promise."""
        pts, rest, _ = self.plan(cards)
        dead = sum(self.values[c] for c in rest)
        weight = self.late if not self.qc else 0.5 * self.late
        return pts - weight * dead + (1.0 - self.late) * self.potential(rest)

    def better_after_discard(self, cards: Sequence[int], taken: int, now: float) -> bool:
        """Whether ``cards`` (the hand and the top discard just taken, some of them left over
        by the plan) still beat ``now`` once the turn's discard is made: the taken card may
        not be that discard (R5-8, QC-4), and a stock draw can always be thrown back, so a
        take must leave more than the hand had."""
        left = list(cards)
        best = float("-inf")
        for c in set(cards) - {taken}:
            left.remove(c)
            best = max(best, self.worth(left))
            left.append(c)
        return best > now


def _words(action: Action) -> list[str]:
    return str(action).split()


def _cards_named(words: list[str]) -> list[int]:
    """The cards of a meld or lay-off's notation (``Jo=7h`` is the joker)."""
    out = []
    for w in words:
        if w == "on":
            break
        out.append(JOKER if w.startswith("Jo") else parse_card(w))
    return out


class HeuristicBot:
    """The club player's rummy (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        pos = _Position(view)
        verbs = {_words(a)[0] for a in legal}
        if "discard" in verbs or "meld" in verbs or "layoff" in verbs:
            return self._play(pos, legal)
        if "rummy" in verbs or "pass" in verbs:
            return self._take(pos, legal, "pass")
        return self._take(pos, legal, "draw" if "draw" in verbs else "end")

    # -- drawing -------------------------------------------------------------------------------
    def _take(self, pos: _Position, legal: Sequence[Action], fallback: str) -> Action:
        """Take (or call Rummy) when the cards taken pay; else draw, end or pass."""
        now = pos.worth(pos.hand)
        # what a fresh stock card is worth on average, roughly: a take must beat it
        best_gain, best_text = (2.0 if fallback == "draw" else 0.0), fallback
        for a in legal:
            w = _words(a)
            if w[0] not in ("take", "rummy"):
                continue
            card = parse_card(w[-1])
            nth = 2 if len(w) == 3 else 1
            depth = self._depth(pos.pile, card, nth)
            taken = pos.pile[-depth:]
            cards = pos.hand + taken
            rest = pos.plan(cards)[1]
            deep = taken[0]
            if deep in rest and (depth > 1 or fallback != "draw"):
                continue  # the deepest card must be used at once (R5-7): this plan does not
            gain = pos.worth(cards) - now
            if depth == 1 and fallback == "draw":
                # the top card alone: worth it when it melds, lays off or joins a near-meld
                if deep in rest and not any(pos.link(deep, c) for c in pos.hand):
                    continue
                if rest and not pos.better_after_discard(cards, deep, now):
                    continue  # a swap a stock draw matches: two such players would trade forever
                # (with nothing left over everything melds or lays off: no discard is owed)
            elif depth > 1:
                gain -= 1.5 * depth * (1.0 - pos.late)  # a fat hand is a slow hand early on
            if gain > best_gain:
                best_gain, best_text = gain, str(a)
        best = (best_gain, best_text)
        for a in legal:
            if str(a) == best[1]:
                return a
        return legal[0]

    @staticmethod
    def _depth(pile: list[int], card: int, nth: int) -> int:
        seen = 0
        for d in range(1, len(pile) + 1):
            if pile[-d] == card:
                seen += 1
                if seen == nth:
                    return d
        return 1

    # -- melding, laying off, discarding -----------------------------------------------------
    def _play(self, pos: _Position, legal: Sequence[Action]) -> Action:
        placing = [a for a in legal if _words(a)[0] in ("meld", "layoff")]
        discards = [a for a in legal if _words(a)[0] == "discard"]
        if pos.must_use:
            needed = [a for a in placing if set(_cards_named(_words(a)[1:])) & set(pos.must_use)]
            if needed:
                placing = needed
                discards = []
        if placing:
            base = pos.plan(pos.hand)[0]
            scored = []
            for a in placing:
                w = _words(a)
                cards = _cards_named(w[1:])
                left = list(pos.hand)
                for c in cards:
                    left.remove(c)
                if w[0] == "meld":
                    put = self._meld_points(pos, w[1:])
                else:
                    face = _placed(w[1])
                    put = pos.values[JOKER] if w[1].startswith("Jo") else pos.values[face]
                after = put + pos.plan(left)[0]
                out_bonus = 30 if not left else 0
                scored.append((after + out_bonus, len(cards), str(a), a))
            scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
            top = scored[0]
            if top[0] >= base or not discards:
                return top[3]
        return self._discard(pos, discards)

    @staticmethod
    def _meld_points(pos: _Position, words: list[str]) -> int:
        faces = [_placed(w) for w in words]
        run = len({f // 13 for f in faces}) == 1 and len({f % 13 for f in faces}) > 1
        low = run and any(f % 13 == 0 for f in faces) and any(f % 13 == 1 for f in faces)
        pts = 0
        for w, f in zip(words, faces, strict=True):
            if w.startswith("Jo"):
                pts += pos.values[JOKER]
            elif low and f % 13 == 0:
                pts += pos.low_ace
            else:
                pts += pos.values[f]
        return pts

    def _discard(self, pos: _Position, discards: Sequence[Action]) -> Action:
        hand = pos.hand
        scored = []
        for a in discards:
            c = parse_card(_words(a)[1])
            rest = list(hand)
            rest.remove(c)
            keep = pos.worth(hand) - pos.worth(rest)  # what holding the card adds
            danger = 0.0
            if c == JOKER:
                danger += 100.0
            elif c in pos.opens:
                danger += 60.0  # it would be laid off by the next player (R5-9)
            else:
                for k in pos.collected:
                    if k != JOKER:
                        danger += 3.0 * pos.link(c, k) + (20.0 if k % 13 == c % 13 else 0.0)
                for p in pos.pile:  # it makes a meld with the pile: a dig for the next player
                    if p != JOKER and pos.link(c, p) >= 4.0:
                        danger += 2.0
            scored.append((keep + danger - 0.2 * pos.values[c] * pos.late, str(a), a))
        scored.sort(key=lambda t: (t[0], t[1]))
        return scored[0][2]


# -- the playout policy (sampled worlds only) ----------------------------------------------------

_playout_Meld = _playout_actions.Meld
_playout_Layoff = _playout_actions.Layoff
_playout_Discard = _playout_actions.Discard
_playout_Take = _playout_actions.Take
_playout_NAT = _playout_hands.NAT
_playout_DRAW: Action = _playout_actions.DRAW
_playout_TAKE_TOP: tuple[Action, ...] = _playout_actions.TAKE_TOP


def _playout_near_masks() -> tuple[int, ...]:
    """Per face, the faces that pair with it or neighbour it in suit."""
    out = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        m = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
        if rank > 0:
            m |= 1 << (c - 1)
        if rank < 12:
            m |= 1 << (c + 1)
        out.append(m)
    return tuple(out)


_playout_NEAR = _playout_near_masks()


def playout(rules: Any, state: Any, rng: random.Random) -> Action:
    """The search bot's fast policy, given a *sampled* world (see the module docstring)."""
    phase = state.phase
    if phase == 0 and state.top < len(state.deck):
        # drawing with cards in the stock: the draw is always legal, and so is the top
        # discard whenever another card stays in hand (R5-6, QC-4); no need to list the digs
        hand = state.hands[state.turn]
        nat = hand & _playout_NAT
        pile = state.pile
        if pile:
            top: int = pile[-1]
            if top != JOKER and nat & ~(1 << top):
                if state.table.open >> top & 1 or (nat & _playout_NEAR[top]).bit_count() >= 2:
                    return _playout_TAKE_TOP[top]
            elif top == JOKER and nat:
                return _playout_TAKE_TOP[top]
        return _playout_DRAW
    legal: list[Action] = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if phase == 1:  # playing: meld the biggest, lay off, then discard
        best_meld = None
        layoff = None
        discards = []
        for a in legal:
            if isinstance(a, _playout_Meld):
                if best_meld is None or a.size > best_meld.size:
                    best_meld = a
            elif isinstance(a, _playout_Layoff):
                if layoff is None:
                    layoff = a
            elif isinstance(a, _playout_Discard):
                discards.append(a)
        if best_meld is not None:
            return best_meld
        if layoff is not None:
            return layoff
        return _playout_discard(rules, state, discards)
    if phase == 0:  # the stock is empty: take only what can be used, else end
        takes = [a for a in legal if isinstance(a, _playout_Take)]
        return rng.choice(takes) if takes and rng.random() < 0.5 else first
    return first  # a Rummy call is asked: pass


def _playout_discard(rules: Any, state: Any, discards: list[Any]) -> Action:
    """The highest card with no partner in hand, that lays off nowhere on the table."""
    hand = state.hands[state.turn] & _playout_NAT
    opens = state.table.open
    values = rules.variant.values
    best: Action = discards[0]
    best_score = -1000
    for a in discards:
        c = a.card
        if c == JOKER:
            score = -500
        else:
            near = (hand & _playout_NEAR[c]).bit_count()
            score = values[c] - 8 * near - (40 if opens >> c & 1 else 0)
        if score > best_score:
            best, best_score = a, score
    return best
