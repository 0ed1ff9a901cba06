"""Ubongo Extreme: seeded random games for every player count and option, checking the invariants.

- the 54 gems are conserved (display + bag + players), the display loses one sapphire and one amber a round;
- scores are the gem values; winners are the best score, or the play-off winner;
- every legal action applies; illegal ones raise and change nothing;
- replay of seed + history gives the same fingerprint, and so does the share code;
- view(seat) is JSON and never shows the deck order or the generator.

Games reuse a few seeds so that their cards come from the generator's cache; the random choices (who
solves when, who times out, wrong solutions) make each game different.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.ubongo import GAME
from gamebox.ubongo.rules import GEM_POINTS, GEM_TOTALS, ROUNDS, UbongoState, first_solution, solution_notation

SEEDS = ["P1", "P2", "P3"]
GAMES_PER_EXAMPLE = 10
EXAMPLES = 40  # 40 x 10 = 400 race games, plus puzzle games


def gems(state: UbongoState) -> Counter[str]:
    total: Counter[str] = Counter(state.display)
    total.update(state.bag)
    for g in state.gems:
        total.update(g)
    return total


def random_action(state: UbongoState, seat: int, rng: Rng) -> str:
    """Mostly solves at random times (both timers and the play-off), sometimes timeouts."""
    if state.mode == "puzzle":
        return rng.choice(state.legal_actions(seat))
    if rng.below(4) == 0:
        return "timeout"
    text = solution_notation(first_solution(state.card_side(seat), state.colour(seat)))
    return f"solve {text} @{rng.below(state.time_limit() if state.phase == 'round' else 10**6)}"


def bad_actions(state: UbongoState, seat: int) -> list[str]:
    bad = ["", "solve", "timeout @1", "solve 1 q0r0 rot0 @5", "place 99 q0r0 rot9", "hint hint", "remove 42"]
    if state.mode == "race":
        text = solution_notation(first_solution(state.card_side(seat), state.colour(seat)))
        bad += [f"solve {text}", f"solve {text} @{state.time_limit()}"]
    return bad


def check(state: UbongoState, views: bool = True) -> None:
    assert gems(state) == Counter(GEM_TOTALS)
    if state.mode == "race":
        finished = min(state.round - 1 + (state.phase != "round"), ROUNDS)
        assert state.display == {"sapphire": 9 - finished, "amber": 9 - finished}
        assert state.scores() == [sum(GEM_POINTS[g] * n for g, n in s.items()) for s in state.gems]
    for viewer in [None, *range(state.players)] if views else []:
        view = state.view(viewer)
        text = json.dumps(view)
        assert '"deck"' not in text and "rng" not in text


def play(seed: str, players: int, options: dict, rng: Rng) -> UbongoState:
    state = GAME.new(seed, players, **options)
    assert isinstance(state, UbongoState)
    steps = 0
    while not state.is_over:
        check(state, views=steps % 5 == 0)
        seat = rng.choice(state.to_move)
        if steps % 5 == 0:
            before = state.fingerprint()
            for action in bad_actions(state, seat):
                try:
                    state.apply(seat, action)
                except IllegalAction:
                    assert state.fingerprint() == before
                else:  # pragma: no cover
                    raise AssertionError(f"{action!r} was accepted")
            legal = state.legal_actions(seat)
            for action in legal[:: max(1, len(legal) // 6)]:
                twin = state.copy()
                assert isinstance(twin, UbongoState)
                twin.apply(seat, action)
        state.apply(seat, random_action(state, seat, rng))
        steps += 1
        assert steps < 400
    check(state)
    if state.mode == "race":
        assert state.phase == "over" and state.round == ROUNDS
        scores = state.scores()
        best = [s for s, v in enumerate(scores) if v == max(scores)]
        assert state.winners() == (best if len(best) == 1 else [state.playoff_winner])
        assert state.display == {"sapphire": 0, "amber": 0}
    replayed = GAME.replay(seed, players, state.options, state.history)
    assert replayed.fingerprint() == state.fingerprint()
    assert gamebox.share.decode(gamebox.share.encode(state)).fingerprint() == state.fingerprint()
    return state


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(["easy", "hard"]),
       st.sampled_from([60, 120, 300]))
def test_random_race_games_keep_the_invariants(number, players, side, timer):
    rng = Rng(f"ubongo-props/{number}")
    for _ in range(GAMES_PER_EXAMPLE):
        play(rng.choice(SEEDS), players, {"side": side, "timer": timer}, rng)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 54), st.sampled_from("EH"), st.sampled_from("RBGY"))
def test_random_puzzle_games_keep_the_invariants(number, card, side, colour):
    rng = Rng(f"ubongo-puzzle/{number}")
    state = play(f"P1-{card:02d}{side}{colour}", 1, {}, rng)
    assert state.phase in ("solved", "shown")
