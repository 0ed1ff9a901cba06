"""The Score Up solver: the best final score from a position of the solitaire, found by exact search.

The solitaire is a one-player game on a DAG (every move goes up), and the score never falls (pieces only
rise), so the best final score from a position is the maximum over its moves, and a position with no move (or
with only two pieces left below the scoring rows) is worth its score. Both row rules are solved: Upthrust's
(two pieces of one colour may not share a row below the scoring rows) and Score Up's own (never in any row),
each with its own memo table, since a position is worth something else under each.

The search is a depth-first search with an upper bound (``upper_bound``) as a cut-off and a memo table keyed by
the whole board (an int, updated move by move). ``value(alpha)`` is exact when it is above ``alpha``, and an
upper bound otherwise; the table keeps both kinds. A search has a deadline (hints) or a node limit (set-up,
where the result must be the same on every machine): past it, it raises OutOfBudget.

Set-up uses it twice:
- the classic start's best is pinned (START_TARGET, per rule) with a line of play that reaches it (the golden
  test replays it): it is the upper bound, so nothing can beat it;
- a dealt start (``dealt_start``) is kept only when the search, within a fixed number of nodes, finds a line that
  reaches its upper bound: that proves the line optimal. Otherwise the next deal is tried. Which deals that proves
  is known beforehand (deals.py, a bit per deal up to colour names), so only the deal kept is searched.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any

from gamebox.core.rng import Rng
from gamebox.upthrust import deals
from gamebox.upthrust.board import (
    COLUMNS,
    EMPTY,
    END_WHEN_LEFT,
    NONSCORING_SQUARES,
    ROW_VALUES,
    ROWS,
    SCORING_FROM_ROW,
    SQUARE_VALUES,
    SQUARES,
    Jump,
    all_moves,
    start_board,
)

# The best possible score of the classic start, under each row rule (False: Upthrust's, True: Score Up's). It
# is the upper bound of ``upper_bound`` (four pieces in each of rows 11, 10 and 9 and two in row 8, since the
# game ends with 14 pieces up), and a line of play reaches it under each rule (pinned in
# tests/rules/golden/upthrust.json).
START_TARGET = {False: 560, True: 560}

# A dealt start: how many deals are tried (per rule: Score Up's is harder to prove), and how many positions
# each search order may visit per deal. Measured in docs/rules/upthrust.md ("Dealt start").
DEAL_TRIES = {False: 64, True: 128}
DEAL_NODES = 300

TABLE_LIMIT = 2_000_000
# A search made with ``pausing`` (the review's, judged in pieces while the game is played) stops after every this many
# positions visited (a power of two, and a multiple of 64): a few ms of CPython.
PAUSE_NODES = 256
_NONSCORING_ROWS = SCORING_FROM_ROW - 1
_NO_LOSS = 1 << 20

Table = dict[int, tuple[int, bool]]
# One memo table per row rule, for the life of the module (in the browser: the worker), so a hint after a hint
# is quick.
_tables: dict[bool, Table] = {False: {}, True: {}}


def forget() -> None:
    """Empty the memo tables (tests use it to make a search's cost independent of earlier searches)."""
    for table in _tables.values():
        table.clear()


class OutOfBudget(Exception):
    """The search ran past its deadline or its node limit."""


def score(board: list[int]) -> int:
    return sum(SQUARE_VALUES[square] for square in range(NONSCORING_SQUARES, SQUARES) if board[square] >= 0)


def is_end(board: list[int]) -> bool:
    left = sum(1 for square in range(NONSCORING_SQUARES) if board[square] >= 0)
    return left <= END_WHEN_LEFT


def board_key(board: list[int]) -> int:
    """The board as one int, three bits a square (colour + 1)."""
    key = 0
    for square, colour in enumerate(board):
        if colour >= 0:
            key |= (colour + 1) << (3 * square)
    return key


# -- the upper bound ---------------------------------------------------------------------------------------
_column_cache: dict[int, tuple[int, int, int]] = {}


def _column_bound(occupied: int, frozen: int) -> tuple[int, int, int]:
    """One column's part of the bound: (its best total, and its two smallest losses if its non-scoring pieces
    stay below). ``occupied``: a bit per row (bit 0 = row 1); ``frozen``: a bit per row 8-11 (bit 0 = row 8)
    for the rows whose pieces can never move."""
    cache_key = occupied << 4 | frozen
    known = _column_cache.get(cache_key)
    if known is not None:
        return known
    free_rows: list[int] = []
    moving = 0
    below = 0
    total = 0
    blocked = True  # still inside the full block at the top of the column
    for row in range(ROWS - 1, -1, -1):
        value = ROW_VALUES[row]
        if not occupied >> row & 1:
            blocked = False
            free_rows.append(value)
        elif blocked or (row >= ROWS - 4 and frozen >> (row - (ROWS - 4)) & 1):
            total += value
        else:
            blocked = False
            free_rows.append(value)
            moving += 1
            if row < _NONSCORING_ROWS:
                below += 1
    best = free_rows[:moving]
    total += sum(best)
    # leaving j of this column's non-scoring pieces below loses its j lowest best rows
    losses = sorted(best[moving - min(below, END_WHEN_LEFT):])
    found = (total, losses[0] if losses else _NO_LOSS, losses[1] if len(losses) > 1 else _NO_LOSS)
    _column_cache[cache_key] = found
    return found


# The bound of a board depends only on which squares are occupied: the search keeps the occupied squares as one int
# (``Search.occ``: bit ``column * ROWS + row``) and looks the bound up here (about half a search's time was spent
# working it out again, for the same few thousand shapes). Cleared when it grows past BOUND_LIMIT.
BOUND_LIMIT = 200_000
_bounds: dict[int, int] = {}


def _bound(occupied: list[int], counts: list[int]) -> int:
    """``upper_bound`` from the occupied rows of each column and each row's count (a search's own counters); each
    column's part is looked up in ``_column_cache``. Written out rather than in loops: a search under Score Up's row
    rule meets a new shape at most of its positions, so this runs about once a position (issue 28's profile).
    Frozen rows: a piece in row r whose row holds more than 11 - r pieces would jump off the board, and its row only
    fills up (no piece there can leave); only rows 8-11 can be like that."""
    frozen = (counts[7] > 3) | (counts[8] > 2) << 1 | (counts[9] > 1) << 2 | (counts[10] > 0) << 3
    cache = _column_cache
    first = cache.get(occupied[0] << 4 | frozen) or _column_bound(occupied[0], frozen)
    second = cache.get(occupied[1] << 4 | frozen) or _column_bound(occupied[1], frozen)
    third = cache.get(occupied[2] << 4 | frozen) or _column_bound(occupied[2], frozen)
    fourth = cache.get(occupied[3] << 4 | frozen) or _column_bound(occupied[3], frozen)
    losses = [first[1], first[2], second[1], second[2], third[1], third[2], fourth[1], fourth[2]]
    losses.sort()
    total = first[0] + second[0] + third[0] + fourth[0]
    # the two (END_WHEN_LEFT) non-scoring pieces left below lose the least
    if losses[0] < _NO_LOSS:
        total -= losses[0]
        if losses[1] < _NO_LOSS:
            total -= losses[1]
    return total


def upper_bound(board: list[int]) -> int:
    """No final score from ``board`` can beat this (under either row rule).

    Some pieces can never move again: a piece in row r whose row holds more than 11 - r pieces (a row only
    empties by a piece leaving it, and no piece there can leave), and a piece under a full block that reaches
    row 11. They keep their rows. In each column the other pieces end in distinct rows that no frozen piece
    holds, so at best in the highest such rows. The game ends with two pieces left below the scoring rows,
    worth nothing: the bound drops the two non-scoring pieces whose best rows are worth least.
    """
    counts = [0] * ROWS
    occupied = [0] * COLUMNS
    for square in range(SQUARES):
        if board[square] >= 0:
            counts[square >> 2] += 1
            occupied[square & 3] |= 1 << (square >> 2)
    return _bound(occupied, counts)


# -- search orders -----------------------------------------------------------------------------------------
# A move as the search sees it: (rows it jumps, from square, to square, ...); the orders read only these three. The
# search's own steps go on with what it needs of the move, worked out once per square and jump (``_SEARCH_STEPS``):
# the occupied bits it flips (``Search.occ``), the key's bits it flips for a piece of colour c once multiplied by
# c + 1, the points it gains, and whether it leaves the non-scoring rows.
Step = tuple[int, ...]


def _search_step(start: int, rows: int) -> Step:
    target = start + COLUMNS * rows
    row, column = start >> 2, start & 3
    landing = row + rows
    moved = (1 << (column * ROWS + row)) | (1 << (column * ROWS + landing))
    return (rows, start, target, moved, (1 << (3 * start)) | (1 << (3 * target)),
            ROW_VALUES[landing] - ROW_VALUES[row], int(row < _NONSCORING_ROWS <= landing))


# By ``square << 3 | rows`` (a row holds at most four pieces): the search's step of that jump, if it stays on the board.
_SEARCH_STEPS: list[Step] = [
    _search_step(key >> 3, key & 7) if key & 7 > 0 and (key >> 3) + COLUMNS * (key & 7) < SQUARES else ()
    for key in range(SQUARES << 3)]


def long_jumps_higher_first(steps: list[Step]) -> None:
    """Long jumps first, then the higher piece: this finds the classic start's best line at once."""
    steps.sort(reverse=True)


def long_jumps_lower_first(steps: list[Step]) -> None:
    """Long jumps first, then the lower piece: best on most dealt starts under Upthrust's rule."""
    steps.sort(key=lambda step: (step[0], -(step[1] >> 2), step[1] & 3), reverse=True)


def lowest_first(steps: list[Step]) -> None:
    """The lowest piece first, then the longer jump: best on most dealt starts under Score Up's rule."""
    steps.sort(key=lambda step: (-(step[1] >> 2), step[0], step[1] & 3), reverse=True)


Order = Callable[[list[Step]], None]
# The orders a dealt start's proof tries, each with DEAL_NODES positions.
ORDERS: tuple[Order, ...] = (long_jumps_lower_first, lowest_first)
# The order of hints, per rule (False: Upthrust's, True: Score Up's).
HINT_ORDER: dict[bool, Order] = {False: long_jumps_lower_first, True: long_jumps_higher_first}


class Search:
    """One search from one board. The board and its counters change move by move and are restored (but not after
    OutOfBudget: a search that ran out is not used again)."""

    def __init__(self, board: list[int], every_row: bool, table: Table, *, order: Order,
                 deadline: float | None = None, node_limit: int | None = None, pausing: bool = False) -> None:
        self.every_row = every_row
        self.pausing = pausing
        self.table = table
        self.order = order
        self.deadline = deadline
        self.node_limit = node_limit
        self.visited = 0
        self.board = list(board)
        self.counts = [0] * ROWS
        self.in_row = [0] * (ROWS * 4)  # pieces of each colour in each row: [row * 4 + colour]
        self.top = [-1, -1, -1, -1]  # the highest row of each colour
        self.occupied = [0] * COLUMNS
        self.occ = 0  # the occupied squares, bit column * ROWS + row (the key of ``_bounds``)
        self.key = 0
        self.score = 0
        self.below = 0
        for square, colour in enumerate(self.board):
            if colour >= 0:
                row = square >> 2
                self.counts[row] += 1
                self.in_row[row * 4 + colour] += 1
                self.top[colour] = max(self.top[colour], row)
                self.occupied[square & 3] |= 1 << row
                self.occ |= 1 << ((square & 3) * ROWS + row)
                self.key |= (colour + 1) << (3 * square)
                self.score += ROW_VALUES[row]
                if row < _NONSCORING_ROWS:
                    self.below += 1

    def steps(self) -> list[Step]:
        """The legal moves (the rules' all_moves, for this search's row rule), in the order of their squares. A row's
        pieces all jump as many rows as the row holds, so a row that is empty or whose jumps leave the board is
        skipped whole."""
        board, counts, top, in_row = self.board, self.counts, self.top, self.in_row
        every_row = self.every_row
        search_steps = _SEARCH_STEPS
        out: list[Step] = []
        for row in range(ROWS - 1):
            rows = counts[row]
            landing = row + rows
            if not rows or landing >= ROWS:
                continue
            check_row = every_row or landing < _NONSCORING_ROWS
            for square in range(row * COLUMNS, row * COLUMNS + COLUMNS):
                colour = board[square]
                if colour < 0:
                    continue
                target = square + 4 * rows
                if board[target] >= 0:
                    continue
                if rows == 1 and top[colour] == row:
                    continue
                if check_row and in_row[landing * 4 + colour]:
                    continue
                out.append(search_steps[square << 3 | rows])
        return out

    def value(self, alpha: int) -> int:
        """The value of the board if it is above ``alpha``; otherwise a bound at most ``alpha`` (``walk`` run to its
        end at once)."""
        walk = self.walk(alpha)
        while True:
            try:
                next(walk)
            except StopIteration as stop:
                return int(stop.value)

    def walk(self, alpha: int) -> Generator[None, None, int]:
        """``value(alpha)`` as a search that can stop and go on: a generator that returns the value, and, when the
        search was made with ``pausing``, yields every PAUSE_NODES positions visited (else never). Run to its end
        with or without pauses, it visits the same positions in the same order and leaves the same table.

        A depth-first search with an explicit stack (no recursion, so it can stop anywhere): a frame per position
        being searched holds its moves, the one being searched, its alpha, its best so far, its bound, its key, and
        the top row of the moving colour before that move (to take the move back). Before a move is made, what the
        child would answer before it visits anything (the end, its bound, the table) is worked out without making
        it: most children end there."""
        board, counts, in_row, top, occupied = self.board, self.counts, self.in_row, self.top, self.occupied
        table = self.table
        order = self.order
        bounds = _bounds
        node_limit = self.node_limit
        deadline = self.deadline
        pausing = self.pausing
        last_below = END_WHEN_LEFT + 1  # a rise from this many pieces below ends the game
        stack: list[list[Any]] = []
        a = alpha
        while True:
            # -- the board as it is, searched with alpha ``a``: answered at once, or a new frame
            found: int | None = None
            if self.below <= END_WHEN_LEFT:
                found = self.score
            else:
                bound = bounds.get(self.occ)
                if bound is None:
                    if len(bounds) >= BOUND_LIMIT:
                        bounds.clear()
                    bound = bounds[self.occ] = _bound(occupied, counts)
                if bound <= a:
                    found = bound
                else:
                    key = self.key
                    known = table.get(key)
                    if known is not None and (known[1] or known[0] <= a):
                        found = known[0]
                    else:
                        self.visited += 1
                        visited = self.visited
                        if node_limit is not None and visited > node_limit:
                            raise OutOfBudget
                        if visited & 63 == 0:
                            if deadline is not None and time.perf_counter() > deadline:
                                raise OutOfBudget
                            if pausing and visited & (PAUSE_NODES - 1) == 0:
                                yield
                        steps = self.steps()
                        order(steps)
                        stack.append([steps, 0, a, self.score, bound, key, 0])
            # -- a value goes back to the frames above it; a frame goes on with its next move
            while True:
                if found is None:  # a new frame: from its first move
                    frame = stack[-1]
                    best = frame[3]
                    index = 0
                else:
                    if not stack:
                        return found
                    frame = stack[-1]
                    index = frame[1]
                    step = frame[0][index]
                    rows, start, target = step[0], step[1], step[2]
                    colour = board[target]
                    row = start >> 2
                    landing = row + rows
                    board[target] = EMPTY
                    board[start] = colour
                    counts[row] += 1
                    counts[landing] -= 1
                    in_row[row * 4 + colour] += 1
                    in_row[landing * 4 + colour] -= 1
                    top[colour] = frame[6]
                    occupied[start & 3] ^= (1 << row) | (1 << landing)
                    self.occ ^= step[3]
                    self.key ^= (colour + 1) * step[4]
                    self.score -= step[5]
                    if step[6]:
                        self.below += 1
                    best = frame[3]
                    index += 1
                    if found > best:
                        best = found
                        if best >= frame[4]:
                            index = len(frame[0])  # cut off: no move can do better than the bound
                steps = frame[0]
                frame_alpha = frame[2]
                frame_bound = frame[4]
                score = self.score
                key = self.key
                occ = self.occ
                below = self.below
                count = len(steps)
                descend = False
                while index < count:
                    rows, start, target, moved, bits, gain, rises = steps[index]
                    colour = board[start]
                    flip = (colour + 1) * bits
                    child_alpha = best if best > frame_alpha else frame_alpha
                    if rises and below <= last_below:
                        child = score + gain
                    else:
                        child_bound = bounds.get(occ ^ moved)
                        known = None
                        if child_bound is not None and child_bound > child_alpha:
                            known = table.get(key ^ flip)
                        if child_bound is not None and child_bound <= child_alpha:
                            child = child_bound
                        elif known is not None and (known[1] or known[0] <= child_alpha):
                            child = known[0]
                        else:  # the move is made, and the child searched
                            row = start >> 2
                            landing = row + rows
                            column = start & 3
                            frame[1] = index
                            frame[3] = best
                            frame[6] = top[colour]
                            board[start] = EMPTY
                            board[target] = colour
                            counts[row] -= 1
                            counts[landing] += 1
                            in_row[row * 4 + colour] -= 1
                            in_row[landing * 4 + colour] += 1
                            if landing > top[colour]:
                                top[colour] = landing
                            occupied[column] ^= (1 << row) | (1 << landing)
                            self.occ = occ ^ moved
                            self.key = key ^ flip
                            self.score = score + gain
                            if rises:
                                self.below = below - 1
                            a = child_alpha
                            descend = True
                            break
                    if child > best:
                        best = child
                        if best >= frame_bound:
                            break
                    index += 1
                if descend:
                    break
                stack.pop()  # the frame's position is searched: its value goes to the table and to its parent
                if len(table) >= TABLE_LIMIT:
                    table.clear()
                table[frame[5]] = (best, best > frame_alpha)
                found = best


def search_moves(board: list[int], every_row: bool = False) -> list[tuple[int, int]]:
    """The moves (start, target) the search generates at ``board``, its own fast way (in no promised order): for
    tests, which check that they are exactly the rules' all_moves."""
    return [(step[1], step[2]) for step in Search(board, every_row, {}, order=lowest_first).steps()]


def _search(board: list[int], every_row: bool, deadline: float | None = None) -> Search:
    return Search(board, every_row, _tables[every_row], order=HINT_ORDER[every_row], deadline=deadline)


def _exact(search: Search) -> int:
    """The exact value of the search's board: first test whether its upper bound is reachable, then step down
    to the bound each failed test returns (the table keeps what every test learnt)."""
    alpha = _bound(search.occupied, search.counts) - 1
    while True:
        found = search.value(alpha)
        if found > alpha:
            return found
        alpha = found - 1


def value(board: list[int], every_row: bool = False, deadline: float | None = None) -> int:
    """The best final score reachable from ``board`` (exact). Raises OutOfBudget past ``deadline``."""
    if is_end(board):
        return score(board)
    return _exact(_search(board, every_row, deadline))


def optimal_move(board: list[int], every_row: bool = False, deadline: float | None = None) -> tuple[Jump, int]:
    """A move that keeps the best final score, and that score (exact). Raises OutOfBudget past ``deadline``,
    ValueError when there is no move."""
    best = value(board, every_row, deadline)
    ordered: list[Step] = [((target - start) // COLUMNS, start, target)
                           for start, target in all_moves(board, every_row)]
    HINT_ORDER[every_row](ordered)  # the likeliest best move first: usually the only one searched
    for _, start, target in ordered:
        work = list(board)
        work[target] = work[start]
        work[start] = EMPTY
        found = score(work) if is_end(work) else _search(work, every_row, deadline).value(best - 1)
        if found >= best:
            return (start, target), best
    raise ValueError("no move to choose")


def greedy_move(board: list[int], every_row: bool = False) -> Jump:
    """The move that lands highest (ties: the lowest piece first, then leftmost). Not optimal."""
    moves = all_moves(board, every_row)
    return max(moves, key=lambda move: (move[1] // COLUMNS, -(move[0] // COLUMNS), -move[0]))


def greedy_line_value(board: list[int], every_row: bool = False) -> int:
    work = list(board)
    while not is_end(work) and all_moves(work, every_row):
        start, target = greedy_move(work, every_row)
        work[target] = work[start]
        work[start] = EMPTY
    return score(work)


def best_move(board: list[int], budget_ms: int | None = None, every_row: bool = False) -> tuple[Jump, int, bool]:
    """An optimal move, its value and True; or, if the exact search does not finish within ``budget_ms``,
    the best move found by a greedy look-ahead, its greedy value and False."""
    if not all_moves(board, every_row):
        raise ValueError("no move to choose")
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    try:
        move, found = optimal_move(board, every_row, deadline)
        return move, found, True
    except OutOfBudget:
        pass
    table = _tables[every_row]
    options = []
    for start, target in all_moves(board, every_row):
        work = list(board)
        work[target] = work[start]
        work[start] = EMPTY
        known = table.get(board_key(work))
        guess = known[0] if known is not None and known[1] else greedy_line_value(work, every_row)
        options.append(((start, target), guess))
    guessed = max(options, key=lambda item: item[1])
    return guessed[0], guessed[1], False


def principal_line(board: list[int], every_row: bool = False, deadline: float | None = None) -> list[Jump]:
    """An optimal line of play from ``board`` to the end."""
    work = list(board)
    line: list[Jump] = []
    while not is_end(work) and all_moves(work, every_row):
        move, _ = optimal_move(work, every_row, deadline)
        line.append(move)
        work[move[1]] = work[move[0]]
        work[move[0]] = EMPTY
    return line


def deal(rng: Rng) -> list[int]:
    """A start dealt from ``rng``: each of the four starting rows holds one piece of each colour, in a shuffled
    order (so no row ever holds two pieces of one colour, as both row rules ask)."""
    board = [EMPTY] * SQUARES
    for row in range(4):
        colours = [0, 1, 2, 3]
        rng.shuffle(colours)
        board[row * COLUMNS:(row + 1) * COLUMNS] = colours
    return board


def prove(board: list[int], every_row: bool, node_limit: int = DEAL_NODES) -> tuple[int, Table] | None:
    """The set-up's proof: the best score of ``board`` and the memo table that proves it, if a search of at most
    ``node_limit`` positions per search order finds a line that reaches the upper bound (so nothing can beat it);
    None if none does. The same on every machine: the searches count positions, not time, and start from an empty
    table."""
    bound = upper_bound(board)
    table: Table = {}
    for order in ORDERS:
        search = Search(board, every_row, table, order=order, node_limit=node_limit)
        try:
            found = search.value(bound - 1)
        except OutOfBudget:
            continue
        if found >= bound:
            return found, table
        return None  # the bound cannot be reached: the best is lower, and not cheap to prove
    return None


def proven_best(board: list[int], every_row: bool, node_limit: int = DEAL_NODES) -> int | None:
    """The best score of ``board`` if the set-up's proof (``prove``) finds it, else None; what the proof learnt is
    kept in the memo table of hints (so a dealt start's first hints are instant)."""
    proof = prove(board, every_row, node_limit)
    if proof is None:
        return None
    found, table = proof
    learnt = _tables[every_row]
    if len(learnt) + len(table) < TABLE_LIMIT:
        learnt.update((key, entry) for key, entry in table.items() if entry[1] or key not in learnt)
    return found


def dealt_start(rng: Rng, every_row: bool) -> tuple[list[int], int]:
    """A dealt start whose best score the solver proves, and that score: deal (from ``rng``) until a deal's best
    is proven within DEAL_NODES positions per search order; after DEAL_TRIES deals, the classic start.

    deals.PROVEN says beforehand which deals the proof would prove (worked out once, by the same proof), so only the
    deal it names is searched: the same deal as searching each in turn, in one solver run instead of up to 128."""
    for _ in range(DEAL_TRIES[every_row]):
        board = deal(rng)
        if not deals.proven(board, every_row):
            continue
        best = proven_best(board, every_row)
        if best is not None:
            return board, best
    return start_board(), START_TARGET[every_row]
