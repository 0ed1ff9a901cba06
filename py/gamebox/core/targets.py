"""What a seat can act on now, said once, by Python: the ``targets`` field of every view.

A target is one legal action, the message key that words it for a person ("Move the red peg from b3 to b6"), and
the thing on the table it belongs to: the peg, cell, tile, creature, stack, card or button a person touches. A
move made in two touches (pick a peg, then its hole) names both: ``thing`` first, then ``to``. Renderers map
things to shapes and send a target's action back as it is (the bridge's ``apply`` with ``action``). A ``timed``
target is one a person builds with what only the page can measure (the clock, the point touched, where tiles
lie): for it the page sends an intent instead (``apply`` with ``intent``: Ubongo's ``{tiles, ms}``, Whoopies'
``{point, ms}``, or ``{action, ms}``), and the game's ``State.compose`` writes the action in its notation, or
refuses it with the reason (docs/rules/<game>.md, "Targets"). The page never writes or reads notation.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

ThingKind = Literal["peg", "cell", "piece", "tile", "card", "stack", "creature", "die", "button", "player"]


class Thing(TypedDict):
    """Something on the table: its kind and its name in the game's notation (a square "b3", a card "12")."""

    kind: ThingKind
    id: str


class Target(TypedDict):
    action: str
    key: str
    params: dict[str, str | int]
    thing: Thing
    to: NotRequired[Thing]
    timed: NotRequired[bool]


def thing(kind: ThingKind, id: str | int) -> Thing:
    return {"kind": kind, "id": str(id)}


def target(action: str, key: str, on: Thing, *, to: Thing | None = None, timed: bool = False,
           params: dict[str, str | int] | None = None) -> Target:
    """The target for ``action``, worded by ``key`` with ``params``, touched on ``on`` (then on ``to``)."""
    made: Target = {"action": action, "key": key, "params": params or {}, "thing": on}
    if to is not None:
        made["to"] = to
    if timed:
        made["timed"] = True
    return made


def button(action: str, key: str, params: dict[str, str | int] | None = None) -> Target:
    """A target that is a button of its own (Pass, Roll the die, Give up), named by the action."""
    return target(action, key, thing("button", action), params=params)
