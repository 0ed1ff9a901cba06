"""The bridge: every request the worker can send, on CPython, including bad ones."""

from __future__ import annotations

import json

import pytest

import gamebox
from gamebox.core import bridge

pytestmark = pytest.mark.skipif("upthrust" not in gamebox.ready_ids(), reason="needs Upthrust")

HUMAN = {"kind": "human"}
HARD = {"kind": "bot", "level": "hard"}
EASY = {"kind": "bot", "level": "easy"}


@pytest.fixture(autouse=True)
def fresh_table():
    bridge.reset()
    yield
    bridge.reset()


def ask(**request):
    reply = json.loads(bridge.handle_json(json.dumps(request)))
    return reply


def first_move(reply):
    seat = reply["to_move"][0]
    return seat, ask(op="legal", seat=seat)["actions"][0]


def test_hello_lists_the_box():
    reply = ask(op="hello")
    assert reply["ok"] and reply["ids"] == gamebox.ids() and "upthrust" in reply["ready"]
    assert {game["id"] for game in reply["games"]} == set(reply["ready"])


def test_new_gives_a_table_with_a_view_and_a_share_code():
    reply = ask(op="new", game="upthrust", players=2, seed="K7Q2M", seats=[HUMAN, EASY])
    assert reply["ok"] and reply["seed"] == "K7Q2M" and reply["history"] == []
    assert reply["share"].startswith("v2.upthrust.K7Q2M.2.")
    assert reply["view"]["pieces"] and reply["viewer"] == 0 and not reply["can_undo"]


def test_new_with_a_history_is_the_game_its_share_code_gives():
    """A position from its seed and an action list (a rules page's example): the same game as opening its link."""
    made = gamebox.get("upthrust").new("HIST", 2)
    for _ in range(3):
        seat = made.to_move[0]
        made.apply(seat, made.legal_actions(seat)[0])
    reply = ask(op="new", game="upthrust", players=2, seed="HIST", history=[list(step) for step in made.history])
    assert reply["ok"] and reply["history"] == [list(step) for step in made.history]
    assert reply["fingerprint"] == made.fingerprint() == ask(op="open", code=reply["share"])["fingerprint"]


@pytest.mark.parametrize("history", [[[0]], [["0", "a1"]], [[True, "a1"]], "a1", [[0, 1]]])
def test_a_history_that_is_not_seat_action_pairs_is_a_bad_request(history):
    reply = ask(op="new", game="upthrust", players=2, seed="HIST", history=history)
    assert not reply["ok"] and reply["error"]["type"] == "BadRequest" and reply["error"]["key"] == "error.bad_request"


def test_a_history_with_an_illegal_action_says_which_rule():
    reply = ask(op="new", game="upthrust", players=2, seed="HIST", history=[[0, "z9"]])
    assert not reply["ok"] and reply["error"]["type"] == "IllegalAction"


def test_new_without_a_seed_draws_a_fresh_one():
    assert len(ask(op="new", game="upthrust", players=3)["seed"]) == 5


def test_apply_plays_a_human_move_and_logs_it():
    reply = ask(op="new", game="upthrust", players=2, seed="A", seats=[HUMAN, HUMAN])
    seat, action = first_move(reply)
    after = ask(op="apply", seat=seat, action=action)
    assert after["ok"] and after["history"] == [[seat, action]] and after["log"][-1]["key"]


def test_illegal_apply_is_refused_and_changes_nothing():
    reply = ask(op="new", game="upthrust", players=2, seed="A", seats=[HUMAN, HUMAN])
    refused = ask(op="apply", seat=reply["to_move"][0], action="z9")
    assert not refused["ok"] and refused["error"]["type"] == "IllegalAction" and refused["error"]["key"]
    assert ask(op="view")["fingerprint"] == reply["fingerprint"]


def test_apply_for_a_bot_seat_is_refused():
    reply = ask(op="new", game="upthrust", players=2, seed="A", seats=[EASY, HUMAN])
    refused = ask(op="apply", seat=0, action=ask(op="legal", seat=0)["actions"][0])
    assert refused["error"]["key"] == "error.bot_seat"
    assert ask(op="view")["fingerprint"] == reply["fingerprint"]


