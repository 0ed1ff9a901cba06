"""Upthrust golden starts: fixed seeds must keep the same colour draw, start and first moves, and Score Up's
best scores must keep lines of play that reach them.

A failure here means every shared Upthrust link would open a different game. If the change is on purpose,
start a new edition (core/game.py) and regenerate with ``UPDATE_GOLDEN=upthrust pytest tests/rules``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamebox
from gamebox.upthrust import solver
from gamebox.upthrust.rules import (
    BAN_EVERY_ROW,
    BAN_NONSCORING_ROWS,
    COLOURS,
    SAME_COLOUR_BAN,
    SQUARE_NAMES,
    START,
    START_DEALT,
    UpthrustState,
    start_board,
)
from tests.playing import first_moves

from .golden_files import FOLDER, assert_matches_golden

SEEDS = ["K7Q2M", "upthrust-golden-1", "2026-12-01"]
FIRST_MOVES = 10
RULES = {BAN_NONSCORING_ROWS: False, BAN_EVERY_ROW: True}
# Score Up from a dealt start: the daily challenge's seeds (dates) under Upthrust's rule, and one under Score Up's.
DEALT = [("2026-12-01", BAN_NONSCORING_ROWS), ("2026-12-02", BAN_NONSCORING_ROWS),
         ("2026-12-03", BAN_NONSCORING_ROWS), ("K7Q2M", BAN_EVERY_ROW)]


def record(seed: str, players: int) -> dict[str, Any]:
    state = gamebox.get("upthrust").new(seed, players)
    assert isinstance(state, UpthrustState)
    start: dict[str, Any] = {
        "seed": seed,
        "players": players,
        "owners": {COLOURS[c]: state.owners[c] for c in range(4)},
        "board": state.board_text(),
        "fingerprint": state.fingerprint(),
        "moves": [],
    }
    start["moves"] = first_moves(state, FIRST_MOVES)
    return start


def line_text(board: list[int], every_row: bool) -> dict[str, Any]:
    solver.forget()
    line = solver.principal_line(board, every_row)
    work = list(board)
    for start, target in line:
        work[target], work[start] = work[start], -1
    return {"line": [SQUARE_NAMES[start] for start, _ in line], "score": solver.score(work)}


def dealt(seed: str, rule: str) -> dict[str, Any]:
    solver.forget()
    state = gamebox.get("upthrust").new(seed, 1, **{START: START_DEALT, SAME_COLOUR_BAN: rule})
    assert isinstance(state, UpthrustState)
    return {"seed": seed, "rule": rule, "board": state.board_text(), "target": state.target,
            "fingerprint": state.fingerprint(), **line_text(state.board, RULES[rule])}


def current() -> dict[str, Any]:
    return {"starts": [record(seed, players) for seed in SEEDS for players in (1, 2, 3, 4)],
            "score_up": {rule: {"target": solver.START_TARGET[every_row], **line_text(start_board(), every_row)}
                         for rule, every_row in RULES.items()},
            "dealt": [dealt(seed, rule) for seed, rule in DEALT]}


def test_golden_starts_first_moves_and_best_lines_are_unchanged() -> None:
    assert_matches_golden("upthrust", current())


@pytest.mark.parametrize("rule", list(RULES))
def test_the_pinned_score_up_line_reaches_the_target(rule: str) -> None:
    """Playing the pinned line in a real 1-player game, under each row rule, scores the target: 560, the
    upper bound, so the line is optimal."""
    expected = json.loads((FOLDER / "upthrust.json").read_text())["score_up"][rule]
    state = gamebox.get("upthrust").new("any", 1, **{SAME_COLOUR_BAN: rule})
    for action in expected["line"]:
        state.apply(0, action)
    assert state.is_over and state.scores() == [expected["target"]] == [560]
    assert state.view(0)["target"] == 560 == solver.upper_bound(start_board())


@pytest.mark.parametrize("index", range(len(DEALT)))
def test_a_pinned_dealt_start_is_dealt_again_and_its_line_reaches_its_target(index: int) -> None:
    """A dealt start comes back the same from its seed, and its pinned line reaches the target it shows, the
    start's upper bound (so the target is the best possible)."""
    expected = json.loads((FOLDER / "upthrust.json").read_text())["dealt"][index]
    state = gamebox.get("upthrust").new(expected["seed"], 1,
                                        **{START: START_DEALT, SAME_COLOUR_BAN: expected["rule"]})
    assert isinstance(state, UpthrustState)
    assert state.board_text() == expected["board"] and state.fingerprint() == expected["fingerprint"]
    assert state.target == expected["target"] == solver.upper_bound(state.board)
    for action in expected["line"]:
        state.apply(0, action)
    assert state.is_over and state.scores() == [expected["target"]]
