"""Ubongo's targets (view["targets"]): what a person can act on now, said by Python.

A solve (a race) and a placement (puzzle mode) are built by dragging tiles, so a tile's target carries only the verb
("solve", "place"); the page writes the action from where the tiles lie, as ``compose`` below does (the one
composition, documented in docs/rules/ubongo.md, "Targets", and done by compose() in web/games/ubongo/renderer.js).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamebox.core import bridge
from gamebox.core.targets import Target
from gamebox.ubongo import GAME, puzzle
from gamebox.ubongo.rules import BUILT_PLACE, BUILT_SOLVE, UbongoState, next_puzzle_code
from gamebox.ubongo.solver import Placement
from gamebox.ubongo.tiles import TILES, Cell, place
from tests.catalogues import CATALOGUES, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = "K7Q2M-07EB"
BUILT = (BUILT_SOLVE, BUILT_PLACE)


def new(seed: str, players: int, **options: object) -> UbongoState:
    state = GAME.new(seed, players, **options)
    assert isinstance(state, UbongoState)
    return state


def tile_views(state: UbongoState, seat: int) -> list[dict[str, Any]]:
    view = state.view(seat)
    tiles: list[dict[str, Any]] = view["tiles"] if state.mode == "puzzle" else view["seats"][seat]["tiles"]
    return tiles


def written(tile: dict[str, Any], rot: int, flip: bool, at: Cell) -> str:
    """A placement as the page writes it: turned as the view's ``written_as`` says."""
    rot2, flip2, dq, dr = tile["written_as"][rot + 6 * int(flip)]
    return f"{tile['number']} q{at[0] + dq}r{at[1] + dr} rot{rot2}" + (" flip" if flip2 else "")


def compose(state: UbongoState, seat: int, target: Target, placements: list[Placement], ms: int) -> str:
    """The documented composition of a built target: ``place <placement> @ms`` for the one tile dragged (puzzle
    mode), ``solve <every tile's placement, in the view's tile order> @ms`` (a race)."""
    tiles = {tile["number"]: tile for tile in tile_views(state, seat)}
    by_tile = {p.tile: p for p in placements}
    if target["action"] == BUILT_PLACE:
        p = by_tile[int(target["thing"]["id"])]
        return f"place {written(tiles[p.tile], p.rot, p.flip, p.at)} @{ms}"
    text = ", ".join(written(tiles[n], by_tile[n].rot, by_tile[n].flip, by_tile[n].at) for n in tiles)
    return f"solve {text} @{ms}"


def every_turn_of(colour: str, p: Placement) -> list[Placement]:
    """The same tile on the same hexes in each of its 12 turns that lands there (a symmetric tile has several)."""
    cells = sorted(p.cells(colour))
    found = []
    for flip in (False, True):
        for rot in range(6):
            oriented = sorted(place(TILES[colour][p.tile], rot, flip, (0, 0)))
            at = (cells[0][0] - oriented[0][0], cells[0][1] - oriented[0][1])
            if sorted(place(TILES[colour][p.tile], rot, flip, at)) == cells:
                found.append(Placement(p.tile, rot, flip, at))
    return found


def legal(state: UbongoState, seat: int, action: str) -> bool:
    trial = state.copy()
    trial.apply(seat, action)
    return True


def played(target: Target, ms: int = 4321) -> str:
    return f"{target['action']} @{ms}" if target.get("timed") else target["action"]


def puzzle_with_a_wrong_tile() -> UbongoState:
    """Puzzle mode with one tile on the card where no solution has it."""
    state = new(PUZZLE, 1)
    colour = state.colour(0)
    right = {(p.tile, tuple(sorted(p.cells(colour)))) for s in puzzle(PUZZLE).solutions(colour) for p in s}
    for action in state.legal_actions(0):
        if action.startswith("place "):
            trial = state.copy()
            trial.apply(0, action)
            p = trial.placed[int(action.split()[1])]
            if (p.tile, tuple(sorted(p.cells(colour)))) not in right:
                return trial
    raise AssertionError("every placement is right")


# -- puzzle mode -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [lambda: new(PUZZLE, 1), puzzle_with_a_wrong_tile], ids=["empty", "a_wrong_tile"])
def test_every_legal_puzzle_action_is_reachable_from_a_target(make: Any) -> None:
    state = make()
    targets = state.targets(0)
    concrete = {t["action"] for t in targets if t["action"] not in BUILT}
    draggable = {int(t["thing"]["id"]) for t in targets if t["action"] == BUILT_PLACE}
    for action in state.legal_actions(0):
        if action.startswith("place "):
            assert int(action.split()[1]) in draggable, action
        else:
            assert action in concrete, action


@pytest.mark.parametrize("make", [lambda: new(PUZZLE, 1), puzzle_with_a_wrong_tile], ids=["empty", "a_wrong_tile"])
def test_every_puzzle_target_is_legal_or_builds_a_legal_placement(make: Any) -> None:
    state = make()
    colour = state.colour(0)
    for target in state.targets(0):
        if target["action"] == BUILT_PLACE:
            number = int(target["thing"]["id"])
            fits = [a for a in state.legal_actions(0) if a.startswith(f"place {number} ")]
            if not fits:
                continue  # no free hexes fit it now: the drop would be refused with its reason
            first = state.copy()
            first.apply(0, fits[0])
            for turned in every_turn_of(colour, first.placed[number]):
                assert legal(state, 0, compose(state, 0, target, [turned], 2500))
        else:
            assert target["thing"]["kind"] in ("tile", "button")
            assert legal(state, 0, played(target))


