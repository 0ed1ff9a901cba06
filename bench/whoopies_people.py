"""Whoopies bots against people: how fast and where each level grabs, and how often it beats a person.

The person is the scripted model of py/gamebox/whoopies/people.py with a newcomer's and a practised player's
figures, each game a different person drawn around them (the figures and their sources: docs/rules/whoopies.md).
Prints, per level, over seeded throws:
- the grab time (ms after the throw starts): median, p10 and p90 of the first grab, and of the grab that catches;
- the ball at each grab: the share of grabs made while the ball nearest the hand moves faster than 150 units/s,
  and the share that caught a ball moving that fast; misses, and what the catches were;
and each level's win share in seeded 2-player games (classic, seats alternate) against a newcomer and against a
practised player.

    .venv/bin/python bench/whoopies_people.py [--throws 400] [--games 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import gamebox  # noqa: E402
from gamebox.core import bots  # noqa: E402
from gamebox.core.game import BotFunction, State  # noqa: E402
from gamebox.core.rng import Rng  # noqa: E402
from gamebox.whoopies.bots import playing_as  # noqa: E402
from gamebox.whoopies.people import NEWCOMER, PRACTISED, Person  # noqa: E402
from gamebox.whoopies.rules import WhoopiesState, grab_ms  # noqa: E402

GAME = gamebox.get("whoopies")
FAST = 150  # units/s: a ball this fast is not one a hand catches
PEOPLE = {"newcomer": NEWCOMER, "practised": PRACTISED}


def percentile(values: list[int], fraction: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def at_grab(index: int, players: int = 2, *, seed: str = "PEOPLE", calls: str = "calls") -> WhoopiesState:
    """A seeded classic game brought to its first grab with random calls (``seed`` and ``calls`` name the series)."""
    state = GAME.new(f"{seed}-{index}", players)
    assert isinstance(state, WhoopiesState)
    rng = Rng(f"bench/whoopies/{calls}/{index}")
    while state.phase != "grab":
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def grab_profile(level: str, throws: int) -> dict[str, float]:
    """The level's grabs (seat 1) in ``throws`` seeded throws."""
    first, caught_at, misses, aimed_fast, caught_fast, grabs = [], [], 0, 0, 0, 0
    outcomes = {"right ball": 0, "wrong ball": 0, "a body": 0, "nothing (passed)": 0}
    for index in range(throws):
        state = at_grab(index)
        seat = 1
        target = state.wanted(seat)
        while seat in state.to_move:
            action = bots.choose(state, seat, level, 10, f"profile/{index}")
            if action == "pass":
                outcomes["nothing (passed)"] += 1
                state.apply(seat, action)
                break
            ms = grab_ms(action)
            assert ms is not None and state.throw is not None
            throw = state.throw
            x, y = (int(v) for v in action.split()[1].split(","))
            hit = throw.hit(x, y, ms)
            balls = {name: throw.ball_at(name, ms) for name in throw.order}
            aimed = min(balls, key=lambda n: (balls[n][0] - x) ** 2 + (balls[n][1] - y) ** 2)  # the ball nearest
            grabs += 1
            if not state.attempts[seat]:
                first.append(ms)
            aimed_fast += throw.ball_speed(aimed, ms) > FAST
            if hit is None:
                misses += 1
            else:
                caught_at.append(ms)
                caught_fast += hit[1] == "tail" and throw.ball_speed(hit[0], ms) > FAST
                kind = "a body" if hit[1] == "body" else "right ball" if hit[0] in target else "wrong ball"
                outcomes[kind] += 1
            state.apply(seat, action)
    return {
        "first_p50": statistics.median(first), "first_p10": percentile(first, 0.1),
        "first_p90": percentile(first, 0.9), "catch_p50": statistics.median(caught_at),
        "catch_p10": percentile(caught_at, 0.1), "catch_p90": percentile(caught_at, 0.9),
        "aimed_fast": aimed_fast / grabs, "caught_fast": caught_fast / grabs, "misses": misses / grabs,
        "grabs": grabs, **{k: v / throws for k, v in outcomes.items()},
    }


