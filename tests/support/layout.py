"""Table states for the layout tests, reached from stacked decks, and the page fed them.

A state is a match whose first hand is dealt from a stacked deck (tests/support/royal_casino.py,
buck_euchre.py, rummy.py) and then played on by a seeded random player until seat 0 is to
move in the position wanted (a build on the table, a trick under way, melds to lay off on, a
Rummy call, a deep discard pile): the same position every run. The table page is served by the
one card room of the browser tests; its WebSocket is answered here (Playwright's
``route_web_socket``) with the messages the room would send for that state (welcome, state,
a seat away where the state asks for one, and a refusal of the move the page sends); the moves
the page sends are kept.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from cardtable import Match
from cardtable.core.errors import IllegalActionError, NotationError
from tests.support import buck_euchre as be
from tests.support import royal_casino as rc
from tests.support.rummy import rummy_match

Want = Callable[[Match], bool]
_ids = itertools.count(1)


def state(m: Match) -> dict[str, Any]:
    return dict(m.view(0)["state"])


def reach(make: Callable[[], Match], want: Want, what: str, tries: int = 400) -> Match:
    """Play ``make()``'s match on with a seeded random player until ``want`` holds (seat 0 to
    move); the first seed that gets there, so the position is the same every run."""
    for seed in range(tries):
        m, dice = make(), random.Random(seed)
        for _ in range(800):
            if m.is_over:
                break
            if m.to_move == 0 and want(m):
                return m
            m.play(dice.choice(m.legal_actions()))
    raise AssertionError(f"no seed reached {what}")


# -- the first deals -------------------------------------------------------------------------
def rc_deal(players: int = 2) -> Match:
    hands = ["9c 5h Kd 2s", "Ts 4c 7d Qh", "3d 8s Jc 6h", "Ac 9d 2h 5c"][:players]
    return rc.deal(players - 1, hands, "4d 5s Th 3c")


def be_deal() -> Match:
    hands = ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd", "Kd Ad 9h Th Jh", "Qh Kh Ah 9s Ts"]
    return be.deal(3, hands, "Js", "Qs Ks As")


def rummy_deal(game: str, players: int) -> Callable[[], Match]:
    hands = ["5h 6h 7h Kc Kd 2s 9c", "3c 4c 5c Qh Qs 8d Ad", "Jh Js Jd 4s 6s 8s Tc"][:players]

    def make() -> Match:
        return rummy_match(game, hands, "9h", "7c 2d Th 3s")

    return make


def melds(m: Match) -> int:
    return len(state(m).get("melds") or [])


def dig(m: Match) -> bool:
    s = state(m)
    pile = s.get("discard_pile") or []
    deep = [str(a) for a in m.legal_actions() if str(a).startswith("take ")]
    return (
        s.get("phase") == "draw"
        and len(pile) >= 10
        and any(a.split()[1] in pile[: len(pile) - 4] for a in deep)
    )


def summary(m: Match) -> bool:
    """A new hand whose first move is seat 0's: the move before ended the last hand, so the
    page shows that hand's summary (a page opened later on leaves an old one closed)."""
    return m.hand_number >= 2 and m.view(0).get("last_hand") is not None and not m.hands[-1].played


def ended(m: Match) -> dict[str, Any]:
    """The move that ended the last hand, as the state message's ``last`` tells seat 0."""
    last = m.view(0)["last_hand"]
    assert last is not None, "no hand has ended"
    return _told(m, m.hands[-2], last["number"])


def latest(m: Match) -> dict[str, Any] | None:
    """The latest move, as the state message's ``last`` tells seat 0 (None before the first)."""
    if m.hands[-1].played:
        return _told(m, m.hands[-1], m.hand_number)
    return ended(m) if m.hand_number >= 2 else None


def _told(m: Match, hand: Any, number: int) -> dict[str, Any]:
    seat, action = hand.seats[-1], str(hand.played[-1])
    public = seat == 0 or m.rules.public_action(m.rules.parse_action(action)) == action
    by = "human" if seat == 0 else "heuristic"
    return {"seat": seat, "action": action if public else None, "by": by, "hand": number,
            "version": m.action_count}  # fmt: skip


