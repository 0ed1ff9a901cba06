"""What differs between the editions of Upthrust's rules (core/game.py ``EDITION``), in one place: the rules read
these switches and never compare edition numbers.

- Edition 1 (links made before the options existed): no set-up options; every game keeps Upthrust's row rule and
  the classic start.
- Edition 2: Score Up (1 player) may choose Score Up's own row rule and a start dealt from the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Edition:
    number: int
    # The set-up options (the row rule, the start) exist: a game of an edition without them carries none.
    options: bool


EDITIONS: Final = {1: Edition(1, options=False), 2: Edition(2, options=True)}
