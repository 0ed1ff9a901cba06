"""Up Combine ("Empilhe e Vença"): match colour or symbol, split stacks at their 5th colour, empty your hand.

Notation (one action per string; stacks are numbered 1, 2, ... from left to right as they lie now):

- ``bases B O`` the oldest player's choice of the round's two bases (edition 2): two different colours in the
              colour order B O P G R; stack 1 gets the first. Their symbols are drawn as they are turned up.
- ``Rs 3``    place a piece from your hand on stack 3: colour letter (B blue, O orange, P purple, G green,
              R red) then symbol letter (c circle, q square, t triangle, d diamond, s star).
              Pieces of the same colour and symbol are identical, so the two letters name the piece.
- ``draw G``  end your turn by drawing a piece of that colour from the pile (its symbol is random).
- ``pass``    end your turn when the pile is empty.

A turn is any number of placements, at most one per stack (the two halves of a split count as new stacks),
then ``draw`` (or ``pass``). Ending the turn needs at least one placement unless none is possible. Only these
exact texts are actions: case counts (``rs 3`` is not ``Rs 3``), and no spaces at the ends or doubled.
"""

from gamebox.upcombine.bots import LEVELS
from gamebox.upcombine.review import REVIEWER
from gamebox.upcombine.rules import UpCombine, UpCombineState

GAME = UpCombine(LEVELS, REVIEWER)

__all__ = ["GAME", "UpCombine", "UpCombineState"]