# Each game's states: a name and how to reach it. Every game has "turn" (plain), "refusal" and
# "away" (the same position with a refusal shown, or a person's seat away), "summary" (the
# last hand's summary open at the next deal); Rummy 500 adds a Rummy call and a dig.
def positions(game: str) -> dict[str, Callable[[], Match]]:
    if game == "royal-casino":
        turn: Callable[[], Match] = lambda: reach(  # noqa: E731
            rc_deal,
            lambda m: len(state(m)["loose"]) >= 3 and len(state(m)["builds"]) >= 1,
            "a build on the table",
        )
        return {"turn": turn, "summary": lambda: reach(rc_deal, summary, "a second deal")}
    if game == "buck-euchre":
        return {
            "turn": lambda: reach(be_deal, lambda m: state(m)["phase"] == "order", "bidding"),
            "trick": lambda: reach(
                be_deal,
                lambda m: state(m)["phase"] == "play" and sum(map(bool, state(m)["trick"])) >= 2,
                "a trick under way",
            ),
            "summary": lambda: reach(be_deal, summary, "a second deal"),
        }
    players = 3 if game == "rummy-500" else 2
    make = rummy_deal(game, players)
    found = {
        "turn": lambda: reach(
            make, lambda m: state(m)["phase"] == "play" and melds(m) >= 2, "two melds"
        ),
        "summary": lambda: reach(make, summary, "a second deal"),
    }
    if game == "rummy-500":  # digging (R5-6, R5-7) and calling Rummy (R5-10) are Rummy 500's
        found["dig"] = lambda: reach(make, dig, "a deep discard pile")
        found["call"] = lambda: reach(
            make, lambda m: state(m)["phase"] == "rummy call", "a Rummy call"
        )
    return found


# -- what the room would send ------------------------------------------------------------------
def refusal(m: Match) -> dict[str, Any]:
    """A real refusal at this position: the first illegal move made of a card in hand."""
    hand = state(m).get("hand") or []
    for verb, card in itertools.product(("play", "discard", "trail", "layoff", "order"), hand):
        text = f"{verb} {card}" + (" on 1" if verb == "layoff" else "")
        try:
            m.check(text)
        except IllegalActionError as e:
            found = {"type": "error", "code": "illegal", "message": e.reason, "tried": text}
            return {**found, "rule": e.rule, "position": None, "key": e.key, "params": e.params}
        except NotationError:
            continue
    raise AssertionError("no illegal move found")


@dataclass
class Table:
    """A table in one position, as the page will be told it."""

    game: str
    match: Match
    refused: dict[str, Any] | None = None  # the answer to a move sent (a refusal)
    away: bool = False
    last: dict[str, Any] | None = None  # the latest move, as the state message tells it
    sent: list[str] = field(default_factory=list)  # the moves the page sent, in order
    id: str = field(default_factory=lambda: f"layout{next(_ids)}")

    def seats(self) -> list[dict[str, Any]]:
        found = []
        for seat in range(self.match.players):
            person = seat == 0 or (self.away and seat == 1)
            found.append(
                {
                    "seat": seat,
                    "kind": "human" if person else "heuristic",
                    "claimed": True,
                    "connected": seat == 0,
                    "stand_in": None,
                    "takeover_in": 25.0 if person and seat != 0 else None,
                    "name": None,
                    "player": None,
                }
            )
        return found

    def messages(self) -> list[dict[str, Any]]:
        m = self.match
        version = m.action_count
        seats = self.seats()
        summary = {
            "id": self.id,
            "game": m.game_id,
            "title": m.rules.title,
            "players": m.players,
            "options": dict(m.rules.options),
            "status": "running",
            "seats": seats,
            "version": version,
            "hand_number": m.hand_number,
            "scores": list(m.scores),
            "winner": m.winner,
            "created_at": "2026-01-01T00:00:00+00:00",
            "pace": 0.8,
        }
        welcome = {"type": "welcome", "seq": 1, "table": summary, "seat": 0, "version": version}
        view = json.loads(json.dumps(m.view(0)))
        told = {
            "type": "state",
            "table": self.id,
            "version": version,
            "status": "running",
            "seats": seats,
            "last": self.last,
            "view": view,
        }
        return [welcome, told]

    def state(self) -> dict[str, Any]:
        """The state message alone (a later push)."""
        return self.messages()[1]


def serve(p: Page, table: Table) -> list[WebSocketRoute]:
    """Answer the page's WebSocket as the room would for ``table``; the sockets answered (a
    test may push later states down them)."""
    sockets: list[WebSocketRoute] = []

    def answer(ws: WebSocketRoute) -> None:
        sockets.append(ws)

        def heard(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "hello":
                for out in table.messages():
                    ws.send(json.dumps(out))
            elif msg.get("type") == "play":
                table.sent.append(str(msg.get("action")))
                if table.refused is not None:
                    ws.send(json.dumps({**table.refused, "seq": msg["seq"]}))

        ws.on_message(heard)

    p.route_web_socket("**/ws", answer)
    return sockets
