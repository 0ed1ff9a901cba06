"""Whoopies: roll the die, throw the five creatures, grab the right one by the ball at the end of its tail.

Action notation (one action is one exact text: lower case, single spaces, numbers without leading zeros; creatures
by name: phanteus, octopus, torteus, marsupus, ursinus; colours: orange, blue, pink, purple, green):

- ``roll``                         the roller rolls the die (faces 1 colour, 2 puff, 3 name, 4 all but one,
                                   5 everyone their own, 6 joker); in the youngest players' variant every face
                                   aims at one's own creature, and the joker doubles the stakes
- ``joker colour|puff|name|spare|own``   after a 6: the roller picks the action; the stakes are doubled
- ``colour orange``                face 1: the creature whose BODY is orange
- ``puff orange``                  face 2: the creature whose PUFF is orange
- ``name octopus``                 face 3: the creature with that name
- ``spare torteus``                face 4: catch any creature but this one
- ``pick ursinus``                 face 5 (each player, before the throw), and in the youngest players'
                                   variant each player's own creature at the start
- ``throw``                        the roller lets the creatures fall; the throw is simulated from the seed
- ``grab 412,233 @1375``           a hand closes on table point (412, 233) at 1375 ms after the throw started:
                                   the engine hit-tests it against the throw (a miss lets the player grab
                                   again, later)
- ``pass``                         grab nothing this round (the front end sends it when the grab window ends)
- ``steal 2``                      petty theft: the winner of a round takes a gem from seat 2

Edition 1 (links made before edition 2) also reads ``grab octopus tail @1375``: a catch by name.
"""

from gamebox.whoopies.bots import LEVELS
from gamebox.whoopies.review import REVIEWER
from gamebox.whoopies.rules import Whoopies, WhoopiesState

GAME = Whoopies(LEVELS, REVIEWER)

__all__ = ["GAME", "Whoopies", "WhoopiesState"]
