"""Up Combine ("Empilhe e Vença"): match colour or symbol, split stacks at their 5th colour, empty your hand.

Notation (one action per string; stacks are numbered 1, 2, ... from left to right as they lie now):

- ``Rs 3``    place a piece from your hand on stack 3: colour letter (B blue, O orange, P purple, G green,
              R red) then symbol letter (c circle, q square, t triangle, d diamond, s star).
              Pieces of the same colour and symbol are identical, so the two letters name the piece.
- ``draw G``  end your turn by drawing a piece of that colour from the pile (its symbol is random).
- ``pass``    end your turn when the pile is empty.

A turn is any number of placements, at most one per stack (the two halves of a split count as new stacks),
then ``draw`` (or ``pass``). Ending the turn needs at least one placement unless none is possible.
"""

from gamebox.upcombine.rules import UpCombine, UpCombineState

GAME = UpCombine()

__all__ = ["GAME", "UpCombine", "UpCombineState"]
