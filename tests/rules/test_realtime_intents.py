"""Actions as values and intents for the real-time games, Ubongo and Whoopies (issue 19).

Each game's actions.py is the one reader and writer of its notation: every listed action reads back to a value that
writes it again, and an older edition's notation still reads. The page sends intents (what the person did: tiles
laid on the card, a hand closing on a point at a moment), and the game composes the canonical action or refuses
with the reason (``State.compose``, the bridge's ``apply`` with ``intent``). Ubongo's drag is checked on the page
from the view's ``turns`` and ``board``: the same answer as the rules' own check, for many placements.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamebox.core import bridge, registry
from gamebox.core.errors import BadRequest, IllegalAction
from gamebox.ubongo import actions as ubongo_actions
from gamebox.ubongo.editions import rules_of as ubongo_rules
from gamebox.ubongo.rules import UbongoState
from gamebox.ubongo.tiles import TILES, orient
from gamebox.whoopies import actions as whoopies_actions
from gamebox.whoopies.editions import rules_of as whoopies_rules
from gamebox.whoopies.rules import WhoopiesState

ROOT = Path(__file__).resolve().parents[2]


def ubongo(players: int, seed: str, edition: int = 2) -> UbongoState:
    state = registry.get("ubongo").new(seed, players, edition=edition)
    assert isinstance(state, UbongoState)
    return state


def whoopies_in_a_grab(seed: str = "INTENT", edition: int = 2) -> WhoopiesState:
    state = registry.get("whoopies").new(seed, 2, edition=edition)
    assert isinstance(state, WhoopiesState)
    while state.phase != "grab":
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


# -- actions are values: read, then written back the same -----------------------------------------------------
@pytest.mark.parametrize("edition", [1, 2])
def test_every_listed_ubongo_action_reads_to_a_value_that_writes_it_again(edition: int) -> None:
    rules = ubongo_rules(edition)
    race = ubongo(2, "VALUES", edition)
    for action in race.legal_actions(0)[::40] + race.legal_actions(0)[-1:]:
        assert str(ubongo_actions.parse_race(action, rules)) == action
    puzzle = ubongo(1, "K7Q2M-12HG", edition)
    puzzle.apply(0, "hint")
    for action in puzzle.legal_actions(0)[::5] + ["hint @1200", "remove 1"]:
        assert str(ubongo_actions.parse_puzzle(action, rules)) == action


@pytest.mark.parametrize("edition", [1, 2])
def test_every_listed_whoopies_action_reads_to_a_value_that_writes_it_again(edition: int) -> None:
    rules = whoopies_rules(edition)
    state = registry.get("whoopies").new("VALUES", 3, edition=edition)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move[0]
        for action in state.legal_actions(seat):
            move = whoopies_actions.parse(action, rules)
            assert move is not None and str(move) == action
        state.apply(seat, state.legal_actions(seat)[0])


def test_edition_1_named_grabs_read_only_in_edition_1() -> None:
    named = "grab octopus tail @1375"
    assert whoopies_actions.parse(named, whoopies_rules(1)) == whoopies_actions.NamedGrab("octopus", "tail", 1375)
    assert whoopies_actions.parse(named, whoopies_rules(2)) is None
    assert whoopies_actions.parse("grab 412,233 @1375", whoopies_rules(2)) == whoopies_actions.Grab(412, 233, 1375)


def test_edition_1_reads_a_solve_in_any_spacing_that_edition_2_refuses() -> None:
    loose = "solve 1 q0r0 rot0,2 q1r1 rot3 flip @5"
    assert ubongo_actions.parse_race(loose, ubongo_rules(1)) == ubongo_actions.Solve(
        (ubongo_actions.Placement(1, 0, False, (0, 0)), ubongo_actions.Placement(2, 3, True, (1, 1))), 5)
    with pytest.raises(IllegalAction) as refused:
        ubongo_actions.parse_race(loose, ubongo_rules(2))
    assert refused.value.key == "ubongo.bad_placement"


# -- intents: the page says what the person did; Python writes the action -------------------------------------
def test_a_race_intent_of_the_laid_tiles_is_the_canonical_solve_in_any_order_and_equivalent_turn() -> None:
    state = ubongo(2, "INTENT")
    listed = state.legal_actions(0)[3]  # the first solution, at 3000 ms
    solve = ubongo_actions.parse_race(listed, state.rules)
    assert isinstance(solve, ubongo_actions.Solve)
    laid = [{"tile": p.tile, "cell": list(p.at), "turn": p.rot, "flip": p.flip} for p in reversed(solve.placements)]
    assert state.compose(0, {"tiles": laid, "ms": 3000}) == listed


def test_a_puzzle_intent_places_the_tile_written_in_its_first_turn() -> None:
    state = ubongo(1, "K7Q2M-12HG")
    place = next(a for a in state.legal_actions(0) if a.startswith("place "))
    move = ubongo_actions.parse_puzzle(place, state.rules)
    assert isinstance(move, ubongo_actions.Place)
    p = move.placement
    assert state.compose(0, {"tiles": [{"tile": p.tile, "cell": list(p.at), "turn": p.rot, "flip": p.flip}],
                             "ms": 1500}) == f"{place} @1500"
    assert state.compose(0, {"action": "hint", "ms": 2500}) == "hint @2500"
    assert state.compose(0, {"action": "solution"}) == "solution"


def test_a_grab_intent_is_the_grab_at_the_nearest_whole_point_on_the_table() -> None:
    state = whoopies_in_a_grab()
    assert state.compose(0, {"point": [412.4, 232.5], "ms": 1375}) == "grab 412,233 @1375"
    assert state.compose(0, {"point": [-30, 9000], "ms": 0}) == "grab 0,520 @0"
    assert state.compose(0, {"action": "pass"}) == "pass"


@pytest.mark.parametrize(("intent", "key"), [
    ({"point": [1, 2], "ms": 10_001}, "whoopies.grab_too_late"),
    ({"point": [1, 2], "ms": -1}, "whoopies.grab_too_late"),
    ({"point": [1], "ms": 5}, "error.bad_request"),
    ({"point": [1, True], "ms": 5}, "error.bad_request"),
    ({"point": [1, 2], "ms": 5.5}, "error.bad_request"),
    ({"point": [1, 2], "ms": 5, "seat": 1}, "error.bad_request"),
    ({"tiles": []}, "error.bad_request"),
])
def test_a_whoopies_intent_that_is_no_grab_is_refused_with_its_reason(intent: dict[str, Any], key: str) -> None:
    with pytest.raises((IllegalAction, BadRequest)) as refused:
        whoopies_in_a_grab().compose(0, intent)
    assert refused.value.key == key


@pytest.mark.parametrize(("intent", "key"), [
    ({"tiles": [{"tile": 14, "cell": [0, 0], "turn": 0, "flip": False}], "ms": 5}, "ubongo.not_your_tile"),
    ({"tiles": [{"tile": 1, "cell": [1000, 0], "turn": 0, "flip": False}], "ms": 5}, "ubongo.off_board"),
    ({"tiles": [{"tile": 1, "cell": [0, 0], "turn": 6, "flip": False}], "ms": 5}, "error.bad_request"),
    ({"tiles": [{"tile": 1, "cell": [0, 0], "turn": 0}], "ms": 5}, "error.bad_request"),
    ({"tiles": [{"tile": 1, "cell": [0, 0], "turn": 0, "flip": False}], "ms": -5}, "ubongo.bad_time"),
    ({"tiles": [{"tile": 1, "cell": [0, 0], "turn": 0, "flip": False}]}, "error.bad_request"),
    ({"action": "timeout", "ms": 5}, "error.bad_request"),
    ({"point": [1, 2], "ms": 5}, "error.bad_request"),
])
def test_an_ubongo_intent_that_is_no_move_is_refused_with_its_reason(intent: dict[str, Any], key: str) -> None:
    with pytest.raises((IllegalAction, BadRequest)) as refused:
        ubongo(2, "REFUSED").compose(0, intent)
    assert refused.value.key == key


def test_the_bridge_applies_an_intent_as_the_action_it_composes_and_refuses_a_bad_one() -> None:
    bridge.reset()
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]  # one person: the table is shown to seat 0
    table = bridge.handle({"op": "new", "game": "ubongo", "players": 2, "seed": "BRIDGE", "seats": seats})
    assert table["ok"]
    listed = bridge.handle({"op": "legal", "seat": 0})["actions"][2]
    solve = ubongo_actions.parse_race(listed, ubongo_rules(2))
    assert isinstance(solve, ubongo_actions.Solve)
    tiles = [{"tile": p.tile, "cell": list(p.at), "turn": p.rot, "flip": p.flip} for p in solve.placements]
    bad: object
    for bad in ("solve", [], {"tiles": "x" * 201}, {"tiles": [[[[[[1]]]]]]}, {"tiles": list(range(300))},
                {"tiles": tiles, "ms": float("nan")}):
        refused = bridge.handle({"op": "apply", "seat": 0, "intent": bad, "viewer": 0})
        assert not refused["ok"] and refused["error"]["key"] == "error.bad_request", bad
    assert bridge.handle({"op": "view"})["fingerprint"] == table["fingerprint"]
    played = bridge.handle({"op": "apply", "seat": 0, "intent": {"tiles": tiles, "ms": 2000}, "viewer": 0})
    assert played["ok"] and played["history"][-1] == [0, listed]
    bridge.reset()


def test_a_game_without_built_moves_takes_a_targets_action_as_its_intent() -> None:
    bridge.reset()
    table = bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": "PASS"})
    seat = table["to_move"][0]
    action = table["view"]["targets"][0]["action"]
    played = bridge.handle({"op": "apply", "seat": seat, "intent": {"action": action}})
    assert played["ok"] and played["history"][-1] == [seat, action]
    refused = bridge.handle({"op": "apply", "seat": played["to_move"][0], "intent": {"point": [1, 2]}})
    assert refused["error"]["key"] == "error.bad_request"
    bridge.reset()


# -- Ubongo's drag: the page's check from the view's hexes is the rules' own check -----------------------------
def test_the_views_turns_are_the_tiles_cells_turned_cell_by_cell() -> None:
    state = ubongo(1, "K7Q2M-12HG")
    view = state.view(0)
    colour = state.colour(0)
    for tile in view["tiles"]:
        cells = TILES[colour][tile["number"]]
        for flip in (False, True):
            for rot in range(6):
                turned = tile["turns"][rot + 6 * flip]
                assert tuple(sorted((q, r) for q, r in turned)) == orient(cells, rot, flip)
                assert [tuple(c) for c in tile["turns"][6 * flip]] == [
                    (c if not flip else (-c[0] - c[1], c[1])) for c in cells]
    assert view["misfits"] == {"off_board": "ubongo.off_board", "overlap": "ubongo.overlap"}


def page_refusal(view: Any, placed: dict[int, tuple[int, bool, list[int]]], number: int, rot: int,
                 flip: bool, at: list[int]) -> str | None:
    """The renderer's dropRefusal: the tile's cells from ``turns`` moved to ``at``, on the board, on no other
    tile; the reason is the view's key."""
    turns = {tile["number"]: tile["turns"] for tile in view["tiles"]}
    board = {tuple(cell) for cell in view["board"]}

    def cells(n: int, r: int, f: bool, a: list[int]) -> set[tuple[int, int]]:
        return {(q + a[0], s + a[1]) for q, s in turns[n][r + 6 * f]}

    mine = cells(number, rot, flip, at)
    if not mine <= board:
        return str(view["misfits"]["off_board"])
    for other, (r, f, a) in placed.items():
        if other != number and mine & cells(other, r, bool(f), a):
            return str(view["misfits"]["overlap"])
    return None


