"""Exact cover of a hex board by polyhex tiles, with bitmasks.

The board is laid on a grid of ``GRID`` bits per row, so a placed tile is one integer: an oriented shape's mask
shifted to a board cell. The search always fills the board's first empty cell in reading order; a tile covering
it must have that cell as its own first cell, so the candidates are one tile's orientations shifted to that one
bit, each checked against the empty cells with one ``&``. Which of them lie on the board is worked out per tile
and bit the first time the search needs it. The last tile must be the shape of the empty cells: one look-up.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

from gamebox.ubongo.actions import Placement as Placement  # the value a solution is made of
from gamebox.ubongo.tiles import (
    COLOURS,
    SHARED_TILES,
    TILE_NUMBERS,
    TILES,
    Cell,
    Cells,
    Orientation,
    orientations,
    reading_key,
)

GRID = 32  # bits per grid row
PAD = 8  # empty grid columns left of the board; every tile reaches at most 5 columns left of its first cell
MAX_WIDTH = GRID - PAD - 6

Solution = tuple[Placement, ...]


class Board:
    """A set of hex cells, with each cell's bit on the grid."""

    def __init__(self, cells: Iterable[Cell]) -> None:
        unique = set(cells)
        if not unique:
            raise ValueError("a board needs at least one cell")
        columns = [q for q, _ in unique]
        self.min_q = min(columns)
        self.min_r = min(r for _, r in unique)
        if max(columns) - self.min_q + 1 > MAX_WIDTH:
            raise ValueError("board too wide")
        offset = PAD - self.min_q - self.min_r * GRID
        # bit order is reading order: a row's bits come after the row above's
        self.bit_cell: dict[int, Cell] = dict(sorted((r * GRID + q + offset, (q, r)) for q, r in unique))
        self.cells: Cells = tuple(self.bit_cell.values())
        self.mask = 0
        for bit in self.bit_cell:
            self.mask |= 1 << bit
        self.size = len(self.cells)

    def bit(self, cell: Cell) -> int:
        return (cell[1] - self.min_r) * GRID + cell[0] - self.min_q + PAD

_SHAPES: dict[tuple[Orientation, ...], dict[int, Orientation]] = {}


def _shapes(orientations: tuple[Orientation, ...]) -> dict[int, Orientation]:
    """A tile's orientations by grid mask, each with its first cell on bit 0 (worked out once per tile)."""
    found = _SHAPES.get(orientations)
    if found is None:
        found = {}
        for o in orientations:
            mask = 0
            for q, r in o.cells:
                mask |= 1 << (r * GRID + q)
            found[mask] = o
        _SHAPES[orientations] = found
    return found


class Fits:
    """Where some tiles fit on one board, looked up by tile and by the bit of the first empty cell.

    ``at(index, bit)`` lists the placed masks (with their orientations) of tile ``index`` whose first cell lands
    on that bit and whose cells are all on the board. It is worked out the first time a search asks: a search
    meets only some of the board's cells as its first empty cell, with only the tiles still unplaced, so most
    placements are never computed. ``shapes[index]`` is that tile's orientations by mask: the last tile is
    found by one look-up of the empty cells' shape."""

    def __init__(self, board: Board, tiles: Sequence[tuple[Orientation, ...]]) -> None:
        self.full = board.mask
        self.shapes = [_shapes(orientations) for orientations in tiles]
        self.by_bit: list[dict[int, list[tuple[int, Orientation]]]] = [{} for _ in self.shapes]

    def at(self, index: int, bit: int) -> list[tuple[int, Orientation]]:
        found = self.by_bit[index].get(bit)
        if found is None:
            full = self.full
            found = [(placed, o) for mask, o in self.shapes[index].items() if (placed := mask << bit) & full == placed]
            self.by_bit[index][bit] = found
        return found