def play_game(index: int, players: dict[int, BotFunction], seeds: dict[int, str]) -> State:
    state = GAME.new(f"MATCH-{index}", 2)
    steps = 0
    while not state.is_over and steps < 5000:
        seat = state.to_move[0]
        rng = Rng(f"gamebox/bot/whoopies/{seeds[seat]}/{len(state.history)}/{seat}")
        state.apply(seat, players[seat](state.copy(), seat, 10, rng))
        steps += 1
    return state


def match(level: str, person: Person, games: int) -> tuple[float, float, float]:
    """The level's share of games and of won rounds against people of ``person``'s kind (one drawn per game), and
    the rounds a game lasts."""
    wins = 0.0
    rounds_won = rounds_with_winner = rounds = 0
    for index in range(games):
        someone = person.individual(Rng(f"bench/whoopies/person/{person.label}/{index}"))
        bot_seat = index % 2
        players = {bot_seat: GAME.bot(level), 1 - bot_seat: playing_as(someone, careful=True)}
        seeds = {bot_seat: f"bot/{index}", 1 - bot_seat: f"person/{index}"}
        state = play_game(index, players, seeds)
        winners = state.winners()
        wins += 1 / len(winners) if bot_seat in winners else 0.0
        assert isinstance(state, WhoopiesState)
        rounds += state.round
        won = [entry["seat"] for entry in state.log if entry["key"] == "whoopies.won_gems"]
        rounds_with_winner += len(won)
        rounds_won += won.count(bot_seat)
    return wins / games, rounds_won / max(rounds_with_winner, 1), rounds / games


def report(throws: int = 400, games: int = 100) -> None:
    print(f"\n== Whoopies bots as people: {throws} seeded throws per level (2 players, classic, a random call)")
    print("   grab time = ms after the throw starts; fast = the ball moves faster than 150 units/s")
    print(f"{'level':7} {'first grab p10/p50/p90':>24} {'catch p10/p50/p90':>20} {'near fast':>10} "
          f"{'caught fast':>11} {'misses':>7}   catches")
    for level in GAME.bot_levels:
        started = time.perf_counter()
        p = grab_profile(level, throws)
        print(f"{level:7} {p['first_p10']:>7.0f} {p['first_p50']:>6.0f} {p['first_p90']:>6.0f} ms"
              f"   {p['catch_p10']:>5.0f} {p['catch_p50']:>5.0f} {p['catch_p90']:>5.0f} ms"
              f" {100 * p['aimed_fast']:>9.1f}% {100 * p['caught_fast']:>10.1f}% {100 * p['misses']:>6.1f}%"
              f"   right ball {100 * p['right ball']:.0f}%, wrong ball {100 * p['wrong ball']:.0f}%,"
              f" a body {100 * p['a body']:.0f}%, passed {100 * p['nothing (passed)']:.0f}%"
              f"   ({time.perf_counter() - started:.1f} s)")
    print(f"\n== Whoopies bots against the scripted person model: {games} seeded 2-player games each (classic,"
          " seats alternate,\n   a different person of that kind each game)")
    for level in GAME.bot_levels:
        for kind, person in PEOPLE.items():
            started = time.perf_counter()
            share, round_share, rounds = match(level, person, games)
            print(f"{level:7} vs a {kind:9}: {level} wins {100 * share:5.1f}% of the games, "
                  f"{100 * round_share:5.1f}% of the rounds won   ({rounds:.1f} rounds a game, "
                  f"{time.perf_counter() - started:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--throws", type=int, default=400, help="seeded throws per level for the grab figures")
    parser.add_argument("--games", type=int, default=100, help="seeded games per level and kind of person")
    args = parser.parse_args()
    report(args.throws, args.games)


if __name__ == "__main__":
    main()
