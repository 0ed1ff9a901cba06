"""The bots' ratings: a seeded tournament between every pair of bot levels of every game, fitted on Glicko-2's scale.

    .venv/bin/python bench/ratings.py [--games 24] [--budget-ms 100] [--only upthrust ...] [--write]

Every pair of levels of a game plays ``--games`` seeded 2-player games (seats swap every other game; Whoopies'
people-modelled bots too: their strength is their timing, drawn from the state's generator). The results (1 win,
0.5 draw or shared win, 0 loss) are fitted with Bradley-Terry (Newton's method on the log-strengths, with one
virtual draw per pair so that a level that always wins still has a finite rating), turned into Glicko-2's scale
(400 / ln 10 points per unit of log-strength, the Elo/Glicko logistic), the easy level anchored at ANCHOR. Each
level's deviation is the standard error of its fit (the inverse of the information matrix) on that scale, never
below MIN_DEVIATION. It also fits the two halves of the games (even and odd seeds) apart and prints how far they
differ. ``--write`` writes each game's table to py/gamebox/<id>/ratings.json, the data the page ships
(games.json's ``bot_ratings``); docs/ratings.md has the figures and why.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import gamebox  # noqa: E402

# the easy level's rating: a newcomer's starting rating, as Glicko-2 gives it (the bot a newcomer can beat)
ANCHOR = 1500.0
SCALE = 400 / math.log(10)  # Glicko/Elo points per unit of Bradley-Terry log-strength
MIN_DEVIATION = 30.0  # no table is surer than this: the bots' play varies with the position and the budget
PRIOR_DRAWS = 1.0  # virtual draws per pair of levels (a weak prior: a finite fit when one level always wins)


def play(game_id: str, first: str, second: str, index: int, budget_ms: int) -> float:
    """One seeded 2-player game: ``first`` sits in seat 0 on even games and seat 1 on odd ones; its score."""
    game = gamebox.get(game_id)
    state = game.new(f"R{index}", 2)
    order = [first, second] if index % 2 == 0 else [second, first]
    steps = 0
    while not state.is_over and steps < 5000:
        seat = state.to_move[0]
        state.apply(seat, gamebox.bots.choose(state, seat, order[seat], budget_ms, seed=f"t{index}"))
        steps += 1
    mine = 0 if index % 2 == 0 else 1
    winners = state.winners()
    if mine in winners:
        return 1.0 if len(winners) == 1 else 0.5
    return 0.0


def fit(levels: list[str], results: list[tuple[str, str, float]]) -> dict[str, dict[str, float]]:
    """Bradley-Terry on Glicko-2's scale, ``levels[0]`` anchored: {level: {rating, deviation}}."""
    n = len(levels)
    at = {level: i for i, level in enumerate(levels)}
    wins = [[0.0] * n for _ in range(n)]  # wins[i][j]: i's score against j
    for a, b, score in results:
        wins[at[a]][at[b]] += score
        wins[at[b]][at[a]] += 1 - score
    for i, j in combinations(range(n), 2):
        wins[i][j] += PRIOR_DRAWS / 2
        wins[j][i] += PRIOR_DRAWS / 2
    beta = [0.0] * n
    free = list(range(1, n))
    information = [[0.0] * len(free) for _ in free]
    for _ in range(100):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for i, j in combinations(range(n), 2):
            games = wins[i][j] + wins[j][i]
            p = 1 / (1 + math.exp(beta[j] - beta[i]))
            gradient[i] += wins[i][j] - games * p
            gradient[j] -= wins[i][j] - games * p
            w = games * p * (1 - p)
            hessian[i][i] += w
            hessian[j][j] += w
            hessian[i][j] -= w
            hessian[j][i] -= w
        information = [[hessian[i][j] for j in free] for i in free]
        step = _solve(information, [gradient[i] for i in free])
        for k, i in enumerate(free):
            beta[i] += step[k]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    covariance = _inverse(information)
    table = {levels[0]: {"rating": ANCHOR, "deviation": MIN_DEVIATION}}
    for k, i in enumerate(free):
        table[levels[i]] = {"rating": round(ANCHOR + SCALE * beta[i], 1),
                            "deviation": round(max(MIN_DEVIATION, SCALE * math.sqrt(covariance[k][k])), 1)}
    return table


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive-definite matrix."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        scale = work[col][col]
        work[col] = [x / scale for x in work[col]]
        for r in range(n):
            if r != col:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


def tournament(game_id: str, games: int, budget_ms: int) -> dict[str, object]:
    levels = gamebox.get(game_id).bot_levels
    results: list[tuple[str, str, float]] = []
    halves: list[list[tuple[str, str, float]]] = [[], []]
    scores: dict[str, float] = {}
    started = time.perf_counter()
    for a, b in combinations(levels, 2):
        total = 0.0
        for index in range(games):
            score = play(game_id, b, a, index, budget_ms)  # the stronger-named level first: its score
            results.append((b, a, score))
            halves[index % 2].append((b, a, score))
            total += score
        scores[f"{b} vs {a}"] = total / games
    seconds = time.perf_counter() - started
    table = fit(levels, results)
    first, second = fit(levels, halves[0]), fit(levels, halves[1])
    spread = {level: round(abs(first[level]["rating"] - second[level]["rating"]), 1) for level in levels}
    return {"levels": table, "games": len(results), "scores": scores, "halves": spread, "seconds": round(seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24, help="seeded games per pair of levels")
    parser.add_argument("--budget-ms", type=int, default=100, help="a searching bot's budget a move")
    parser.add_argument("--only", nargs="*", default=None, help="game ids (default: every ready game)")
    parser.add_argument("--write", action="store_true", help="write py/gamebox/<id>/ratings.json")
    args = parser.parse_args()
    command = f"bench/ratings.py --games {args.games} --budget-ms {args.budget_ms}"
    print(f"== bot ratings: {args.games} seeded 2-player games per pair of levels, seats alternate, "
          f"budget {args.budget_ms} ms; easy anchored at {ANCHOR:.0f}")
    print("| game | level | rating | deviation | halves differ by |")
    print("| --- | --- | --- | --- | --- |")
    for game_id in args.only or gamebox.ready_ids():
        found = tournament(game_id, args.games, args.budget_ms)
        levels = found["levels"]
        assert isinstance(levels, dict)
        halves = found["halves"]
        assert isinstance(halves, dict)
        for level, row in levels.items():
            print(f"| {game_id} | {level} | {row['rating']:.0f} | {row['deviation']:.0f} | {halves[level]:.0f} |")
        print(f"<!-- {game_id}: {found['games']} games, {found['seconds']} s; scores {found['scores']} -->")
        sys.stdout.flush()
        if args.write:
            data = {"levels": levels, "anchor": {"level": next(iter(levels)), "rating": ANCHOR},
                    "games": found["games"], "budget_ms": args.budget_ms, "command": command}
            path = ROOT / "py" / "gamebox" / game_id / "ratings.json"
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
