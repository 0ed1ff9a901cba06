"""Whoopies' targets (views.py): what a person can act on now, in the game's own words, and the view's shape.

A grab is the one action a person builds: its targets are timed, their action is ``grab``, and the page adds the
point the hand closed on and its clock: ``grab <x>,<y> @<ms>`` (docs/rules/whoopies.md, "Targets")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_type_hints

import pytest

import gamebox
from gamebox.core.rng import Rng
from gamebox.core.targets import Target
from gamebox.whoopies.rules import WhoopiesState
from gamebox.whoopies.throw import BALL_HIT_RADIUS, FRAME_MS, REST_MS, throw_from_json
from gamebox.whoopies.views import WhoopiesView
from tests.catalogues import CATALOGUES

ROOT = Path(__file__).resolve().parents[2]
GAME = gamebox.get("whoopies")
POINT_GRAB = re.compile(r"grab (0|[1-9][0-9]*),(0|[1-9][0-9]*) @(0|[1-9][0-9]*)")
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {"variant": "petty-theft"}), (3, {"variant": "youngest"}), (2, {"creatures": 3}),
    (5, {"variant": "petty-theft", "creatures": 4})]


def built(target: Target, x: int, y: int, ms: int) -> str:
    """What the page sends for a tap at table point (x, y) at ``ms`` on a timed target: the point, then the
    clock."""
    assert target.get("timed")
    return f"{target['action']} {x},{y} @{ms}"


def positions(seed: str, players: int, options: dict[str, Any], steps: int = 160) -> list[WhoopiesState]:
    """Every position of a game played by random legal actions (grabs drawn from the sample)."""
    state = GAME.new(seed, players, **options)
    assert isinstance(state, WhoopiesState)
    rng = Rng(f"targets/{seed}")
    seen = [state.copy()]
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.copy())
    return [s for s in seen if isinstance(s, WhoopiesState)]


ALL = [(f"T{i}-{players}", state) for i, (players, options) in enumerate(SETUPS)
       for state in positions(f"T{i}", players, options)]


def test_every_legal_action_of_a_seat_to_move_is_reachable_from_its_targets() -> None:
    """Outside the grab the targets are the legal actions; in the grab every sample grab is a point that a grab
    target builds, and pass is a target."""
    grabs = 0
    for _, state in ALL:
        for seat in state.to_move:
            targets = state.targets(seat)
            plain = {t["action"] for t in targets if not t.get("timed")}
            timed = [t for t in targets if t.get("timed")]
            for action in state.legal_actions(seat):
                found = POINT_GRAB.fullmatch(action)
                if found:
                    grabs += 1
                    x, y, ms = (int(part) for part in found.groups())
                    assert any(built(t, x, y, ms) == action for t in timed), action
                else:
                    assert action in plain, action
    assert grabs > 50


def test_every_target_plays_a_legal_action_or_builds_a_legal_grab() -> None:
    for _, state in ALL:
        for seat in state.to_move:
            legal = state.legal_actions(seat)
            for target in state.targets(seat):
                if target.get("timed"):
                    trial = state.copy()
                    trial.apply(seat, built(target, 400, 300, REST_MS))
                else:
                    assert target["action"] in legal


def test_a_tap_on_a_balls_target_catches_that_creature_by_the_tail() -> None:
    """Every ball target, tapped where its ball lies once the throw rests, is a catch of that creature's tail."""
    checked = 0
    for _, state in ALL:
        if state.phase != "grab":
            continue
        throw = state.throw
        assert throw is not None
        for seat in state.to_move:
            floor = max((int(a["ms"]) for a in state.attempts[seat]), default=0)
            ms = max(REST_MS, floor)
            for target in state.targets(seat):
                if target["key"] != "whoopies.describe.grab_ball":
                    continue
                name = target["thing"]["id"]
                x, y = throw.ball_at(name, ms)
                assert throw.hit(round(x), round(y), ms) == (name, "tail")
                trial = state.copy()
                assert isinstance(trial, WhoopiesState)
                trial.apply(seat, built(target, round(x), round(y), ms))
                if trial.phase == "grab":
                    caught = (trial.attempts[seat][-1].get("creature"), trial.attempts[seat][-1].get("part"))
                else:  # the last grab of the round: it is resolved at once
                    assert trial.last is not None
                    row = next(r for r in trial.last["grabs"] if r["seat"] == seat)
                    caught = (row["creature"], row["part"])
                assert caught == (name, "tail")
                checked += 1
    assert checked > 20


