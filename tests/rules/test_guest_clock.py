"""A guest's clock in the real-time games (Ubongo's race, Whoopies' grab; docs/multi-device.md, "What a guest
receives"): a guest's table and move at its own clock are exactly a local seat's at that clock, its clock shows it
the others' secret moves as a local seat's does, and once its table has shown it another seat's grab or hand-in, its
own move in that run may not be timed before it (error.guest_clock), which changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest

import gamebox
from gamebox.core import viewer
from gamebox.core.game import State
from gamebox.core.rng import Rng
from tests.rules.guest_requests import ask, current, fresh_table, guest, open_position  # noqa: F401 - fresh_table: autouse

REMOTE = {"kind": "remote", "level": ""}
HUMAN = {"kind": "human", "level": ""}
# What a guest's table and a local seat's table share, and must agree on.
SHARED = ("history", "to_move", "is_over", "scores", "winners", "log", "view", "sealed", "viewer")


def racing(game_id: str, players: int, seeds: int, moves: int, verb: str) -> Iterator[tuple[State[Any], int]]:
    """Points of seeded random games where seat 0 and another seat are both to move in a run of secret moves and
    the other could make a timed move (``verb``)."""
    game = gamebox.get(game_id)
    for number in range(seeds):
        chooser = Rng(f"guest-clock/{game_id}/{players}/{number}")
        state = game.new(f"clock-{number}", players)
        for _ in range(moves):
            if state.is_over:
                break
            if 0 in state.to_move and len(state.to_move) > 1:
                other = next(seat for seat in state.to_move if seat != 0)
                if any(action.startswith(verb) for action in state.legal_actions(other)):
                    yield state, other
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


def shared(reply: dict[str, Any]) -> dict[str, Any]:
    return {key: reply[key] for key in SHARED}


def as_guest(reply: dict[str, Any]) -> dict[str, Any]:
    """A local seat's table as its guest gets it: the view without what the seed makes but the table does not show
    (core/viewer.guest_view: Ubongo's deck seed and codes, Whoopies' throw key), for the open table's game."""
    return {**shared(reply), "view": viewer.guest_view(current().state, reply["view"])}


def timed_moves(state: State[Any], seat: int, verb: str) -> list[str]:
    return [action for action in state.legal_actions(seat) if action.startswith(verb)]


CASES = [("whoopies", 3, 120, "grab "), ("ubongo", 2, 8, "solve ")]


@pytest.mark.parametrize(("game_id", "players", "moves", "verb"), CASES)
def test_a_guests_table_and_move_at_its_clock_are_a_local_seats(game_id: str, players: int, moves: int,
                                                                 verb: str) -> None:
    """Seat 0 alone at the host (the table is shown to it) and seat 0 on a guest device get the same game."""
    checked = 0
    bots = [{"kind": "bot", "level": "easy"}] * (players - 1)
    for state, other in islice(racing(game_id, players, 3, moves, verb), 6):
        theirs = timed_moves(state, other, verb)[-1]
        state = state.copy()
        state.apply(other, theirs)
        at = state.reveal_ms(other, theirs)
        assert at is not None
        mine = timed_moves(state, 0, verb)[0]
        for clock in (None, 0, at - 1, at, at + 5_000):
            open_position(state, [HUMAN, *bots])
            local = as_guest(ask(op="view", viewer=0, clock_ms=clock))
            legal = ask(op="legal", seat=0, clock_ms=clock)
            played = as_guest(ask(op="apply", seat=0, action=mine, clock_ms=clock))
            open_position(state, [REMOTE, *bots])
            assert shared(guest(0, op="view", clock_ms=clock)) == local, clock
            assert guest(0, op="legal", seat=0, clock_ms=clock) == legal
            open_position(state, [REMOTE, *bots])  # a fresh table: the guest has seen nothing yet
            assert shared(guest(0, op="apply", seat=0, action=mine, clock_ms=clock)) == played, clock
        checked += 1
    assert checked >= 3


def test_a_guests_grab_intent_is_composed_as_a_local_seats() -> None:
    for state, _ in islice(racing("whoopies", 2, 2, 120, "grab "), 1):
        open_position(state, [REMOTE, REMOTE])
        played = guest(0, op="apply", seat=0, intent={"point": [412.4, 232.5], "ms": 1375}, clock_ms=1400)
        assert played["ok"] and [0, "grab 412,233 @1375"] in played["history"]
        assert played["view"]["my_grabs"] and played["view"]["my_grabs"][-1]["ms"] == 1375
        return
    raise AssertionError("no grab found")


