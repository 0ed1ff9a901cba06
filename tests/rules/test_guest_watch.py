"""A watcher (a device with no seat) and a finished game's positions for a guest's review (docs/multi-device.md,
"Watchers" and "A guest's review"): what the bridge answers a watcher, what it refuses, and that a position is made of
the share code the device sends alone, never of the open table, which it leaves as it was."""

from __future__ import annotations

from typing import Any

import pytest

import gamebox
from gamebox.core import bridge
from gamebox.core.rng import Rng
from tests.rules.guest_requests import ask, current, fresh_table, guest  # noqa: F401 - fresh_table: autouse

HUMAN = {"kind": "human", "level": ""}
REMOTE = {"kind": "remote", "level": ""}
EASY = {"kind": "bot", "level": "easy"}


def watcher(**request: Any) -> dict[str, Any]:
    return ask(guest=True, watch=True, **request)


def game_state() -> str:
    return current().state.fingerprint()


def finished(game_id: str, players: int, seed: str) -> list[list[Any]]:
    """The history of a seeded random game played to its end."""
    chooser = Rng(f"watch/{seed}")
    state = gamebox.get(game_id).new(seed, players)
    while not state.is_over:
        seat = chooser.choice(state.to_move)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return [list(step) for step in state.history]


def test_a_watcher_sees_the_spectators_table_with_no_seat_no_hand_and_no_targets() -> None:
    ask(op="new", game="upcombine", players=3, seed="WATCH1", seats=[HUMAN, REMOTE, EASY])
    table = watcher(op="view")
    assert table["ok"] and table["viewer"] is None and table["view"]["targets"] == []
    assert [sitter["kind"] for sitter in table["seats"]] == ["remote", "remote", "bot"]
    assert all("pieces" not in hand for hand in table["view"]["hands"])
    assert table["seed"] is None and table["share"] is None and table["sealed"] is False
    assert table["hints"] is False and table["can_undo"] is False and table["rematch"] is None
    assert not {"resume", "deal", "daily", "public", "undo_refusal"} & set(table)
    assert table["fingerprint"] != current().state.fingerprint()


@pytest.mark.parametrize("op", ["apply", "legal"])
def test_a_watcher_never_plays_its_move_and_its_legal_actions_are_refused(op: str) -> None:
    table = ask(op="new", game="upthrust", players=2, seed="WATCH2", seats=[REMOTE, REMOTE])
    seat = table["to_move"][0]
    action = guest(seat, op="legal", seat=seat)["actions"][0]
    before = game_state()
    refused = watcher(op=op, seat=seat, action=action)
    assert not refused["ok"] and refused["error"]["key"] == "error.watcher"
    assert game_state() == before


@pytest.mark.parametrize("op", ["new", "open", "replay", "check", "review", "judge", "bot", "hint", "undo", "share",
                                "seats", "hello", None])
def test_a_watcher_asks_only_to_look(op: str | None) -> None:
    ask(op="new", game="upthrust", players=2, seed="WATCH3", seats=[HUMAN, REMOTE])
    before = game_state()
    refused = watcher(op=op, game="upthrust", players=2, code="x")
    assert not refused["ok"] and refused["error"]["key"] == "error.guest_op"
    assert game_state() == before


@pytest.mark.parametrize("extra", [{"viewer": 0}, {"seen": "x"}, {"intent": {}}, {"expect": "a1"}, {"earliest_ms": 0}])
def test_a_watchers_request_with_a_field_a_watcher_never_sends_is_refused(extra: dict[str, Any]) -> None:
    ask(op="new", game="upthrust", players=2, seed="WATCH4", seats=[HUMAN, REMOTE])
    refused = watcher(op="view", **extra)
    assert refused["error"]["key"] == "error.bad_request" and refused["error"]["params"]["field"] in extra


def test_a_position_of_a_finished_game_is_its_replay_and_leaves_the_open_table_as_it_was() -> None:
    history = finished("upcombine", 2, "WATCH5")
    over = ask(op="new", game="upcombine", players=2, seed="WATCH5", history=history)
    assert over["is_over"]
    code = over["share"]
    ask(op="new", game="upthrust", players=2, seed="WATCH6", seats=[HUMAN, REMOTE])
    before = game_state()
    seats = [HUMAN, {"kind": "bot", "level": "easy"}]
    for step in (0, 5, len(history)):
        for asker in ({"viewer": 1}, {"watch": True}):
            board = ask(op="position", guest=True, code=code, step=step, seats=seats, view_as=0, **asker)
            assert board["ok"] and board["replay"]["step"] == step and board["viewer"] == 0
            assert game_state() == before and current().state.game.id == "upthrust"
        host = ask(op="replay", code=code, step=step, seats=seats, viewer=0)
        assert {key: value for key, value in board.items()} == host
        ask(op="new", game="upthrust", players=2, seed="WATCH6", seats=[HUMAN, REMOTE])


def test_a_position_of_a_game_still_in_play_is_refused() -> None:
    table = ask(op="new", game="upcombine", players=2, seed="WATCH7", seats=[HUMAN, REMOTE])
    refused = guest(1, op="position", code=table["resume"], step=0, seats=[HUMAN, REMOTE], view_as=0)
    assert refused["error"]["key"] == "review.unfinished"
    refused = watcher(op="position", code=table["resume"], step=0, seats=[HUMAN, REMOTE], view_as=0)
    assert refused["error"]["key"] == "review.unfinished"
    assert guest(1, op="position", code=table["resume"], step=0, clock_ms=5)["error"]["key"] == "error.bad_request"
    bridge.reset()
