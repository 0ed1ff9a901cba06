"""Upthrust's actions are canonical (issue 11): only the exact text of legal_actions() is accepted.

At many points of seeded random games (every player count, the solitaire under both row rules and from a dealt
start), every legal action applies as it is, and its variants (swapped case, whitespace at either end, a
doubled space, a leading zero, a word in other case) are refused with IllegalAction, leaving the fingerprint
unchanged."""

from __future__ import annotations

import pytest

import gamebox
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upthrust.rules import BAN_EVERY_ROW, SAME_COLOUR_BAN, START, START_DEALT, UpthrustState
from tests.playing import plays_exactly_its_legal_actions

GAME = gamebox.get("upthrust")
SETUPS = [(1, {}), (1, {SAME_COLOUR_BAN: BAN_EVERY_ROW}), (1, {START: START_DEALT}), (2, {}), (3, {}), (4, {})]


def variants(action: str) -> list[str]:
    """Texts that name the same action in a non-canonical way."""
    out = [action.upper(), action.swapcase(), action.capitalize(), f" {action}", f"{action} ", f"{action}\n",
           f"\t{action}", action.replace(" ", "  ")]
    if action[-1].isdigit():  # b3 -> b03, b 3
        out += [f"{action[0]}0{action[1:]}", f"{action[0]} {action[1:]}"]
    return [text for text in dict.fromkeys(out) if text != action]


def positions(players: int, options: dict[str, str], seed: str) -> list[UpthrustState]:
    """Every position of one random game, from the start to the end."""
    state = GAME.new(seed, players, **options)
    assert isinstance(state, UpthrustState)
    rng = Rng(f"notation/{seed}/{players}")
    seen = [state.copy()]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.copy())
    return seen


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_every_legal_action_is_accepted_and_every_variant_refused(players: int, options: dict[str, str]) -> None:
    checked = 0
    for game in range(4):
        for state in positions(players, options, f"N{game}")[::3]:
            if state.is_over:
                continue
            checked += len(plays_exactly_its_legal_actions(state, variants))
    assert checked > 100


def test_the_notation_is_lower_case_squares_and_pass() -> None:
    """'b3' names the piece on b3; 'pass' is the only word. Capitals are another text, not the same move."""
    state = GAME.new("CASE", 1)
    legal = state.legal_actions(0)
    assert "a1" in legal and all(action == action.lower() for action in legal)
    before = state.fingerprint()
    for text in ("A1", "a01", "a1 ", "PASS", "Pass", "pass ", "a1 a1"):
        with pytest.raises(IllegalAction):
            state.apply(0, text)
    assert state.fingerprint() == before
