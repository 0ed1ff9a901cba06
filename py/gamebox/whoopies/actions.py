"""Whoopies' actions as values: the one module that reads and writes their notation (the package docstring has it).

``parse(text, edition)`` reads an action into a value, or None when the text is none of the notation's (the rules
then say what the phase asks for, with their message key); ``str(value)`` writes it. Only the exact texts are read:
lower case, single spaces, numbers without a sign or a leading zero (core/notation.py has checked the characters
and the spaces already). Every expression is matched whole, without nested repetition: reading is linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from gamebox.core.notation import Pass as Pass  # the pass of every game that has one: one value, re-exported
from gamebox.whoopies.editions import Edition

_NUMBER: Final = r"(?:0|[1-9][0-9]{0,5})"
_POINT_GRAB: Final = re.compile(rf"grab ({_NUMBER}),({_NUMBER}) @({_NUMBER})")
_NAMED_GRAB: Final = re.compile(rf"grab ([a-z]+) (tail|body) @({_NUMBER})")  # edition 1 only
_STEAL: Final = re.compile(r"steal (0|[1-9][0-9]?)")
CALLS: Final = ("colour", "puff", "name", "spare")  # what the roller calls after faces 1-4 (face 5: each their own)


@dataclass(frozen=True)
class Roll:
    """``roll``: the roller rolls the die."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Joker:
    """``joker <kind>``: after a 6, the roller picks the action (colour, puff, name, spare or own)."""

    kind: str

    def __str__(self) -> str:
        return f"joker {self.kind}"


@dataclass(frozen=True)
class Call:
    """``<kind> <value>``: the roller's call: a body colour, a puff colour, a name, or the one to spare."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


@dataclass(frozen=True)
class Pick:
    """``pick <name>``: a player's own creature (face 5, and the youngest players' variant)."""

    name: str

    def __str__(self) -> str:
        return f"pick {self.name}"


@dataclass(frozen=True)
class Throw:
    """``throw``: the roller lets the creatures fall."""

    def __str__(self) -> str:
        return "throw"


@dataclass(frozen=True)
class Grab:
    """``grab <x>,<y> @<ms>``: a hand closes on table point (x, y) at ``ms`` after the throw started."""

    x: int
    y: int
    ms: int

    def __str__(self) -> str:
        return f"grab {self.x},{self.y} @{self.ms}"


@dataclass(frozen=True)
class NamedGrab:
    """``grab <name> tail|body @<ms>`` (edition 1 only): a catch by name."""

    name: str
    part: str
    ms: int

    def __str__(self) -> str:
        return f"grab {self.name} {self.part} @{self.ms}"


@dataclass(frozen=True)
class Steal:
    """``steal <seat>``: petty theft: the round's winner takes a gem from that seat."""

    seat: int

    def __str__(self) -> str:
        return f"steal {self.seat}"


Action = Roll | Joker | Call | Pick | Throw | Grab | NamedGrab | Pass | Steal


def parse(action: str, edition: Edition) -> Action | None:
    """The value ``action`` writes, or None when it is none of the notation's texts (in ``edition``)."""
    if action == "roll":
        return Roll()
    if action == "throw":
        return Throw()
    if action == "pass":
        return Pass()
    verb, _, rest = action.partition(" ")
    if verb == "grab":
        point = _POINT_GRAB.fullmatch(action)
        if point is not None:
            return Grab(int(point.group(1)), int(point.group(2)), int(point.group(3)))
        named = _NAMED_GRAB.fullmatch(action) if edition.named_grabs else None
        if named is not None:
            return NamedGrab(named.group(1), named.group(2), int(named.group(3)))
        return None
    if verb == "steal":
        found = _STEAL.fullmatch(action)
        return Steal(int(found.group(1))) if found is not None else None
    if not rest:
        return None
    if verb == "pick":
        return Pick(rest)
    if verb == "joker":
        return Joker(rest)
    if verb in CALLS:
        return Call(verb, rest)
    return None


def grab_ms(action: str, edition: Edition) -> int | None:
    """The time of a grab; None for any other action."""
    move = parse(action, edition)
    return move.ms if isinstance(move, Grab | NamedGrab) else None


def move_data(action: Action) -> dict[str, Any]:
    """The action as data for the page to draw (State.move_data): ``{"kind": "grab", "x", "y", "ms"}`` (the point the
    hand closes on, in the throw's units, and when), and for the others ``{"kind": "roll"}``, ``{"kind": "throw"}``,
    ``{"kind": "pass"}``, ``{"kind": "joker", "call": "colour"}``, ``{"kind": "call", "call": "colour", "value":
    "orange"}`` (also puff, name, spare), ``{"kind": "pick", "name": ...}``, ``{"kind": "steal", "seat": n}`` and
    edition 1's ``{"kind": "named_grab", "name", "part", "ms"}``."""
    if isinstance(action, Grab):
        return {"kind": "grab", "x": action.x, "y": action.y, "ms": action.ms}
    if isinstance(action, NamedGrab):
        return {"kind": "named_grab", "name": action.name, "part": action.part, "ms": action.ms}
    if isinstance(action, Joker):
        return {"kind": "joker", "call": action.kind}
    if isinstance(action, Call):
        return {"kind": "call", "call": action.kind, "value": action.value}
    if isinstance(action, Pick):
        return {"kind": "pick", "name": action.name}
    if isinstance(action, Steal):
        return {"kind": "steal", "seat": action.seat}
    return {"kind": "roll" if isinstance(action, Roll) else "throw" if isinstance(action, Throw) else "pass"}
