"""The 52 tiles of Ubongo Extreme: 4 colours x 13 two-sided polyhexes, in axial hex coordinates.

Coordinates are axial ``(q, r)`` on pointy-top hexes, screen y pointing down: a cell's centre is at
``x = sqrt(3) * (q + r / 2)``, ``y = 1.5 * r`` (times the hex radius). The six neighbours of ``(q, r)`` are
``(q+1, r) (q-1, r) (q, r+1) (q, r-1) (q+1, r-1) (q-1, r+1)``.

Every tile's cells include ``(0, 0)``, its anchor. An orientation is ``(rot, flip)``: first, if ``flip``, the
tile is turned over left to right, ``(q, r) -> (-q - r, r)``; then it is turned ``rot`` times 60 degrees
clockwise on screen, ``(q, r) -> (-r, q + r)``. The anchor stays on ``(0, 0)``, so a placement is a tile, an
orientation and the board cell where the anchor lands.

Why these shapes (the printed tiles are not documented anywhere we could find; see docs/rules/ubongo.md):
tiles 1-5 are five of the seven tetrahexes (all but the straight bar and the long zigzag, which stretch over
four hexes); tiles 6-8 are the three pentahexes with six inner edges, shared by every colour; tiles 9-10 are
eight more pentahexes of span at most 3, two per colour; tiles 11-13 are twelve hexahexes of span 3 with seven
or eight inner edges (compact, but not blobs, and never the ring with a hole), three per colour.
"""

from __future__ import annotations

import functools
from typing import Final

Cell = tuple[int, int]
Cells = tuple[Cell, ...]

COLOURS: Final = ("red", "blue", "green", "yellow")
COLOUR_LETTERS: Final = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
TILE_NUMBERS: Final = tuple(range(1, 14))
SHARED_TILES: Final = 8  # tiles 1-8 are the same shapes in every colour

