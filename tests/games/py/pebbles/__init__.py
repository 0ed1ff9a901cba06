"""Pebbles, the test-only fixture game: a pile of 15-25 pebbles, dealt from the seed; two players take 1, 2 or 3
in turn, and whoever takes the last pebble wins.

It lives only under tests/ (tests/games/py here, tests/games/web for its page files) and follows docs/new-game.md:
no shared file names it. The tests find it through GAMEBOX_GAME_PATHS (tests/rules/conftest.py).

Notation: ``take 1``, ``take 2`` or ``take 3`` (no more than the pile holds).
"""

from __future__ import annotations

from gamebox.pebbles.bots import LEVELS
from gamebox.pebbles.review import REVIEWER
from gamebox.pebbles.rules import Pebbles, PebblesState

GAME = Pebbles(LEVELS, REVIEWER)

__all__ = ["GAME", "Pebbles", "PebblesState"]
