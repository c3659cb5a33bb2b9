"""Buck Euchre: collect what each bid brought at the table, and fit the learned bidding to it.

``cardtable/bots/buck_euchre/bidding.py`` says what is learned and why. Two steps:

1. ``collect``: matches of four heuristic players from ``--seed``. At every order (BE-5),
   naming (BE-6) and stay or drop (BE-8) with a choice, each legal bid is applied to the real
   deal (this script, unlike every bot, looks at the hidden cards) and the hand is played out
   by the heuristic players (``be_decisions.finish``); the bidder's chance of winning the match
   after the hand, less its chance before, in percentage points, is kept beside what the bidder
   saw (``bidding.features``) and the bid the heuristic made.
2. ``fit``: per phase, a network with two hidden layers fitted to those figures (squared
   error over every legal bid, Adam, numpy), the first ``--held`` matches' decisions held out.
   It prints, on the held-out decisions, how much chance each way of bidding gives up
   against the best bid on the real deal (the heuristic's bid, and the network's), and writes
   the weights to ``cardtable/bots/buck_euchre/bidding.json``.

    .venv/bin/python bench/be_bidding.py collect --matches 6000 --seed 500000 --out FILE
    .venv/bin/python bench/be_bidding.py fit FILE

The regret on held-out decisions is scored by the same heuristic finish the network learned
from, so it flatters the network; only a match test judges it (docs/bots_buck_euchre.md).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from be_decisions import finish

from cardtable.bots import make_bot
from cardtable.bots.buck_euchre import bidding
from cardtable.bots.buck_euchre.measures import win_chance
from cardtable.core.match import Match

GAME = "buck-euchre"
WEIGHTS = Path(bidding.__file__).with_name(bidding.WEIGHTS)


def decisions_of_match(seed: int) -> list[tuple[str, int, list[float], list[float], int]]:
    """(phase, seed, inputs, per output the change in win chance or NaN, the heuristic's
    output) for every bid with a choice in one match of four heuristic players."""
    m = Match(GAME, seed=seed)
    bots = [make_bot(GAME, "heuristic", seed * 4 + s) for s in range(4)]
    out = []
    while (mover := m.to_move) is not None:
        legal = m.legal_actions()
        if len(legal) == 1:
            m.play(legal[0])
            continue
        view = m.view(mover)
        chosen = bots[mover].choose(view, legal)
        seen = bidding.features(view)
        if seen is not None:
            scores = tuple(m.scores)
            before = win_chance(scores, mover)
            labels = [float("nan")] * len(bidding.OUTPUTS[seen.phase])
            for a in legal:
                after = m.rules.apply(m.state, a)
                chance = finish(m.rules, after, scores, mover, None, view)
                labels[seen.outputs[str(a)]] = 100 * (chance - before)
            out.append((seen.phase, seed, seen.inputs, labels, seen.outputs[str(chosen)]))
        m.play(chosen)
    return out


def collect(a: argparse.Namespace) -> None:
    seeds = range(a.seed, a.seed + a.matches)
    rows: dict[str, list[Any]] = {p: [] for p in bidding.OUTPUTS}
    with ProcessPoolExecutor(a.workers) as pool:
        for done, match in enumerate(pool.map(decisions_of_match, seeds, chunksize=20), 1):
            for phase, *row in match:
                rows[phase].append(row)
            if done % 500 == 0:
                print(f"{done} matches", flush=True)
    arrays: dict[str, Any] = {}
    for phase, got in rows.items():
        arrays[f"{phase}_seed"] = np.array([r[0] for r in got])
        arrays[f"{phase}_x"] = np.array([r[1] for r in got], dtype=np.float32)
        arrays[f"{phase}_y"] = np.array([r[2] for r in got], dtype=np.float32)
        arrays[f"{phase}_chosen"] = np.array([r[3] for r in got])
        print(f"{phase}: {len(got)} decisions")
    np.savez_compressed(a.out, **arrays)


def fit_network(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, rng: np.random.Generator
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Two ReLU layers of ``hidden`` units and a linear output, fitted by Adam to the squared
    error over the legal outputs (NaN marks an illegal one)."""
    sizes = [x.shape[1], hidden, hidden, y.shape[1]]
    params = []
    for n_in, n_out in itertools.pairwise(sizes):
        params += [rng.normal(0, np.sqrt(2 / n_in), (n_in, n_out)), np.zeros(n_out)]
    moments = [np.zeros_like(p) for p in params] + [np.zeros_like(p) for p in params]
    mask = ~np.isnan(y)
    target = np.nan_to_num(y)
    step, batch, t = 1e-3, 256, 0
    for epoch in range(epochs):
        rate = step * (0.3 if epoch >= epochs * 2 // 3 else 1.0)
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start : start + batch]
            xb, yb, mb = x[idx], target[idx], mask[idx]
            h1 = np.maximum(xb @ params[0] + params[1], 0)
            h2 = np.maximum(h1 @ params[2] + params[3], 0)
            out = h2 @ params[4] + params[5]
            d_out = 2 * (out - yb) * mb / len(idx)
            d_h2 = (d_out @ params[4].T) * (h2 > 0)
            d_h1 = (d_h2 @ params[2].T) * (h1 > 0)
            grads = [xb.T @ d_h1, d_h1.sum(0), h1.T @ d_h2, d_h2.sum(0),
                     h2.T @ d_out, d_out.sum(0)]  # fmt: skip
            t += 1
            for i, g in enumerate(grads):
                m, v = moments[i], moments[len(params) + i]
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                params[i] -= rate * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return [(params[i], params[i + 1]) for i in range(0, len(params), 2)]