def test_a_drop_the_page_refuses_is_one_the_rules_refuse_with_the_same_reason_for_many_placements() -> None:
    checked = 0
    for code in ("K7Q2M-12HG", "K7Q2M-03ER", "LEARN10-07ER", "ABC-40HY"):
        state = ubongo(1, code)
        view = state.view(0)
        first = state.legal_actions(0)[0]
        state.apply(0, first)
        view = state.view(0)
        placed = {p["tile"]: (p["rot"], p["flip"], p["at"]) for p in view["placed"]}
        board = [tuple(cell) for cell in view["board"]]
        for tile in view["tiles"]:
            for rot in range(6):
                for flip in (False, True):
                    for q, r in board[::2] + [(board[0][0] - 3, board[0][1])]:
                        intent = {"tiles": [{"tile": tile["number"], "cell": [q, r], "turn": rot, "flip": flip}],
                                  "ms": 100}
                        twin = state.copy()
                        try:
                            twin.apply(0, twin.compose(0, intent))
                            rules = None
                        except IllegalAction as refused:
                            rules = refused.key
                        assert page_refusal(view, placed, tile["number"], rot, flip, [q, r]) == rules
                        checked += 1
    assert checked > 1000


# -- the guided game: which Whoopie a scripted grab catches is Python's hit test ---------------------------------
def test_the_guided_games_scripted_grabs_catch_the_whoopie_the_script_names() -> None:
    script = json.loads((ROOT / "web" / "games" / "whoopies" / "learn.json").read_text())
    state = registry.get("whoopies").new(script["seed"], script["players"], **script["options"])
    grabs = 0
    for seat, action in script["start"]:
        state.apply(seat, action)
    for item in script["steps"]:
        for action in item.get("actions", [item["action"]] if "action" in item else []):
            state.apply(0, action)
            if "ring" in item:
                assert isinstance(state, WhoopiesState) and state.last is not None
                caught = next(row for row in state.last["grabs"] if row["seat"] == 0)
                assert (caught["creature"], caught["part"]) == (item["ring"]["id"], "tail")
                grabs += 1
        for seat, action in item["bots"]:
            state.apply(seat, action)
    assert grabs == 2


def test_a_guided_step_is_told_whether_the_move_was_its_own_whatever_the_clock() -> None:
    """A guided game names a move without the clock a person's move carries: the reply's ``expected`` says whether
    the move played is that one (State.same_move), so the page never cuts the time off an action's text."""
    seats = [{"kind": "human", "level": ""}]
    bridge.reset()
    assert bridge.handle({"op": "new", "game": "ubongo", "seed": "K7Q2M", "players": 1, "seats": seats})["ok"]
    first, second = bridge.handle({"op": "legal", "seat": 0})["actions"][:2]
    timed = bridge.handle({"op": "apply", "seat": 0, "action": f"{first} @5120", "expect": first})
    assert timed["ok"] and timed["expected"] is True
    bridge.handle({"op": "undo"})
    other = bridge.handle({"op": "apply", "seat": 0, "action": second, "expect": first})
    assert other["ok"] and other["expected"] is False
    plain = bridge.handle({"op": "apply", "seat": 0, "action": first})
    assert "expected" not in plain
