"""What differs between the editions of Upples' rules (core/game.py ``EDITION``), in one place: the rules read
these switches and never compare edition numbers.

- Edition 1 (links made before edition 2): in Survival, a jump that collects golden upples calls one tally, however
  many a bomb's blast took.
- Edition 2: each golden upple collected calls a tally of its own, one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Edition:
    number: int
    # Survival: a tally for each golden upple a jump collects (else one tally for the jump).
    tally_each_golden: bool


EDITIONS: Final = {1: Edition(1, tally_each_golden=False), 2: Edition(2, tally_each_golden=True)}
