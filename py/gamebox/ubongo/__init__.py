"""Ubongo Extreme: polyhex puzzles against a sand timer, 9 rounds, gems. Also a solo puzzle mode.

Coordinates are axial ``(q, r)`` on pointy-top hexes (``x = sqrt(3) * (q + r/2)``, ``y = 1.5 * r``, y down).

Notation
--------
A tile placement is ``<tile> q<Q>r<R> rot<K>[ flip]``, e.g. ``7 q1r-2 rot2 flip``: tile 7 of the player's
colour, turned over left to right if ``flip``, then turned K x 60 degrees clockwise, with its anchor cell
(``(0, 0)`` in ``TILES``) on board cell (Q, R). A symmetric tile can cover the same hexes turned several ways: it
is written in the first of them (``tiles.canonical_turns``), so one placement has one text.

Race (2-4 players; every seat still to finish is in ``to_move`` at once):

- ``solve <placement>, <placement>, ... @<ms>``: the seat solved its puzzle <ms> milliseconds after the sand
  timer was turned. The placements, by tile number and separated by a comma and a space, must use each of the
  seat's tiles once and cover the board exactly, which the rules check. In a round, ms < timer is a normal
  solve; timer <= ms < 2 x timer is a solve in the second chance; later is illegal. In the play-off any time
  counts.
- ``timeout``: the seat did not solve (the sand timer ran out, or the player gave up).

When every seat is in, the engine ranks the solves by their times (not by the order of the calls) and hands
out the gems.

Actions are canonical (edition 2 of the rules on): only the exact text above is accepted, with no other spacing,
case, order or leading zero (``ubongo.not_canonical`` names the text to use). Edition 1 games, from older links,
still read a solve's placements in any order and any equivalent turn, as they did.

Puzzle (1 player; the seed is a puzzle code like ``K7Q2M-07HB``, or any other text, e.g. a date):

- ``place <placement>[ @<ms>]``: put a tile on the board (or move it there). The tile must lie on white hexes
  and not overlap another tile. Placing the last tile so that the board is covered solves the puzzle, at
  ``<ms>`` on the stopwatch.
- ``remove <tile>``: take a tile off the board.
- ``hint[ @<ms>]``: one correct tile is placed (tiles in its way are taken off).
- ``solution``: the whole solution is shown; the puzzle ends unsolved.

view(seat)
----------
Race: ``mode`` "race", ``phase`` ("round", "playoff", "over"), ``side``, ``tiles_per_puzzle``, ``deck_seed``,
``round``/``rounds``, ``timer_ms``, ``second_chance_ends_ms``, ``gem_points``, ``display`` (sapphire, amber),
``bag`` (gem counts, never an order), ``cards_left``, ``last_round`` (round, playoff, second_chance, to_bag,
results: seat, colour, puzzle, time_ms, rank, gems, solution), ``playoffs``, ``playoff_winner``, and ``seats``:
per seat ``seat``, ``active``, ``colour``, ``gems``, ``score``, ``card``, ``side``, ``puzzle`` (code),
``difficulty`` (1-10), ``board`` ([q, r] cells), ``tiles`` ({number, cells in base orientation, written_as}, in the
order a solve lists them), ``reported``, ``time_ms``.
Puzzle: ``mode`` "puzzle", ``phase`` ("puzzle", "solved", "shown"), ``puzzle``, ``card``, ``side``, ``colour``,
``difficulty``, ``board``, ``tiles``, ``placed`` ({tile, notation, at, rot, flip, cells}), ``hints``, ``solved``,
``time_ms``, ``solution_shown``. Details: docs/rules/ubongo.md.

Public helpers: ``TILES`` (colour -> tile number -> cells) and ``puzzle(code)`` (board, each colour's tile
numbers, ``solutions(colour)``).
"""

from gamebox.ubongo.bots import LEVELS
from gamebox.ubongo.generator import Puzzle, puzzle, puzzle_code
from gamebox.ubongo.review import REVIEWER
from gamebox.ubongo.rules import Ubongo, UbongoState
from gamebox.ubongo.tiles import TILES

GAME = Ubongo(LEVELS, REVIEWER)

__all__ = ["GAME", "TILES", "Puzzle", "Ubongo", "UbongoState", "puzzle", "puzzle_code"]
