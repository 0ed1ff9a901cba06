"""Upples targets (views.py): what a person can touch now, worded, and why a square cannot be jumped to.

Every legal action of the seat to move is one target, on the card (or the komupple) it lands on; a jump that asks
a question (a tunnel's exit, a multicolour's new state) names its second touch in ``to``. Nobody else has targets,
the draw pile's order never shows, every key is worded in every catalogue, and every square that is not a landing
carries the reason the rules give when someone jumps there anyway."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamebox
from gamebox.core.errors import IllegalAction
from gamebox.core.game import Refusal
from gamebox.core.rng import Rng
from gamebox.upples.rules import SQUARE_NAMES, UpplesState
from tests.catalogues import CATALOGUES

from .test_upples_rules import position

ROOT = Path(__file__).resolve().parents[2]
GAME = gamebox.get("upples")
CONFIGS = [("glutton", 1, False), ("training", 1, False), ("glutton", 2, False), ("naughty", 3, False),
           ("survival", 4, False), ("naughty", 4, True)]


def played_positions(mode: str, players: int, teams: bool, seed: str, limit: int = 120) -> list[UpplesState]:
    """Every position of one game played by random legal actions (a copy of each)."""
    state = GAME.new(seed, players, mode=mode, teams=teams)
    assert isinstance(state, UpplesState)
    rng = Rng(seed + "-choices")
    seen = [state.copy()]
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        seen.append(state.copy())
    return seen


def all_positions() -> list[UpplesState]:
    return [state for mode, players, teams in CONFIGS for n in range(3)
            for state in played_positions(mode, players, teams, f"targets-{mode}-{players}-{n}")]


POSITIONS = all_positions()


def test_every_legal_action_of_the_seat_to_move_is_exactly_one_target() -> None:
    for state in POSITIONS:
        for seat in range(state.players):
            actions = [target["action"] for target in state.targets(seat)]
            assert sorted(actions) == sorted(state.legal_actions(seat))


def test_playing_a_target_puts_the_komupple_where_the_target_shows() -> None:
    """A jump's target is the card or komupple it lands on (its ``thing``); a tunnel's second touch is the exit it
    comes out of, and a multicolour's the body it takes: after the target's action the komupple is there, so."""
    checked = 0
    for state in POSITIONS[::7]:
        if state.is_over:
            continue
        seat = state.current
        for target in state.targets(seat):
            twin = state.copy()
            twin.apply(seat, target["action"])
            after = twin.view(None)["players"][seat]
            second = target.get("to")
            if target["thing"] == {"kind": "button", "id": "pass"}:
                assert twin.history[-1] == (seat, "pass")
            elif second is not None and second["kind"] == "card":
                assert after["square"] == second["id"], target
            else:
                assert after["square"] == target["thing"]["id"], target
                if second is not None:
                    assert second["kind"] == "button" and after["body"] == second["id"], target
            checked += 1
    assert checked > 500


def by_square(state: UpplesState, refusals: list[Refusal]) -> dict[str, Refusal]:
    """The refusals by square; each names what lies on its square as the targets name things: another komupple
    (``piece``), a card (``card``), or else the empty square (``cell``), and no square twice."""
    view = state.view(state.current)
    komupples = {player["square"] for player in view["players"] if player["square"] is not None}
    found = {}
    for refusal in refusals:
        square = refusal["thing"]["id"]
        kind = "piece" if square in komupples else "card" if view["cards"][square] is not None else "cell"
        assert refusal["thing"]["kind"] == kind and "to" not in refusal
        found[square] = refusal
    assert len(found) == len(refusals)
    return found


def test_seats_not_to_move_and_spectators_have_no_targets_and_no_refusals() -> None:
    for state in POSITIONS:
        assert state.targets(None) == [] and state.view(None)["refusals"] == []
        for seat in range(state.players):
            if seat not in state.to_move:
                assert state.targets(seat) == [] and state.view(seat)["refusals"] == []


def test_a_target_lands_on_the_card_or_the_komupple_of_its_square() -> None:
    for state in POSITIONS:
        if state.is_over:
            continue
        tokens = {square for square in (p["square"] for p in state.view(None)["players"]) if square}
        for target in state.targets(state.current):
            if target["action"] == "pass":
                assert target["thing"] == {"kind": "button", "id": "pass"} and "to" not in target
                continue
            landing = target["action"].split(" ")[2]
            assert target["thing"]["id"] == landing
            assert target["thing"]["kind"] == ("piece" if landing in tokens else "card")


def test_one_touch_and_two_touch_targets_never_collide() -> None:
    """A tap on a thing plays at most one action; a thing whose targets ask a question has only two-touch ones,
    each told apart by its second touch."""
    for state in POSITIONS:
        if state.is_over:
            continue
        by_thing: dict[str, list[dict[str, object]]] = {}
        for target in state.targets(state.current):
            by_thing.setdefault(f"{target['thing']['kind']}:{target['thing']['id']}", []).append(dict(target))
        for targets in by_thing.values():
            if len(targets) == 1:
                continue
            seconds = [json.dumps(target.get("to"), sort_keys=True) for target in targets]
            assert all(target.get("to") for target in targets) and len(set(seconds)) == len(seconds)


def test_a_tunnel_with_exits_asks_for_the_exit_tunnel_and_a_multicolour_for_the_state() -> None:
    state = position({"a2": "tunnel", "f7": "tunnel", "c6": "tunnel", "e5": "wg", "d7": "wg", "b1": "multi",
                      "a3": "wg"}, ["a1"])
    targets = {target["action"]: target for target in state.targets(0)}
    assert targets["jump a1 a2 exit f7"]["to"] == {"kind": "card", "id": "f7"}
    assert targets["jump a1 a2 exit f7"]["key"] == "upples.target.tunnel_exit"
    assert targets["jump a1 a2 exit f7"]["params"] == {"start": "a1", "to": "a2", "exit": "f7"}
    assert targets["jump a1 b1 red"]["to"] == {"kind": "button", "id": "red"}
    assert targets["jump a1 b1 white"]["key"] == "upples.target.multi_white"
    assert "to" not in targets["jump a1 a3"] and targets["jump a1 a3"]["key"] == "upples.target.eat_wg"


def test_a_naughty_bounce_is_a_target_on_the_komupple() -> None:
    state = position({"a5": "wg"}, ["a1", "a3"], mode="naughty")
    targets = {target["action"]: target for target in state.targets(0)}
    assert targets["jump a1 a3"]["thing"] == {"kind": "piece", "id": "a3"}
    assert targets["jump a1 a3"]["key"] == "upples.target.bounce"


def test_a_stuck_komupple_has_one_pass_button_worded_by_what_the_pass_does() -> None:
    state = position({}, ["d4"])
    assert [t["key"] for t in state.targets(0)] == ["upples.target.pass_flip"]
    snapshot = state.snapshot()
    snapshot["seats"][0][5] = True  # stuck
    state = GAME.restore(snapshot, seed=state.seed, players=state.players, options=state.options)
    assert isinstance(state, UpplesState)
    assert [t["key"] for t in state.targets(0)] == ["upples.target.pass_swap"]


def test_a_super_upple_target_says_its_points() -> None:
    state = position({"a3": "w3", "c1": "g5"}, ["a1"])
    targets = {target["action"]: target for target in state.targets(0)}
    white, golden = targets["jump a1 a3"], targets["jump a1 c1"]
    assert white["key"] == "upples.target.super_white" and white["params"]["points"] == 3
    assert golden["key"] == "upples.target.golden" and golden["params"]["points"] == 5


def test_every_square_but_the_landings_and_its_own_says_why_it_cannot_be_jumped_to() -> None:
    for state in POSITIONS[::5]:
        if state.is_over:
            continue
        seat = state.current
        view = state.view(seat)
        refusals = by_square(state, view["refusals"])
        landings = {t["action"].split(" ")[2] for t in state.targets(seat) if t["action"] != "pass"}
        own = view["players"][seat]["square"]
        assert set(refusals) == set(SQUARE_NAMES) - landings - {own}
        for square, refusal in refusals.items():
            with pytest.raises(IllegalAction) as error:
                state.copy().apply(seat, f"jump {own} {square}")
            assert (error.value.key, error.value.params) == (refusal["key"], refusal["params"])


def test_refusals_say_reach_and_colour_in_the_words_of_the_komupples_body() -> None:
    state = position({"a3": "rr"}, ["a1"])
    refusals = by_square(state, state.view(0)["refusals"])
    assert refusals["a3"]["key"] == "upples.wrong_colour_white"
    assert refusals["b2"]["key"] == "upples.out_of_reach_white"
    red = position({"b3": "wg"}, [("a1", "red", "red")])
    assert by_square(red, red.view(0)["refusals"])["b3"]["key"] == "upples.wrong_colour_red"
    assert by_square(red, red.view(0)["refusals"])["a2"]["key"] == "upples.out_of_reach_red"


def test_the_draw_pile_order_never_reaches_targets_or_refusals() -> None:
    for state in POSITIONS[::11]:
        twin = state.copy()
        twin.pile.reverse()
        for seat in [None, *range(state.players)]:
            assert twin.targets(seat) == state.targets(seat) and twin.view(seat) == state.view(seat)


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_target_and_refusal_key_is_worded(lang: str) -> None:
    keys = set()
    for state in POSITIONS:
        if state.is_over:
            continue
        keys |= {target["key"] for target in state.targets(state.current)}
        keys |= {refusal["key"] for refusal in state.view(state.current)["refusals"]}
    assert {"upples.target.eat_wg", "upples.out_of_reach_white"} <= keys
    assert sorted(key for key in keys if key not in CATALOGUES[lang]) == []
