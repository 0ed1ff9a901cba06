"""Moves as data (core/game.py ``State.move_data``): each game's actions module, the one reader of its notation,
gives an action as data for the page to draw (a hint, a review's move and its better one), so no page code parses
notation. The bridge sends it as ``move`` in a hint's reply and in each review entry (with ``best_move``), and
answers ``{"op": "move", "action": ...}`` for the table on hand, a guest's too."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import gamebox
from gamebox.core.game import State
from gamebox.core.rng import Rng
from gamebox.ubongo import actions as ubongo
from gamebox.upcombine import actions as upcombine
from gamebox.upples import actions as upples
from gamebox.upples.board import SQUARE_NAMES as UPPLES_SQUARES
from gamebox.whoopies import actions as whoopies
from tests.rules.guest_requests import ask, fresh_table, guest  # noqa: F401 - fresh_table: autouse

Move = dict[str, Any]
UPPLES_SQUARE = {name: index for index, name in enumerate(UPPLES_SQUARES)}


def ubongo_placement(tile: Move) -> ubongo.Placement:
    return ubongo.Placement(tile["tile"], tile["rot"], tile["flip"], (tile["at"][0], tile["at"][1]))


def ubongo_text(move: Move) -> str:
    kind = move["kind"]
    if kind == "solve":
        return str(ubongo.Solve(tuple(ubongo_placement(tile) for tile in move["tiles"]), move["ms"]))
    if kind == "place":
        return str(ubongo.Place(ubongo_placement(move["tiles"][0]), move["ms"]))
    if kind == "remove":
        return str(ubongo.Remove(move["tile"]))
    if kind == "hint":
        return str(ubongo.Hint(move["ms"]))
    return str(ubongo.Timeout() if kind == "timeout" else ubongo.ShowSolution())


def upples_text(move: Move) -> str:
    if move["kind"] == "pass":
        return "pass"
    exit_ = None if move["exit"] is None else UPPLES_SQUARE[move["exit"]]
    return str(upples.Jump(UPPLES_SQUARE[move["from"]], UPPLES_SQUARE[move["to"]], move["colour"], exit_))


def upcombine_text(move: Move) -> str:
    kind = move["kind"]
    if kind == "place":
        return str(upcombine.Place(move["piece"], move["stack"]))
    if kind == "draw":
        return str(upcombine.Draw(move["colour"]))
    if kind == "bases":
        return str(upcombine.Bases(move["first"], move["second"]))
    return "pass"


def whoopies_text(move: Move) -> str:
    kind = move["kind"]
    made: Callable[[], object] = {
        "grab": lambda: whoopies.Grab(move["x"], move["y"], move["ms"]),
        "named_grab": lambda: whoopies.NamedGrab(move["name"], move["part"], move["ms"]),
        "joker": lambda: whoopies.Joker(move["call"]),
        "call": lambda: whoopies.Call(move["call"], move["value"]),
        "pick": lambda: whoopies.Pick(move["name"]),
        "steal": lambda: whoopies.Steal(move["seat"]),
        "roll": whoopies.Roll,
        "throw": whoopies.Throw,
        "pass": whoopies.Pass,
    }[kind]
    return str(made())


# Each game's move written back from its data, with its own actions module's values (where the game can).
WRITERS: dict[str, Callable[[Move], str]] = {
    "upthrust": lambda move: move["from"] if move["kind"] == "move" else "pass",
    "ubongo": ubongo_text,
    "upples": upples_text,
    "upcombine": upcombine_text,
    "whoopies": whoopies_text,
    "pebbles": lambda move: f"take {move['count']}",
}


def positions(game_id: str, players: int, seeds: int, moves: int) -> Iterator[State[Any]]:
    """The positions of seeded random games."""
    game = gamebox.get(game_id)
    for number in range(seeds):
        chooser = Rng(f"move-data/{game_id}/{players}/{number}")
        state = game.new(f"MOVEDATA{number}", players)
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


SETUPS = [(game_id, players) for game_id in gamebox.ready_ids() for players in (1, 2)
          if gamebox.get(game_id).min_players <= players <= gamebox.get(game_id).max_players]


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_every_legal_action_as_data_is_json_and_writes_back_to_the_same_action(game_id: str, players: int) -> None:
    checked = 0
    for state in positions(game_id, players, seeds=3, moves=40):
        for seat in state.to_move:
            actions = state.legal_actions(seat)
            for action in actions[:: max(1, len(actions) // 60)]:  # a spread of a race's thousands of solves
                move = state.move_data(action)
                assert json.loads(json.dumps(move)) == move
                assert isinstance(move.get("kind"), str), (action, move)
                if game_id in WRITERS:
                    assert WRITERS[game_id](move) == action
                checked += 1
    assert checked > 20


def test_every_game_of_the_box_has_a_writer_here() -> None:
    """So that a new game's move data is written back too (or this test says it is not)."""
    assert set(gamebox.ready_ids()) <= set(WRITERS)


