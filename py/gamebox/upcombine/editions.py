"""What differs between the editions of Up Combine's rules (core/game.py ``EDITION``), in one place: the rules and
the notation read these switches and never compare edition numbers.

- Edition 1 (links made before edition 2): the two bases of each round are drawn at random, of different colours.
- Edition 2: the oldest player chooses the colours of the two bases (``bases B O``), and their symbols are drawn
  when they are turned up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Edition:
    number: int
    # Each round begins with the oldest player's choice of the bases' colours: the notation has ``bases``, and the
    # snapshot (hence the fingerprint) says whether the choice is still to be made. Else the bases are drawn.
    oldest_chooses_bases: bool


EDITIONS: Final = {1: Edition(1, oldest_chooses_bases=False), 2: Edition(2, oldest_chooses_bases=True)}
