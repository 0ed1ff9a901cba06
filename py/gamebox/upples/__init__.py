"""Upples: komupples jump around a 7x7 field of cards and eat upples (1-4 players, four modes).

Notation (one action is one jump; a turn's chain is several actions by the same seat):

- ``jump d4 f5``          jump from d4 (where your komupple stands) to f5 and eat what is there, bounce on
                          the only tunnel, or (Naughty/Survival) bounce on the komupple there.
- ``jump d4 f5 white``    f5 is a multicolour upple: become white with white hair (``red``: red, red hair).
- ``jump d4 f5 exit b2``  f5 is a tunnel: come out of the tunnel on b2.
- ``pass``                the only action when the turn's first jump is impossible: you flip to the
                          opposite state, or, if you flipped last turn, swap with the card opposite through
                          the centre.

Squares: columns a-g from the left, rows 1-7 from the bottom. Options: ``mode`` (glutton, naughty, survival,
training), ``teams`` (4 players: seats 0+2 against 1+3), ``first`` (the seat that starts; ``Upples.rematch_options``
moves it on to the next seat for the next game). See docs/rules/upples.md.
"""

from __future__ import annotations

from gamebox.upples.bots import LEVELS
from gamebox.upples.review import REVIEWER
from gamebox.upples.rules import Upples, UpplesState

GAME = Upples(LEVELS, REVIEWER)

__all__ = ["GAME", "Upples", "UpplesState"]
