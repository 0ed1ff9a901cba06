"""Exact cover of a hex board by polyhex tiles, with bitmasks.

The board is laid on a grid of ``GRID`` bits per row, so a placed tile is one integer: an oriented shape's mask
shifted to a board cell. Every orientation's mask is computed once per board. The search always fills the
board's first empty cell in reading order; a tile covering it must have that cell as its own first cell, so
each candidate placement is looked up by that one bit and checked against the empty cells with one ``&``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from gamebox.ubongo.tiles import (
    COLOURS,
    ORIENTATIONS,
    SHARED_TILES,
    TILE_NUMBERS,
    TILES,
    Cell,
    Cells,
    Orientation,
    place,
    reading_key,
)

GRID = 32  # bits per grid row
PAD = 8  # empty grid columns left of the board; every tile reaches at most 5 columns left of its first cell
MAX_WIDTH = GRID - PAD - 6


class Placement(NamedTuple):
    """One tile on the board: its number, orientation and the board cell under its anchor."""

    tile: int
    rot: int
    flip: bool
    at: Cell

    def notation(self) -> str:
        """``7 q1r-2 rot2 flip``: tile 7, anchor on (1, -2), turned 2 x 60 degrees after turning over."""
        text = f"{self.tile} q{self.at[0]}r{self.at[1]} rot{self.rot}"
        return text + " flip" if self.flip else text

    def cells(self, colour: str) -> Cells:
        return place(TILES[colour][self.tile], self.rot, self.flip, self.at)


Solution = tuple[Placement, ...]


class Board:
    """A set of hex cells, with each cell's bit on the grid."""

    def __init__(self, cells: Iterable[Cell]) -> None:
        self.cells: Cells = tuple(sorted(set(cells), key=reading_key))
        if not self.cells:
            raise ValueError("a board needs at least one cell")
        self.min_q = min(q for q, _ in self.cells)
        self.min_r = min(r for _, r in self.cells)
        width = max(q for q, _ in self.cells) - self.min_q + 1
        if width > MAX_WIDTH:
            raise ValueError("board too wide")
        self.mask = 0
        self.bit_cell: dict[int, Cell] = {}
        for cell in self.cells:
            bit = self.bit(cell)
            self.mask |= 1 << bit
            self.bit_cell[bit] = cell
        self.size = len(self.cells)

    def bit(self, cell: Cell) -> int:
        return (cell[1] - self.min_r) * GRID + cell[0] - self.min_q + PAD

    def mask_of(self, cells: Iterable[Cell]) -> int:
        """The grid mask of some cells, or -1 if one of them is off the board."""
        mask = 0
        for cell in cells:
            q, r = cell
            if not (0 <= q - self.min_q + PAD < GRID and r >= self.min_r):
                return -1
            bit = self.bit(cell)
            if bit not in self.bit_cell:
                return -1
            mask |= 1 << bit
        return mask


_SHAPES: dict[Cells, tuple[int, tuple[int, ...]]] = {}


def _shape_bits(shape: Cells) -> tuple[int, tuple[int, ...]]:
    """An oriented shape's grid mask (first cell on bit 0) and the bit offset of each of its cells."""
    found = _SHAPES.get(shape)
    if found is None:
        offsets = tuple(r * GRID + q for q, r in shape)
        mask = 0
        for offset in offsets:
            mask |= 1 << offset
        found = _SHAPES[shape] = (mask, offsets)
    return found


# A candidate: (tile index in the search, placed mask, (tile number, orientation, board cell of its first cell)).
Candidate = tuple[int, int, tuple[int, Orientation, Cell]]


def _candidates(board: Board, shapes: Sequence[tuple[int, int, tuple[Orientation, ...]]],
                ) -> dict[int, list[Candidate]]:
    """Every placement of every (index, number, orientations), keyed by the bit of its first cell.

    The board cells where a shape's first cell can go are those whose every offset lands on the board too:
    the AND of the board mask shifted back by each offset."""
    by_low: dict[int, list[Candidate]] = {}
    full = board.mask
    bit_cell = board.bit_cell
    for index, number, orientations in shapes:
        for o in orientations:
            shape, offsets = _shape_bits(o.cells)
            spots = full
            for offset in offsets:
                if offset:
                    spots &= full >> offset
            while spots:
                low = spots & -spots
                spots ^= low
                bit = low.bit_length() - 1
                entry = (index, shape << bit, (number, o, bit_cell[bit]))
                found = by_low.get(low)
                if found is None:
                    by_low[low] = [entry]
                else:
                    found.append(entry)
    return by_low


