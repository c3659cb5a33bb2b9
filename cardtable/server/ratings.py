"""Club standings: matches played and won, and an OpenSkill rating per game (docs/clubs.md).

A club match's result is its sides (who sat on each: a player's id, ``computer:LEVEL`` for a
computer seat, ``None`` for a guest) and each side's final score. The Plackett-Luce model of
the ``openskill`` library rates them: a partnership game's sides as teams, a free-for-all
game (Rummy 500) as a ranking of one-person teams. Ratings are always folded from the stored
results in the order the matches ended, so updating them when a match ends and rebuilding
them (``cardtable ratings rebuild``) give the same numbers to the last bit.

A guest has no stored rating: each of their matches rates them as a newcomer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from cardtable.core.match import Match

COMPUTER = "computer:"  # an entrant for a computer seat: "computer:heuristic"


@dataclass(frozen=True, slots=True)
class Result:
    """One finished club match, as stored in ``card_results``."""

    table_id: str
    game: str
    teams: list[list[str | None]]  # per side: its seats' entrants
    scores: list[int]  # per side, as the game counts them
    ranks: list[int]  # per side: 1 for the winner
    finished_at: datetime


@dataclass(slots=True)
class Standing:
    mu: float
    sigma: float
    played: int = 0
    won: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative figure shown: μ − 3σ (the library's ordinal)."""
        return self.mu - 3 * self.sigma


def model() -> PlackettLuce:
    return PlackettLuce()


def ranks(scores: Sequence[int], winner: int | None, direction: int = 1) -> list[int]:
    """Each side's place: 1 for the winner, the others after it by score (``direction`` -1
    where a lower score is better, ``Rules.score_direction``), ties sharing a place."""
    points = [direction * s for s in scores]
    if winner is None:
        return [1 + sum(other > p for other in points) for p in points]
    rest = [p for i, p in enumerate(points) if i != winner]
    return [
        1 if i == winner else 2 + sum(other > p for other in rest) for i, p in enumerate(points)
    ]


def fold(results: Iterable[Result]) -> dict[tuple[str, str], Standing]:
    """Every entrant's standing per game after these results, in the order they ended."""
    m = model()
    table: dict[tuple[str, str], Standing] = {}
    for result in sorted(results, key=lambda r: (r.finished_at, r.table_id)):
        rate(m, table, result)
    return table


def rate(m: PlackettLuce, table: dict[tuple[str, str], Standing], result: Result) -> None:
    """Rate one result into ``table`` (guests as newcomers, not kept)."""
    fresh = m.rating()
    teams = []
    for side in result.teams:
        team = []
        for entrant in side:
            known = table.get((result.game, entrant)) if entrant is not None else None
            mu, sigma = (known.mu, known.sigma) if known is not None else (fresh.mu, fresh.sigma)
            team.append(m.rating(mu=mu, sigma=sigma))
        teams.append(team)
    placed = result.ranks
    rated = m.rate(teams, ranks=[float(r) for r in placed])
    # An entrant may sit in several seats of one match (three computers of one level): the match
    # counts once for it, won if any of its seats won, and its new rating is its seats' mean.
    seen: dict[str, list[tuple[float, float, int]]] = {}
    for side, new_team, place in zip(result.teams, rated, placed, strict=True):
        for entrant, new in zip(side, new_team, strict=True):
            if entrant is not None:
                seen.setdefault(entrant, []).append((new.mu, new.sigma, place))
    for entrant, seats in seen.items():
        old = table.get((result.game, entrant))
        played = old.played if old is not None else 0
        won = old.won if old is not None else 0
        mu = sum(seat[0] for seat in seats) / len(seats)
        sigma = sum(seat[1] for seat in seats) / len(seats)
        table[(result.game, entrant)] = Standing(
            mu, sigma, played + 1, won + any(seat[2] == 1 for seat in seats)
        )


def entrant(kind: str, player: str | None) -> str | None:
    """Who a seat is in the ratings: its player, its computer level, or None (a guest)."""
    if kind != "human":
        return COMPUTER + kind
    return player


def result_of_match(
    table_id: str, m: Match, seats: Sequence[tuple[str, str | None]], finished_at: datetime
) -> Result:
    """A finished match's result, its seats given as (kind, player): sides as its view says."""
    sides = m.view(None).get("sides") or list(range(m.players))
    return result_of(
        table_id,
        m.game_id,
        [int(side) for side in sides],
        [entrant(kind, player) for kind, player in seats],
        m.scores,
        m.winner,
        m.rules.score_direction,
        finished_at,
    )


def result_of(
    table_id: str,
    game: str,
    sides: Sequence[int],
    entrants: Sequence[str | None],
    scores: Sequence[int],
    winner: int | None,
    direction: int,
    finished_at: datetime,
) -> Result:
    """A finished match's result: seats grouped by side (``sides[seat]``, as views give it)."""
    teams: list[list[str | None]] = [[] for _ in scores]
    for seat, side in enumerate(sides):
        teams[side].append(entrants[seat])
    return Result(
        table_id, game, teams, list(scores), ranks(scores, winner, direction), finished_at
    )
