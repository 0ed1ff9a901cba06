"""The Score Up solver: the best final score from a position of the solitaire, found by exact search.

The solitaire is a one-player game on a DAG (every move goes up), and the score never falls (pieces only
rise), so the best final score from a position is the maximum over its moves, and a position with no move (or
with only two pieces left below the scoring rows) is worth its score.

Positions are memoised under a key that forgets what does not matter:
- the order of the columns (the rules never compare columns), and
- the names of the colours (every rule treats the four colours alike, and the solitaire scores all four).
The key is the board with its columns sorted by occupancy and the colours renamed in order of first
appearance, as bytes. Two boards with the same key are the same puzzle, so they have the same value.

The table lives for the life of the module (in the browser: the worker), so a hint after a hint is instant.
A search has a node budget: ``best_move`` says whether its answer is proven optimal.
The start position's value is too big a search to do on a page load; it was computed once by the exhaustive
search below (``solve_start``; see docs/rules/upthrust.md for the timing) and is pinned in START_TARGET and in
the golden test, together with a line of play that reaches it.
"""

from __future__ import annotations

import time

from gamebox.upthrust.rules import (
    COLUMNS,
    END_WHEN_LEFT,
    NONSCORING_SQUARES,
    ROWS,
    SCORING_FROM_ROW,
    SQUARE_VALUES,
    SQUARES,
    Move,
    all_moves,
    start_board,
)

# The best possible score of the solitaire from the start: the upper bound of ``upper_bound`` (four pieces
# in each of rows 11, 10 and 9 and two in row 8, since the game ends with 14 pieces up), and a line of
# play reaches it (pinned in tests/rules/golden/upthrust.json).
START_TARGET = 560

# Marginal values: a column's k-th highest piece can at best stand in the k-th highest free row.
_table: dict[bytes, tuple[int, bool]] = {}
TABLE_LIMIT = 2_000_000


def forget() -> None:
    """Empty the memo table (tests use it to make a search's cost independent of earlier searches)."""
    _table.clear()


class OutOfBudget(Exception):
    """The search ran past its deadline."""


def score(board: list[int]) -> int:
    return sum(SQUARE_VALUES[square] for square in range(NONSCORING_SQUARES, SQUARES) if board[square] >= 0)


def key(board: list[int]) -> bytes:
    """The board up to column order and colour names."""
    columns = sorted((board[column::COLUMNS] for column in range(COLUMNS)),
                     key=lambda cells: [cell >= 0 for cell in cells])
    names = [-1, -1, -1, -1]
    nxt = 0
    out = bytearray()
    for cells in columns:
        for cell in cells:
            if cell < 0:
                out.append(255)
            else:
                if names[cell] < 0:
                    names[cell] = nxt
                    nxt += 1
                out.append(names[cell])
    return bytes(out)


def is_end(board: list[int]) -> bool:
    left = sum(1 for square in range(NONSCORING_SQUARES) if board[square] >= 0)
    return left <= END_WHEN_LEFT


def upper_bound(board: list[int]) -> int:
    """No final score from ``board`` can beat this.

    Some pieces can never move again: a piece in row r whose row holds more than 11 - r pieces (a row only
    empties by a piece leaving it, and no piece there can leave), and a piece under a full block that reaches
    row 11. They keep their rows. In each column the other pieces end in distinct rows that no frozen piece
    holds, so at best in the highest such rows. The game ends with two pieces left below the scoring rows,
    worth nothing: the bound drops the two non-scoring pieces whose best rows are worth least.
    """
    counts = [0] * ROWS
    for square in range(SQUARES):
        if board[square] >= 0:
            counts[square >> 2] += 1
    total = 0
    losses: list[int] = []
    for column in range(COLUMNS):
        free_rows: list[int] = []
        moving = 0
        below = 0
        blocked = True  # still inside the full block at the top of the column
        for row in range(ROWS - 1, -1, -1):
            square = row * COLUMNS + column
            if board[square] < 0:
                blocked = False
                free_rows.append(SQUARE_VALUES[square])
            elif blocked or counts[row] > ROWS - 1 - row:
                total += SQUARE_VALUES[square]
            else:
                blocked = False
                free_rows.append(SQUARE_VALUES[square])
                moving += 1
                if row < SCORING_FROM_ROW - 1:
                    below += 1
        best = free_rows[:moving]
        total += sum(best)
        # dropping j of this column's non-scoring pieces loses its j lowest best rows
        losses.extend(best[moving - min(below, END_WHEN_LEFT):])
    losses.sort()
    return total - sum(losses[:END_WHEN_LEFT])