@pytest.mark.parametrize(("game_id", "players", "moves", "verb"), CASES)
def test_a_guest_cannot_time_its_move_before_another_seats_move_its_table_has_shown(
        game_id: str, players: int, moves: int, verb: str) -> None:
    checked = 0
    for state, other in islice(racing(game_id, players, 3, moves, verb), 4):
        seats = [REMOTE] * players
        theirs = max(timed_moves(state, other, verb), key=lambda action: state.reveal_ms(other, action) or 0)
        at = state.reveal_ms(other, theirs)
        assert at is not None
        earlier = [action for action in timed_moves(state, 0, verb) if (state.reveal_ms(0, action) or at) < at]
        later = [action for action in timed_moves(state, 0, verb) if (state.reveal_ms(0, action) or 0) >= at]
        if not earlier:
            continue
        open_position(state, seats)
        assert guest(other, op="apply", seat=other, action=theirs, clock_ms=at)["ok"]
        # looked before its time: that move unseen, and no bound from it (an earlier move of the run may bound it)
        assert [other, theirs] not in guest(0, op="view", clock_ms=at - 1)["history"]
        assert (current().earliest_ms(0) or 0) < at
        # a table without a clock (the host's push) shows nothing either
        assert [other, theirs] not in guest(0, op="view")["history"]
        # looked past it: the other's move is seen, and its own move may not claim an earlier time
        assert [other, theirs] in guest(0, op="view", clock_ms=at + 1)["history"]
        before = ask(op="view")["fingerprint"]
        refused = guest(0, op="apply", seat=0, action=earlier[0], clock_ms=at + 2)
        assert refused["error"]["key"] == "error.guest_clock" and refused["error"]["params"]["earliest"] == at
        assert ask(op="view")["fingerprint"] == before
        if later:
            assert guest(0, op="apply", seat=0, action=later[0], clock_ms=at + 2)["ok"]
        checked += 1
    assert checked >= 2


def test_asking_its_legal_moves_at_a_clock_bounds_a_guest_as_its_table_does() -> None:
    for state, other in islice(racing("whoopies", 3, 3, 120, "grab "), 1):
        theirs = timed_moves(state, other, "grab ")[-1]
        at = state.reveal_ms(other, theirs)
        assert at is not None
        open_position(state, [REMOTE] * 3)
        assert guest(other, op="apply", seat=other, action=theirs)["ok"]
        assert guest(0, op="legal", seat=0, clock_ms=at)["ok"]
        assert current().earliest_ms(0) == at
        assert current().earliest_ms(other) is None
        return
    raise AssertionError("no grab found")


def test_the_bound_ends_with_the_run() -> None:
    """Once the grab is resolved, the next run starts with no bound."""
    for state, other in islice(racing("whoopies", 2, 3, 120, "grab "), 1):
        open_position(state, [REMOTE, REMOTE])
        theirs = timed_moves(state, other, "grab ")[-1]
        at = state.reveal_ms(other, theirs)
        assert at is not None
        guest(other, op="apply", seat=other, action=theirs)
        guest(0, op="view", clock_ms=at)
        table = current()
        assert table.earliest_ms(0) == at
        assert guest(0, op="apply", seat=0, action="pass")["ok"]
        table = current()
        assert table.shown[0][1] == at and table.earliest_ms(0) is None
        return
    raise AssertionError("no grab found")


def test_the_rooms_clock_limit_keeps_a_guest_from_seeing_ahead_of_what_it_can_have_watched() -> None:
    for state, other in islice(racing("whoopies", 3, 3, 120, "grab "), 1):
        theirs = timed_moves(state, other, "grab ")[-1]
        at = state.reveal_ms(other, theirs)
        assert at is not None
        open_position(state, [REMOTE] * 3)
        assert guest(other, op="apply", seat=other, action=theirs)["ok"]
        limited = guest(0, op="view", clock_ms=at + 500, clock_limit_ms=at - 1)
        assert [other, theirs] not in limited["history"]
        assert limited == guest(0, op="view", clock_ms=at - 1)
        assert [other, theirs] in guest(0, op="view", clock_ms=at + 500, clock_limit_ms=at)["history"]
        return
    raise AssertionError("no grab found")


def test_the_rooms_earliest_time_raises_a_late_intents_time_and_refuses_an_earlier_action() -> None:
    for state, _ in islice(racing("whoopies", 2, 2, 120, "grab "), 1):
        open_position(state, [REMOTE, REMOTE])
        before = ask(op="view")["fingerprint"]
        refused = guest(0, op="apply", seat=0, action="grab 412,233 @900", earliest_ms=1000)
        assert refused["error"]["key"] == "error.guest_clock" and refused["error"]["params"]["earliest"] == 1000
        assert ask(op="view")["fingerprint"] == before
        played = guest(0, op="apply", seat=0, intent={"point": [412, 233], "ms": 900}, earliest_ms=1000)
        assert played["ok"] and [0, "grab 412,233 @1000"] in played["history"]
        return
    raise AssertionError("no grab found")


@pytest.mark.parametrize("name", ["clock_ms", "clock_limit_ms", "earliest_ms"])
@pytest.mark.parametrize("value", [-1, 86_400_001, "5", 1.5, True])
def test_a_guests_times_out_of_range_or_of_the_wrong_type_are_refused(name: str, value: object) -> None:
    open_position(gamebox.get("whoopies").new("RANGE", 2), [REMOTE, REMOTE])
    refused = guest(0, op="view", **{name: value})
    assert refused["error"]["key"] == "error.bad_request" and refused["error"]["params"]["field"] == name