# The one data table: (tile number, colour or "all", cells). Tiles 1-8 are the same in every colour.
TABLE: Final[tuple[tuple[int, str, Cells], ...]] = (
    (1, "all", ((-3, 1), (-2, 1), (-1, 1), (0, 0))),
    (2, "all", ((-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (3, "all", ((-2, 1), (-1, 1), (-1, 2), (0, 0))),
    (4, "all", ((-2, 2), (-1, 2), (0, 0), (0, 1))),
    (5, "all", ((-1, 1), (-1, 2), (0, 0), (0, 1))),
    (6, "all", ((-3, 2), (-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (7, "all", ((-2, 1), (-2, 2), (-1, 1), (-1, 2), (0, 0))),
    (8, "all", ((-2, 1), (-2, 2), (-1, 1), (0, 0), (0, 1))),
    (9, "red", ((-3, 1), (-3, 2), (-2, 1), (-1, 1), (0, 0))),
    (10, "red", ((-2, 2), (-1, 1), (-1, 2), (0, 0), (0, 1))),
    (11, "red", ((-3, 1), (-3, 2), (-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (12, "red", ((-3, 1), (-3, 2), (-2, 1), (-1, 1), (0, 0), (0, 1))),
    (13, "red", ((-3, 2), (-2, 1), (-1, 1), (-1, 2), (0, 0), (0, 1))),
    (9, "blue", ((-3, 1), (-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (10, "blue", ((-2, 2), (-1, 1), (-1, 2), (0, 0), (0, 2))),
    (11, "blue", ((-3, 2), (-3, 3), (-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (12, "blue", ((-3, 1), (-2, 1), (-2, 2), (-1, 1), (-1, 2), (0, 0))),
    (13, "blue", ((-3, 3), (-2, 1), (-2, 2), (-1, 1), (-1, 2), (0, 0))),
    (9, "green", ((-3, 1), (-2, 1), (-1, 1), (0, 0), (0, 1))),
    (10, "green", ((-2, 2), (-2, 3), (-1, 1), (0, 0), (0, 1))),
    (11, "green", ((-3, 2), (-2, 1), (-2, 2), (-1, 1), (-1, 2), (0, 0))),
    (12, "green", ((-3, 1), (-2, 1), (-2, 2), (-1, 1), (0, 0), (0, 1))),
    (13, "green", ((-3, 3), (-2, 2), (-2, 3), (-1, 1), (0, 0), (0, 1))),
    (9, "yellow", ((-3, 1), (-2, 1), (-1, 1), (-1, 2), (0, 0))),
    (10, "yellow", ((-3, 3), (-2, 1), (-2, 2), (-1, 1), (0, 0))),
    (11, "yellow", ((-3, 2), (-2, 1), (-2, 2), (-1, 1), (0, 0), (0, 1))),
    (12, "yellow", ((-3, 1), (-2, 1), (-1, 1), (-1, 2), (0, 0), (0, 1))),
    (13, "yellow", ((-3, 3), (-2, 2), (-2, 3), (-1, 2), (0, 0), (0, 1))),
)


def _build() -> dict[str, dict[int, Cells]]:
    tiles: dict[str, dict[int, Cells]] = {colour: {} for colour in COLOURS}
    for number, owner, cells in TABLE:
        for colour in COLOURS if owner == "all" else (owner,):
            tiles[colour][number] = tuple(sorted(cells))
    return {colour: dict(sorted(tiles[colour].items())) for colour in COLOURS}


TILES: Final[dict[str, dict[int, Cells]]] = _build()
"""colour -> tile number (1-13) -> cells (axial, anchor (0, 0) included)."""


def flip_cell(cell: Cell) -> Cell:
    """Turn over left to right."""
    q, r = cell
    return (-q - r, r)


def rotate_cell(cell: Cell, times: int = 1) -> Cell:
    """Turn ``times`` x 60 degrees clockwise on screen."""
    q, r = cell
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


def orient(cells: Cells, rot: int, flip: bool) -> Cells:
    """The cells of a tile in orientation (rot, flip), anchor still at (0, 0), sorted."""
    return tuple(sorted(rotate_cell(flip_cell(c) if flip else c, rot) for c in cells))


def turns(cells: Cells) -> tuple[Cells, ...]:
    """Every orientation of a tile, cell by cell: entry ``rot + 6 * flip`` holds where each of ``cells`` goes (in
    their order, not sorted), so a page that drags a tile by one of its cells knows where that cell is turned."""
    return tuple(tuple(rotate_cell(flip_cell(c) if flip else c, rot) for c in cells)
                 for flip in (False, True) for rot in range(6))


def place(cells: Cells, rot: int, flip: bool, at: Cell) -> Cells:
    """The board cells a tile covers with its anchor on ``at``, sorted (a move keeps the order of the turned
    cells, which ``orient`` sorts). The tile's turned cells are worked out once per tile and turn."""
    key = (cells, rot, flip)
    turned = _PLACED.get(key)
    if turned is None:
        turned = _PLACED[key] = orient(cells, rot, flip)
    dq, dr = at
    return tuple([(q + dq, r + dr) for q, r in turned])


# (a tile's cells, rot, flip) -> its cells turned so: only tiles are placed, so at most 13 x 4 x 12 entries
_PLACED: dict[tuple[Cells, int, bool], Cells] = {}


def reading_key(cell: Cell) -> tuple[int, int]:
    """Reading order: top row first, left to right."""
    return (cell[1], cell[0])


def normal_form(cells: Cells) -> Cells:
    """The shape moved so that its first cell in reading order is (0, 0): the same for equal shapes."""
    first = min(cells, key=reading_key)
    return tuple(sorted((q - first[0], r - first[1]) for q, r in cells))


class Orientation:
    """One distinct orientation of a tile: its cells with the reading-order-first cell at (0, 0)."""

    __slots__ = ("rot", "flip", "cells", "anchor")

    def __init__(self, rot: int, flip: bool, cells: Cells, anchor: Cell) -> None:
        self.rot = rot
        self.flip = flip
        self.cells = cells  # normal form: reading-order-first cell at (0, 0)
        self.anchor = anchor  # where the tile's anchor is, relative to that first cell


def _orientations(cells: Cells) -> tuple[Orientation, ...]:
    seen: dict[Cells, Orientation] = {}
    for flip in (False, True):
        for rot in range(6):
            turned = orient(cells, rot, flip)
            first = min(turned, key=reading_key)
            shape = normal_form(turned)
            if shape not in seen:
                seen[shape] = Orientation(rot, flip, shape, (-first[0], -first[1]))
    return tuple(seen.values())


@functools.cache
def orientations(colour: str, number: int) -> tuple[Orientation, ...]:
    """The distinct orientations of a tile, worked out the first time they are asked for (not when the module is
    imported: the engine's boot imports every game, docs/architecture.md "The boot")."""
    return _orientations(TILES[colour][number])


Canonical = tuple[int, bool, int, int]


def _canonical(cells: Cells, orientations: tuple[Orientation, ...]) -> dict[tuple[int, bool], Canonical]:
    by_shape = {o.cells: o for o in orientations}
    table: dict[tuple[int, bool], Canonical] = {}
    for flip in (False, True):
        for rot in range(6):
            turned = orient(cells, rot, flip)
            first = min(turned, key=reading_key)
            o = by_shape[normal_form(turned)]
            table[(rot, flip)] = (o.rot, o.flip, first[0] + o.anchor[0], first[1] + o.anchor[1])
    return table


@functools.cache
def canonical_turns(colour: str, number: int) -> dict[tuple[int, bool], Canonical]:
    """(rot, flip) -> (rot', flip', dq, dr): the tile turned (rot, flip) with its anchor on (q, r) covers the same
    hexes as turned (rot', flip') with its anchor on (q + dq, r + dr), and (rot', flip') is the first of the tile's
    distinct orientations (``orientations``) with that shape: the one way the notation writes it. Worked out the
    first time it is asked for, as ``orientations``."""
    return _canonical(TILES[colour][number], orientations(colour, number))


def size(colour: str, number: int) -> int:
    return len(TILES[colour][number])