def predict(layers: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray) -> np.ndarray:
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0)
    return x


def regret(y: np.ndarray, picks: np.ndarray) -> float:
    """Mean chance given up against the best legal bid on the real deal, in points."""
    best = np.nanmax(y, axis=1)
    return float(np.mean(best - y[np.arange(len(y)), picks]))


def fit(a: argparse.Namespace) -> None:
    data = np.load(a.data)
    rng = np.random.default_rng(a.fit_seed)
    shipped: dict[str, Any] = {"hidden": a.hidden, "epochs": a.epochs, "data": Path(a.data).name}
    for phase in bidding.OUTPUTS:
        seeds, x, y = data[f"{phase}_seed"], data[f"{phase}_x"], data[f"{phase}_y"]
        chosen = data[f"{phase}_chosen"]
        held = seeds < seeds.min() + a.held
        layers = fit_network(x[~held], y[~held], a.hidden, a.epochs, rng)
        guess = predict(layers, x[held])
        guess[np.isnan(y[held])] = -np.inf
        mine = np.argmax(guess, axis=1)
        yh = y[held]
        diff = (np.nanmax(yh, 1) - yh[np.arange(len(yh)), mine]) - (
            np.nanmax(yh, 1) - yh[np.arange(len(yh)), chosen[held]]
        )
        se = diff.std(ddof=1) / np.sqrt(len(diff))
        print(f"{phase}: {int((~held).sum())} fitted, {int(held.sum())} held out; chance given "
              f"up a decision: heuristic {regret(yh, chosen[held]):.3f}, network "
              f"{regret(yh, mine):.3f} (paired {diff.mean():+.3f} ± {se:.3f}); the network "
              f"bids otherwise in {np.mean(mine != chosen[held]):.1%}")  # fmt: skip
        shipped[phase] = {
            "layers": [
                [[[float(f"{v:.5g}") for v in row] for row in w.T], [float(f"{v:.5g}") for v in b]]
                for w, b in layers
            ]
        }
    if a.write:
        WEIGHTS.write_text(json.dumps(shipped, separators=(",", ":")) + "\n")
        print(f"wrote {WEIGHTS}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="step", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--matches", type=int, default=6000)
    c.add_argument("--seed", type=int, default=500_000, help="the first match's seed")
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--hidden", type=int, default=32)
    f.add_argument("--epochs", type=int, default=12)
    f.add_argument("--held", type=int, default=500, help="matches held out to score the fit")
    f.add_argument("--fit-seed", type=int, default=1)
    f.add_argument("--write", action="store_true", help="write the weights (the fit scored above)")
    a = p.parse_args()
    collect(a) if a.step == "collect" else fit(a)


if __name__ == "__main__":
    main()
