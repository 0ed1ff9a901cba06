"""Upthrust golden starts: fixed seeds must keep the same colour draw, start and first moves, and the
Score Up target must keep its optimal line.

A failure here means every shared Upthrust link would open a different game. If the change is on purpose,
bump the share-code version and regenerate with ``UPDATE_GOLDEN=upthrust pytest tests/rules``.
"""

from __future__ import annotations

import json
from typing import Any

import gamebox
from gamebox.upthrust import solver
from gamebox.upthrust.rules import COLOURS, SQUARE_NAMES, UpthrustState, start_board
from tests.playing import first_moves

from .golden_files import FOLDER, assert_matches_golden

SEEDS = ["K7Q2M", "upthrust-golden-1", "2026-12-01"]
FIRST_MOVES = 10


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


def optimal_line() -> dict[str, Any]:
    solver._table.clear()
    line = solver.principal_line(start_board())
    board = start_board()
    for start, target in line:
        board[target], board[start] = board[start], -1
    return {"target": solver.START_TARGET, "line": [SQUARE_NAMES[start] for start, _ in line],
            "score": solver.score(board)}


def current() -> dict[str, Any]:
    return {"starts": [record(seed, players) for seed in SEEDS for players in (1, 2, 3, 4)],
            "score_up": optimal_line()}


def test_golden_starts_and_first_moves_are_unchanged() -> None:
    assert_matches_golden("upthrust", current())


def test_the_pinned_score_up_line_reaches_the_target() -> None:
    """Playing the pinned line in a real 1-player game scores the target, the proven best (560)."""
    expected = json.loads((FOLDER / "upthrust.json").read_text())["score_up"]
    state = gamebox.get("upthrust").new("any", 1)
    for action in expected["line"]:
        state.apply(0, action)
    assert state.is_over and state.scores() == [expected["target"]] == [560]
    assert solver.upper_bound(start_board()) == 560
