"""The per-viewer filter (core/viewer.py, used by every bridge reply): what one seat may not know never reaches it.

Indistinguishability: two tables that differ only in another seat's secret (a grab or a pass, a solve at 39 s
or at 45 s, the symbols of a hand) give exactly the same bridge replies to a seat, fingerprint aside, at many
points of seeded random games. The clock reveals a secret move when the table would see it, and not before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge, share, viewer
from gamebox.core.bridge import Table
from gamebox.core.game import State
from gamebox.core.rng import Rng
from gamebox.upcombine.pieces import sorted_pieces
from tests.rules.guest_requests import current, open_position

HUMAN = {"kind": "human", "level": ""}


def bot(level: str) -> dict[str, str]:
    return {"kind": "bot", "level": level}


def replies(table: Table, seat: int, clock_ms: int | None) -> str:
    """Everything the bridge sends for ``seat``: the table, its legal actions, its share code; minus the
    fingerprints (a hash of the whole state, secrets included, by design)."""
    reply = table.to_json(seat, clock_ms)
    reply.pop("fingerprint")
    legal = viewer.seen_by(table.state, seat, clock_ms, table.checkpoint).legal_actions(seat) \
        if seat in table.state.to_move else []
    return json.dumps({"table": reply, "legal": legal}, sort_keys=True)


def random_points(game_id: str, players: int, seeds: int, moves: int) -> Iterator[State]:
    """Positions of seeded random games (every seat plays uniformly among its legal actions)."""
    game = gamebox.get(game_id)
    for number in range(seeds):
        chooser = Rng(f"viewer-test/{game_id}/{players}/{number}")
        state = game.new(f"viewer-{number}", players)
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


def played(state: State, seat: int, action: str) -> Table:
    """A table (seat 0 human, the others bots) where ``seat`` has just played ``action`` on ``state``, as requests
    make it: ``state``'s position opened with every seat a person here, ``seat`` plays, then the others are bots."""
    open_position(state, [HUMAN] * state.players)
    assert bridge.handle({"op": "apply", "seat": seat, "action": action})["ok"]
    seats = [HUMAN] + [bot(state.game.bot_levels[0])] * (state.players - 1)
    assert bridge.handle({"op": "seats", "seats": seats})["ok"]
    return current()


# ---------------------------------------------------------------- Whoopies: a grab or a pass
def whoopies_pairs(per_players: int = 15) -> Iterator[tuple[State, int, str]]:
    """Grab phases of random games where seat 0 and another seat may both act, `per_players` for each number of
    players (the 374 of six games each were a minute of the suite and found nothing 45 do not)."""
    for players in (2, 3, 4):
        found = 0
        for state in random_points("whoopies", players, seeds=6, moves=120):
            if found >= per_players:
                break
            if state.phase != "grab" or len(state.to_move) < 2 or 0 not in state.to_move:  # type: ignore[attr-defined]
                continue
            other = next(seat for seat in state.to_move if seat != 0)
            grabs = [a for a in state.legal_actions(other) if a.startswith("grab ")]
            if grabs:
                found += 1
                yield state, other, grabs[0]


def test_a_grab_and_a_pass_look_the_same_to_the_other_seats_until_the_clock_reaches_the_grab() -> None:
    checked = 0
    for state, other, grab in whoopies_pairs():
        grabbed, passed = played(state, other, grab), played(state, other, "pass")
        at = state.reveal_ms(other, grab)
        assert at is not None
        for clock in (None, 0, at - 1):
            assert replies(grabbed, 0, clock) == replies(passed, 0, clock), (state.history, grab, clock)
        # at its time, the grab is seen: the hand closes (a pass stays unseen until the grab is resolved)
        assert replies(grabbed, 0, at) != replies(passed, 0, at)
        checked += 1
    assert checked >= 30


