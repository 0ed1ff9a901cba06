"""The review's playouts of Upthrust for 2-4 players (review.py), made fast: the same moves and the same outcomes as
playing ``bots.playout_jump`` on an ``UpthrustState`` move by move, from a bare board.

A judgement plays every legal move out many times, and common random numbers make the p-th move of the i-th playout
draw from the generator ``label/i/p`` after every move judged (review.py, ``_playouts``). So the numbers of each
generator are drawn once per judgement and kept (``Draws``): the other moves' playouts read them again instead of
hashing a new generator's label and stepping it (which was a third of a review's time). The board's own work is
done on a list of 44 ints with the rules' ``all_moves`` and a running count of the pieces left below the scoring
rows, without a state's copies, caches and turn bookkeeping.
"""

from __future__ import annotations

from bisect import insort

from gamebox.core.rng import Rng
from gamebox.upthrust.board import (
    COLUMNS,
    EMPTY,
    END_WHEN_LEFT,
    NONSCORING_SQUARES,
    ROWS,
    SCORING_FROM_ROW,
    SQUARE_VALUES,
    SQUARES,
    all_moves,
)
from gamebox.upthrust.rules import UpthrustState

_UNIT = float(1 << 53)
_SPAN = 1 << 64
_NONSCORING_ROWS = SCORING_FROM_ROW - 1


class Draws:
    """The numbers of a judgement's playout generators, each drawn once and kept: ``numbers(index, ply, count)``
    is the first ``count`` outputs of ``Rng(f"{label}/{index}/{ply}")``."""

    __slots__ = ("label", "_kept", "_rngs")

    def __init__(self, label: str) -> None:
        self.label = label
        self._kept: dict[tuple[int, int], list[int]] = {}
        self._rngs: dict[tuple[int, int], Rng] = {}

    def numbers(self, index: int, ply: int, count: int) -> list[int]:
        key = (index, ply)
        kept = self._kept.get(key)
        if kept is None:
            rng = self._rngs[key] = Rng(f"{self.label}/{index}/{ply}")
            kept = self._kept[key] = rng.take(count)
        elif len(kept) < count:
            kept.extend(self._rngs[key].take(count - len(kept)))
        return kept


def _below(draws: Draws, index: int, ply: int, first: int, n: int) -> int:
    """``Rng.below(n)`` from the generator's output number ``first`` on (without modulo bias, as Rng does)."""
    limit = _SPAN - (_SPAN % n)
    at = first
    while True:
        x = draws.numbers(index, ply, at + 1)[at]
        if x < limit:
            return x % n
        at += 1


def playout(state: UpthrustState, draws: Draws, index: int) -> list[float]:
    """Each seat's share of the win at the end of playout ``index`` from ``state`` (a game not over): what
    ``review._playouts`` gets by playing ``bots.playout_jump`` move by move, computed on a bare board whose pieces,
    row counts and colours per row are kept up to date move by move (the legal moves are ``board.all_moves``'s, in
    its order: bottom row first, left to right)."""
    board = list(state.board)
    owners = state.owners
    players = state.players
    every_row = state.every_row
    turn = state.turn
    pieces = [square for square in range(SQUARES) if board[square] >= 0]
    counts = [0] * ROWS
    in_row = [0] * (ROWS * 4)  # pieces of each colour in each row: [row * 4 + colour]
    top = [-1, -1, -1, -1]
    for square in pieces:
        row = square >> 2
        counts[row] += 1
        in_row[row * 4 + board[square]] += 1
        top[board[square]] = row
    left = sum(1 for square in pieces if square < NONSCORING_SQUARES and owners[board[square]] is not None)
    moves = all_moves(board, every_row)
    kept = draws._kept  # draws.numbers's own lists, read here at once when they are long enough (most moves)
    ply = 0
    while True:
        mine = [move for move in moves if owners[board[move[0]]] == turn]
        if mine:
            count = len(mine)
            numbers = kept.get((index, ply))
            if numbers is None or len(numbers) <= count:
                numbers = draws.numbers(index, ply, count + 1)
            if (numbers[0] >> 11) / _UNIT < 0.6:  # the greediest jump, with a random nudge (bots.playout_jump)
                best = mine[0]
                best_key = -1.0
                for offset, move in enumerate(mine, 1):
                    key = ((SQUARE_VALUES[move[1]] - SQUARE_VALUES[move[0]]) * 4 + (move[1] >> 2)
                           + (numbers[offset] >> 11) / _UNIT)
                    if key > best_key:
                        best, best_key = move, key
                start, target = best
            else:  # any jump
                start, target = mine[_below(draws, index, ply, 1, count)]
            colour = board[start]
            board[start] = EMPTY
            board[target] = colour
            row, landing = start >> 2, target >> 2
            counts[row] -= 1
            counts[landing] += 1
            in_row[row * 4 + colour] -= 1
            in_row[landing * 4 + colour] += 1
            if landing > top[colour]:
                top[colour] = landing
            pieces.remove(start)
            insort(pieces, target)
            if start < NONSCORING_SQUARES <= target and owners[colour] is not None:
                left -= 1
            if left <= END_WHEN_LEFT:
                break
            moves = []
            for square in pieces:  # board.all_moves, from the counts kept
                row = square >> 2
                rows = counts[row]
                landing = row + rows
                if landing >= ROWS:
                    continue
                target = square + rows * COLUMNS
                if board[target] >= 0:
                    continue
                colour = board[square]
                if rows == 1 and top[colour] == row:
                    continue
                if (every_row or landing < _NONSCORING_ROWS) and in_row[landing * 4 + colour]:
                    continue
                moves.append((square, target))
            if not any(owners[board[move[0]]] is not None for move in moves):
                break
        turn = (turn + 1) % players
        ply += 1
    totals = [0] * players
    for square in pieces:
        colour = board[square]
        seat = owners[colour]
        if square >= NONSCORING_SQUARES and seat is not None:
            totals[seat] += SQUARE_VALUES[square]
    best_total = max(totals)
    winners = [seat for seat in range(players) if totals[seat] == best_total]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
