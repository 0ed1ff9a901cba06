"""The five Whoopies: each has a name, a body colour and a powder-puff colour.

Each body colour is exactly one other creature's puff colour. That is the trap of die faces 1 and 2: asked for
the *orange* creature, a hasty hand grabs Marsupus, whose *puff* is orange, instead of Phanteus.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Creature:
    number: int  # 1..5, the rulebook's order
    name: str
    body: str
    puff: str


CREATURES: tuple[Creature, ...] = (
    Creature(1, "phanteus", "orange", "purple"),
    Creature(2, "octopus", "blue", "pink"),
    Creature(3, "torteus", "pink", "green"),
    Creature(4, "marsupus", "purple", "orange"),
    Creature(5, "ursinus", "green", "blue"),
)
NAMES: tuple[str, ...] = tuple(creature.name for creature in CREATURES)
COLOURS: tuple[str, ...] = ("orange", "blue", "pink", "purple", "green")
BY_NAME: dict[str, Creature] = {creature.name: creature for creature in CREATURES}


def with_body(colour: str) -> str:
    return next(c.name for c in CREATURES if c.body == colour)


def with_puff(colour: str) -> str:
    return next(c.name for c in CREATURES if c.puff == colour)