def first_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class Search:
    """The tiles of one colour on one board, and the searches over them.

    Both searches fill the board's first empty cell in reading order, trying the unplaced tiles in order; the
    last tile must have exactly the shape of the empty cells. ``nodes`` counts the search steps (the start, and
    every tile placed while two or more were left): the generator rates difficulty by it, so for a deck it must
    never change."""

    def __init__(self, board: Board, colour: str, tiles: Sequence[int]) -> None:
        self.board = board
        self.colour = colour
        self.tiles = tuple(tiles)
        self.nodes = 0
        self.fits = Fits(board, [orientations(colour, n) for n in self.tiles])
        self.sizes_match = sum(len(TILES[colour][n]) for n in self.tiles) == board.size

    # -- a fixed tile set: every tile used once, every cell covered ----------------------------------
    def solutions(self, limit: int | None = None) -> list[Solution]:
        """All exact covers (or the first ``limit``)."""
        found: list[Solution] = []
        if not self.sizes_match:
            return found
        chosen: list[tuple[int, Orientation, int]] = []
        at, shapes = self.fits.at, self.fits.shapes
        bit_cell = self.board.bit_cell
        numbers = self.tiles
        nodes = 0

        def walk(empty: int, unplaced: tuple[int, ...]) -> bool:
            nonlocal nodes
            nodes += 1
            bit = first_bit(empty)
            if len(unplaced) == 1:  # the last tile fills the rest, or nothing does
                o = shapes[unplaced[0]].get(empty >> bit)
                if o is None:
                    return False
                chosen.append((unplaced[0], o, bit))
                found.append(tuple(_placement(numbers[i], turned, bit_cell[at_bit]) for i, turned, at_bit in chosen))
                chosen.pop()
                return limit is not None and len(found) >= limit
            for position, index in enumerate(unplaced):
                others = unplaced[:position] + unplaced[position + 1:]
                for placed, o in at(index, bit):
                    if placed & empty == placed:
                        chosen.append((index, o, bit))
                        stop = walk(empty ^ placed, others)
                        chosen.pop()
                        if stop:
                            return True
            return False

        walk(self.board.mask, tuple(range(len(numbers))))
        self.nodes += nodes
        return found

    def count(self) -> int:
        """How many exact covers there are."""
        if not self.sizes_match:
            return 0
        at, by_bit, shapes = self.fits.at, self.fits.by_bit, self.fits.shapes
        nodes = 1

        def walk(empty: int, unplaced: tuple[int, ...]) -> int:
            # two or more tiles unplaced; the step to the last tile is taken here, without a call
            nonlocal nodes
            total = 0
            bit = (empty & -empty).bit_length() - 1
            if len(unplaced) == 2:
                for index, last in ((unplaced[0], shapes[unplaced[1]]), (unplaced[1], shapes[unplaced[0]])):
                    here = by_bit[index].get(bit)
                    if here is None:
                        here = at(index, bit)
                    for placed, _ in here:
                        if placed & empty == placed:
                            nodes += 1
                            rest = empty ^ placed
                            if rest >> (rest & -rest).bit_length() - 1 in last:
                                total += 1
                return total
            for position, index in enumerate(unplaced):
                here = by_bit[index].get(bit)
                if here is None:
                    here = at(index, bit)
                if here:
                    others = unplaced[:position] + unplaced[position + 1:]
                    for placed, _ in here:
                        if placed & empty == placed:
                            nodes += 1
                            total += walk(empty ^ placed, others)
            return total

        full = self.board.mask
        if len(self.tiles) == 1:
            found = int(full >> first_bit(full) in shapes[0])
        else:
            found = walk(full, tuple(range(len(self.tiles))))
        self.nodes += nodes
        return found


def _placement(number: int, o: Orientation, first: Cell) -> Placement:
    return Placement(number, o.rot, o.flip, (first[0] + o.anchor[0], first[1] + o.anchor[1]))


@functools.cache
def _distinct_shapes() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """The 28 distinct tile shapes (tiles 1-8 shared, then 9-13 of each colour): each one's orientation masks
    (first cell on bit 0), its owner (-1 shared, else the colour's index) and its number. Worked out when a search
    first needs them, not at import (the engine's boot imports every game: docs/architecture.md, "The boot")."""
    masks: list[tuple[int, ...]] = []
    owner: list[int] = []
    numbers: list[int] = []
    for n in TILE_NUMBERS:
        if n <= SHARED_TILES:
            masks.append(tuple(_shapes(orientations(COLOURS[0], n))))
            owner.append(-1)
            numbers.append(n)
    for ci, colour in enumerate(COLOURS):
        for n in TILE_NUMBERS:
            if n > SHARED_TILES:
                masks.append(tuple(_shapes(orientations(colour, n))))
                owner.append(ci)
                numbers.append(n)
    return tuple(masks), tuple(owner), tuple(numbers)


