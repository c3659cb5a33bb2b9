"""A tiny trick game used only to test the core without depending on a real game.

Two players, eight cards (A-4 of clubs and diamonds), two cards each; the player after the
dealer leads, the other plays; the higher rank takes the trick (the leader on equal rank).
First to ``target`` tricks wins the match; equal totals at or over it play on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.core.cards import card_str, cards_of, parse_card, rank_of
from cardtable.core.errors import IllegalActionError, NotationError
from cardtable.core.game import JSON, Action, OptionSpec, Rules, Settlement
from cardtable.core.registry import register

DECK = (0, 1, 2, 3, 13, 14, 15, 16)


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class ToyState:
    hands: tuple[int, int]
    stock: tuple[int, ...]
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    won: tuple[int, int]
    leak: bool


@register
class ToyRules(Rules[ToyState]):
    game_id = "toy-high-card"
    title = "Toy High Card"
    listed = False
    player_counts = (2,)
    default_players = 2
    option_specs = (
        OptionSpec("target", 3, "tricks to win", low=1, high=99),
        OptionSpec("leak", False, "a deliberately broken view, to test the leak check"),
    )

    def deck(self) -> tuple[int, ...]:
        return DECK

    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> ToyState:
        first = (dealer + 1) % 2
        hands = [0, 0]
        for i in range(4):
            hands[(first + i) % 2] |= 1 << deck[i]
        return ToyState(
            (hands[0], hands[1]),
            tuple(deck[4:]),
            first,
            first,
            (),
            (0, 0),
            bool(self.options["leak"]),
        )

    def to_move(self, state: ToyState) -> int | None:
        return state.turn

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.turn is None:
            return []
        acts: list[Action] = [Play(c) for c in cards_of(state.hands[state.turn])]
        return sorted(acts, key=str)

    def apply(self, state: ToyState, action: Action) -> ToyState:
        assert isinstance(action, Play) and state.turn is not None
        seat = state.turn
        hands = list(state.hands)
        hands[seat] &= ~(1 << action.card)
        trick = (*state.trick, action.card)
        if len(trick) < 2:
            return ToyState(
                (hands[0], hands[1]),
                state.stock,
                state.leader,
                1 - seat,
                trick,
                state.won,
                state.leak,
            )
        winner = state.leader if rank_of(trick[0]) >= rank_of(trick[1]) else 1 - state.leader
        won = list(state.won)
        won[winner] += 1
        turn = winner if hands[0] else None
        return ToyState(
            (hands[0], hands[1]), state.stock, winner, turn, (), (won[0], won[1]), state.leak
        )

    def explain(self, state: ToyState, action: Action) -> IllegalActionError:
        return IllegalActionError(
            f"{action} is not possible: that card is not in your hand", "C-5", str(action)
        )

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "play":
            raise NotationError("expected 'play CARD'", text)
        return Play(parse_card(words[1]))

    def settle(self, state: ToyState, scores: tuple[int, ...]) -> Settlement:
        points = state.won
        after = (scores[0] + points[0], scores[1] + points[1])
        target = int(self.options["target"])  # type: ignore[call-overload]
        winner = None
        if max(after) >= target and after[0] != after[1]:
            winner = 0 if after[0] > after[1] else 1
        return Settlement(points, after, {"tricks": list(points), "total": list(points)}, winner)

    def view(self, state: ToyState, seat: int | None) -> JSON:
        return {
            "hand": [] if seat is None else [card_str(c) for c in cards_of(state.hands[seat])],
            "hand_sizes": [h.bit_count() for h in state.hands],
            "trick": [card_str(c) for c in state.trick],
            "won": list(state.won),
            "stock": [card_str(c) for c in state.stock] if state.leak else len(state.stock),
        }

    def zones(self, state: ToyState) -> dict[str, list[int]]:
        return {
            "hand 0": cards_of(state.hands[0]),
            "hand 1": cards_of(state.hands[1]),
            "stock": list(state.stock),
            "played": [
                c
                for c in DECK
                if c not in state.stock and not (state.hands[0] | state.hands[1]) >> c & 1
            ],
        }

    def hidden(self, state: ToyState, seat: int | None) -> list[int]:
        others = [s for s in (0, 1) if s != seat]
        return [*state.stock, *(c for s in others for c in cards_of(state.hands[s]))]
