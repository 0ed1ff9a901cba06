"""Upples golden deals: fixed seeds must keep giving the same field, draw pile and first moves.

A failure here means every shared Upples link would open a different game. If the change is on purpose,
bump the share-code version and regenerate with ``UPDATE_GOLDEN=upples pytest tests/rules``.
"""

from __future__ import annotations

from typing import Any

import gamebox
from gamebox.upples.deck import CODES
from gamebox.upples.rules import EMPTY, SQUARE_NAMES, UpplesState
from tests.playing import first_moves

from .golden_files import assert_matches_golden

SEEDS = ["K7Q2M", "upples-golden-1", "2026-12-01"]
CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "mode": "glutton", "teams": False},
    {"players": 3, "mode": "survival", "teams": False},
    {"players": 4, "mode": "naughty", "teams": True},
    {"players": 1, "mode": "training", "teams": False},
]
FIRST_MOVES = 10


def record(seed: str, config: dict[str, Any]) -> dict[str, Any]:
    state = gamebox.get("upples").new(seed, config["players"], mode=config["mode"], teams=config["teams"])
    assert isinstance(state, UpplesState)
    deal = {
        "seed": seed,
        **config,
        "field": " ".join("." if c == EMPTY else CODES[c] for c in state.board),
        "tokens": [SQUARE_NAMES[p.square] for p in state.seats if p.square is not None],
        "pile": " ".join(CODES[c] for c in state.pile),
        "fingerprint": state.fingerprint(),
        "moves": [],
    }
    deal["moves"] = first_moves(state, FIRST_MOVES)
    return deal


def current() -> list[dict[str, Any]]:
    return [record(seed, config) for seed in SEEDS for config in CONFIGS]


def test_golden_deals_and_first_moves_are_unchanged() -> None:
    assert_matches_golden("upples", current())
