"""The piece set of this edition: one component table, 5 colours x 5 symbols x 3 copies = 75 pieces.

The rulebook names the five colours but not the symbols or how many copies there are; this table is this
edition's choice (see docs/rules/upcombine.md). A piece is written as two letters: its colour (upper case)
and its symbol (lower case), e.g. ``Rs`` is a red star.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

# Colour letter -> English name (the front end words and draws them).
COLOURS: dict[str, str] = {"B": "blue", "O": "orange", "P": "purple", "G": "green", "R": "red"}
# Symbol letter -> shape name. Shapes stay distinct without colour (colour-blind safe).
SYMBOLS: dict[str, str] = {"c": "circle", "q": "square", "t": "triangle", "d": "diamond", "s": "star"}
# How many copies of each colour-and-symbol pair are in the box.
COPIES = 3
# Each player starts a round with this many pieces of every colour.
DEAL_PER_COLOUR = 2
# A stack never holds more than this many pieces of one colour.
COLOUR_CAP = 2
# A stack splits when it shows this many different colours.
SPLIT_AT = len(COLOURS)

COLOUR_ORDER = tuple(COLOURS)
SYMBOL_ORDER = tuple(SYMBOLS)


def piece(colour: str, symbol: str) -> str:
    return colour + symbol


def full_set() -> list[str]:
    """Every piece in the box, in a fixed order (colour, then symbol, then copy)."""
    return [piece(c, s) for c in COLOUR_ORDER for s in SYMBOL_ORDER for _ in range(COPIES)]


RANK: dict[str, int] = {piece(c, s): i * len(SYMBOL_ORDER) + j
                         for i, c in enumerate(COLOUR_ORDER) for j, s in enumerate(SYMBOL_ORDER)}


def sort_key(code: str) -> int:
    """Colour order, then symbol order."""
    return RANK[code]


def sorted_pieces(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=RANK.__getitem__)


def colour_block(codes: list[str], colour: str) -> tuple[int, int]:
    """In a list sorted by ``sort_key``, the slice [start, end) holding the pieces of ``colour``."""
    first = COLOUR_ORDER.index(colour) * len(SYMBOL_ORDER)
    start = bisect.bisect_left(codes, first, key=RANK.__getitem__)
    end = bisect.bisect_left(codes, first + len(SYMBOL_ORDER), key=RANK.__getitem__)
    return start, end


def colour_counts(codes: Iterable[str]) -> dict[str, int]:
    counts = dict.fromkeys(COLOUR_ORDER, 0)
    for code in codes:
        counts[code[0]] += 1
    return counts


def describe(code: str) -> str:
    """English words for a piece, e.g. 'red star'."""
    return f"{COLOURS[code[0]]} {SYMBOLS[code[1]]}"
