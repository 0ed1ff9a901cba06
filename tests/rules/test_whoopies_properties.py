"""Whoopies under hypothesis: 1,000+ seeded games with random grabs, 2-8 players, every variant, both editions.

Each example plays four games. Invariants after every action: the 20 gems are conserved between the players
and the supply, no count goes below 0, scores are the gem counts, to_move is empty exactly at the end, a view
never shows another seat's grabs during the grab, illegal actions change nothing; at the end the winners are
right for the variant, and replaying the history gives the same fingerprint.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox import IllegalAction
from gamebox.core import share
from gamebox.core.rng import Rng
from gamebox.whoopies.rules import SUPPLY, WhoopiesState
from gamebox.whoopies.throw import HEIGHT, WIDTH

GAME = gamebox.get("whoopies")
GAMES_PER_EXAMPLE = 4
MAX_ACTIONS = 4000


def setups() -> st.SearchStrategy[tuple[str, int, int, int]]:
    """(variant, players, creatures, edition): edition 1 (old links) also had petty theft for 2, 7 and 8."""
    classic = st.tuples(st.just("classic"), st.integers(2, 8), st.just(5), st.sampled_from([2, 1]))
    theft = st.tuples(st.just("petty-theft"), st.integers(3, 6), st.just(5), st.sampled_from([2, 1]))
    old_theft = st.tuples(st.just("petty-theft"), st.sampled_from([2, 7, 8]), st.just(5), st.just(1))
    youngest = st.tuples(st.just("youngest"), st.integers(2, 8), st.sampled_from([5, 4, 3, 2]), st.sampled_from([2, 1]))
    return st.one_of(classic, theft, old_theft, youngest)


def choose(state: WhoopiesState, seat: int, rng: Rng, points: bool) -> str:
    """A random player that grabs the right creature often enough for games to end."""
    legal = state.legal_actions(seat)
    if state.phase != "grab":
        return rng.choice(legal)
    roll = rng.unit()
    floor = max((int(a["ms"]) for a in state.attempts[seat]), default=0)
    ms = max(floor, rng.between(150, 4000))
    wanted = state.wanted(seat)
    if roll < 0.85 and wanted:
        name = rng.choice(wanted)
        if state.edition == 1:
            return f"grab {name} tail @{ms}"
        assert state.throw is not None
        x, y = state.throw.ball_at(name, ms)  # a hand on the ball's centre (it may catch a ball lying nearer)
        return f"grab {round(x)},{round(y)} @{ms}"
    if roll < 0.93 and points:
        return f"grab {rng.between(0, WIDTH)},{rng.between(0, HEIGHT)} @{ms}"
    return rng.choice(legal)


def check(state: WhoopiesState, views: bool = False) -> None:
    assert sum(state.gems) + state.supply == SUPPLY
    assert min(state.gems) >= 0 and state.supply >= 0
    assert state.scores() == state.gems
    assert (state.to_move == []) == state.over
    assert set(state.to_move) <= set(range(state.players))
    if views and state.phase == "grab":
        for viewer in range(state.players):
            view = state.view(viewer)
            assert view["my_grabs"] == state.attempts[viewer]
            assert view["done"] == state.done


def play(seed: str, variant: str, players: int, creatures: int, rng: Rng, points: bool,
         edition: int = 2) -> WhoopiesState:
    state = GAME.new(seed, players, edition=edition, variant=variant, creatures=creatures)
    assert isinstance(state, WhoopiesState)
    check(state)
    for step in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        if step % 37 == 0:  # an illegal action changes nothing
            before = state.fingerprint()
            bad = "throw" if state.phase != "throw" else "roll"
            try:
                state.apply(seat, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{bad!r} was accepted in phase {state.phase}")
            assert state.fingerprint() == before
        state.apply(seat, choose(state, seat, rng, points))
        check(state, views=points and step % 5 == 0)
    assert state.is_over, "the game did not end"
    winners = state.winners()
    assert winners
    if state.champion is not None:
        assert state.throwoff and winners == [state.champion] and state.champion in state.throwoff
    elif variant == "petty-theft":
        assert min(state.gems) == 0 and winners == [state.gems.index(max(state.gems))]
    else:
        assert state.goal is not None and len(winners) == 1 and state.gems[winners[0]] >= state.goal
    return state


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), number=st.integers(0, 10**9))
def test_random_games_conserve_gems_and_replay_identically(setup: tuple[str, int, int, int], number: int) -> None:
    variant, players, creatures, edition = setup
    for game in range(GAMES_PER_EXAMPLE):
        seed = f"P{number}-{game}"
        rng = Rng(f"whoopies-properties/{seed}")
        state = play(seed, variant, players, creatures, rng, points=game == 0 and number % 16 == 0, edition=edition)
        if game % 2 == 0:
            again = GAME.replay(seed, players, state.options, state.history, edition=edition)
            assert again.fingerprint() == state.fingerprint()
        if game == 0:
            assert share.decode(share.encode(state)).fingerprint() == state.fingerprint()


@settings(max_examples=6, deadline=None, derandomize=True)
@given(number=st.integers(0, 10**6), players=st.integers(2, 8))
def test_every_legal_action_applies_cleanly(number: int, players: int) -> None:
    state = GAME.new(f"L{number}", players)
    rng = Rng(f"legal/{number}")
    for _ in range(30):
        if state.is_over:
            break
        for seat in state.to_move[:2]:
            for action in state.legal_actions(seat):
                twin = state.copy()
                twin.apply(seat, action)
                check(twin)  # type: ignore[arg-type]
        seat = rng.choice(state.to_move)
        assert isinstance(state, WhoopiesState)
        state.apply(seat, choose(state, seat, rng, points=False))
