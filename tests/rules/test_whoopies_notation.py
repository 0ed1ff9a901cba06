"""Whoopies actions are canonical (issue 11): only the exact texts of the notation, which are the texts
legal_actions() gives, are accepted. A near miss (another case, whitespace or a control character at either end,
a doubled space, a leading zero in a time, a point or a seat) is refused with IllegalAction and changes nothing.
Checked at many points of seeded random games: every variant, 2-8 players, both editions."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import gamebox
from gamebox import IllegalAction
from gamebox.core import bots
from gamebox.core.rng import Rng
from gamebox.whoopies.rules import THEFT_START, WhoopiesState

GAME = gamebox.get("whoopies")
JUNK = (" ", "\n", "\t", "\r", "\x00", "\x0b", "\u00a0", "\u200b")
EVERY = 6  # check every this many actions of a game
STEPS = 160


def setups() -> Iterator[tuple[str, int, int]]:
    for edition in (2, 1):
        for players in range(2, 9):
            yield "classic", players, edition
            yield "youngest", players, edition
            if players in THEFT_START or edition == 1:
                yield "petty-theft", players, edition


def near_misses(action: str) -> set[str]:
    """Texts that look like ``action`` but are not it."""
    out = {action.swapcase(), action.upper(), action.capitalize()}
    for junk in JUNK:
        out |= {junk + action, action + junk, junk + action + junk}
    if " " in action:
        out |= {action.replace(" ", "  ", 1), action.replace(" ", "\t", 1), action.replace(" ", "")}
    for number in re.finditer(r"[0-9]+", action):
        out.add(action[:number.start()] + "0" + action[number.start():])
    return out - {action}


def positions(variant: str, players: int, edition: int) -> Iterator[WhoopiesState]:
    """Every EVERY-th position of a seeded game where seats pick from legal_actions and, in a grab, now and then
    grab as a bot does (a point that may miss)."""
    state = GAME.new(f"CANON-{variant}-{players}-{edition}", players, edition=edition, variant=variant)
    assert isinstance(state, WhoopiesState)
    rng = Rng(f"canon/{variant}/{players}/{edition}")
    for step in range(STEPS):
        if state.is_over:
            return
        if step % EVERY == 0:
            yield state
        seat = rng.choice(state.to_move)
        if state.phase == "grab" and rng.unit() < 0.3:
            action = bots.choose(state, seat, rng.choice(GAME.bot_levels), 10, f"canon/{step}")
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)


@pytest.mark.parametrize(("variant", "players", "edition"), list(setups()))
def test_every_legal_action_is_accepted_and_every_near_miss_refused(variant: str, players: int,
                                                                     edition: int) -> None:
    checked = 0
    for state in positions(variant, players, edition):
        fingerprint = state.fingerprint()
        for seat in state.to_move[:2]:
            actions = state.legal_actions(seat)
            if state.phase == "grab":
                actions = [*actions, bots.choose(state, seat, "medium", 10, "canon")]
            for action in actions:
                twin = state.copy()
                twin.apply(seat, action)  # accepted as it is
                for other in near_misses(action):
                    with pytest.raises(IllegalAction):
                        state.apply(seat, other)
                checked += 1
            assert state.fingerprint() == fingerprint
    assert checked >= 10


def test_a_grab_text_has_one_spelling() -> None:
    state = GAME.new("ONE", 2)
    assert isinstance(state, WhoopiesState)
    while state.phase != "grab":
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    fingerprint = state.fingerprint()
    for other in ("grab 12,300 @900 ", "grab 12, 300 @900", "grab 12,300 @ 900", "grab 12,300 900",
                  "grab 12,300 @0900", "grab 012,300 @900", "grab 12,0300 @900", "grab +12,300 @900",
                  "grab 12,300 @+900", "grab 12,300 @-0", "GRAB 12,300 @900", "grab 12;300 @900",
                  "grab 12,300,4 @900", "grab 12 300 @900", "grab @900", "grab 12,300", "PASS", "pass ", "Pass"):
        with pytest.raises(IllegalAction):
            state.apply(1, other)
        assert state.fingerprint() == fingerprint
    state.apply(1, "grab 12,300 @900")
    assert state.history[-1] == (1, "grab 12,300 @900")


def test_reveal_ms_is_the_grab_time_for_a_catch_or_a_miss_and_none_for_a_pass() -> None:
    state = GAME.new("REVEAL", 2)
    assert isinstance(state, WhoopiesState)
    while state.phase != "grab":
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    start = len(state.history)
    state.apply(1, "grab 0,0 @400")  # a corner of the table: a miss
    state.apply(1, state.legal_actions(1)[0])  # the right ball at 600 ms
    assert state.secret_run_start() == start
    assert [state.reveal_ms(1, action) for _, action in state.history[start:]] == [400, 600]
    assert state.reveal_ms(0, "pass") is None
    old = GAME.new("REVEAL", 2, edition=1)
    assert old.reveal_ms(1, "grab octopus tail @1375") == 1375 and old.reveal_ms(1, "pass") is None
