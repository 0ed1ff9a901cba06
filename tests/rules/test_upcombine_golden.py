"""Up Combine golden file: pins the deal, the bases and the first moves of a few seeds, so that a change that
would break shared links fails here. Regenerate (only on purpose) with UPDATE_GOLDEN=upcombine.

Since edition 2 a game starts with the oldest player's choice of bases: ``stacks`` is empty at the start, and
the first recorded move is that choice (``bases G R``, the last legal action), whose pieces then show in
``bases``."""

from __future__ import annotations

from typing import Any

from gamebox.upcombine import GAME, UpCombineState
from tests.playing import first_moves

from .golden_files import assert_matches_golden

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
    entry["moves"] = first_moves(state, MOVES)  # the last legal action: places when it can, else draws
    entry["bases"] = [stack[0] for stack in GAME.replay(seed, players, {}, state.history[:1]).stacks]
    return entry


def build() -> list[dict[str, Any]]:
    return [record(seed, players) for seed in SEEDS for players in (2, 3, 4, 5)]


def test_golden_deals_and_first_moves_are_unchanged() -> None:
    assert_matches_golden("upcombine", build())