def _order(move: Move) -> tuple[int, int]:
    """Search long jumps first, then the higher piece: this finds the best line of the start at once."""
    return (move[0] - move[1], -move[0])


class _Search:
    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.visited = 0

    def value(self, board: list[int], alpha: int) -> int:
        """The value of ``board`` if it is above ``alpha``; otherwise a bound at most ``alpha``."""
        if is_end(board):
            return score(board)
        bound = upper_bound(board)
        if bound <= alpha:
            return bound
        k = key(board)
        known = _table.get(k)
        if known is not None and (known[1] or known[0] <= alpha):
            return known[0]
        self.visited += 1
        if self.deadline is not None and self.visited & 63 == 0 and time.perf_counter() > self.deadline:
            raise OutOfBudget
        best = score(board)
        moves = all_moves(board)
        moves.sort(key=_order)
        for start, target in moves:
            colour = board[start]
            board[start] = -1
            board[target] = colour
            try:
                found = self.value(board, best if best > alpha else alpha)
            finally:
                board[target] = -1
                board[start] = colour
            if found > best:
                best = found
                if best >= bound:
                    break
        if len(_table) >= TABLE_LIMIT:
            _table.clear()
        _table[k] = (best, best > alpha)
        return best


def value(board: list[int], deadline: float | None = None) -> int:
    """The best final score reachable from ``board`` (exact). Raises OutOfBudget past ``deadline``."""
    return _Search(deadline).value(list(board), -1)


def move_values(board: list[int], deadline: float | None = None) -> list[tuple[Move, int, bool]]:
    """Each legal move with the best final score after it, and whether that score is exact (a move that
    cannot beat an earlier one gets an upper bound instead)."""
    search = _Search(deadline)
    work = list(board)
    out: list[tuple[Move, int, bool]] = []
    best = -1
    moves = all_moves(work)
    moves.sort(key=_order)
    for start, target in moves:
        colour = work[start]
        work[start] = -1
        work[target] = colour
        try:
            found = search.value(work, best)
        finally:
            work[target] = -1
            work[start] = colour
        out.append(((start, target), found, found > best))
        best = max(best, found)
    return out


def greedy_move(board: list[int]) -> Move:
    """The move that lands highest (ties: the lowest piece first, then leftmost). Not optimal."""
    moves = all_moves(board)
    return max(moves, key=lambda move: (move[1] // COLUMNS, -(move[0] // COLUMNS), -move[0]))


def greedy_line_value(board: list[int]) -> int:
    work = list(board)
    while not is_end(work) and all_moves(work):
        start, target = greedy_move(work)
        work[target] = work[start]
        work[start] = -1
    return score(work)


def best_move(board: list[int], budget_ms: int | None = None) -> tuple[Move, int, bool]:
    """An optimal move, its value and True; or, if the exact search does not finish within ``budget_ms``,
    the best move found by a greedy look-ahead, its greedy value and False."""
    if not all_moves(board):
        raise ValueError("no move to choose")
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    try:
        scored = move_values(board, deadline=deadline)
        exact = [item for item in scored if item[2]]
        best = max(exact, key=lambda item: item[1])
        return best[0], best[1], True
    except OutOfBudget:
        pass
    options = []
    for start, target in all_moves(board):
        work = list(board)
        work[target] = work[start]
        work[start] = -1
        known = _table.get(key(work))
        guess = known[0] if known is not None and known[1] else greedy_line_value(work)
        options.append(((start, target), guess))
    guessed = max(options, key=lambda item: item[1])
    return guessed[0], guessed[1], False


def principal_line(board: list[int], deadline: float | None = None) -> list[Move]:
    """An optimal line of play from ``board`` to the end."""
    work = list(board)
    line: list[Move] = []
    while not is_end(work) and all_moves(work):
        move, _, _ = best_move_exact(work, deadline)
        line.append(move)
        work[move[1]] = work[move[0]]
        work[move[0]] = -1
    return line


def best_move_exact(board: list[int], deadline: float | None = None) -> tuple[Move, int, bool]:
    scored = move_values(board, deadline=deadline)
    best = max((item for item in scored if item[2]), key=lambda item: item[1])
    return best[0], best[1], True


def solve_start() -> int:
    """The value of the start position (minutes on CPython: run it offline; START_TARGET pins it)."""
    return value(start_board())
