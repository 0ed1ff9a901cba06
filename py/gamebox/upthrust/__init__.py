"""Upthrust (Sid Sackson, 1987): jump your pieces up the pegboard into the scoring rows (1-4 players).

Notation: an action names the square of the piece to move, column letter then row number, e.g. ``b3``. Its
destination follows from the rules (it rises as many rows as there are pieces in its row), so nothing else is
needed. Columns are a-d from the left, rows 1 (bottom) to 11 (top).

- ``b3``    move the piece on b3 (it must be one of your colours and have a legal move).
- ``pass``  the only action when none of your pieces can move but another seat's can.

Only these exact texts are actions (lower case, no leading zero, no spaces): ``B3``, ``b03`` or `` b3`` are refused.

1 player is Score Up, the solitaire: you move all four colours and aim for the highest score (the best
possible, proven by the solver, is shown as the target). Its options: Score Up's own rule (two pieces of one
colour never share a row) instead of Upthrust's, and a start dealt from the seed. 2 players move two colours
each, 3 players one each (the fourth colour is neutral and never moves), 4 players one each; colours are dealt
from the seed. See docs/rules/upthrust.md.
"""

from __future__ import annotations

from gamebox.upthrust.bots import LEVELS
from gamebox.upthrust.review import REVIEWER
from gamebox.upthrust.rules import Upthrust, UpthrustState

GAME = Upthrust(LEVELS, REVIEWER)

__all__ = ["GAME", "Upthrust", "UpthrustState"]
