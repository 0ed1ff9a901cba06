"""Upthrust's actions as values, and their notation: ``parse`` reads a text, ``str(action)`` (its ``text``) writes
it, like python-chess's ``Move.from_uci`` and ``Move.uci()``.

An action names the square of the piece to move, column letter then row number (``b3``): where it lands follows
from the rules. ``pass`` is the only other action. Only these exact texts are actions (lower case, no leading
zero, no spaces): ``B3``, ``b03`` or `` b3`` are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from gamebox.core.errors import IllegalAction
from gamebox.core.game import EDITION
from gamebox.core.notation import Pass as Pass  # the pass of every game that has one: one value, re-exported
from gamebox.upthrust.board import SQUARE_NAMES, SQUARES


@dataclass(frozen=True, slots=True)
class Move:
    """Move the piece on ``square`` (0..43). Its text is the square's name, ``b3``."""

    square: int
    # The notation, written once when the value is made (the rules list many moves, often).
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.square < SQUARES:
            raise ValueError(f"there is no square {self.square!r}")
        object.__setattr__(self, "text", SQUARE_NAMES[self.square])

    def __str__(self) -> str:
        return self.text


Action = Move | Pass
PASS: Final = Pass()
MOVES: Final = tuple(Move(square) for square in range(SQUARES))  # the move of each square, made once
_BY_TEXT: Final[dict[str, Action]] = {move.text: move for move in MOVES} | {PASS.text: PASS}


def parse(text: str, edition: int = EDITION) -> Action:
    """The action ``text`` names; IllegalAction (``upthrust.bad_square``) if it is not exactly one of them.
    ``edition``: the edition of the rules the text was written under; every edition of Upthrust writes its actions
    the same way."""
    action = _BY_TEXT.get(text)
    if action is None:
        raise IllegalAction(f"{text!r} is not a square: name the piece to move, like b3.", "upthrust.bad_square",
                            action=text)
    return action


def move_data(action: Action) -> dict[str, Any]:
    """The action as data for the page to draw (State.move_data): ``{"kind": "move", "from": "b3"}``, the peg the
    move jumps (its target's thing), or ``{"kind": "pass"}``."""
    if isinstance(action, Move):
        return {"kind": "move", "from": action.text}
    return {"kind": "pass"}