def test_a_pending_grab_stays_out_of_every_code_that_leaves_the_page() -> None:
    for state, other, grab in whoopies_pairs():
        table = played(state, other, grab)
        reply = table.to_json(0, None)
        marker = grab.replace(" ", "_")
        assert marker not in json.dumps(reply["public"]) and marker not in (reply["share"] or "")
        assert marker not in reply["resume"]
        assert [other, grab] not in reply["history"] and [other, grab] not in reply["public"]["history"]
        # the public code opens the position at the throw, which every seat saw
        assert share.decode(reply["share"]).fingerprint() == reply["public"]["fingerprint"]
        return
    raise AssertionError("no grab found")


# ---------------------------------------------------------------- Ubongo: two future solve times
def ubongo_pairs() -> Iterator[tuple[State, int, str, str]]:
    for players in (2, 3):
        for state in random_points("ubongo", players, seeds=4, moves=12):
            if len(state.to_move) < 2 or 0 not in state.to_move:
                continue
            other = next(seat for seat in state.to_move if seat != 0)
            solves = [a for a in state.legal_actions(other) if a.startswith("solve ")]
            yield state, other, solves[39], solves[45]


def test_two_future_solve_times_look_the_same_to_the_other_seats_until_the_clock_reaches_them() -> None:
    checked = 0
    for state, other, early, late in ubongo_pairs():
        first, second = played(state, other, early), played(state, other, late)
        for clock in (None, 0, 20_000, 38_999):
            assert replies(first, 0, clock) == replies(second, 0, clock)
        # the human's view holds no time for the other seat before it calls "Ubongo!"
        assert first.to_json(0, 20_000)["view"]["seats"][other]["time_ms"] is None
        assert first.to_json(0, 39_000)["view"]["seats"][other]["time_ms"] == 39_000
        assert replies(first, 0, 40_000) != replies(second, 0, 40_000)
        checked += 1
    assert checked >= 6


def test_a_solve_and_a_timeout_look_the_same_until_the_timer_ends() -> None:
    for state, other, early, _ in ubongo_pairs():
        solved, gave_up = played(state, other, early), played(state, other, "timeout")
        assert replies(solved, 0, 1_000) == replies(gave_up, 0, 1_000)
        return
    raise AssertionError("no race found")


# ---------------------------------------------------------------- Up Combine: the symbols of a hand
def swapped_symbol(state: State, owner: int) -> State | None:
    """``state`` with one piece of ``owner``'s hand swapped for a piece of the same colour from the pile."""
    twin = state.copy()
    hand, pile = twin.hands[owner], twin.pile  # type: ignore[attr-defined]
    for index, code in enumerate(hand):
        for spot, other in enumerate(pile):
            if other[0] == code[0] and other != code:
                hand[index], pile[spot] = other, code
                hand[:], pile[:] = sorted_pieces(hand), sorted_pieces(pile)
                return twin
    return None


def test_the_symbols_of_another_hand_never_reach_a_seat() -> None:
    checked = 0
    for players in (2, 3, 4):
        for state in random_points("upcombine", players, seeds=3, moves=40):
            twin = swapped_symbol(state, 1)
            if twin is None:
                continue
            seats = [HUMAN] + [bot("easy")] * (players - 1)
            assert replies(Table(state.copy(), seats), 0, None) == replies(Table(twin, seats), 0, None)
            checked += 1
    assert checked >= 60


def test_a_game_with_hidden_hands_keeps_its_seed_on_the_device_until_it_is_over() -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "upcombine", "players": 2, "seed": "SECRET",
                           "seats": [HUMAN, bot("easy")]})
    assert reply["ok"] and reply["seed"] is None and reply["share"] is None
    assert reply["public"]["seed"] is None and reply["public"]["share"] is None
    assert reply["public"]["fingerprint"] is None
    assert "SECRET" not in json.dumps({key: value for key, value in reply.items() if key != "resume"})
    assert bridge.handle({"op": "share"})["code"] is None
    assert bridge.handle({"op": "check", "code": reply["resume"]})["seed"] is None
    # the device keeps its own saved game: the resume code reopens exactly this position
    assert share.decode(reply["resume"]).fingerprint() == reply["fingerprint"]


