"""How stable a review's verdicts are: seeded finished games reviewed at effort 1 (what the page computes) and again
at effort 2 (double the search), and how often each person's move keeps its verdict (issue 21 asks at least 90%).

    .venv/bin/python bench/review_stability.py [--games 50] [--game upthrust ...] [--players 2] [--jobs 2]

Every game in the box that has a reviewer (Game.reviewer) is reviewed, unless --game names some. Each game of the
bench is set up from a fixed seed, seat 0 is the person (played by the easy bot: a newcomer, who makes mistakes to
find) and the other seats are the game's default bots; it is played to its end, then reviewed twice. Also prints the
time of a review at effort 1 per game and number of players (median and max, CPython: the page's Pyodide is about
two to three times slower), and how the verdicts spread.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import gamebox  # noqa: E402
from gamebox.core import bots, review  # noqa: E402
from gamebox.core.game import Game, State  # noqa: E402


def finished_game(game: Game[Any], number: int, players: int, options: dict[str, Any] | None = None) -> State[Any]:
    """Game ``number`` of the bench: seat 0 played by the easy bot (the person), the others by the default level
    (``options``: the game's options, its default ones when None)."""
    state = game.new(f"review-bench-{number}", players, **(options or {}))
    person = game.bot_levels[0]
    others = game.default_bot_level or game.bot_levels[0]
    while not state.is_over:
        seat = state.to_move[0]
        level = person if seat == 0 else others
        state.apply(seat, bots.choose(state, seat, level, budget_ms=50, seed=f"bench/{number}"))
    return state


def judge_game(game_id: str, number: int, players: int) -> tuple[int, int, float, Counter[str]]:
    """Game ``number`` reviewed at effort 1 and at effort 2: (moves with the same verdict, moves judged, the
    seconds of the review at effort 1, the verdicts at effort 1)."""
    game = gamebox.get(game_id)
    assert game.reviewer is not None
    final = finished_game(game, number, players)
    started = time.perf_counter()
    once = review.review(final, game.reviewer, [0], effort=1)
    seconds = time.perf_counter() - started
    twice = review.review(final, game.reviewer, [0], effort=2)
    same = judged = 0
    spread: Counter[str] = Counter()
    for first, second in zip(once["moves"], twice["moves"], strict=True):
        if first["verdict"] is None:
            continue
        judged += 1
        same += first["verdict"] == second["verdict"]
        spread[first["verdict"]] += 1
    return same, judged, seconds, spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--game", action="append", help="only these games (default: every game with a reviewer)")
    parser.add_argument("--players", type=int, action="append", help="players per game (default: 1 when the game "
                        "has a solitaire, and 2)")
    parser.add_argument("--jobs", type=int, default=1, help="games reviewed at once, in as many processes (each "
                        "game's figures are the same whatever the number; the seconds are each review's own)")
    parser.add_argument("--each", action="store_true", help="print each game's figures as they come")
    args = parser.parse_args()
    games = [game for game in gamebox.games() if game.reviewer is not None and not game.fixture
             and (not args.game or game.id in args.game)]
    tables = [(game, players) for game in games
              for players in args.players or sorted({game.min_players, min(2, game.max_players)})]
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for game, players in tables:
            numbers = range(args.games)
            reviews = (pool.map(judge_game, [game.id] * args.games, numbers, [players] * args.games) if pool
                       else (judge_game(game.id, number, players) for number in numbers))
            same = judged = 0
            seconds: list[float] = []
            spread: Counter[str] = Counter()
            for number, (game_same, game_judged, game_seconds, game_spread) in enumerate(reviews):
                if args.each:
                    print(f"  game {number}: {game_same} of {game_judged} the same, {game_seconds:.1f} s", flush=True)
                same += game_same
                judged += game_judged
                seconds.append(game_seconds)
                spread.update(game_spread)
            share = same / judged if judged else 1.0
            print(f"{game.id:10} {players}p  {args.games} games, {judged} moves judged: the same verdict at double "
                  f"effort {share:6.1%}  review at effort 1: median {statistics.median(seconds):5.1f} s, max "
                  f"{max(seconds):5.1f} s  verdicts {dict(spread)}", flush=True)


if __name__ == "__main__":
    main()
