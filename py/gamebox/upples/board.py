"""The Upples field: 7 x 7 squares, a-g from the left and 1-7 from the bottom, and where a komupple can jump from
each. What the rules and the views both read.

A square is one small int, ``(row - 1) * 7 + column`` (0..48); a card on it is its id in deck.py, or ``EMPTY``.
"""

from __future__ import annotations

SIZE = 7
SQUARES = SIZE * SIZE
CENTRE = SQUARES // 2
EMPTY = -1
FILES = "abcdefg"


def square_name(index: int) -> str:
    return FILES[index % SIZE] + str(index // SIZE + 1)


def parse_square(text: str) -> int | None:
    if len(text) != 2 or text[0] not in FILES or text[1] not in "1234567":
        return None
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def opposite(index: int) -> int:
    """The square opposite through the centre (the centre is its own opposite)."""
    return SQUARES - 1 - index


def _pattern(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(SQUARES):
        row, col = divmod(index, SIZE)
        table.append(tuple((row + dr) * SIZE + col + dc for dr, dc in steps
                           if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE))
    return tuple(table)


CROSS = ((1, 0), (2, 0), (0, 1), (0, 2), (-1, 0), (-2, 0), (0, -1), (0, -2))
KNIGHT = ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1))
AROUND = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1))
# Landing squares by body colour: a shy (white) komupple jumps in a cross, an angry (red) one in an L.
REACH: dict[str, tuple[tuple[int, ...], ...]] = {"white": _pattern(CROSS), "red": _pattern(KNIGHT)}
NEIGHBOURS = _pattern(AROUND)
SQUARE_NAMES = tuple(square_name(i) for i in range(SQUARES))