class Search:
    """The precomputed placements of some tiles of one colour on one board, and the searches over them."""

    def __init__(self, board: Board, colour: str, tiles: Sequence[int]) -> None:
        self.board = board
        self.colour = colour
        self.tiles = tuple(tiles)
        self.sizes = [len(TILES[colour][t]) for t in self.tiles]
        self.nodes = 0
        self.by_low = _candidates(board, [(i, n, ORIENTATIONS[colour][n]) for i, n in enumerate(self.tiles)])
        # a placement's whole mask -> its candidates: the last tile is found with one look-up
        self.by_mask: dict[int, list[Candidate]] = {}
        for candidates in self.by_low.values():
            for candidate in candidates:
                self.by_mask.setdefault(candidate[1], []).append(candidate)

    # -- a fixed tile set: every tile used once, every cell covered ----------------------------------
    def solutions(self, limit: int | None = None, start: int = 0, used: int = 0) -> list[Solution]:
        """All exact covers (or the first ``limit``) of the empty cells ``board - start``."""
        found: list[Solution] = []
        chosen: list[tuple[int, Orientation, Cell]] = []
        by_low = self.by_low
        all_used = (1 << len(self.tiles)) - 1

        by_mask = self.by_mask
        last = {all_used ^ (1 << i) for i in range(len(self.tiles))}

        def walk(empty: int, used: int) -> bool:
            self.nodes += 1
            if not empty:
                if used == all_used:
                    found.append(tuple(_placement(*c) for c in chosen))
                    return limit is not None and len(found) >= limit
                return False
            if used in last:
                for index, _, placement in by_mask.get(empty, ()):
                    if not used >> index & 1:
                        chosen.append(placement)
                        found.append(tuple(_placement(*c) for c in chosen))
                        chosen.pop()
                        if limit is not None and len(found) >= limit:
                            return True
                return False
            for index, mask, placement in by_low.get(empty & -empty, ()):
                if used >> index & 1 or mask & empty != mask:
                    continue
                chosen.append(placement)
                stop = walk(empty ^ mask, used | 1 << index)
                chosen.pop()
                if stop:
                    return True
            return False

        walk(self.board.mask & ~start, used)
        return found

    def count(self) -> int:
        """How many exact covers there are."""
        by_low = self.by_low
        all_used = (1 << len(self.tiles)) - 1

        by_mask = self.by_mask
        last = {all_used ^ (1 << i) for i in range(len(self.tiles))}

        def walk(empty: int, used: int) -> int:
            self.nodes += 1
            if not empty:
                return 1 if used == all_used else 0
            if used in last:
                return sum(1 for index, _, _ in by_mask.get(empty, ()) if not used >> index & 1)
            total = 0
            for index, mask, _ in by_low.get(empty & -empty, ()):
                if not used >> index & 1 and mask & empty == mask:
                    total += walk(empty ^ mask, used | 1 << index)
            return total

        return walk(self.board.mask, 0)


def _placement(number: int, o: Orientation, first: Cell) -> Placement:
    return Placement(number, o.rot, o.flip, (first[0] + o.anchor[0], first[1] + o.anchor[1]))


def covering_sets(board: Board, k: int, enough: Callable[[dict[str, list[tuple[int, ...]]]], bool] | None = None,
                  order: Sequence[int] | None = None,
                  max_nodes: int = 400_000) -> dict[str, list[tuple[int, ...]]]:
    """For every colour, sets of exactly ``k`` of its 13 tiles that cover the board (sorted numbers), in the
    order the search meets them: all of them, or stop as soon as ``enough(found)`` says so.

    One search serves all colours: tiles 1-8 are the same shapes in every colour, so a branch stays open to
    all colours until it takes a colour's own tile (9-13). ``order`` permutes the 28 distinct shapes (8
    shared, then 5 per colour) to vary which sets are met first."""
    shared = [n for n in TILE_NUMBERS if n <= SHARED_TILES]
    own = [n for n in TILE_NUMBERS if n > SHARED_TILES]
    shapes: list[tuple[int, int, tuple[Orientation, ...]]] = []
    owner: list[int] = []  # per shape index: -1 shared, else colour index
    numbers: list[int] = []
    for n in shared:
        shapes.append((len(shapes), n, ORIENTATIONS[COLOURS[0]][n]))
        owner.append(-1)
        numbers.append(n)
    for ci, colour in enumerate(COLOURS):
        for n in own:
            shapes.append((len(shapes), n, ORIENTATIONS[colour][n]))
            owner.append(ci)
            numbers.append(n)
    if order is not None:
        shapes = [shapes[i] for i in order]
    by_low = _candidates(board, shapes)
    by_mask: dict[int, list[int]] = {}  # a placement's whole mask -> the shapes that make it
    for candidates in by_low.values():
        for index, mask, _ in candidates:
            by_mask.setdefault(mask, []).append(index)
    found: dict[str, list[tuple[int, ...]]] = {colour: [] for colour in COLOURS}
    budget = [max_nodes]
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

    def walk(empty: int, used: int, lock: int, left: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True
        if left == 1:  # the last tile must be exactly the empty cells: one look-up
            for index in by_mask.get(empty, ()):
                o = owner[index]
                if not used >> index & 1 and (o < 0 or lock < 0 or lock == o) and record(
                        used | 1 << index, o if o >= 0 else lock):
                    return True
            return False
        if not min_size * left <= empty.bit_count() <= max_size * left:
            return False
        for index, mask, _ in by_low.get(empty & -empty, ()):
            if used >> index & 1 or mask & empty != mask:
                continue
            o = owner[index]
            if o < 0:
                if walk(empty ^ mask, used | 1 << index, lock, left - 1):
                    return True
            elif (lock < 0 or lock == o) and walk(empty ^ mask, used | 1 << index, o, left - 1):
                return True
        return False

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


def hint(board: Iterable[Cell], colour: str, tiles: Sequence[int],
         placed: Sequence[Placement]) -> Placement | None:
    """The next correct tile: a placement from a solution that keeps as many of the player's placed tiles as
    possible. If the placed tiles fit a solution, it is a tile not yet placed (the first in reading order);
    otherwise it is where one wrongly placed tile belongs. None when the board is solved or unsolvable."""
    cells = tuple(board)
    placed_cells = {p.tile: p.cells(colour) for p in placed}
    best: tuple[int, Solution] | None = None
    for solution in solve(cells, colour, tiles):
        kept = sum(1 for p in solution if placed_cells.get(p.tile) == p.cells(colour))
        if best is None or kept > best[0]:
            best = (kept, solution)
            if kept == len(placed_cells):
                break
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