def test_bot_plays_the_bot_seat():
    ask(op="new", game="upthrust", players=2, seed="A", seats=[EASY, HUMAN])
    reply = ask(op="bot", budget_ms=50)
    assert reply["ok"] and reply["action"][0] == 0 and len(reply["history"]) == 1


def test_bot_refuses_when_a_human_is_to_move():
    ask(op="new", game="upthrust", players=2, seed="A", seats=[HUMAN, EASY])
    assert ask(op="bot")["error"]["key"] == "error.no_bot_to_move"


def test_undo_against_a_bot_takes_back_the_bot_reply_too():
    reply = ask(op="new", game="upthrust", players=2, seed="A", seats=[HUMAN, EASY])
    seat, action = first_move(reply)
    ask(op="apply", seat=seat, action=action)
    ask(op="bot", budget_ms=20)
    undone = ask(op="undo")
    assert undone["ok"] and undone["history"] == [] and undone["fingerprint"] == reply["fingerprint"]
    assert ask(op="undo")["error"]["key"] == "error.nothing_to_undo"


def test_undo_never_changes_the_seeds_future():
    reply = ask(op="new", game="upthrust", players=2, seed="B", seats=[HUMAN, HUMAN])
    seat, action = first_move(reply)
    once = ask(op="apply", seat=seat, action=action)
    ask(op="undo")
    again = ask(op="apply", seat=seat, action=action)
    assert again["fingerprint"] == once["fingerprint"]


def test_share_and_open_give_the_same_position():
    reply = ask(op="new", game="upthrust", players=2, seed="C", seats=[HUMAN, HUMAN])
    seat, action = first_move(reply)
    played = ask(op="apply", seat=seat, action=action)
    code = ask(op="share")["code"]
    bridge.reset()
    opened = ask(op="open", code=code, seats=[HUMAN, HARD])
    assert opened["fingerprint"] == played["fingerprint"] and opened["seats"][1]["level"] == "hard"


def test_hint_gives_a_legal_action_without_playing_it():
    reply = ask(op="new", game="upthrust", players=2, seed="D", seats=[HUMAN, EASY])
    hint = ask(op="hint", seat=0, budget_ms=50)
    assert hint["ok"] and hint["action"] in ask(op="legal", seat=0)["actions"]
    assert ask(op="view")["fingerprint"] == reply["fingerprint"]


@pytest.mark.parametrize(
    ("request_", "error_type"),
    [
        ({"op": "fly"}, "BadRequest"),
        ({"op": "view"}, "BadRequest"),
        ({"op": "new", "game": "chess", "players": 2}, "UnknownGame"),
        ({"op": "new", "game": "upthrust", "players": 9}, "InvalidSetup"),
        ({"op": "new", "game": "upthrust", "players": "two"}, "BadRequest"),
        ({"op": "new", "game": "upthrust", "players": 2, "seats": [HUMAN]}, "InvalidSetup"),
        ({"op": "new", "game": "upthrust", "players": 2, "seats": [HUMAN, {"kind": "bot", "level": "god"}]},
         "InvalidSetup"),
        ({"op": "open", "code": "v1.nope"}, "BadShareCode"),
        ({"op": "open", "code": 7}, "BadRequest"),
    ],
)
def test_bad_requests_get_a_clear_error(request_, error_type):
    reply = ask(**request_)
    assert reply["ok"] is False and reply["error"]["type"] == error_type and reply["error"]["message"]


def test_a_request_that_is_not_json_gets_an_error():
    assert json.loads(bridge.handle_json("{nope"))["error"]["type"] == "BadRequest"
    assert json.loads(bridge.handle_json("[1, 2]"))["error"]["type"] == "BadRequest"


def test_a_bad_request_never_closes_the_open_game():
    reply = ask(op="new", game="upthrust", players=2, seed="E", seats=[HUMAN, HUMAN])
    ask(op="open", code="garbage")
    ask(op="new", game="upthrust", players=0)
    assert ask(op="view")["fingerprint"] == reply["fingerprint"]
