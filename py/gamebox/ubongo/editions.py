"""The editions of Ubongo's rules, behind one seam: each edition is a set of rule switches, picked once per game.

A change that makes a seed or a history mean something else starts a new edition (core/game.py, EDITION); a game
of an older edition (a link made before the change) keeps the old way, so it opens exactly as it did. The rules
read the switches of their state's edition (``UbongoState.rules``), never the edition's number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamebox.core.errors import InvalidSetup


@dataclass(frozen=True)
class Edition:
    number: int
    # Actions are accepted only in their one canonical text (a solve's placements by tile, each in its first turn,
    # one space after each comma); edition 1 read placements in any order, any equivalent turn and other spacing.
    canonical: bool
    # Every card of a deck has a board of its own shape (a card whose board repeats an earlier one's takes its
    # generator's next board); edition 1 made each card from the deck seed and its number alone.
    distinct_boards: bool


EDITIONS: Final = {
    1: Edition(1, canonical=False, distinct_boards=False),
    2: Edition(2, canonical=True, distinct_boards=True),
}


def rules_of(edition: int) -> Edition:
    """The rule switches of ``edition``."""
    found = EDITIONS.get(edition)
    if found is None:
        raise InvalidSetup(f"There is no edition {edition!r} of the rules.", "error.bad_edition")
    return found