def test_a_tap_on_a_bodys_target_where_no_ball_lies_catches_it_by_the_body() -> None:
    checked = 0
    for _, state in ALL:
        if state.phase != "grab":
            continue
        throw = state.throw
        assert throw is not None
        for target in state.targets(state.to_move[0]):
            if target["key"] != "whoopies.describe.grab_body":
                continue
            name = target["thing"]["id"]
            x, y = (round(v) for v in throw.body_at(name, REST_MS))
            near = any((bx - x) ** 2 + (by - y) ** 2 <= BALL_HIT_RADIUS ** 2
                       for bx, by in (throw.ball_at(n, REST_MS) for n in throw.order))
            if not near and throw.hit(x, y, REST_MS) == (name, "body"):
                checked += 1
    assert checked > 10


def test_only_the_grab_is_timed_and_it_names_every_creature_in_play_by_ball_and_body() -> None:
    for _, state in ALL:
        for seat in state.to_move:
            targets = state.targets(seat)
            timed = [t for t in targets if t.get("timed")]
            if state.phase != "grab":
                assert timed == []
                continue
            assert {t["thing"]["id"] for t in timed} == set(state.in_play)
            assert sorted(t["key"] for t in timed) == sorted(
                ["whoopies.describe.grab_ball", "whoopies.describe.grab_body"] * len(state.in_play))
            assert [t["action"] for t in targets if not t.get("timed")] == ["pass"]


def test_targets_are_empty_for_a_seat_not_to_move_and_for_a_spectator() -> None:
    for _, state in ALL:
        assert state.targets(None) == []
        for seat in range(state.players):
            if seat not in state.to_move:
                assert state.targets(seat) == []


def test_a_seats_targets_do_not_change_when_another_seat_grabs_or_misses() -> None:
    """The others' grabs are secret until the grab is resolved: nothing of them shows in one's targets."""
    checked = 0
    for _, state in ALL:
        if state.phase != "grab" or len(state.to_move) < 2:
            continue
        mover, other = state.to_move[0], state.to_move[1]
        before = state.targets(other)
        for action in ("grab 0,0 @100", state.legal_actions(mover)[0]):  # a miss, then a catch
            trial = state.copy()
            trial.apply(mover, action)
            if other in trial.to_move:
                assert trial.targets(other) == before
                checked += 1
    assert checked > 5


@pytest.mark.parametrize("lang", ["en", "pt", "uk"])
def test_every_targets_words_are_in_the_catalogue(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    keys = {t["key"] for _, state in ALL for seat in state.to_move for t in state.targets(seat)}
    assert len(keys) >= 10
    assert sorted(key for key in keys if key not in catalogue) == []
    # the parameters the page words: creatures, colours, the joker's actions
    for creature in ("phanteus", "octopus", "torteus", "marsupus", "ursinus"):
        assert f"whoopies.creature.{creature}" in catalogue
    for colour in ("orange", "blue", "pink", "purple", "green"):
        assert f"colour.{colour}" in catalogue
    for action in ("colour", "puff", "name", "spare", "own"):
        assert f"whoopies.action.{action}" in catalogue


def test_the_view_has_exactly_the_typed_shape() -> None:
    fields = set(get_type_hints(WhoopiesView))
    for _, state in ALL[::7]:
        for seat in [None, *range(state.players)]:
            assert set(state.view(seat)) == fields


def test_the_throw_in_the_view_stops_at_rest_and_moves_exactly_as_the_engines() -> None:
    """Each path in the view stops where its creature no longer moves; read back, it gives the engine's positions
    at every ms, so a bot (which reads the view) and the page see the throw the engine hit-tests."""
    state = next(s for _, s in ALL if s.phase == "grab")
    throw = state.throw
    assert throw is not None
    data = state.view(0)["throw"]
    assert data is not None
    seen = throw_from_json(data)
    full = REST_MS // FRAME_MS + 1
    assert any(len(path["body"]) < full for path in data["paths"].values())
    for name in throw.order:
        for ms in range(0, REST_MS + 400, 7):
            assert seen.ball_at(name, ms) == throw.ball_at(name, ms)
            assert seen.body_at(name, ms) == throw.body_at(name, ms)
            assert seen.ball_velocity(name, ms) == throw.ball_velocity(name, ms)
