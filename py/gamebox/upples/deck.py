"""The 124 cards of Upples, in one table.

Each card has a short code that the notation-free parts of the game (view, log, tests) use:

- classic upples: ``wg`` white with grey spots, ``wr`` white with red spots, ``rg`` red with grey spots,
  ``rr`` red with red spots;
- special upples: ``multi`` (multicolour), ``rock``, ``bomb``, ``tunnel``;
- super upples: ``w1``..``w4`` (white, worth 1-4), ``r1``..``r4`` (red, worth 1-4), ``g5`` (golden, worth 5);
- character cards: ``char-blue``, ``char-pink``, ``char-green``, ``char-yellow``.

Counts per super-upple value are THIS EDITION'S READING: the rulebook's component list prints the marks
4, 3, 2 (and 1) beside the super-upple rows, and reading them as copy counts of values 1, 2, 3, 4 is the one
reading that adds up to exactly 124 cards (see shared/RESEARCH.md). Change the table, not the code, if a
better source turns up.
"""

from __future__ import annotations

from typing import Final

# (code, copies): the whole box. Keep every count here and nowhere else.
DECK_TABLE: Final[tuple[tuple[str, int], ...]] = (
    ("wg", 20), ("wr", 20), ("rg", 20), ("rr", 20),
    ("multi", 4), ("rock", 4), ("bomb", 4), ("tunnel", 4),
    ("w1", 4), ("w2", 3), ("w3", 2), ("w4", 1),
    ("r1", 4), ("r2", 3), ("r3", 2), ("r4", 1),
    ("g5", 4),
    ("char-blue", 1), ("char-pink", 1), ("char-green", 1), ("char-yellow", 1),
)

DECK_SIZE: Final = 124

# Card id -> code. Ids are the cards' identities: conservation is checked on them.
CODES: Final[tuple[str, ...]] = tuple(code for code, copies in DECK_TABLE for _ in range(copies))
assert len(CODES) == DECK_SIZE

COLOURS: Final[tuple[str, ...]] = ("blue", "pink", "green", "yellow")

CLASSIC: Final = frozenset({"wg", "wr", "rg", "rr"})
SPECIAL: Final = frozenset({"multi", "rock", "bomb", "tunnel"})
GOLDEN: Final = "g5"


def points(code: str) -> int:
    """What a card scores when kept: its value for super upples, 0 for anything else."""
    if code[0] in "wrg" and code[1:].isdigit():
        return int(code[1:])
    return 0


def edible_by(code: str) -> str | None:
    """Which body may land on and eat this card: "white", "red", "any", or None (never)."""
    if code in ("multi", "bomb", "tunnel", GOLDEN):
        return "any"
    if code == "rock" or code.startswith("char"):
        return None
    return "white" if code[0] == "w" else "red"


POINTS: Final[tuple[int, ...]] = tuple(points(code) for code in CODES)
EDIBLE: Final[tuple[str | None, ...]] = tuple(edible_by(code) for code in CODES)
CHARACTER_IDS: Final[tuple[int, ...]] = tuple(i for i, code in enumerate(CODES) if code.startswith("char"))
GOLDEN_IDS: Final[tuple[int, ...]] = tuple(i for i, code in enumerate(CODES) if code == GOLDEN)


def count_of(code: str) -> int:
    return sum(copies for c, copies in DECK_TABLE if c == code)
