"""Train an agent with an off-the-shelf RL library: sb3-contrib's MaskablePPO on Buck Euchre
against three random players, through ``gymnasium.make`` and the flat actions (one id per
legal action, with a mask). It needs the research extra and the ``train`` extra (PyTorch and
sb3-contrib):

    CARDTABLE_EXTRAS=research,train ./run.sh --version   # in a clone: adds both to .venv
    .venv/bin/python examples/train_maskable_ppo.py --steps 30000 --eval 500   # about 3 minutes

It plays ``--eval`` seeded single hands choosing uniformly among the legal actions (the
baseline: a random player in the agent's seat), and the same hands with the trained policy,
and prints both win rates. A hand is won when the agent's points beat the mean of the three
others' (BE-11: fewer is better); ties are left out. A random seat wins more than half of the
hands so counted: 58.5% and 59.0% of them in two runs (docs/research.md).
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium
import numpy as np

import cardtable.research  # noqa: F401 - registers cardtable/BuckEuchre-v0 and the others
from cardtable.research.table import TokenTable

GAME = "cardtable/BuckEuchre-v0"


def make_env() -> gymnasium.Env[Any, Any]:
    """Single hands against three random players, one whole action per step."""
    return gymnasium.make(GAME, opponents="random", actions="flat", hands=1)


def mask_of(env: gymnasium.Env[Any, Any]) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """What MaskablePPO asks for: the legal ids of the agent's next step."""
    game = env.unwrapped
    mask: np.ndarray[Any, np.dtype[np.bool_]] = game.table.mask(game.seat).astype(bool)  # type: ignore[attr-defined]
    return mask


class Flat(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The observation tensor alone (the mask travels by ``action_masks``), as MlpPolicy wants."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        return mask_of(self.env)


def won(table: TokenTable) -> float | None:
    """1 if seat 0 beat the others' mean points in the hand just played, 0 if it did worse,
    None for a tie (Buck Euchre's points count down: fewer is better)."""
    settled = table.match.hands[0].settlement
    assert settled is not None
    mine, others = settled.points[0], settled.points[1:]
    ahead = table.rules.score_direction * (mine - sum(others) / len(others))
    return None if math.isclose(ahead, 0.0) else float(ahead > 0)


def evaluate(model: Any | None, hands: int, seed: int) -> tuple[float, int]:
    """The win rate of decided hands over ``hands`` seeded hands, and how many were decided;
    ``model`` None chooses uniformly among the legal actions."""
    env = Flat(make_env())
    rng = np.random.default_rng(seed)
    results = []
    for i in range(hands):
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            mask = env.action_masks()
            if model is None:
                action = rng.choice(np.flatnonzero(mask))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, _, done, _, _ = env.step(int(action))
        result = won(env.unwrapped.table)  # type: ignore[attr-defined]
        if result is not None:
            results.append(result)
    return (sum(results) / len(results) if results else 0.0), len(results)


def train(steps: int, eval_hands: int, seed: int = 0) -> dict[str, float]:
    """Train for ``steps`` and return the win rates before and after, with the time taken."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        Flat(make_env()),
        n_steps=256,
        batch_size=64,
        learning_rate=1e-3,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=seed,
        verbose=0,
        device="cpu",
    )
    before, decided_before = evaluate(None, eval_hands, seed=10_000)
    began = time.perf_counter()
    model.learn(total_timesteps=steps)
    seconds = time.perf_counter() - began
    after, decided_after = evaluate(model, eval_hands, seed=10_000)
    return {
        "before": before,
        "after": after,
        "decided_before": decided_before,
        "decided_after": decided_after,
        "seconds": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=30_000, help="training steps (actions)")
    parser.add_argument("--eval", type=int, default=500, help="seeded hands to evaluate on")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    got = train(args.steps, args.eval, args.seed)
    print(f"trained {args.steps} steps in {got['seconds']:.0f} s")
    print(f"random in the agent's seat: {got['before']:.1%} of {got['decided_before']:.0f} hands")
    print(f"trained agent:              {got['after']:.1%} of {got['decided_after']:.0f} hands")


if __name__ == "__main__":
    main()
