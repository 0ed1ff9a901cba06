"""The editions of the Whoopies rules, behind one seam: each edition is a set of rule switches, picked once per game.

A change that makes a seed or a history mean something else starts a new edition (core/game.py, EDITION); a game
of an older edition (a link made before the change) keeps the old way, so it opens exactly as it did. The rules
read the switches of their state's edition (``WhoopiesState.rules``), never the edition's number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from gamebox.core.errors import InvalidSetup

# Petty theft "can be played from 3 to 6 players", with these starting gems (the rulebook).
THEFT_START: Final = MappingProxyType({3: 6, 4: 5, 5: 4, 6: 3})


@dataclass(frozen=True)
class Edition:
    number: int
    # A grab may name the creature and the part caught (``grab octopus tail @1375``) instead of a point of the table.
    named_grabs: bool
    # The youngest players' variant has no die: each round starts with the throw.
    youngest_without_die: bool
    # Petty theft is offered for every player count, not only 3 to 6.
    theft_for_any_count: bool
    # Petty theft's starting gems by player count.
    theft_start: Mapping[int, int] = field(default=THEFT_START)


EDITIONS: Final = {
    # Edition 1 also offered petty theft for 2, 7 and 8 players, with the pattern continued.
    1: Edition(1, named_grabs=True, youngest_without_die=True, theft_for_any_count=True,
               theft_start=MappingProxyType({**THEFT_START, 2: 7, 7: 2, 8: 2})),
    2: Edition(2, named_grabs=False, youngest_without_die=False, theft_for_any_count=False),
}


def rules_of(edition: int) -> Edition:
    """The rule switches of ``edition``."""
    found = EDITIONS.get(edition)
    if found is None:
        raise InvalidSetup(f"There is no edition {edition!r} of the rules.", "error.bad_edition")
    return found
