"""Up Combine's actions as values, and their notation: ``parse`` reads a text, ``str(action)`` (its ``text``)
writes it, like python-chess's ``Move.from_uci`` and ``Move.uci()``.

Stacks are numbered 1, 2, ... from left to right as they lie now; a piece is two letters, its colour (capital) and
its symbol (small), e.g. ``Rs`` (pieces.py).

- ``Rs 3``       ``Place("Rs", 3)``: place a red star from your hand on stack 3.
- ``draw G``     ``Draw("G")``: end your turn by drawing a piece of that colour from the pile.
- ``pass``       ``Pass()``: end your turn when the pile is empty.
- ``bases B O``  ``Bases("B", "O")``: the oldest player's choice of the round's two bases (from edition 2), two
                 colours in the colour order B O P G R; stack 1 gets the first.

Only these exact texts are actions: case counts (``rs 3`` is not ``Rs 3``), no leading zeros, no spaces at the
ends or doubled. A text of that shape is an action even when it names no piece, colour or stack of the game
(``Xx 1``, ``draw X``, ``Bc 0``): the rules say what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from gamebox.core.errors import IllegalAction
from gamebox.core.game import EDITION
from gamebox.core.notation import Pass as Pass  # the pass of every game that has one: one value, re-exported
from gamebox.upcombine.editions import EDITIONS
from gamebox.upcombine.pieces import COLOUR_ORDER, RANK

_CAPITALS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SMALLS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_DIGITS: Final = frozenset("0123456789")
_LONGEST: Final = len("bases B O")  # no longer text is an action: refused before it is read


def _letter(text: str, letters: frozenset[str]) -> bool:
    return len(text) == 1 and text in letters


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``piece`` from the hand on stack number ``stack`` (1 from the left)."""

    piece: str
    stack: int
    # The notation, written once when the value is made (the rules list many placements, often).
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.piece) != 2 or self.piece[0] not in _CAPITALS or self.piece[1] not in _SMALLS \
                or not 0 <= self.stack <= 999:
            raise ValueError(f"not a placement: {self.piece!r} on {self.stack!r}")
        object.__setattr__(self, "text", f"{self.piece} {self.stack}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Draw:
    """End the turn by drawing a piece of ``colour`` (its letter) from the pile."""

    colour: str
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _letter(self.colour, _CAPITALS):
            raise ValueError(f"not a colour letter: {self.colour!r}")
        object.__setattr__(self, "text", f"draw {self.colour}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Bases:
    """The oldest player's choice of the bases' colours: ``first`` for stack 1, ``second`` for stack 2."""

    first: str
    second: str
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _letter(self.first, _CAPITALS) or not _letter(self.second, _CAPITALS):
            raise ValueError(f"not two colour letters: {self.first!r}, {self.second!r}")
        object.__setattr__(self, "text", f"bases {self.first} {self.second}")

    def __str__(self) -> str:
        return self.text


Action = Place | Draw | Pass | Bases
PASS: Final = Pass()
DRAWS: Final = {colour: Draw(colour) for colour in COLOUR_ORDER}  # the draw of each colour, made once
# Every choice of bases: two different colours, in the colour order.
BASES: Final = tuple(Bases(first, second) for i, first in enumerate(COLOUR_ORDER) for second in COLOUR_ORDER[i + 1:])
# The actions of the game by their text, for the quick path of ``parse``: every draw, choice and pass, and the
# placements ``places_on`` made.
_UNPLACED: tuple[Action, ...] = (PASS, *DRAWS.values(), *BASES)
_KNOWN: dict[str, Action] = {action.text: action for action in _UNPLACED}
_PLACES_ON: list[dict[str, Place]] = []


def places_on(stack: int) -> dict[str, Place]:
    """Every placement of a piece of the set on stack number ``stack``, by piece: made once and then shared (the
    rules list the same placements again and again, and a value is immutable)."""
    while len(_PLACES_ON) <= stack:
        number = len(_PLACES_ON)
        table = {code: Place(code, number) for code in RANK}
        _PLACES_ON.append(table)
        _KNOWN.update((place.text, place) for place in table.values())
    return _PLACES_ON[stack]


def parse(text: str, edition: int = EDITION) -> Action:
    """The action ``text`` names. IllegalAction if it is not exactly the notation of one (``upcombine.bad_action``),
    or, in an edition without the choice of bases, if it chooses them (``upcombine.bases_done``: its bases are
    always on the table)."""
    action = _KNOWN.get(text)
    if action is None and len(text) <= _LONGEST:
        action = _read(text.split(" "))
    if action is None:
        raise IllegalAction(f"{text!r} is not an Up Combine move.", "upcombine.bad_action", action=text)
    if isinstance(action, Bases) and not EDITIONS[edition].oldest_chooses_bases:
        raise IllegalAction("The bases of this round are already on the table.", "upcombine.bases_done")
    return action


def _read(words: list[str]) -> Action | None:
    """The action of a text's words, made afresh (texts from outside must not grow the shared tables); None if
    they are not one."""
    if len(words) == 2 and len(words[0]) == 2 and words[0][0] in _CAPITALS and words[0][1] in _SMALLS:
        number = words[1]
        if 1 <= len(number) <= 3 and all(digit in _DIGITS for digit in number) \
                and (number[0] != "0" or number == "0"):
            return Place(words[0], int(number))
    if len(words) == 2 and words[0] == "draw" and _letter(words[1], _CAPITALS):
        return Draw(words[1])
    if len(words) == 3 and words[0] == "bases" and _letter(words[1], _CAPITALS) and _letter(words[2], _CAPITALS):
        return Bases(words[1], words[2])
    return None


def move_data(action: Action) -> dict[str, Any]:
    """The action as data for the page to draw (State.move_data), in the things its target names:
    ``{"kind": "place", "piece": "Rs", "stack": 3}`` (a piece of the hand, then its stack), ``{"kind": "draw",
    "colour": "G"}``, ``{"kind": "bases", "first": "B", "second": "O"}`` or ``{"kind": "pass"}``."""
    if isinstance(action, Place):
        return {"kind": "place", "piece": action.piece, "stack": action.stack}
    if isinstance(action, Draw):
        return {"kind": "draw", "colour": action.colour}
    if isinstance(action, Bases):
        return {"kind": "bases", "first": action.first, "second": action.second}
    return {"kind": "pass"}
