"""Scripted play for tests: fixed policies, and a game played by one of them with its record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamebox.core.game import State


def first_legal_action(state: State, seat: int) -> str:
    return state.legal_actions(seat)[0]


def last_legal_action(state: State, seat: int) -> str:
    """The golden files' fixed policy."""
    return state.legal_actions(seat)[-1]


def first_moves(state: State, moves: int,
                choose: Callable[[State, int], str] = last_legal_action) -> list[list[Any]]:
    """Play up to ``moves`` actions for the first seat to move, chosen by ``choose``: [seat, action, fingerprint
    after it] for each."""
    played: list[list[Any]] = []
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = choose(state, seat)
        state.apply(seat, action)
        played.append([seat, action, state.fingerprint()])
    return played
