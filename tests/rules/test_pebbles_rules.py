"""Pebbles, the fixture game (tests/games/py/pebbles): one test per rule."""

from __future__ import annotations

import pytest

import gamebox
from gamebox.core.errors import IllegalAction

GAME = gamebox.get("pebbles")


def position(pile: int, current: int = 0) -> gamebox.State:
    return GAME.restore({"dealt": 20, "pile": pile, "current": current, "last_take": None, "winner": None},
                        players=2, seed="PEBBLES")


def test_the_pile_is_dealt_from_the_seed_between_15_and_25() -> None:
    piles = {GAME.new(f"S{n}", 2).view(None)["pile"] for n in range(200)}
    assert piles <= set(range(15, 26)) and len(piles) > 5
    assert GAME.new("SAME", 2).fingerprint() == GAME.new("SAME", 2).fingerprint()


def test_two_players_take_in_turn_starting_with_seat_0() -> None:
    state = GAME.new("TURNS", 2)
    assert state.to_move == [0]
    state.apply(0, "take 2")
    assert state.to_move == [1]
    with pytest.raises(IllegalAction):
        state.apply(0, "take 1")


def test_a_take_is_1_2_or_3_pebbles_and_never_more_than_the_pile() -> None:
    assert position(10).legal_actions(0) == ["take 1", "take 2", "take 3"]
    assert position(2).legal_actions(0) == ["take 1", "take 2"]
    state = position(2)
    for nonsense in ("take 0", "take 4", "take 3", "take  1", "TAKE 1"):
        with pytest.raises(IllegalAction):
            state.apply(0, nonsense)
    assert state.view(None)["pile"] == 2


def test_whoever_takes_the_last_pebble_wins() -> None:
    state = position(3, current=1)
    state.apply(1, "take 3")
    assert state.is_over and state.winners() == [1] and state.scores() == [0, 1]
    assert [entry["key"] for entry in state.log] == ["pebbles.took", "pebbles.won"]


def test_each_take_is_a_button_target_named_by_its_count() -> None:
    targets = position(5).targets(0)
    assert [(t["action"], t["key"], t["params"]) for t in targets] == [
        ("take 1", "pebbles.action.take", {"count": 1}), ("take 2", "pebbles.action.take", {"count": 2}),
        ("take 3", "pebbles.action.take", {"count": 3})]
    assert position(5).targets(1) == []


def test_the_easy_bot_takes_a_legal_take() -> None:
    state = position(7)
    assert gamebox.bots.choose(state, 0, "easy", 10, "t") in state.legal_actions(0)


def test_pebbles_is_a_fixture_game_with_no_daily() -> None:
    described = GAME.describe()
    assert described["fixture"] is True and described["daily"] is None and GAME.daily("2026-12-01") is None


def test_a_take_button_the_pile_cannot_fill_says_why_for_the_seat_to_move() -> None:
    """view.refusals (core/game.py Refusal): the take buttons that are no move now, named as a target's button,
    with the rules' own reason; none for a seat not to move."""
    state = position(2)
    assert state.view(0)["refusals"] == [{"thing": {"kind": "button", "id": "take 3"}, "key": "pebbles.too_many",
                                          "params": {"left": 2}}]
    with pytest.raises(IllegalAction) as refused:
        state.copy().apply(0, "take 3")
    assert (refused.value.key, refused.value.params) == ("pebbles.too_many", {"left": 2})
    assert state.view(1)["refusals"] == [] and state.view(None)["refusals"] == []
    assert position(10).view(0)["refusals"] == []


def test_a_take_as_data_is_its_count() -> None:
    assert position(5).move_data("take 2") == {"kind": "take", "count": 2}
    with pytest.raises(IllegalAction):
        position(5).move_data("take 9")
