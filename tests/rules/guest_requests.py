"""What the guest tests (tests/rules/test_guest_*.py) and the other bridge tests share: a fresh bridge for each test,
a request as the host's page sends it, the same from a guest's device (the room adds ``guest`` and ``viewer``), a
position opened through public requests, and seeded random games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge
from gamebox.core.bridge import Table
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


def current() -> Table:
    """The open table (bridge.current_table), which a test has opened."""
    table = bridge.current_table()
    assert table is not None, "no table is open"
    return table


def open_position(state: State[Any], seats: list[dict[str, str]], **request: Any) -> dict[str, Any]:
    """Open the position ``state`` is at with ``seats``, through the bridge's ``new``: its game, seed, players and
    options, after its history (as a rules page's example or a guided game's step is opened). The reply, which is
    checked to be that very state (its fingerprint)."""
    reply = ask(op="new", game=state.game.id, seed=state.seed, players=state.players, options=state.options,
                seats=seats, history=[list(step) for step in state.history], **request)
    assert reply["ok"] and reply["fingerprint"] == state.fingerprint(), reply
    return reply


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