def test_one_device_passed_around_shows_each_hand_only_on_its_turn() -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "upcombine", "players": 2, "seed": "HOTSEAT",
                           "seats": [HUMAN, HUMAN]})
    mover = reply["to_move"][0]
    waiting = 1 - mover
    asked = bridge.handle({"op": "view", "viewer": waiting})
    assert asked["viewer"] == mover and "pieces" not in asked["view"]["hands"][waiting]
    assert bridge.handle({"op": "legal", "seat": waiting})["error"]["key"] == "error.not_your_seat"
    assert bridge.handle({"op": "hint", "seat": waiting})["error"]["key"] == "error.not_your_seat"


def test_a_replay_of_an_unfinished_game_with_hidden_hands_shows_no_hand() -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "upcombine", "players": 2, "seed": "REPLAY",
                           "seats": [HUMAN, HUMAN]})
    for _ in range(3):
        seat = reply["to_move"][0]
        action = bridge.handle({"op": "legal", "seat": seat})["actions"][0]
        reply = bridge.handle({"op": "apply", "seat": seat, "action": action})
    for asked in (0, 1, None):
        step = bridge.handle({"op": "replay", "code": reply["resume"], "step": 2, "viewer": asked,
                              "seats": [HUMAN, HUMAN]})
        assert step["ok"] and step["viewer"] is None
        assert all("pieces" not in hand for hand in step["view"]["hands"])


# ---------------------------------------------------------------- the bridge end to end
@pytest.mark.parametrize("clock", [None, 100])
def test_a_bot_grab_is_not_in_the_bot_reply_until_seen(clock: int | None) -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "whoopies", "players": 2, "seed": "GRAB",
                           "seats": [HUMAN, bot("hard")]})
    for _ in range(40):
        if reply["view"]["phase"] == "grab" and 1 in reply["to_move"] and 0 in reply["to_move"]:
            break
        movers = [seat for seat in reply["to_move"] if seat == 0]
        if movers:
            action = bridge.handle({"op": "legal", "seat": 0})["actions"][0]
            reply = bridge.handle({"op": "apply", "seat": 0, "action": action})
        else:
            reply = bridge.handle({"op": "bot"})
    assert reply["view"]["phase"] == "grab"
    moved = bridge.handle({"op": "bot", "clock_ms": clock})
    seat, action = moved["action"]
    assert seat == 1 and action is None and moved["sealed"]
    assert len(moved["history"]) == len(reply["history"])
    assert moved["share"] == reply["share"]


def test_a_failed_request_leaves_the_table_as_it_was() -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "whoopies", "players": 2, "seed": "x", "seats": [HUMAN, HUMAN]})
    for bad in ("roll\n", "ROLL", " roll", "roll ", "ro ll", "roll\x00", "r" * 100_000):
        failed = bridge.handle({"op": "apply", "seat": reply["to_move"][0], "action": bad})
        assert not failed["ok"] and failed["error"]["type"] == "IllegalAction"
        assert bridge.handle({"op": "view"})["fingerprint"] == reply["fingerprint"]


def test_options_named_like_the_set_up_fields_are_refused_in_words() -> None:
    bridge.reset()
    for name in ("seed", "players", "self", "edition", "game"):
        failed = bridge.handle({"op": "new", "game": "upthrust", "players": 2, "options": {name: 1}})
        assert failed["error"]["key"] == "error.unknown_option", name


def test_a_seed_with_a_lone_surrogate_or_a_control_character_is_refused_in_words() -> None:
    for seed in ("\ud800", "a\ud83d", "tab\there", "nul\x00", "x" * 65):
        failed = bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": seed})
        assert failed["error"]["key"] == "error.bad_seed", seed


def summary(reply: dict[str, Any]) -> dict[str, Any]:
    return {key: reply[key] for key in ("share", "resume", "public")}


def test_a_game_without_secrets_shares_everything() -> None:
    bridge.reset()
    reply = bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": "OPEN"})
    assert reply["share"] == reply["resume"] == reply["public"]["share"]
    assert reply["public"]["fingerprint"] == reply["fingerprint"] and not reply["sealed"]
