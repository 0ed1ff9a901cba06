"""Replays and saved-game checks through the bridge (``replay`` and ``check``), on CPython, bad input included."""

from __future__ import annotations

import json

import pytest

import gamebox
from gamebox.core import bridge, share
from tests.playing import first_legal_action, first_moves

pytestmark = pytest.mark.skipif("upthrust" not in gamebox.ready_ids(), reason="needs Upthrust")

HUMAN = {"kind": "human"}
EASY = {"kind": "bot", "level": "easy"}


@pytest.fixture(autouse=True)
def fresh_table():
    bridge.reset()
    yield
    bridge.reset()


def ask(**request):
    return json.loads(bridge.handle_json(json.dumps(request)))


def played(moves: int, seed: str = "K7Q2M", players: int = 2) -> str:
    """The share code of an Upthrust game after `moves` first-legal moves."""
    state = gamebox.get("upthrust").new(seed, players)
    first_moves(state, moves, first_legal_action)
    return share.encode(state)


def finished(seed: str = "R3PL4") -> str:
    return played(10_000, seed)


def test_replay_at_every_step_is_the_game_replayed_to_that_step():
    code = played(6)
    game, seed, players, options, history = share.parse(code)
    for step in range(len(history) + 1):
        reply = ask(op="replay", code=code, step=step)
        assert reply["ok"], reply
        expected = game.replay(seed, players, options, history[:step])
        assert reply["fingerprint"] == expected.fingerprint()
        assert reply["history"] == [list(entry) for entry in history[:step]]
        assert reply["replay"] == {"step": step, "steps": 6, "code": code,
                                   "history": [list(entry) for entry in history]}


def test_replay_without_a_step_shows_the_end_and_steps_are_clamped():
    code = finished()
    end = share.decode(code)
    last = ask(op="replay", code=code)
    assert last["replay"]["step"] == last["replay"]["steps"] == len(end.history)
    assert last["is_over"] and last["fingerprint"] == end.fingerprint()
    assert ask(op="replay", code=code, step=10**6)["replay"]["step"] == len(end.history)
    first = ask(op="replay", code=code, step=-5)
    assert first["replay"]["step"] == 0 and first["history"] == [] and not first["is_over"]


def test_replay_makes_the_shown_position_the_open_table():
    code = played(4)
    reply = ask(op="replay", code=code, step=2, seats=[HUMAN, EASY])
    view = ask(op="view")
    assert view["fingerprint"] == reply["fingerprint"] and view["seats"][1] == {"kind": "bot", "level": "easy"}
    seat = view["to_move"][0]
    assert ask(op="legal", seat=seat)["actions"]


def test_replay_of_a_code_without_moves_has_one_step():
    code = played(0)
    reply = ask(op="replay", code=code, step=3)
    assert reply["ok"] and reply["replay"]["steps"] == 0 and reply["replay"]["step"] == 0


@pytest.mark.parametrize("code", ["", "nonsense", "v9.upthrust.A.2.", "v1.nogame.A.2.", "v1.upthrust.A.x."])
def test_replay_of_a_bad_code_is_refused_and_keeps_the_open_game(code):
    opened = ask(op="new", game="upthrust", players=2, seed="KEEP")
    reply = ask(op="replay", code=code, step=0)
    assert not reply["ok"] and reply["error"]["type"] == "BadShareCode" and reply["error"]["key"].startswith("share.")
    assert ask(op="view")["fingerprint"] == opened["fingerprint"]


def test_replay_checks_the_whole_history_even_for_an_early_step():
    code = played(6)
    parts = code.split(".")
    parts[-1] = parts[-1][0] + "a1"  # the sixth move: a square with no piece that can move there
    tampered = ".".join(parts)
    reply = ask(op="replay", code=tampered, step=1)
    assert not reply["ok"]
    error = reply["error"]
    assert error["key"] == "share.illegal_move"
    assert error["params"]["move"] == 6 and error["params"]["action"] == "a1"
    assert error["params"]["reason_key"].startswith("error.") or error["params"]["reason_key"].startswith("upthrust.")
    assert "Move 6" in error["message"]


def test_a_move_out_of_turn_in_a_link_is_named():
    code = played(2)
    parts = code.split(".")
    parts[-1] = ("1" if parts[-1][0] == "0" else "0") + parts[-1][1:]  # the second move by the wrong seat
    with pytest.raises(gamebox.BadShareCode) as caught:
        share.decode(".".join(parts))
    assert caught.value.key == "share.illegal_move" and caught.value.params["move"] == 2
    assert caught.value.params["reason_key"] == "error.not_your_turn"


def test_a_link_whose_setup_fails_says_so():
    reply = ask(op="replay", code="v1.upthrust.A.9.")
    assert not reply["ok"] and reply["error"]["key"] == "share.bad_replay"
    assert reply["error"]["params"]["reason_key"]


def test_replay_refuses_bad_fields():
    code = played(2)
    assert ask(op="replay", code=code, step="2")["error"]["key"] == "error.bad_request"
    assert ask(op="replay", code=code, step=True)["error"]["key"] == "error.bad_request"
    assert ask(op="replay", step=1)["error"]["key"] == "error.bad_request"
    assert ask(op="replay", code=code, seats=[HUMAN])["error"]["key"] == "error.seat_count"
    assert ask(op="replay", code=code, seats=[HUMAN, {"kind": "bot", "level": "godlike"}])["error"]["key"] \
        == "error.bad_bot_level"


def test_replay_after_another_code_checks_the_new_one():
    good = played(3)
    assert ask(op="replay", code=good, step=1)["ok"]
    bad = good.rsplit(".", 1)[0] + ".0zz"
    assert ask(op="replay", code=bad, step=1)["error"]["key"] == "share.illegal_move"
    assert ask(op="replay", code=good, step=3)["ok"]


def test_check_describes_a_code_and_leaves_the_table_alone():
    opened = ask(op="new", game="upthrust", players=2, seed="KEEP")
    code = played(5, seed="ZZ9")
    reply = ask(op="check", code=code)
    assert reply["ok"] and reply["game"] == "upthrust" and reply["seed"] == "ZZ9" and reply["players"] == 2
    assert reply["moves"] == 5 and not reply["is_over"] and reply["to_move"]
    assert ask(op="view")["fingerprint"] == opened["fingerprint"]
    done = ask(op="check", code=finished())
    assert done["is_over"] and done["to_move"] == [] and done["winners"]


def test_check_of_a_bad_code_is_an_error_with_a_message_key():
    opened = ask(op="new", game="upthrust", players=2, seed="KEEP")
    for code in ["v1.upthrust.A.2..0zz", "v1.upthrust", "", "v1.upthrust.A.0."]:
        reply = ask(op="check", code=code)
        assert not reply["ok"] and reply["error"]["key"].startswith("share."), (code, reply)
    assert ask(op="check")["error"]["key"] == "error.bad_request"
    assert ask(op="view")["fingerprint"] == opened["fingerprint"]


def test_check_and_replay_work_with_no_table_open():
    assert ask(op="check", code=played(1))["ok"]
    bridge.reset()
    assert ask(op="replay", code=played(1), step=0)["ok"]