# The cells next to a search's first empty cell that most tile placements cover (rows below, columns right and
# left): which of them are empty picks the placements worth checking at all.
_WINDOW = sum(1 << (r * GRID + q) for r, q in ((0, 0), (0, 1), (0, 2), (1, -2), (1, -1), (1, 0), (1, 1), (2, -2),
                                                (2, -1)))
# Which window cells are empty -> the shapes that may fit there, as (shape, its orientation masks that cover no
# full window cell). There are at most 2 ** 8 of them, the same on every board.
_FITTING: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _fitting(window: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    found = _FITTING.get(window)
    if found is None:
        found = tuple((shape, fit) for shape, masks in enumerate(_distinct_shapes()[0])
                      if (fit := tuple(mask for mask in masks if not mask & (_WINDOW ^ window))))
        _FITTING[window] = found
    return found


def covering_sets(board: Board, k: int, enough: Callable[[dict[str, list[tuple[int, ...]]]], bool] | None = None,
                  order: Sequence[int] | None = None,
                  max_nodes: int = 400_000) -> dict[str, list[tuple[int, ...]]]:
    """For every colour, sets of exactly ``k`` of its 13 tiles that cover the board (sorted numbers), in the
    order the search meets them: all of them, or stop as soon as ``enough(found)`` says so, or once the search
    has taken ``max_nodes`` steps (the start, and every tile placed).

    One search serves all colours: tiles 1-8 are the same shapes in every colour, so a branch stays open to
    all colours until it takes a colour's own tile (9-13). ``order`` permutes the 28 distinct shapes (8
    shared, then 5 per colour) to vary which sets are met first. The generator makes its cards from what this
    returns, step budget included, so the order of the search and its count of steps must never change."""
    shape_masks, shape_owners, shape_numbers = _distinct_shapes()
    order = tuple(order) if order is not None else tuple(range(len(shape_masks)))
    owner = [shape_owners[shape] for shape in order]
    numbers = [shape_numbers[shape] for shape in order]
    position = {shape: index for index, shape in enumerate(order)}
    # a shape's mask -> (flag, owner) of each tile of that shape: the last tile is found by one look-up
    by_shape: dict[int, list[tuple[int, int]]] = {}
    for index, shape in enumerate(order):
        for mask in shape_masks[shape]:
            by_shape.setdefault(mask, []).append((1 << index, owner[index]))
    # per window (which of its cells are empty): the tiles that may fit there, in this search's order
    rows: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}

    def row_at(window: int) -> list[tuple[int, int, tuple[int, ...]]]:
        row = [(1 << index, owner[index], fit)
               for index, fit in sorted((position[shape], fit) for shape, fit in _fitting(window))]
        rows[window] = row
        return row

    found: dict[str, list[tuple[int, ...]]] = {colour: [] for colour in COLOURS}
    budget = max_nodes
    min_size, max_size = 4, 6

    def record(used: int, lock: int) -> bool:
        key = tuple(sorted(numbers[i] for i in range(len(numbers)) if used >> i & 1))
        added = False
        for ci in range(len(COLOURS)) if lock < 0 else (lock,):
            sets = found[COLOURS[ci]]
            if key not in sets:
                sets.append(key)
                added = True
        return added and enough is not None and enough(found)

    def last(empty: int, used: int, lock: int) -> bool:
        """The step to the last tile: it must be exactly the empty cells."""
        for flag, o in by_shape.get(empty >> (empty & -empty).bit_length() - 1, ()):
            if not used & flag and (o < 0 or lock < 0 or lock == o) and record(used | flag, o if o >= 0 else lock):
                return True
        return False

    def walk(empty: int, used: int, lock: int, left: int) -> bool:
        # two or more tiles left; this step is already counted. Each step below is counted before it is taken
        # (the search stops when the budget runs out); the step to the last tile is taken here (``last``, inline)
        nonlocal budget
        if not min_size * left <= empty.bit_count() <= max_size * left:
            return False
        bit = (empty & -empty).bit_length() - 1
        window = empty >> bit & _WINDOW
        row = rows.get(window)
        if row is None:
            row = row_at(window)
        for flag, o, fit in row:
            if used & flag or o >= 0 and lock >= 0 and o != lock:  # placed, or another colour's tile
                continue
            after, locked = used | flag, lock if o < 0 else o
            for mask in fit:
                placed = mask << bit
                if placed & empty == placed:
                    budget -= 1
                    if budget < 0:
                        return True
                    rest = empty ^ placed
                    if left > 2:
                        if walk(rest, after, locked, left - 1):
                            return True
                        continue
                    for last_flag, last_owner in by_shape.get(rest >> (rest & -rest).bit_length() - 1, ()):
                        if not after & last_flag and (last_owner < 0 or locked < 0 or locked == last_owner) and record(
                                after | last_flag, last_owner if last_owner >= 0 else locked):
                            return True
        return False

    budget -= 1
    if budget >= 0:
        if k == 1:
            last(board.mask, 0, -1)
        else:
            walk(board.mask, 0, -1, k)
    return found