def test_a_place_target_names_its_tile_hex_and_turn_as_numbers() -> None:
    """The page offers the drag from these numbers, never by reading the action's text."""
    state = new(PUZZLE, 1)
    places = [t for t in state.targets(0) if t["key"] == "ubongo.target.place"]
    assert places
    for target in places:
        p = target["params"]
        flip = " flip" if p["flip"] else ""
        assert target["action"] == f"place {p['tile']} q{p['q']}r{p['r']} rot{p['rot']}{flip}"
        assert target["to"] == {"kind": "cell", "id": f"q{p['q']}r{p['r']}"}


@pytest.mark.parametrize("make", [lambda: new(PUZZLE, 1), puzzle_with_a_wrong_tile], ids=["empty", "a_wrong_tile"])
def test_following_the_place_and_remove_targets_solves_the_puzzle(make: Any) -> None:
    state = make()
    for _ in range(12):
        if state.is_over:
            break
        targets = state.targets(0)
        step = next((t for t in targets if t["key"] == "ubongo.target.place"), None)
        step = step or next(t for t in targets if t["key"] == "ubongo.target.remove")
        state.apply(0, played(step))
    assert state.phase == "solved" and state.solved_time == 4321 and state.hints == 0


def test_a_solved_or_shown_puzzle_has_no_targets() -> None:
    state = new(PUZZLE, 1)
    state.apply(0, "solution")
    assert state.targets(0) == [] and state.targets(None) == []


def test_a_spectator_of_a_puzzle_has_no_targets() -> None:
    assert new(PUZZLE, 1).targets(None) == []


# -- the race --------------------------------------------------------------------------------------------------
def test_a_race_seat_drags_its_own_tiles_and_may_give_up() -> None:
    state = new("RACE9", 3)
    for seat in range(3):
        targets = state.targets(seat)
        tiles = [int(t["thing"]["id"]) for t in targets if t["action"] == BUILT_SOLVE]
        assert tiles == list(state.own_tiles(seat))
        assert [t["action"] for t in targets if t["action"] != BUILT_SOLVE] == ["timeout"]


def test_the_race_tiles_build_a_legal_solve_in_any_turn_of_a_symmetric_tile() -> None:
    state = new("RACE9", 2)
    colour = state.colour(0)
    solution = puzzle(state.puzzle_code(0)).solutions(colour)[0]
    tile_target = next(t for t in state.targets(0) if t["action"] == BUILT_SOLVE)
    for index in range(len(solution)):
        for turned in every_turn_of(colour, solution[index]):
            placements = [*solution[:index], turned, *solution[index + 1:]]
            assert legal(state, 0, compose(state, 0, tile_target, placements, 61_000))


def test_every_legal_race_action_is_reachable_from_a_target() -> None:
    state = new("RACE9", 2)
    targets = state.targets(0)
    own = {int(t["thing"]["id"]) for t in targets if t["action"] == BUILT_SOLVE}
    for action in state.legal_actions(0):
        if action.startswith("solve "):
            assert own == set(state.own_tiles(0))
        else:
            assert action in {t["action"] for t in targets}
    give_up = next(t for t in targets if t["action"] == "timeout")
    assert legal(state, 0, played(give_up))


def test_a_seat_that_has_handed_in_and_a_spectator_have_no_targets() -> None:
    state = new("RACE9", 2)
    state.apply(0, "timeout")
    assert state.targets(0) == []
    assert state.targets(None) == []
    assert state.targets(1) != []


def test_race_targets_never_give_away_where_the_tiles_go() -> None:
    """A race's targets name the seat's own tiles only, with no hex and no placement: a solution in the view would
    be an unseen helping hand (hints are off in a race for the same reason)."""
    state = new("RACE9", 2)
    for seat in range(2):
        for target in state.targets(seat):
            assert "to" not in target
            assert target["action"] in (BUILT_SOLVE, "timeout")
            assert set(target["params"]) <= {"tile"}


def test_the_bridge_puts_the_seat_s_targets_in_its_view() -> None:
    bridge.handle({"op": "new", "game": "ubongo", "seed": "RACE9", "players": 2,
                   "seats": [{"kind": "human", "level": ""}, {"kind": "bot", "level": "easy"}]})
    reply = bridge.handle({"op": "view", "viewer": 0})
    assert reply["ok"] and reply["view"]["targets"] == json.loads(json.dumps(new("RACE9", 2).targets(0)))


# -- words and the next puzzle ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_target_key_is_worded_in_every_catalogue(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    race = new("RACE9", 2)
    states = [new(PUZZLE, 1), puzzle_with_a_wrong_tile(), race]
    keys = {t["key"] for s in states for t in s.targets(0)}
    keys |= {race.target_of(a)["key"] for a in race.legal_actions(0)[:1]}
    assert {key for key in keys if key not in catalogue} == set()


def test_next_puzzle_is_the_next_card_in_the_next_colour() -> None:
    assert next_puzzle_code("K7Q2M-07EB") == "K7Q2M-08EG"
    assert next_puzzle_code("K7Q2M-54HY") == "K7Q2M-01HR"
    view = new(PUZZLE, 1).view(0)
    assert view["next_puzzle"] == "K7Q2M-08EG"
    assert new(view["next_puzzle"], 1).view(0)["puzzle"] == "K7Q2M-08EG"
