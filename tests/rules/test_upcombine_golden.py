"""Up Combine golden file: pins the deal, the bases and the first moves of a few seeds, so that a change that
would break shared links fails here. Regenerate (only on purpose) with UPCOMBINE_GOLDEN=write."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from gamebox.upcombine import GAME, UpCombineState

GOLDEN = Path(__file__).parent / "golden" / "upcombine.json"
SEEDS = ["K7Q2M", "GOLD-2", "2026-12-01"]
MOVES = 16


def record(seed: str, players: int) -> dict[str, Any]:
    state = GAME.new(seed, players)
    assert isinstance(state, UpCombineState)
    entry: dict[str, Any] = {
        "seed": seed,
        "players": players,
        "hands": [list(h) for h in state.hands],
        "stacks": [list(s) for s in state.stacks],
        "pile": len(state.pile),
        "start": state.fingerprint(),
        "moves": [],
    }
    for _ in range(MOVES):  # a fixed policy: the last legal action (places when it can, else draws)
        seat = state.to_move[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        entry["moves"].append([seat, action, state.fingerprint()])
    return entry


def build() -> list[dict[str, Any]]:
    return [record(seed, players) for seed in SEEDS for players in (2, 3, 4, 5)]


def test_golden_deals_and_first_moves_are_unchanged() -> None:
    if os.environ.get("UPCOMBINE_GOLDEN") == "write":
        GOLDEN.write_text(json.dumps(build(), indent=1) + "\n")
    expected = json.loads(GOLDEN.read_text())
    assert build() == expected