# -- the public helpers ------------------------------------------------------------------------------
def solve(board: Iterable[Cell], colour: str, tiles: Sequence[int], limit: int | None = None) -> list[Solution]:
    """Every exact cover of ``board`` by ``tiles`` of ``colour`` (or the first ``limit``)."""
    return Search(Board(board), colour, tiles).solutions(limit)


def find_one(board: Iterable[Cell], colour: str, tiles: Sequence[int]) -> Solution | None:
    found = solve(board, colour, tiles, limit=1)
    return found[0] if found else None


def count(board: Iterable[Cell], colour: str, tiles: Sequence[int]) -> int:
    return Search(Board(board), colour, tiles).count()


def covers(board: Iterable[Cell], colour: str, placements: Sequence[Placement]) -> bool:
    """Do these placements cover the board exactly, each tile once, no overlap, nothing off the board?"""
    cells = set(board)
    seen: set[Cell] = set()
    numbers = [p.tile for p in placements]
    if len(set(numbers)) != len(numbers):
        return False
    for p in placements:
        for cell in p.cells(colour):
            if cell not in cells or cell in seen:
                return False
            seen.add(cell)
    return seen == cells


def closest_solution(board: Iterable[Cell], colour: str, tiles: Sequence[int],
                     placed: Sequence[Placement]) -> tuple[int, Solution] | None:
    """The first solution (in the search's order) that keeps as many of the player's placed tiles as possible,
    and how many it keeps; None when the board has no solution."""
    cells = tuple(board)
    placed_cells = {p.tile: p.cells(colour) for p in placed}
    best: tuple[int, Solution] | None = None
    for solution in solve(cells, colour, tiles):
        kept = sum(1 for p in solution if placed_cells.get(p.tile) == p.cells(colour))
        if best is None or kept > best[0]:
            best = (kept, solution)
            if kept == len(placed_cells):
                break
    return best


def hint(board: Iterable[Cell], colour: str, tiles: Sequence[int],
         placed: Sequence[Placement]) -> Placement | None:
    """The next correct tile: a placement from a solution that keeps as many of the player's placed tiles as
    possible. If the placed tiles fit a solution, it is a tile not yet placed (the first in reading order);
    otherwise it is where one wrongly placed tile belongs. None when the board is solved or unsolvable."""
    placed_cells = {p.tile: p.cells(colour) for p in placed}
    best = closest_solution(board, colour, tiles, placed)
    if best is None:
        return None
    ordered = sorted(best[1], key=lambda p: reading_key(min(p.cells(colour), key=reading_key)))
    if best[0] == len(placed_cells):  # all placed tiles are right: the first missing one
        for p in ordered:
            if p.tile not in placed_cells:
                return p
    for p in ordered:  # otherwise: where the first wrong tile belongs
        if placed_cells.get(p.tile) != p.cells(colour):
            return p
    return None
