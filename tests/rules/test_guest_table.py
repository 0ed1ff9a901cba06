"""A guest table (the bridge's reply to ``guest: true``, docs/multi-device.md "What a guest receives"): it holds only
what the guest's seat may know, a guest asks only view, legal and apply for its own remote seat when it is to move,
and every refusal leaves the game exactly as it was. The host's own screen never plays, shows or undoes a remote
seat, and the review judges a remote seat's moves as a person's."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge, share, viewer
from tests.rules.guest_requests import ask, current, fresh_table, guest  # noqa: F401 - fresh_table: autouse

REMOTE = {"kind": "remote"}
HUMAN = {"kind": "human"}
EASY = {"kind": "bot", "level": "easy"}

# Exactly the keys of a guest table (bridge.Table.guest_json).
GUEST_KEYS = {"ok", "game", "title", "seed", "players", "options", "seats", "viewer", "history", "to_move", "is_over",
              "scores", "winners", "log", "view", "share", "sealed", "hints", "rematch", "can_undo", "fingerprint"}
# What only the host's screen gets.
HOST_ONLY = {"resume", "deal", "daily", "public", "undo_refusal", "replay", "expected", "action"}


def game_state() -> str:
    """The whole open game, as the host's table says it (its state's fingerprint and history)."""
    table = ask(op="view")
    return json.dumps([table["fingerprint"], table["history"], table["to_move"]])


def players_of(game_id: str) -> int:
    return max(gamebox.get(game_id).min_players, 2)


SEVERAL = [game_id for game_id in gamebox.ready_ids() if gamebox.get(game_id).max_players > 1]


@pytest.mark.parametrize("game_id", SEVERAL)
def test_a_guest_table_holds_exactly_the_guest_keys_and_nothing_of_the_hosts(game_id: str) -> None:
    players = players_of(game_id)
    seats = [HUMAN, REMOTE] + [EASY] * (players - 2)
    host = ask(op="new", game=game_id, players=players, seed="GUESTKEYS", seats=seats)
    assert host["ok"]
    table = guest(1, op="view")
    assert set(table) == GUEST_KEYS and not set(table) & HOST_ONLY
    assert table["viewer"] == 1 and table["hints"] is False and table["can_undo"] is False
    assert table["rematch"] is None
    # its fingerprint is a hash of what it holds, never the state's (which depends on every secret)
    assert table["fingerprint"] != host["fingerprint"]
    assert table["fingerprint"] == viewer.digest({key: value for key, value in table.items() if key != "fingerprint"})
    secret = viewer.seed_is_secret_from_guests(current().state)
    assert (table["seed"] is None and table["share"] is None) == secret


def test_a_guest_sees_its_seat_as_the_person_there_and_every_other_person_as_elsewhere() -> None:
    ask(op="new", game="upcombine", players=4, seed="SEATS", seats=[HUMAN, REMOTE, EASY, REMOTE])
    assert guest(1, op="view")["seats"] == [{"kind": "remote", "level": ""}, {"kind": "human", "level": ""},
                                            {"kind": "bot", "level": "easy"}, {"kind": "remote", "level": ""}]
    assert [sitter["kind"] for sitter in guest(3, op="view")["seats"]] == ["remote", "remote", "bot", "human"]
    assert [sitter["kind"] for sitter in ask(op="view")["seats"]] == ["human", "remote", "bot", "remote"]


def test_a_seat_is_a_person_here_a_bot_or_a_person_elsewhere_and_nothing_else() -> None:
    for sitter in ({"kind": "guest"}, {"kind": "Remote"}, {"level": "easy"}, "remote"):
        refused = ask(op="new", game="upthrust", players=2, seats=[HUMAN, sitter])
        assert refused["error"]["key"] == "error.bad_seat", sitter
    made = ask(op="new", game="upthrust", players=2, seats=[HUMAN, {"kind": "remote", "level": "hard"}])
    assert made["seats"][1] == {"kind": "remote", "level": ""}


@pytest.mark.parametrize("op", ["new", "open", "daily", "replay", "check", "review", "judge", "bot", "hint", "undo",
                                "share", "prepare", "judging", "hello", "peek", None])
def test_a_guest_asks_only_view_legal_and_apply(op: str | None) -> None:
    ask(op="new", game="upthrust", players=2, seed="OPS", seats=[HUMAN, REMOTE])
    before = game_state()
    refused = guest(1, op=op, seat=1, game="upthrust", players=2, code="x")
    assert not refused["ok"] and refused["error"]["key"] == "error.guest_op"
    assert game_state() == before


@pytest.mark.parametrize("extra", [{"expect": "a1"}, {"seats": [REMOTE, REMOTE]}, {"budget_ms": 5}, {"code": "x"},
                                   {"history": []}])
def test_a_guest_request_with_a_field_no_guest_sends_is_refused(extra: dict[str, Any]) -> None:
    table = ask(op="new", game="upthrust", players=2, seed="FIELDS", seats=[REMOTE, REMOTE])
    seat = table["to_move"][0]
    action = guest(seat, op="legal", seat=seat)["actions"][0]
    before = game_state()
    refused = guest(seat, op="apply", seat=seat, action=action, **extra)
    assert refused["error"]["key"] == "error.bad_request" and refused["error"]["params"]["field"] in extra
    assert game_state() == before


def test_a_guest_acts_for_its_own_remote_seat_only() -> None:
    table = ask(op="new", game="upthrust", players=4, seed="MINE", seats=[HUMAN, REMOTE, EASY, REMOTE])
    before = game_state()
    action = ask(op="legal", seat=table["to_move"][0])["actions"][0]
    asks: list[tuple[object, object, str, bool]] = [  # viewer, seat, refusal, whether it may view
        (1, 3, "error.not_your_seat", True), (3, 1, "error.not_your_seat", True),
        (0, 0, "error.not_your_seat", False), (2, 2, "error.not_your_seat", False),
        (4, 4, "error.no_such_seat", False), (-1, -1, "error.no_such_seat", False),
        ("1", 1, "error.no_such_seat", False), (True, 1, "error.no_such_seat", False),
        (None, 1, "error.no_such_seat", False), (1, "1", "error.bad_request", True)]
    for asked, seat, key, views in asks:
        for op in ("apply", "legal"):
            refused = guest(asked, op=op, seat=seat, action=action)
            assert refused["error"]["key"] == key, (op, asked, seat)
        assert guest(asked, op="view")["ok"] == views, asked
    assert game_state() == before


def test_a_guest_cannot_play_out_of_its_turn() -> None:
    table = ask(op="new", game="upthrust", players=2, seed="TURN", seats=[REMOTE, REMOTE])
    mover = table["to_move"][0]
    waiting = 1 - mover
    action = guest(mover, op="legal", seat=mover)["actions"][0]
    assert guest(waiting, op="legal", seat=waiting)["actions"] == []
    before = game_state()
    refused = guest(waiting, op="apply", seat=waiting, action=action)
    assert refused["error"]["key"] == "error.not_your_turn"
    assert game_state() == before


def test_a_guest_plays_its_move_and_gets_its_own_table_back() -> None:
    table = ask(op="new", game="upthrust", players=2, seed="PLAY", seats=[HUMAN, REMOTE])
    while 1 not in table["to_move"]:
        seat = table["to_move"][0]
        table = ask(op="apply", seat=seat, action=ask(op="legal", seat=seat)["actions"][0])
    target = guest(1, op="view")["view"]["targets"][0]["action"]
    played = guest(1, op="apply", seat=1, intent={"action": target})
    assert played["ok"] and set(played) == GUEST_KEYS and played["history"][-1] == [1, target]
    assert ask(op="view")["history"] == played["history"]


def test_an_illegal_guest_move_changes_nothing() -> None:
    table = ask(op="new", game="whoopies", players=3, seed="BAD", seats=[REMOTE, REMOTE, REMOTE])
    seat = table["to_move"][0]
    before = game_state()
    bad: dict[str, Any]
    for bad in ({"action": "roll\n"}, {"action": "x" * 300}, {"action": 5}, {"intent": {"point": [1, 2]}},
                {"intent": {"tiles": "x" * 500}}, {"intent": []}, {}):
        refused = guest(seat, op="apply", seat=seat, **bad)
        assert not refused["ok"], bad
        assert game_state() == before


def test_the_hosts_screen_never_plays_a_remote_seat_nor_undoes_its_move() -> None:
    table = ask(op="new", game="upthrust", players=2, seed="HOST", seats=[HUMAN, REMOTE])
    assert not table["can_undo"] and table["undo_refusal"] is None
    while 1 not in table["to_move"]:
        seat = table["to_move"][0]
        table = ask(op="apply", seat=seat, action=ask(op="legal", seat=seat)["actions"][0])
    before = game_state()
    action = ask(op="legal", seat=1)["actions"][0]  # an open game: the host's screen may see the seat's moves
    assert ask(op="apply", seat=1, action=action)["error"]["key"] == "error.remote_seat"
    assert ask(op="bot")["error"]["key"] == "error.no_bot_to_move"
    assert ask(op="undo")["error"]["key"] == "error.undo_remote"
    assert game_state() == before
    played = guest(1, op="apply", seat=1, action=action)
    host = ask(op="view")
    assert played["ok"] and not host["can_undo"] and host["undo_refusal"]["key"] == "error.undo_remote"
    assert ask(op="undo")["error"]["key"] == "error.undo_remote"


def test_the_hosts_screen_never_shows_a_remote_seats_hand() -> None:
    table = ask(op="new", game="upcombine", players=3, seed="HANDS", seats=[HUMAN, REMOTE, REMOTE])
    for asked in (None, 0, 1, 2):
        shown = ask(op="view", viewer=asked)
        assert shown["viewer"] in (0, None)
        assert all("pieces" not in hand for hand in shown["view"]["hands"][1:])
    for seat in (1, 2):
        assert ask(op="legal", seat=seat)["error"]["key"] == "error.not_your_seat"
        assert ask(op="hint", seat=seat)["error"]["key"] == "error.not_your_seat"
    # only remote seats and bots: the host's screen is a spectator's
    ask(op="new", game="upcombine", players=2, seed="HANDS", seats=[REMOTE, EASY])
    for asked in (None, 0, 1):
        assert ask(op="view", viewer=asked)["viewer"] is None
    assert table["ok"]


def test_the_bot_op_moves_bots_only_and_leaves_remote_seats_to_their_devices() -> None:
    table = ask(op="new", game="upthrust", players=3, seed="BOTS", seats=[REMOTE, EASY, REMOTE])
    for _ in range(12):
        mover = table["to_move"][0]
        if table["seats"][mover]["kind"] == "bot":
            table = ask(op="bot", budget_ms=5)
            assert table["action"][0] == mover
        else:
            assert ask(op="bot")["error"]["key"] == "error.no_bot_to_move"
            table = guest(mover, op="apply", seat=mover,
                          action=guest(mover, op="legal", seat=mover)["actions"][0])
            table = ask(op="view")
    assert len(table["history"]) == 12


def test_the_review_judges_a_remote_seats_moves_as_a_persons() -> None:
    state = gamebox.get("pebbles").new("WON", 2)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    reply = ask(op="review", code=share.encode(state), seats=[REMOTE, EASY])
    assert reply["ok"] and reply["people"] == [0]
    assert ask(op="review", code=share.encode(state), seats=[EASY, REMOTE])["people"] == [1]


def test_a_guest_request_needs_an_open_game() -> None:
    assert guest(0, op="view")["error"]["key"] == "error.no_game"
    assert guest(0, op="new", game="upthrust", players=2)["error"]["key"] == "error.guest_op"


def test_a_remote_seat_handed_to_a_bot_or_a_person_here_keeps_the_game_and_its_running_grab() -> None:
    table = ask(op="new", game="whoopies", players=3, seed="HANDOVER", seats=[HUMAN, REMOTE, REMOTE])
    for _ in range(40):
        if table["view"]["phase"] == "grab":
            break
        seat = table["to_move"][0]
        if table["seats"][seat]["kind"] == "human":
            table = ask(op="apply", seat=seat, action=ask(op="legal", seat=seat)["actions"][0])
        else:
            guest(seat, op="apply", seat=seat, action=guest(seat, op="legal", seat=seat)["actions"][0])
            table = ask(op="view")
    assert table["view"]["phase"] == "grab"
    grab = next(action for action in guest(1, op="legal", seat=1)["actions"] if action.startswith("grab "))
    assert guest(1, op="apply", seat=1, action=grab)["ok"]
    before = current().state.fingerprint()
    handed = ask(op="seats", seats=[HUMAN, {"kind": "bot", "level": "easy"}, HUMAN])
    assert handed["ok"] and [sitter["kind"] for sitter in handed["seats"]] == ["human", "bot", "human"]
    assert current().state.fingerprint() == before
    assert guest(1, op="view")["error"]["key"] == "error.not_your_seat"
    for bad in ([HUMAN, HUMAN], [HUMAN, {"kind": "bot", "level": "nope"}, HUMAN], "x"):
        assert not ask(op="seats", seats=bad)["ok"]
    assert guest(2, op="seats", seats=[REMOTE] * 3)["error"]["key"] == "error.guest_op"
    assert current().state.fingerprint() == before


def test_a_new_table_with_a_remote_seat_gets_a_seed_no_guest_can_search() -> None:
    """A short seed could be found from the cards a guest sees by trying every one; then the coming cards, throws
    and bots' moves would be known. With a remote seat, a new table's seed is 130 bits; without one, five letters."""
    remote = ask(op="new", game="upples", players=2, seats=[{"kind": "human"}, {"kind": "remote"}])
    assert remote["ok"] and len(ask(op="view")["resume"].split(".")[2]) == bridge.UNGUESSABLE_SEED_LENGTH
    local = ask(op="new", game="upples", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    assert local["ok"] and len(local["seed"] or "") == 5
    chosen = ask(op="new", game="upples", players=2, seed="ABC", seats=[{"kind": "human"}, {"kind": "remote"}])
    assert chosen["ok"] and ask(op="view")["resume"].split(".")[2] == "ABC"  # a seed the host typed is kept
