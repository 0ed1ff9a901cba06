"""Puzzle cards: boards of white hexes, and for each colour a set of tiles that covers the board exactly.

A card side is made from a deck seed, a card number and a side (and, from edition 2, the deck's earlier cards),
so a puzzle code (deck seed, card, side, colour) opens exactly one puzzle anywhere:

1. Draw a colour and 3 (easy side) or 4 (hard side) of its tiles whose sizes add up to 13-16 or 18-21 hexes.
2. Lay them out one by one, each touching the ones before, favouring places with many shared edges, so the
   board is compact like the printed cards. Reject it if it has a hole or is wider than 8 or taller than 6
   hexes.
3. For every colour, search which sets of 3 (or 4) of its 13 tiles cover the board exactly. Reject the board
   if a colour has none; otherwise give each colour one set, all four different (sets that use one of the
   colour's own tiles 9-13 first).
4. Rate each colour's puzzle by its solution count and the solver's search effort.

From edition 2 of the rules, "each puzzle card has a different arrangement of white hexes": the cards of a deck
side are made in order, and a card whose board has the shape of an earlier card's (turned, flipped or moved)
takes its generator's next board instead. Every other card is exactly the card of edition 1.

All chance comes from an ``Rng`` labelled with the generator version, deck seed, card and side; no floats
decide anything, so CPython and Pyodide make the same deck.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from gamebox.core.game import EDITION
from gamebox.core.rng import Rng
from gamebox.ubongo.editions import rules_of
from gamebox.ubongo.solver import Board, Search, Solution, covering_sets
from gamebox.ubongo.tiles import (
    COLOUR_LETTERS,
    COLOURS,
    TILE_NUMBERS,
    TILES,
    Cell,
    Cells,
    normal_form,
    orient,
    orientations,
    reading_key,
)

GENERATOR_VERSION: Final = 1
DECK_SIZE: Final = 54
SIDES: Final = ("easy", "hard")
SIDE_TILES: Final = {"easy": 3, "hard": 4}
BOARD_SIZES: Final = {3: (13, 16), 4: (18, 21)}
ENOUGH_SETS: Final = 3  # stop searching once every colour has this many covering sets (and four differ)
MAX_NODES: Final = 4000  # a board that needs more search than this is dropped
SHAPE_COUNT: Final = 8 + 5 * 4  # distinct shapes: tiles 1-8 shared, 9-13 per colour
MAX_WIDTH: Final = 8
MAX_HEIGHT: Final = 6
NEIGHBOURS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
MAX_DECKS: Final = 64  # distinct decks kept in memory
CODE = re.compile(r"([A-Za-z0-9-]{1,40})-([0-9]{1,2})([EHeh])([RBGYrbgy])")


@dataclass(frozen=True)
class CardSide:
    """One side of one card: the board, each colour's tiles, and how hard each colour's puzzle is."""

    deck_seed: str
    card: int  # 1-54
    side: str  # "easy" or "hard"
    board: Cells
    tiles: dict[str, tuple[int, ...]]

    def code(self, colour: str) -> str:
        return puzzle_code(self.deck_seed, self.card, self.side, colour)

    @cached_property
    def _rating(self) -> tuple[dict[str, int], dict[str, int]]:
        """Each colour's solution count and difficulty, worked out the first time they are asked for: a deck's
        earlier cards are made for their boards alone (edition 2), most of them never dealt."""
        board = Board(self.board)
        counts: dict[str, int] = {}
        difficulty: dict[str, int] = {}
        for colour in COLOURS:
            search = Search(board, colour, self.tiles[colour])
            counts[colour] = search.count()
            difficulty[colour] = _rate(SIDE_TILES[self.side], counts[colour], search.nodes)
        return counts, difficulty

    @property
    def solution_counts(self) -> dict[str, int]:
        return self._rating[0]

    @property
    def difficulty(self) -> dict[str, int]:
        """1 (easiest) to 10, per colour."""
        return self._rating[1]


def puzzle_code(deck_seed: str, card: int, side: str, colour: str) -> str:
    """``K7Q2M-07HB``: deck seed, card 01-54, side E(asy)/H(ard), colour R/B/G/Y."""
    return f"{deck_seed}-{card:02d}{side[0].upper()}{COLOUR_LETTERS[colour]}"


def parse_code(code: str) -> tuple[str, int, str, str]:
    """(deck seed, card, side, colour) from a puzzle code; ValueError with a reason if it is not one."""
    match = CODE.fullmatch(code.strip()) if isinstance(code, str) else None
    if match is None:
        raise ValueError("a puzzle code looks like K7Q2M-07HB: deck seed, card 01-54, E or H, and R, B, G or Y")
    seed, card_text, side_letter, colour_letter = match.groups()
    card = int(card_text)
    if not 1 <= card <= DECK_SIZE:
        raise ValueError(f"there are {DECK_SIZE} cards in a deck, numbered 01 to {DECK_SIZE}")
    side = "easy" if side_letter.upper() == "E" else "hard"
    colour = next(c for c, letter in COLOUR_LETTERS.items() if letter == colour_letter.upper())
    return seed, card, side, colour


# -- geometry ----------------------------------------------------------------------------------------------
def normalize_board(cells: set[Cell] | Cells) -> Cells:
    """Move a board so its top row is r = 0 and its leftmost hex is in screen column 0 or 1/2."""
    min_r = min(r for _, r in cells)
    shift = -((min(2 * q + r for q, r in cells) - min_r) // 2)
    # keep the parity rule on the moved board: min(2q + r) is 0 or 1
    moved = {(q + shift, r - min_r) for q, r in cells}
    low = min(2 * q + r for q, r in moved)
    extra = -(low // 2)
    return tuple(sorted(((q + extra, r) for q, r in moved), key=reading_key))


def board_shape(cells: Iterable[Cell]) -> Cells:
    """A board's shape whatever its turn, side and place: the least of its 12 turned and flipped normal forms.
    Two boards have the same shape exactly when one can be turned, flipped and moved onto the other."""
    board = tuple(cells)
    return min(normal_form(orient(board, rot, flip)) for flip in (False, True) for rot in range(6))


def extent(cells: set[Cell] | Cells) -> tuple[int, int]:
    """(width, height) in hexes on screen."""
    xs = [2 * q + r for q, r in cells]
    rs = [r for _, r in cells]
    return (max(xs) - min(xs)) // 2 + 1, max(rs) - min(rs) + 1


def is_connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    start = min(cells)
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def has_hole(cells: set[Cell]) -> bool:
    """Is some empty hex enclosed by the board (not reachable from outside its bounding box)?"""
    qs = [q for q, _ in cells]
    rs = [r for _, r in cells]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (lo_q, lo_r)
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            if lo_q <= n[0] <= hi_q and lo_r <= n[1] <= hi_r and n not in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    box = (hi_q - lo_q + 1) * (hi_r - lo_r + 1)
    return len(seen) + len(cells) != box


# -- making one side -------------------------------------------------------------------------------------
# The layout grid is laid out column by column: cell (q, r) is bit (q + _LAYOUT_Q) * _LAYOUT_ROWS + r + _LAYOUT_R,
# so a mask's bits in increasing order are its cells sorted by (q, r), the order a tile's offsets are tried in.
# Every layout stays within MAX_WIDTH x MAX_HEIGHT of its first tile, well inside the grid.
_LAYOUT_ROWS = 32  # bits per grid column
_LAYOUT_Q = 32  # the first tile sits this many columns in
_LAYOUT_R = 16  # and this many rows down
_DIRECTIONS = tuple(dq * _LAYOUT_ROWS + dr for dq, dr in NEIGHBOURS)


def _layout_mask(cells: Iterable[Cell]) -> int:
    mask = 0
    for q, r in cells:
        mask |= 1 << ((q + _LAYOUT_Q) * _LAYOUT_ROWS + r + _LAYOUT_R)
    return mask


def _shift(mask: int, by: int) -> int:
    return mask << by if by >= 0 else mask >> -by


# an orientation's cells -> its layout mask (its first cell on (0, 0)), its leftmost and rightmost screen column
# (2q + r), its lowest row, and for each cell the shift that moves that cell onto (0, 0)
_LAID: dict[Cells, tuple[int, int, int, int, tuple[int, ...]]] = {}


def _laid(cells: Cells) -> tuple[int, int, int, int, tuple[int, ...]]:
    found = _LAID.get(cells)
    if found is None:
        xs = [2 * q + r for q, r in cells]
        found = (_layout_mask(cells), min(xs), max(xs), max(r for _, r in cells),
                 tuple(q * _LAYOUT_ROWS + r for q, r in cells))
        _LAID[cells] = found
    return found


def _lay_out(rng: Rng, colour: str, numbers: list[int]) -> set[Cell] | None:
    """Lay the tiles out one by one, each touching the ones before, at a random spot among those with the most
    (or one fewer) shared edges that keep the board within MAX_WIDTH x MAX_HEIGHT.

    A tile's spots are tried orientation by orientation, each at every offset (dq, dr) in increasing order that
    puts one of its cells next to the board so far; the offsets are bits of one mask, so are the cells next to
    the board and the number of placed neighbours each has."""
    shape: set[Cell] = set()
    grid = 0
    origin = _LAYOUT_Q * _LAYOUT_ROWS + _LAYOUT_R
    for number in numbers:
        turned = orientations(colour, number)
        if not shape:
            shape.update(rng.choice(turned).cells)
            grid = _layout_mask(shape)
            continue
        xs = [2 * q + r for q, r in shape]
        lo_x, hi_x = min(xs), max(xs)
        lo_r, hi_r = min(r for _, r in shape), max(r for _, r in shape)
        # levels[k]: the cells with more than k placed neighbours, so a spot's shared edges are the sum over
        # levels of its cells there (a bit-sliced count of the six shifted grids)
        levels: list[int] = []
        for d in _DIRECTIONS:
            carry = _shift(grid, d)
            for k, level in enumerate(levels):
                levels[k], carry = level | carry, level & carry
            if carry:
                levels.append(carry)
        frontier = levels[0] & ~grid
        best = -1
        options: list[tuple[int, Cells, int, int]] = []
        for o in turned:
            tile, t_lo_x, t_hi_x, t_hi_r, cell_shifts = _laid(o.cells)
            offsets = overlaps = 0
            for by in cell_shifts:
                offsets |= _shift(frontier, -by)
                overlaps |= _shift(grid, -by)
            offsets &= ~overlaps
            while offsets:
                low = offsets & -offsets
                offsets ^= low
                by = low.bit_length() - 1 - origin
                dq, dr = divmod(by + _LAYOUT_R, _LAYOUT_ROWS)
                dr -= _LAYOUT_R
                dx = 2 * dq + dr
                if (max(hi_x, t_hi_x + dx) - min(lo_x, t_lo_x + dx)) // 2 + 1 > MAX_WIDTH:
                    continue
                if max(hi_r, t_hi_r + dr) - min(lo_r, dr) + 1 > MAX_HEIGHT:
                    continue
                placed = _shift(tile, by)
                contact = 0
                for level in levels:
                    contact += (placed & level).bit_count()
                options.append((contact, o.cells, dq, dr))
                if contact > best:
                    best = contact
        good = [(cells, dq, dr) for contact, cells, dq, dr in options if contact >= best - 1]
        if not good:
            return None
        cells, dq, dr = rng.choice(good)
        moved = [(q + dq, r + dr) for q, r in cells]
        shape.update(moved)
        grid |= _layout_mask(moved)
    return shape


def _rate(k: int, solutions: int, nodes: int) -> int:
    """1 (easiest) to 10: more tiles, fewer solutions and more search make a puzzle harder.

    Easy sides: 1 + 0-2 for few solutions (2: one, 1: two) + 0-4 for the search effort (steps to find every
    solution: under 16, 32, 64, 128, or more); hard sides start at 4."""
    score = 1 if k == 3 else 4
    score += 2 if solutions == 1 else 1 if solutions == 2 else 0
    score += min(4, max(0, nodes.bit_length() - 4))
    return min(10, score)


def _distinct(options: dict[str, list[tuple[int, ...]]], chosen: dict[str, tuple[int, ...]], i: int) -> bool:
    """Can colours i.. each get a set, all different from each other and from ``chosen``?"""
    if i == len(COLOURS):
        return True
    colour = COLOURS[i]
    for s in options[colour]:
        if s not in chosen.values():
            chosen[colour] = s
            if _distinct(options, chosen, i + 1):
                del chosen[colour]
                return True
            del chosen[colour]
    return False


def _enough(found: dict[str, list[tuple[int, ...]]]) -> bool:
    return all(len(sets) >= ENOUGH_SETS for sets in found.values()) and _distinct(found, {}, 0)


def _assign(rng: Rng, options: dict[str, list[tuple[int, ...]]]) -> dict[str, tuple[int, ...]] | None:
    """One set per colour, all four different."""
    ordered: dict[str, list[tuple[int, ...]]] = {}
    for colour in COLOURS:
        sets = list(options[colour])
        rng.shuffle(sets)
        sets.sort(key=lambda s: 0 if max(s) >= 9 else 1)
        ordered[colour] = sets
    chosen: dict[str, tuple[int, ...]] = {}

    def walk(i: int) -> bool:
        if i == len(COLOURS):
            return True
        colour = COLOURS[i]
        for s in ordered[colour]:
            if s not in chosen.values():
                chosen[colour] = s
                if walk(i + 1):
                    return True
                del chosen[colour]
        return False

    return chosen if walk(0) else None


def make_side(rng: Rng, deck_seed: str, card: int, side: str, taken: frozenset[Cells] = frozenset()) -> CardSide:
    """One card side from its generator. A board whose shape is in ``taken`` (the deck's earlier cards, from
    edition 2) is passed over once it is found, so every draw before it is the same as without ``taken``."""
    k = SIDE_TILES[side]
    low, high = BOARD_SIZES[k]
    for _ in range(500):
        colour = rng.choice(COLOURS)
        pool = list(TILE_NUMBERS)
        rng.shuffle(pool)
        numbers = pool[:k]
        if not low <= sum(len(TILES[colour][n]) for n in numbers) <= high:
            continue
        shape = _lay_out(rng, colour, numbers)
        if shape is None or has_hole(shape):
            continue
        board_cells = normalize_board(shape)
        board = Board(board_cells)
        order = list(range(SHAPE_COUNT))
        rng.shuffle(order)
        options = covering_sets(board, k, enough=_enough, order=order, max_nodes=MAX_NODES)
        if all(options.values()):
            chosen = _assign(rng, options)
            if chosen is None:
                continue
            if taken and board_shape(board_cells) in taken:
                continue
            return CardSide(deck_seed, card, side, board_cells, chosen)
    raise RuntimeError("no card found")  # pragma: no cover - never reached with these tiles


_CACHE: dict[tuple[str, int, str], CardSide] = {}
# edition 2 and later: per deck seed and side, the cards made so far (1, 2, ...) and their boards' shapes
_DECKS: dict[tuple[str, str], tuple[list[CardSide], set[Cells]]] = {}


def forget() -> None:
    """Forget every card made so far (the memos are per process: in the browser, the worker's): a test that watches
    cards being made, or made again in another order, starts from none."""
    _CACHE.clear()
    _DECKS.clear()


def _label(deck_seed: str, card: int, side: str) -> str:
    return f"gamebox/{GENERATOR_VERSION}/ubongo/card/{deck_seed}/{card}/{side}"


def _card_alone(deck_seed: str, card: int, side: str) -> CardSide:
    """Edition 1: card ``card`` made from the deck seed, its number and the side alone."""
    key = (deck_seed, card, side)
    found = _CACHE.get(key)
    if found is None:
        found = make_side(Rng(_label(deck_seed, card, side)), deck_seed, card, side)
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def _distinct_deck(deck_seed: str, side: str, cards: int) -> list[CardSide]:
    """Edition 2: the deck's first ``cards`` cards, each with a board of a shape no earlier card has."""
    key = (deck_seed, side)
    made = _DECKS.get(key)
    if made is None:
        if len(_DECKS) >= MAX_DECKS:
            _DECKS.clear()
        made = _DECKS[key] = ([], set())
    sides, shapes = made
    while len(sides) < cards:
        card = len(sides) + 1
        alone = _CACHE.get((deck_seed, card, side))
        if alone is not None and board_shape(alone.board) not in shapes:
            found = alone  # the same draws as edition 1, and its board is new: the same card
        else:
            found = make_side(Rng(_label(deck_seed, card, side)), deck_seed, card, side, frozenset(shapes))
        sides.append(found)
        shapes.add(board_shape(found.board))
    return sides


def card_side(deck_seed: str, card: int, side: str, edition: int = EDITION) -> CardSide:
    """Card ``card`` (1-54) of the deck ``deck_seed``, one side, as the rules of ``edition`` make it: from those
    alone (edition 1), or after the deck's earlier cards, so that its board differs from theirs (edition 2)."""
    if not rules_of(edition).distinct_boards:
        return _card_alone(deck_seed, card, side)
    return _distinct_deck(deck_seed, side, card)[card - 1]


def make_ahead(deck_seed: str, side: str, cards: Iterable[int], edition: int, until: float) -> list[int]:
    """Make the cards ``cards`` of a deck side now, exactly as ``card_side`` makes them when they are dealt, one by
    one until they are all made or ``time.perf_counter()`` passes ``until`` (a card takes about 4 ms on CPython,
    rarely 30): a caller spreads the work over moments when nothing else waits (UbongoState.prepare). From
    edition 2 that means the deck's cards in order, up to the highest of ``cards``. Returns those of ``cards`` that
    are made now, which ``card_side`` finds at once."""
    wanted = list(cards)
    if not rules_of(edition).distinct_boards:
        for card in wanted:
            if (deck_seed, card, side) not in _CACHE:
                if time.perf_counter() >= until:
                    break
                _card_alone(deck_seed, card, side)
        return [card for card in wanted if (deck_seed, card, side) in _CACHE]
    made = _DECKS.get((deck_seed, side))
    have = len(made[0]) if made is not None else 0
    while have < max(wanted, default=0) and time.perf_counter() < until:
        have = len(_distinct_deck(deck_seed, side, have + 1))
    return [card for card in wanted if card <= have]


def deck(deck_seed: str, side: str, edition: int = EDITION) -> list[CardSide]:
    """The whole deck's sides (for tests and tools; a game makes only the cards it deals, and those before them
    from edition 2)."""
    return [card_side(deck_seed, card, side, edition) for card in range(1, DECK_SIZE + 1)]


# -- one puzzle -----------------------------------------------------------------------------------------
class Puzzle:
    """One puzzle: a card side and a colour. ``tiles`` lists every colour's set for that board."""

    def __init__(self, code: str, edition: int = EDITION) -> None:
        deck_seed, card, side, colour = parse_code(code)
        self.deck_seed = deck_seed
        self.card = card
        self.side = side
        self.colour = colour
        self.code = puzzle_code(deck_seed, card, side, colour)
        self.card_side = card_side(deck_seed, card, side, edition)
        self.board: Cells = self.card_side.board
        self.tiles: dict[str, tuple[int, ...]] = dict(self.card_side.tiles)
        self.difficulty = self.card_side.difficulty[colour]

    @property
    def own_tiles(self) -> tuple[int, ...]:
        return self.tiles[self.colour]

    def solutions(self, colour: str | None = None) -> list[Solution]:
        """Every solution for ``colour`` (default: this puzzle's colour)."""
        c = colour or self.colour
        return Search(Board(self.board), c, self.tiles[c]).solutions()

    def __repr__(self) -> str:
        return f"<ubongo puzzle {self.code}>"


def puzzle(code: str, edition: int = EDITION) -> Puzzle:
    """The puzzle a code names (in the deck that rules of ``edition`` make); ValueError with a reason if the
    code is not one."""
    return Puzzle(code, edition)
