"""A single-agent Gymnasium environment: one seat learns, our bots play the others.

Observations, actions (one token per step, or with ``actions="flat"`` one whole action) and
rewards are those of the PettingZoo environment (``cardtable.research.pettingzoo``), for the
learning seat: the reward of a step is what that seat earned in the hands that ended during
it (the bots' moves included). ``info`` names the legal actions and what each id of the mask
means (``TokenTable.info``).

Examples:
    >>> import gymnasium
    >>> import cardtable.research  # registers cardtable/RoyalCasino-v0 … QueenCityRum-v0
    >>> e = gymnasium.make("cardtable/BuckEuchre-v0", opponents="random")
    >>> obs, info = e.reset(seed=3)
    >>> obs["observation"].shape, int(e.action_space.n), info["legal_actions"]
    ((739,), 56, ['order', 'pass'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
from gymnasium import spaces

from cardtable.bots import make_bot
from cardtable.research.table import Actions, Reward, make_table, observation_space


class CardtableGym(gymnasium.Env[dict[str, Any], Any]):
    """``seat`` learns; ``opponents`` is a bot level for every other seat, or one per seat
    (the learning seat's entry ignored). A token outside the action mask changes nothing and
    earns ``illegal_reward`` (``info["illegal_action"]``)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - as Env declares it

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        *,
        reward: Reward = "points",
        hands: int | None = None,
        actions: Actions = "tokens",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: object,
    ) -> None:
        self.illegal_reward = illegal_reward
        self.table = make_table(
            game_id, players, dict(options), reward=reward, hands=hands, actions=actions
        )
        n = self.table.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}")
        self.seat = seat
        levels = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(levels) != n:
            raise ValueError(f"give one opponent level, or one per seat ({n})")
        self.levels = levels
        self.render_mode = render_mode
        self.observation_space = observation_space(self.table)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._seeds = random.Random()

    def _obs(self) -> dict[str, Any]:
        return {
            "observation": self.table.observe(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def _others(self) -> float:
        """Let the bots play until the learning seat is to move or the episode ends."""
        earned = 0.0
        t = self.table
        while not t.over and t.to_move != self.seat:
            seat = t.to_move
            assert seat is not None
            m = t.match
            got = t.play(self.bots[seat].choose(m.view(seat), m.legal_actions()))
            earned += got[self.seat] if got else 0.0
        return earned

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table.reset(self._seeds.randrange(2**32))
        self.bots = [
            make_bot(self.table.game, level, self._seeds.randrange(2**32)) for level in self.levels
        ]
        self._others()
        return self._obs(), self.table.info()

    def step(self, action: int) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        if not self.table.legal(int(action)):
            info = {**self.table.info(), "illegal_action": True}
            return self._obs(), self.illegal_reward, self.table.over, False, info
        got = self.table.step(int(action))
        reward = got[self.seat] if got else 0.0
        reward += self._others()
        return self._obs(), reward, self.table.over, False, self.table.info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from cardtable.research.pettingzoo import ansi

        return ansi(self.table.match.view(self.seat))


def env(
    game_id: str,
    players: int | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    **options: Any,
) -> CardtableGym:
    """The Gymnasium environment of ``game_id`` for ``seat`` against ``opponents``."""
    return CardtableGym(game_id, players, seat, opponents, **options)
