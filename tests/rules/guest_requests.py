"""What the guest tests (tests/rules/test_guest_*.py) share: a fresh bridge for each test, a request as the host's
page sends it, the same from a guest's device (the room adds ``guest`` and ``viewer``), and seeded random games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge
from gamebox.core.game import State
from gamebox.core.rng import Rng


@pytest.fixture(autouse=True)
def fresh_table() -> Iterator[None]:
    bridge.reset()
    yield
    bridge.reset()


def ask(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.handle_json(json.dumps(request)))
    return reply


def guest(at: object, /, **request: Any) -> dict[str, Any]:
    """A request from the device of seat ``at``."""
    return ask(guest=True, viewer=at, **request)


def random_points(game_id: str, players: int, seeds: int, moves: int, label: str) -> Iterator[State[Any]]:
    """Positions of seeded random games (every seat plays uniformly among its legal actions)."""
    game = gamebox.get(game_id)
    for number in range(seeds):
        chooser = Rng(f"{label}/{game_id}/{players}/{number}")
        state = game.new(f"{label}-{number}", players)
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
