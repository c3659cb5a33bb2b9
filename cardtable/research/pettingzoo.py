"""The four games as PettingZoo AEC environments.

Agents are ``player_0 …`` (seat order). Each step is one token of the game's action encoding
(``cardtable.research.actions``): a multi-token action (a Royal Casino capture, a rummy meld)
is chosen in successive steps of the same agent, and ``action_mask`` offers only tokens that
continue a legal action. Observations are ``{"observation", "action_mask"}``; the observation
is ``view_tensor`` of the agent's own view followed by the tokens already chosen.

Examples:
    >>> from cardtable.research.pettingzoo import env
    >>> e = env("queen-city-rum")
    >>> e.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
    ('player_0', (989,), True)
"""

from __future__ import annotations

import io
import random
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from cardtable.cli import render
from cardtable.core.views import View
from cardtable.research.table import Actions, Reward, make_table, observation_space


class CardtableEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A match (or ``hands`` hands) of one game; see the module docstring and
    ``TokenTable`` for the rewards."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cardtable_v0",  # each environment names its game (NAMES)
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        *,
        reward: Reward = "points",
        hands: int | None = None,
        actions: Actions = "tokens",
        **options: object,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = make_table(
            game_id, players, dict(options), reward=reward, hands=hands, actions=actions
        )
        name = NAMES[self.table.rules.game_id]
        self.metadata = {  # type: ignore[misc]  # PettingZoo reads it from the instance
            **self.metadata,
            "name": name if actions == "tokens" else f"{name}_flat",
        }
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        self.seats = {a: i for i, a in enumerate(self.possible_agents)}
        space = observation_space(self.table)
        self.observation_spaces = {a: space for a in self.possible_agents}
        tokens = self.table.num_actions
        self.action_spaces = {a: spaces.Discrete(tokens) for a in self.possible_agents}
        self._seeds = random.Random()
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table.reset(self._seeds.randrange(2**32))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The agent to move; its ``info`` names the legal actions and the mask's ids."""
        seat = self.table.to_move
        if seat is not None:
            agent = self.agent_selection = self.possible_agents[seat]
            self.infos[agent] = self.table.info()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seats[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "an agent still playing must act"
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards last only for the step that earned them
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        table = self.table
        if agent in self.infos:
            self.infos[agent] = {}  # what it named is played
        got = table.step(int(action))
        if got is not None:
            self.rewards = dict(zip(self.possible_agents, got, strict=True))
            self._rewarded = True
            self._accumulate_rewards()  # (all zero otherwise: nothing to add)
        if table.over:
            self.terminations = {a: True for a in self.agents}
        else:
            self._select()

    def render(self) -> str | None:
        """The view of the agent to move, drawn by the terminal client (suit letters)."""
        if self.render_mode is None:
            return None
        seat = self.seats[self.agent_selection]
        return ansi(self.table.match.view(seat))

    def close(self) -> None:
        pass


def ansi(view: View) -> str:
    """A seat's view drawn by the terminal client, as plain text (suit letters)."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    console.print(render.table(view, render.Look(letters=True), width=100))
    return out.getvalue()


#: ``metadata["name"]`` of each game's environment (``…_flat`` with ``actions="flat"``)
NAMES = {
    "royal-casino": "cardtable_royal_casino_v0",
    "buck-euchre": "cardtable_buck_euchre_v0",
    "rummy-500": "cardtable_rummy_500_v0",
    "queen-city-rum": "cardtable_queen_city_rum_v0",
}


def env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> CardtableEnv:
    """The AEC environment of ``game_id`` (``royal-casino``, ``buck-euchre``, ``rummy-500``,
    ``queen-city-rum``); ``reward="match"``, ``hands=N`` and ``actions="flat"`` as in
    ``TokenTable``, any other keyword a game option."""
    return CardtableEnv(game_id, players, render_mode, **options)
