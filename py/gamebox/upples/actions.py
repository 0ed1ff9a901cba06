"""Upples' actions as values, and their notation: ``parse`` reads a text, ``str(action)`` (its ``text``) writes it,
like python-chess's ``Move.from_uci`` and ``Move.uci()``.

One action is one jump; a turn's chain is several actions by the same seat.

- ``jump d4 f5``          ``Jump(d4, f5)``: jump from d4 (where the komupple stands) to f5.
- ``jump d4 f5 white``    ``Jump(d4, f5, colour="white")``: f5 is a multicolour upple; become white (or ``red``).
- ``jump d4 f5 exit b2``  ``Jump(d4, f5, exit=b2)``: f5 is a tunnel; come out of the tunnel on b2.
- ``pass``                ``Pass()``: the only action when the turn's first jump is impossible.

Squares are named like a chess board's (board.py). Only these exact texts are actions: no other case, spacing or
leading zero (``Jump d4 f5``, ``jump  d4 f5``, ``jump d04 f5`` are refused).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from gamebox.core.errors import IllegalAction
from gamebox.core.game import EDITION
from gamebox.core.notation import Pass as Pass  # the pass of every game that has one: one value, re-exported
from gamebox.upples.board import SQUARE_NAMES, SQUARES

BODIES: Final = ("white", "red")  # what a komupple may become on a multicolour upple
_SQUARE_INDEX: Final = {name: index for index, name in enumerate(SQUARE_NAMES)}
_LONGEST: Final = len("jump a1 a2 exit a3")  # no longer text is an action: refused before it is split


@dataclass(frozen=True, slots=True)
class Jump:
    """A jump from square ``frm`` to square ``to`` (0..48, board.py), with the question it answers, if any: the
    body ``colour`` chosen on a multicolour upple, or the tunnel to ``exit`` from."""

    frm: int
    to: int
    colour: str | None = None
    exit: int | None = None
    # The notation, written once when the value is made (the rules list jumps often; see ``jump``).
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for square in (self.frm, self.to) if self.exit is None else (self.frm, self.to, self.exit):
            if not 0 <= square < SQUARES:
                raise ValueError(f"there is no square {square!r}")
        if self.colour is not None and (self.colour not in BODIES or self.exit is not None):
            raise ValueError(f"a jump becomes white or red, or exits a tunnel: not {self!r}")
        object.__setattr__(self, "text", f"jump {SQUARE_NAMES[self.frm]} {SQUARE_NAMES[self.to]}{self.choice}")

    @property
    def choice(self) -> str:
        """The words after the two squares, with their space: ``" white"``, ``" exit b2"`` or ``""``."""
        if self.colour is not None:
            return " " + self.colour
        if self.exit is not None:
            return " exit " + SQUARE_NAMES[self.exit]
        return ""

    def __str__(self) -> str:
        return self.text


Action = Jump | Pass
PASS: Final = Pass()
_JUMPS: dict[tuple[int, int, str | None, int | None], Jump] = {}


def jump(frm: int, to: int, colour: str | None = None, exit: int | None = None) -> Jump:
    """``Jump(frm, to, colour, exit)``, made once and then shared: the rules list the same jumps again and again,
    and a value is immutable. Only for jumps the rules list (a few thousand in all), not for texts from outside."""
    key = (frm, to, colour, exit)
    found = _JUMPS.get(key)
    if found is None:
        found = _JUMPS[key] = Jump(frm, to, colour, exit)
    return found


def parse(text: str, edition: int = EDITION) -> Action:
    """The action ``text`` names; IllegalAction (``upples.bad_notation``) unless it is exactly the notation of one.
    ``edition``: the edition of the rules the text was written under; every edition of Upples writes its actions
    the same way."""
    if text == PASS.text:
        return PASS
    words = text.split(" ") if len(text) <= _LONGEST else []
    if 3 <= len(words) <= 5 and words[0] == "jump":
        frm, to = _SQUARE_INDEX.get(words[1]), _SQUARE_INDEX.get(words[2])
        if frm is not None and to is not None:
            # Made afresh, not shared (``jump``): texts from outside must not grow the table of shared values.
            if len(words) == 3:
                return Jump(frm, to)
            if len(words) == 4 and words[3] in BODIES:
                return Jump(frm, to, colour=words[3])
            exit_ = _SQUARE_INDEX.get(words[4]) if len(words) == 5 and words[3] == "exit" else None
            if exit_ is not None:
                return Jump(frm, to, exit=exit_)
    raise IllegalAction(f"{text!r} is not a move: write it like 'jump d4 f5'.", "upples.bad_notation",
                        action=text[:40])


def move_data(action: Action) -> dict[str, Any]:
    """The action as data for the page to draw (State.move_data): ``{"kind": "jump", "from": "d4", "to": "f5",
    "colour": "white" | "red" | None, "exit": "b2" | None}``, or ``{"kind": "pass"}``."""
    if isinstance(action, Jump):
        return {"kind": "jump", "from": SQUARE_NAMES[action.frm], "to": SQUARE_NAMES[action.to],
                "colour": action.colour, "exit": None if action.exit is None else SQUARE_NAMES[action.exit]}
    return {"kind": "pass"}
