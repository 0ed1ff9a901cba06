"""The guided first games (web/games/<game>/learn.json) and the rules pages' example boards
(web/games/<game>/rules.json) are data: every scripted action must be legal in its position, replayed through the
bridge the way web/learn.js and web/rules.js replay it, and every word they show must be in all three catalogues
(docs/learn.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge
from tests.catalogues import CATALOGUES, page_folder

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "pt", "uk")
SECTIONS = ("goal", "components", "setup", "turn", "scoring", "end", "modes")


def script(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((page_folder(game) / "learn.json").read_text(encoding="utf-8"))
    return data


def rules_page(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((page_folder(game) / "rules.json").read_text(encoding="utf-8"))
    return data


def seats(players: int) -> list[dict[str, str]]:
    return [{"kind": "human", "level": ""}] + [{"kind": "bot", "level": "easy"} for _ in range(players - 1)]


def entry(seat: int, action: str) -> str:
    """One entry of a share code's history, as web/rules.js writes it."""
    return f"{seat}{action.replace(' ', '_')}"


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply = bridge.handle(request)
    assert reply["ok"], (request, reply.get("error"))
    return reply


def step_actions(step: dict[str, Any]) -> list[str]:
    actions: list[str] = step.get("actions") or ([step["action"]] if "action" in step else [])
    return actions


@pytest.fixture(autouse=True)
def fresh_bridge() -> None:
    bridge.reset()


@pytest.mark.parametrize("game", gamebox.ids())
def test_every_guided_step_is_legal_in_turn(game: str) -> None:
    """The page's way: a new table, the bots' moves by a share code, the person's moves by `apply` as seat 0."""
    data = script(game)
    assert data["game"] == game
    players = data["players"]
    fresh = ask({"op": "new", "game": game, "seed": data["seed"], "players": players,
                 "options": data.get("options", {}), "seats": seats(players), "viewer": 0})
    code = fresh["resume"]
    table = fresh
    for seat, action in data.get("start", []):
        code = f"{code}.{entry(seat, action)}"
        table = ask({"op": "open", "code": code, "seats": seats(players), "viewer": 0})
    for number, step in enumerate(data["steps"], start=1):
        before = len(table["log"])
        for action in step_actions(step):
            assert 0 in table["to_move"], f"step {number}: the person is not to move"
            reply = bridge.handle({"op": "apply", "seat": 0, "action": action, "viewer": 0})
            assert reply["ok"], f"step {number}: {action!r} is refused: {reply.get('error')}"
            table = reply
            code = f"{code}.{entry(0, action)}"
        if "ring" in step:  # a scripted grab wins, and catches the creature the step's ring follows
            mine = next(row for row in table["view"]["last"]["grabs"] if row["seat"] == 0)
            assert mine["outcome"] == "won", f"step {number}: the scripted grab does not win"
            assert mine["creature"] == step["ring"]["id"], f"step {number}: the ring follows another creature"
        if step.get("free"):  # a free step lasts while the person is to move, or until a line its `said` lists
            said = [entry for entry in table["log"][before:]
                    if entry["seat"] == 0 and entry["key"] in step.get("said", {})]
            assert table["is_over"] or 0 not in table["to_move"] or said, f"step {number}: its actions do not end it"
        for seat, action in step.get("bots", []):
            assert seat != 0
            code = f"{code}.{entry(seat, action)}"
            table = ask({"op": "open", "code": code, "seats": seats(players), "viewer": 0})
        assert table["viewer"] == 0


@pytest.mark.parametrize("game", gamebox.ids())
def test_every_guided_step_waits_for_the_person_or_a_next_button(game: str) -> None:
    """A step with an action is shown when seat 0 may act; a step without one has the Next button (no action)."""
    data = script(game)
    for step in data["steps"]:
        assert set(step) <= {"prompt", "action", "actions", "free", "retry", "said", "ring", "timed", "bots"}
        assert not ("action" in step and "actions" in step)
        assert "retry" not in step or step.get("free"), "only a free step is tried again"
        assert "ring" not in step or set(step["ring"]) == {"kind", "id"}, "a ring follows a thing: {kind, id}"


@pytest.mark.parametrize("game", gamebox.ids())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_of_a_guided_game_is_in_the_catalogue(game: str, lang: str) -> None:
    data = script(game)
    keys = [step["prompt"] for step in data["steps"]] + [data["done"]]
    keys += [step["retry"] for step in data["steps"] if "retry" in step]
    keys += [key for step in data["steps"] for key in step.get("said", {}).values()]
    missing = [key for key in keys if not str(CATALOGUES[lang].get(key, "")).strip()]
    assert missing == []


@pytest.mark.parametrize("game", gamebox.ids())
def test_every_example_board_of_a_rules_page_is_a_legal_position(game: str) -> None:
    page = rules_page(game)
    examples = [example for section in page["sections"] for example in section.get("examples", [])]
    assert examples, "a rules page shows at least one board"
    for example in examples:
        players = example["players"]
        fresh = ask({"op": "new", "game": game, "seed": example["seed"], "players": players,
                     "options": example.get("options", {}), "seats": seats(players), "viewer": 0})
        code = ".".join([fresh["resume"], *(entry(seat, action) for seat, action in example.get("actions", []))])
        ask({"op": "open", "code": code, "seats": seats(players), "viewer": 0})


@pytest.mark.parametrize("game", gamebox.ids())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_page_is_worded_in_the_catalogue(game: str, lang: str) -> None:
    page = rules_page(game)
    ids = [section["id"] for section in page["sections"]]
    assert set(SECTIONS) <= set(ids), "goal, components, set-up, a turn, scoring, end and modes"
    keys = [f"rules.{game}.{section_id}.body" for section_id in ids]
    keys += [section.get("title") or (f"rules.section.{section['id']}" if section["id"] in (*SECTIONS, "decisions")
                                      else f"rules.{game}.{section['id']}.title") for section in page["sections"]]
    keys += [example["caption"] for section in page["sections"] for example in section.get("examples", [])]
    keys += ["rules.title", "rules.how_to_play", "learn.try", "learn.title", "rules.source"]
    missing = [key for key in keys if not str(CATALOGUES[lang].get(key, "")).strip()]
    assert missing == []
