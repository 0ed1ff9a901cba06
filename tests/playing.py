"""Scripted play for tests: fixed policies, and a game played by one of them with its record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamebox.core.errors import IllegalAction
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


def plays_exactly_its_legal_actions(state: State, variants: Callable[[str], list[str]]) -> list[str]:
    """Every legal action of the seat to move plays as written, and every variant of it (another spelling of the
    same move) is refused and changes nothing. Returns the actions checked."""
    seat = state.to_move[0]
    before = state.fingerprint()
    legal = state.legal_actions(seat)
    for action in legal:
        probe = state.copy()
        probe.apply(seat, action)
        assert probe.history[-1] == (seat, action)
        for text in variants(action):
            with pytest.raises(IllegalAction):
                state.apply(seat, text)
            assert state.fingerprint() == before, text
    return legal