def test_a_grab_as_data_is_its_point_and_time() -> None:
    state = gamebox.get("whoopies").new("GRAB", 2)
    assert state.move_data("grab 412,230 @1375") == {"kind": "grab", "x": 412, "y": 230, "ms": 1375}


def test_a_solve_as_data_is_its_tiles_where_they_lie_and_its_time() -> None:
    state = gamebox.get("ubongo").new("SOLVE", 2)
    assert state.move_data("solve 3 q0r0 rot1, 7 q1r-2 rot2 flip @73125") == {
        "kind": "solve", "tiles": [{"tile": 3, "at": [0, 0], "rot": 1, "flip": False},
                                   {"tile": 7, "at": [1, -2], "rot": 2, "flip": True}],
        "tile": None, "ms": 73125}
    puzzle = gamebox.get("ubongo").new("PUZZLE", 1)
    assert puzzle.move_data("remove 4") == {"kind": "remove", "tiles": [], "tile": 4, "ms": None}


def test_the_move_op_answers_an_action_as_data_and_changes_nothing() -> None:
    table = ask(op="new", game="upples", players=2, seed="MOVEOP")
    reply = ask(op="move", action="jump d4 f5 exit b2")
    assert reply == {"ok": True, "move": {"kind": "jump", "from": "d4", "to": "f5", "colour": None, "exit": "b2"}}
    refused = ask(op="move", action="leap d4")
    assert not refused["ok"] and refused["error"]["key"] == "upples.bad_notation"
    assert not ask(op="move")["ok"]
    assert ask(op="view")["fingerprint"] == table["fingerprint"]


def test_a_guest_may_ask_an_action_as_data_for_its_own_seat() -> None:
    ask(op="new", game="whoopies", players=2, seed="GUESTMOVE", seats=[{"kind": "human"}, {"kind": "remote"}])
    reply = guest(1, op="move", seat=1, action="grab 1,2 @3")
    assert reply == {"ok": True, "move": {"kind": "grab", "x": 1, "y": 2, "ms": 3}}
    assert guest(1, op="move", seat=0, action="roll")["error"]["key"] == "error.not_your_seat"


def test_a_hint_comes_with_its_move_as_data() -> None:
    ask(op="new", game="upthrust", players=2, seed="HINTMOVE")
    hint = ask(op="hint", seat=0, budget_ms=50)
    assert hint["ok"] and hint["move"] == {"kind": "move", "from": hint["action"]}


def test_each_review_entry_has_the_move_played_and_the_best_move_as_data() -> None:
    state = gamebox.get("pebbles").new("REVIEWMOVE", 2)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    code = gamebox.share.encode(state)
    review = ask(op="review", code=code, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    assert review["ok"] and review["moves"]
    for entry in review["moves"]:
        assert entry["move"] == {"kind": "take", "count": int(entry["action"].split(" ")[1])}
        if entry["best"] is None:
            assert entry["best_move"] is None
        else:
            assert entry["best_move"] == {"kind": "take", "count": int(entry["best"].split(" ")[1])}
    assert any(entry["best_move"] is not None for entry in review["moves"])
