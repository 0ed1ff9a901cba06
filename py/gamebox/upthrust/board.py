"""The Upthrust board and how its pieces move: what the rules and the solver both read.

The board is 4 columns (a-d, left to right) by 11 rows (1 at the bottom, 11 at the top). A square is one small
int, ``(row - 1) * 4 + column`` (0..43), and the board is a list of 44 ints: ``EMPTY`` or a colour 0..3 (green,
red, blue, yellow).
"""

from __future__ import annotations

COLUMNS = 4
ROWS = 11
SQUARES = COLUMNS * ROWS
EMPTY = -1
COLOURS = ("green", "red", "blue", "yellow")
COLOUR_LETTERS = "GRBY"
COLUMN_LETTERS = "abcd"
# The value of each row, from row 1 (index 0) to row 11 (index 10). Five scoring rows: see the rules doc.
ROW_VALUES = (0, 0, 0, 0, 0, 0, 10, 20, 30, 40, 60)
SCORING_FROM_ROW = 7
NONSCORING_SQUARES = (SCORING_FROM_ROW - 1) * COLUMNS  # squares 0..23 are rows 1-6
# The game ends as soon as this many (or fewer) pieces of the colours in play are left in rows 1-6.
END_WHEN_LEFT = 2
# The starting rows, a Latin square: each colour once in every column and in every starting row.
START_ROWS = {4: "GRBY", 3: "RBYG", 2: "BYGR", 1: "YGRB"}

SQUARE_NAMES = tuple(f"{COLUMN_LETTERS[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(SQUARES))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}
SQUARE_VALUES = tuple(ROW_VALUES[i // COLUMNS] for i in range(SQUARES))

Jump = tuple[int, int]  # a jump: (from square, to square); the action that makes it is actions.Move


def start_board() -> list[int]:
    board = [EMPTY] * SQUARES
    for row, letters in START_ROWS.items():
        for column, letter in enumerate(letters):
            board[(row - 1) * COLUMNS + column] = COLOUR_LETTERS.index(letter)
    return board


def all_moves(board: list[int], every_row: bool = False) -> list[Jump]:
    """Every legal move of every colour (owners aside), bottom row first, left to right. ``every_row``: Score
    Up's rule (two pieces of one colour never share a row); otherwise Upthrust's (not below the scoring rows)."""
    counts = [0] * ROWS
    top = [-1] * 4
    in_row = [0] * ROWS
    for square in range(SQUARES):
        colour = board[square]
        if colour >= 0:
            row = square >> 2
            counts[row] += 1
            in_row[row] |= 1 << colour
            top[colour] = row  # squares go bottom to top, so the last one seen is the highest
    moves: list[Jump] = []
    for square in range(SQUARES - COLUMNS):  # a piece in row 11 can never move
        colour = board[square]
        if colour < 0:
            continue
        row = square >> 2
        rows = counts[row]
        landing = row + rows
        if landing >= ROWS:
            continue
        target = square + rows * COLUMNS
        if board[target] >= 0:
            continue
        if rows == 1 and top[colour] == row:
            continue
        if (every_row or landing < SCORING_FROM_ROW - 1) and in_row[landing] >> colour & 1:
            continue
        moves.append((square, target))
    return moves
