"""A stale move is refused (core/bridge.py, "A stale move"): ``apply`` may carry ``seen``, the fingerprint of the
table its action was chosen on as that viewer got it; when it is not the table on hand, the bridge refuses with
``table.stale`` and changes nothing. Without ``seen`` a move plays as it always did. Within a running secret run
(a race, a grab) the others' hidden moves leave a seat's table current."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamebox
from tests.rules.guest_requests import ask, fresh_table, guest  # noqa: F401 - fresh_table: autouse

HUMAN = {"kind": "human"}
REMOTE = {"kind": "remote"}
EASY = {"kind": "bot", "level": "easy"}


def whole_game() -> str:
    """The open game as the host's table says it: its state's fingerprint, history and seats to move."""
    table = ask(op="view")
    return json.dumps([table["fingerprint"], table["history"], table["to_move"]])


def first_action(seat: int) -> str:
    actions: list[str] = ask(op="legal", seat=seat)["actions"]
    return actions[0]


def refused_as_stale(reply: dict[str, Any]) -> bool:
    return not reply["ok"] and reply["error"]["key"] == "table.stale"


@pytest.mark.parametrize("game_id", [game_id for game_id in gamebox.ready_ids()
                                     if not gamebox.get(game_id).simultaneous])
def test_a_double_tap_plays_once_and_the_second_tap_is_refused_as_stale(game_id: str) -> None:
    """The same apply twice with the same ``seen`` (two taps on one move): the first plays, the second is refused
    with table.stale and changes nothing, even where the same action would be legal again."""
    game = gamebox.get(game_id)
    players = max(game.min_players, 2)
    table = ask(op="new", game=game_id, players=players, seed="DOUBLETAP", seats=[HUMAN] * players)
    seat = table["to_move"][0]
    action = first_action(seat)
    played = ask(op="apply", seat=seat, action=action, seen=table["fingerprint"])
    assert played["ok"] and played["fingerprint"] != table["fingerprint"]
    before = whole_game()
    again = ask(op="apply", seat=played["to_move"][0], action=action, seen=table["fingerprint"])
    assert refused_as_stale(again), again
    assert whole_game() == before


def test_a_move_chosen_on_the_table_on_hand_plays() -> None:
    table = ask(op="new", game="upthrust", players=2, seed="FRESH", seats=[HUMAN, HUMAN])
    played = ask(op="apply", seat=0, action=first_action(0), seen=table["fingerprint"])
    assert played["ok"]
    assert ask(op="apply", seat=1, action=first_action(1), seen=played["fingerprint"])["ok"]


def test_a_move_without_seen_plays_on_the_table_on_hand_as_before() -> None:
    """Old callers send no ``seen``: their moves play whatever the table is."""
    ask(op="new", game="upthrust", players=2, seed="NOSEEN", seats=[HUMAN, HUMAN])
    assert ask(op="apply", seat=0, action=first_action(0))["ok"]
    assert ask(op="apply", seat=1, action=first_action(1))["ok"]


@pytest.mark.parametrize("seen", [7, None, ["x"], "f" * 65])
def test_a_seen_that_is_no_fingerprint_is_a_bad_request_and_changes_nothing(seen: object) -> None:
    ask(op="new", game="upthrust", players=2, seed="BADSEEN", seats=[HUMAN, HUMAN])
    before = whole_game()
    reply = ask(op="apply", seat=0, action=first_action(0), seen=seen)
    assert not reply["ok"] and reply["error"]["key"] == "error.bad_request"
    assert whole_game() == before


def test_a_guests_move_that_crosses_a_hosts_move_is_refused_as_stale() -> None:
    """The guest chose its move on the table the host had sent it; the host moved meanwhile (a pass-and-play seat
    at the host, then the guest's turn again): the guest's message, with the older ``seen``, is refused."""
    ask(op="new", game="upthrust", players=3, seed="CROSSED", seats=[REMOTE, HUMAN, HUMAN])
    mine = guest(0, op="view")
    assert mine["to_move"] == [0]
    chosen = guest(0, op="legal", seat=0)["actions"][0]
    # the guest plays, the host's two seats play: the guest's turn again, on a table it has not been sent
    assert guest(0, op="apply", seat=0, action=chosen, seen=mine["fingerprint"])["ok"]
    for seat in (1, 2):
        assert ask(op="apply", seat=seat, action=first_action(seat))["ok"]
    before = whole_game()
    late = guest(0, op="apply", seat=0, action=guest(0, op="legal", seat=0)["actions"][0],
                 seen=mine["fingerprint"])
    assert refused_as_stale(late), late
    assert whole_game() == before
    # the table the host sends it now is current: a move chosen on it plays
    now = guest(0, op="view")
    assert guest(0, op="apply", seat=0, action=guest(0, op="legal", seat=0)["actions"][0],
                 seen=now["fingerprint"])["ok"]


def test_a_guests_seen_is_the_guest_tables_fingerprint_never_the_hosts() -> None:
    host = ask(op="new", game="upthrust", players=2, seed="WHOSE", seats=[HUMAN, REMOTE])
    assert ask(op="apply", seat=0, action=first_action(0), seen=host["fingerprint"])["ok"]
    hosts = ask(op="view")["fingerprint"]
    before = whole_game()
    action = guest(1, op="legal", seat=1)["actions"][0]
    assert refused_as_stale(guest(1, op="apply", seat=1, action=action, seen=hosts))
    assert whole_game() == before
    assert guest(1, op="apply", seat=1, action=action, seen=guest(1, op="view")["fingerprint"])["ok"]


def test_in_a_race_the_others_hidden_moves_leave_a_seats_table_current() -> None:
    """Ubongo's hand-ins are made at once and in secret: a bot's hand-in after the table was sent does not make a
    person's hand-in on it stale (the rules order the run by time), but that person's own second hand-in is."""
    table = ask(op="new", game="ubongo", players=2, seed="RACESEEN", seats=[HUMAN, EASY])
    assert table["to_move"] == [0, 1]
    bot = ask(op="bot")
    assert bot["ok"] and bot["fingerprint"] != table["fingerprint"]
    assert ask(op="apply", seat=0, action="timeout", seen=table["fingerprint"])["ok"]


def test_a_guest_in_a_race_is_not_stale_for_a_bots_hidden_hand_in() -> None:
    ask(op="new", game="ubongo", players=2, seed="RACEGUEST", seats=[REMOTE, EASY])
    mine = guest(0, op="view")
    assert ask(op="bot")["ok"]
    assert guest(0, op="apply", seat=0, action="timeout", seen=mine["fingerprint"])["ok"]
