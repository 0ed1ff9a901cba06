"""Upthrust's reviewer: the verdict on every move of a finished game (core/review.py, docs/rules/upthrust.md "Review").

- **Score Up (1 player)**, in points: a move's loss is the best final score reachable before it minus the best
  reachable after it, found by the solver's exact search (solver.py). The search is bounded by a number of
  positions (never a clock), each position with a memo table and a count of its own, so what it proves is the
  same on every machine and in any order of judging, and each position is searched once per worker
  (``searched``). Under Upthrust's row rule it proves nearly every position of a game within the bound; where it
  does not (mostly under Score Up's own rule, whose proofs can take minutes), the judgement uses only what is
  proven: the loss is the least loss the bounds prove, and its notes say so.
- **Upthrust, 2-4 players**, in win chance: every legal move of the seat is played out to the end by the hard bot's
  playout policy, ``FIRST_PLAYOUTS`` times (times the effort), and the move played and the moves close to the best
  ``PLAYOUTS`` times; a move's value is the share of the wins its seat gets in them. Common random numbers (the p-th
  move of the i-th playout draws from the same generator after every move) compare the moves on the same luck.

Both are work that can stop and go on (core/review.py): the searches pause every few hundred positions, the playouts
every PAUSE_PLAYOUTS, so the engine judges moves while the game is played in short pieces (core/judging.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from gamebox.core.bots import win_share
from gamebox.core.game import State
from gamebox.core.review import CHANCE, Judgement, Scale, Work, finish
from gamebox.core.rng import Rng
from gamebox.upthrust import solver
from gamebox.upthrust.actions import MOVES, Move, parse
from gamebox.upthrust.board import COLUMNS, EMPTY, Jump, all_moves, start_board
from gamebox.upthrust.playouts import Draws, playout
from gamebox.upthrust.rules import BAN_EVERY_ROW, BAN_NONSCORING_ROWS, UpthrustState

# Score Up's scale: one piece in a scoring row is worth 10 to 60 points. A move that costs 10 points (one piece a
# row lower at the end) is an inaccuracy, 20 a mistake, 30 or more a blunder (half a piece in the top row, or
# more than a whole row-7 piece lost for good).
POINTS = Scale("points", 10, 20, 30)

# Score Up: the positions one judgement may search in all (per unit of effort), per row rule (False: Upthrust's,
# True: Score Up's). Under Upthrust's rule every position of the games measured is proven within it (the most one
# judgement needed was about 60,000); under Score Up's rule many positions take millions, so a smaller budget keeps
# a review's time down where more would rarely prove more (docs/rules/upthrust.md, "Review").
NODES = {False: 150_000, True: 30_000}
# The summary's one search, of the best game from the start: a start under Score Up's rule needs about 70,000.
SUMMARY_NODES = 300_000
# The search tries each order with a small number of positions first, then four times as many, and so on: one
# order finds a line quickly where another wanders (docs/rules/upthrust.md "Review").
FIRST_NODES = 200
GROWTH = 4

# 2-4 players (per unit of effort): the playouts of every legal move of a judged move, then of the moves its
# verdict hangs on (the move played, and those within CLOSE of the best), and of a position of the chart.
FIRST_PLAYOUTS = 64
PLAYOUTS = 512
CLOSE = 0.15
CHART_PLAYOUTS = 24
# A move within this much win chance of the best candidate counts as one of the best: the playouts cannot tell such
# moves apart, and calling one of them ``good`` would hang on the luck of the samples. Measured on the positions of
# bench games (bench/review_stability.py's): a loss found by two sets of 256 playouts differs by 0.025 on average,
# and by 0.06 or more one time in ten.
TIE = 0.06
# A verdict's playouts stop early once the verdict can no longer change but for a small chance (``_settled``): it is
# looked at after each block of FIRST_PLAYOUTS more, from SETTLE_FROM blocks on; a lead's final value is taken to lie
# within SETTLE_Z deviations of where it is heading, and the deviation of a playout's difference is taken to be at
# least SETTLE_MIN_DEVIATION (a few playouts that all agree say little). Measured in docs/review.md.
SETTLE_FROM = 2
SETTLE_Z = 2.5
SETTLE_MIN_DEVIATION = 0.3
# A judgement's playouts pause (work that can stop and go on: core/review.py) after every this many playouts of one
# move: a few ms of CPython each, so that a piece of judging during play stops near its deadline.
PAUSE_PLAYOUTS = 8


def _state(state: State[Any]) -> UpthrustState:
    assert isinstance(state, UpthrustState)
    return state


def _highest_landing_first(steps: list[solver.Step]) -> None:
    """The move that lands highest first, then the longer jump: finds a full line where the solver's hint orders
    wander (measured on the positions of played games)."""
    steps.sort(key=lambda step: (step[2] >> 2, step[0]), reverse=True)


ORDERS: tuple[solver.Order, ...] = (solver.long_jumps_higher_first, solver.lowest_first, _highest_landing_first,
                                    solver.long_jumps_lower_first)


def _after(board: list[int], move: Jump) -> list[int]:
    work = list(board)
    work[move[1]] = work[move[0]]
    work[move[0]] = EMPTY
    return work


def _ordered_moves(board: list[int], every_row: bool) -> list[Jump]:
    """The legal moves in the solver's hint order (the likeliest best first)."""
    steps: list[solver.Step] = [((to - start) // COLUMNS, start, to) for start, to in all_moves(board, every_row)]
    solver.HINT_ORDER[every_row](steps)
    return [(start, to) for _, start, to in steps]


@dataclass
class Bounds:
    """What the search proved of a position's best final score: ``low <= best <= high`` (exact when equal);
    a line of play that scores ``low`` was found."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        return self.low == self.high


class Solve:
    """The searches of one position (``searched``): one memo table and one count of positions, so that what it
    proves depends only on the position and the effort, never on earlier searches or the clock."""

    def __init__(self, every_row: bool, nodes: int) -> None:
        self.every_row = every_row
        self.table: solver.Table = {}
        self.left = nodes

    def _test(self, board: list[int], alpha: int) -> Work[int | None]:
        """The search's ``value(alpha)`` (exact above ``alpha``, else an upper bound), or None when the positions
        are spent. Each order in turn gets FIRST_NODES positions, then GROWTH times as many, and so on. The searches
        pause every solver.PAUSE_NODES positions (work that can stop and go on: core/review.py)."""
        limit = FIRST_NODES
        while self.left > 0:
            for order in ORDERS:
                cap = min(limit, self.left)
                search = solver.Search(board, self.every_row, self.table, order=order, node_limit=cap, pausing=True)
                try:
                    return (yield from search.walk(alpha))
                except solver.OutOfBudget:
                    pass
                finally:
                    self.left -= min(search.visited, cap)
                if self.left <= 0:
                    return None
            limit *= GROWTH
        return None

    def best(self, board: list[int]) -> Work[Bounds]:
        """The best final score reachable from ``board``, exact if the positions allow."""
        if solver.is_end(board) or not all_moves(board, self.every_row):
            return Bounds(solver.score(board), solver.score(board))
        high = solver.upper_bound(board)
        while True:
            found = yield from self._test(board, high - 1)
            if found is None:
                return Bounds(min(self._line_score(board, self._greedy_line(board)), high), high)
            if found >= high:
                return Bounds(found, found)
            high = found

    def line(self, board: list[int], bounds: Bounds) -> Work[list[Jump]]:
        """A line of play from ``board`` that scores ``bounds.low``: a best line when the bounds are exact, else the
        greedy line that gave the low bound."""
        if not bounds.exact:
            return self._greedy_line(board)
        value = bounds.low
        line: list[Jump] = []
        work = list(board)
        while not solver.is_end(work) and all_moves(work, self.every_row):
            moves = _ordered_moves(work, self.every_row)
            # The search that proved ``value`` left a line that keeps it in the table: the first move in the hint
            # order that the table knows keeps it, else the first one a search proves keeps it.
            chosen = next((move for move in moves if self._known(_after(work, move)) == value), None)
            for move in moves if chosen is None else ():
                found = self._known(_after(work, move))
                if found is None:
                    found = yield from self._test(_after(work, move), value - 1)
                    if found is None:  # out of positions: the rest of the line is the greedy one
                        return line + self._greedy_line(work)
                if found >= value:
                    chosen = move
                    break
            if chosen is None:  # cannot happen: ``value`` is exact
                return line + self._greedy_line(work)
            line.append(chosen)
            work = _after(work, chosen)
        return line

    def _known(self, board: list[int]) -> int | None:
        if solver.is_end(board):
            return solver.score(board)
        known = self.table.get(solver.board_key(board))
        return known[0] if known is not None and known[1] else None

    def _greedy_line(self, board: list[int]) -> list[Jump]:
        line: list[Jump] = []
        work = list(board)
        while not solver.is_end(work) and all_moves(work, self.every_row):
            move = solver.greedy_move(work, self.every_row)
            line.append(move)
            work = _after(work, move)
        return line

    @staticmethod
    def _line_score(board: list[int], line: list[Jump]) -> int:
        work = list(board)
        for move in line:
            work = _after(work, move)
        return solver.score(work)


def _texts(line: list[Jump]) -> list[str]:
    return [MOVES[start].text for start, _ in line]


@dataclass(frozen=True)
class Searched:
    """What one position's search found: its bounds, and a line of play from it that scores their low end."""

    bounds: Bounds
    line: tuple[Jump, ...]


# Score Up: each position's search, per worker, by (row rule, positions allowed, board). A position's search is a
# pure function of the position (a memo table and a count of positions of its own), so judgement k, which searches
# the positions before and after move k, takes the one after from judgement k - 1's: each position of a game is
# searched once; and the summary's search from the start, done while the game is played (``preparing``), is there
# when it ends. At most SEARCHED_LIMIT positions are kept (the oldest go first).
SEARCHED_LIMIT = 512
_searched: dict[tuple[bool, int, int], Searched] = {}


# The classic start's searches under Score Up's own row rule, worked out once by ``Solve`` (as ``searched`` would) and
# pinned here: every game of that set-up begins with them, the chart's first point (NODES[True] positions: not proven)
# and the summary's best game from the start (SUMMARY_NODES: proven in 68,765 positions), about 1.5 s of CPython
# together (issue 28's cold review). tests/rules/test_upthrust_review.py searches them again and checks each, so a
# change of the search or of a budget that changes them fails there. (Under Upthrust's row rule the classic start is
# proven in 173 positions: nothing to pin.) By budget: (low, high, the line as "from-to" squares).
_CLASSIC_EVERY_ROW: dict[int, tuple[int, int, str]] = {
    30_000: (450, 560, "12-28 8-24 14-26 24-32 4-20 10-22 22-30 28-36 13-21 20-28 30-38 21-25 26-34 32-40 25-29 29-37 "
                       "0-16 16-20 20-24 5-17 17-21 9-17 15-19 17-25 24-32 34-42 1-13 13-17 19-27 25-33 27-31 21-25 "
                       "17-21 6-14 14-18 11-15 2-10 10-14 14-22 21-29 29-41 22-26 26-34 18-22 22-26 15-19 19-23 "
                       "7-11 11-15 15-19 3-7 7-11 11-15"),
    300_000: (560, 560, "15-31 11-27 7-23 3-19 14-26 10-22 6-18 27-35 12-20 22-34 0-12 35-43 20-28 31-39 12-20 23-31 "
                        "28-36 8-16 18-30 16-24 24-32 34-42 4-12 2-10 20-24 13-21 21-25 26-38 19-23 9-17 23-27 25-37 "
                        "27-35 32-40 17-21 5-9 9-17 10-14 1-5 5-9 9-13 13-25 25-33 21-25 24-32 14-22 25-29 29-41 "
                        "17-21 12-16 16-20 22-34"),
}


def _pinned() -> dict[tuple[bool, int, int], Searched]:
    start = solver.board_key(start_board())
    found = {}
    for nodes, (low, high, line) in _CLASSIC_EVERY_ROW.items():
        jumps = tuple((int(jump.split("-")[0]), int(jump.split("-")[1])) for jump in line.split())
        found[(True, nodes, start)] = Searched(Bounds(low, high), jumps)
    return found


PINNED: dict[tuple[bool, int, int], Searched] = _pinned()


def searched(board: list[int], every_row: bool, nodes: int) -> Work[Searched]:
    """The search of one position with ``nodes`` positions (bounds and a line), as work that can stop and go on;
    taken from what this worker searched already, or from the searches pinned (``PINNED``), when it can be: the same
    either way."""
    key = (every_row, nodes, solver.board_key(board))
    known = _searched.get(key) or PINNED.get(key)
    if known is not None:
        return known
    solve = Solve(every_row, nodes)
    bounds = yield from solve.best(board)
    line = yield from solve.line(board, bounds)
    found = Searched(bounds, tuple(line))
    if len(_searched) >= SEARCHED_LIMIT:
        del _searched[next(iter(_searched))]
    _searched[key] = found
    return found


def forget() -> None:
    """Forget every position searched (for tests and benches: a review's cost from nothing)."""
    _searched.clear()


class UpthrustReviewer:
    """Score Up on the scale of points (exact), Upthrust for 2-4 players on the scale of win chance. Its judgements
    are work that can stop and go on (``judging``, ``valuing``, ``preparing``: core/review.py)."""

    # One reviewer, two scales: points for Score Up, win chance for 2-4 players (scale_of, which core.review asks);
    # the manifest (Game.describe(), which names no game) says win chance, the scale of most of Upthrust's games.
    scale: Scale = CHANCE

    def scale_of(self, state: State[Any]) -> Scale:
        return POINTS if _state(state).players == 1 else CHANCE

    def _seen(self, state: State[Any]) -> UpthrustState:
        return _state(state)

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        return finish(self.valuing(state, rng, effort))

    def valuing(self, state: State[Any], rng: Rng, effort: int) -> Work[list[float]]:
        game = self._seen(state)
        if game.players == 1:
            found = yield from searched(game.board, game.every_row, NODES[game.every_row] * effort)
            return [float(found.bounds.high)]
        if game.is_over:
            return win_share(game)
        return (yield from self._playouts(game, CHART_PLAYOUTS * effort, _draws(rng)))

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement | None:
        return finish(self.judging(before, seat, action, rng, effort))

    def judging(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Work[Judgement | None]:
        game = self._seen(before)
        if game.players == 1:
            return (yield from self._judge_score_up(game, action, effort))
        return (yield from self._judge_race(game, seat, action, rng, effort))

    def preparing(self, start: State[Any]) -> Work[None] | None:
        """Score Up's summary search (the best game from the start, which depends only on the start), done while
        the game is played; nothing for 2-4 players."""
        game = self._seen(start)
        if game.players != 1:
            return None
        return self._summary_search(game)

    def _summary_search(self, start: UpthrustState) -> Work[None]:
        yield from searched(start.board, start.every_row, SUMMARY_NODES)

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        game = self._seen(final)
        if game.players == 1:
            start = game.game.new(game.seed, 1, edition=game.edition, **game.options)
            assert isinstance(start, UpthrustState)
            found = finish(searched(start.board, start.every_row, SUMMARY_NODES))
            return {"score": game.scores()[0], "best_score": found.bounds.high, "proven": found.bounds.exact,
                    "best_line": _texts(list(found.line)),
                    "row_rule": BAN_EVERY_ROW if game.every_row else BAN_NONSCORING_ROWS}
        return {"scores": game.scores(), "winners": game.winners(),
                "colours": [[c for c in range(4) if game.owners[c] == s] for s in range(game.players)]}

    # -- Score Up ----------------------------------------------------------------------------------------------
    def _judge_score_up(self, game: UpthrustState, action: str, effort: int) -> Work[Judgement]:
        nodes = NODES[game.every_row] * effort
        move = parse(action, game.edition)
        searched_before = yield from searched(game.board, game.every_row, nodes)
        before = searched_before.bounds
        if not isinstance(move, Move):  # Score Up never has to pass, but a pass loses nothing
            return Judgement(action, before.high, before.high, [float(before.high)], {})
        jump = next(m for m in all_moves(game.board, game.every_row) if m[0] == move.square)
        board = _after(game.board, jump)
        searched_after = yield from searched(board, game.every_row, nodes)
        after = searched_after.bounds
        notes: dict[str, Any] = {"proven": before.exact and after.exact}
        if after.low >= before.high:  # the move keeps the best score: the best game from here goes through it
            notes["best_line"] = [action, *_texts(list(searched_after.line))]
            notes["best_score"] = after.low
            return Judgement(action, after.low, after.low, [float(after.low)], notes)
        # The loss the bounds prove: the best line before reaches before.low, the best after is at most after.high.
        notes["best_line"] = _texts(list(searched_before.line))
        notes["best_score"] = before.low
        if not notes["proven"]:
            notes["best_score_at_most"] = before.high
            notes["after_at_least"] = after.low
        # the best after the move is at most after.high (exact when proven); the loss is what the bounds prove
        best = notes["best_line"][0] if notes["best_line"] and before.low > after.high else action
        played = float(after.high)
        return Judgement(best, played, float(max(before.low, after.high)), [played], notes)

    # -- 2-4 players -------------------------------------------------------------------------------------------
    def _judge_race(self, game: UpthrustState, seat: int, action: str, rng: Rng, effort: int) -> Work[Judgement]:
        legal = game.legal_actions(seat)
        draws = _draws(rng)
        if len(legal) == 1:  # no choice: nothing to judge, only the chart's point
            forced = game.copy()
            forced.apply(seat, action)
            if forced.is_over:
                values = win_share(forced)
            else:
                values = yield from self._playouts(forced, CHART_PLAYOUTS * effort, draws)
            return Judgement(action, values[seat], values[seat], values, {"choices": 1})
        # Every move gets FIRST_PLAYOUTS playouts; then the moves the verdict hangs on (the move played, and every move
        # within CLOSE of the best so far) go on towards PLAYOUTS, the same playouts continued, a block at a time,
        # until the verdict is settled (``_settled``) or they reach PLAYOUTS.
        first = FIRST_PLAYOUTS * effort
        playouts = PLAYOUTS * effort
        after: dict[str, UpthrustState] = {}
        # per move: each seat's total share of the wins so far, and the mover's share in each playout
        totals: dict[str, list[float]] = {}
        shares: dict[str, list[float]] = {}
        for option in legal:
            after[option] = game.copy()
            after[option].apply(seat, option)
            position = after[option]
            if position.is_over:
                totals[option], shares[option] = win_share(position), []
            else:
                totals[option], shares[option] = yield from self._play(position, 0, first, draws, seat)
        done = first
        worth = {option: self._worth(totals[option], shares[option], after[option]) for option in legal}
        top = max(worth[option][seat] for option in legal)
        candidates = [option for option in legal
                      if option == action or worth[option][seat] >= top - CLOSE or after[option].is_over]
        going = [option for option in candidates if not after[option].is_over]
        while going and done < playouts and not (done >= first * SETTLE_FROM
                                                 and self._settled(worth, shares, candidates, action, seat, done,
                                                                   playouts)):
            count = min(first, playouts - done)
            for option in going:
                more, more_shares = yield from self._play(after[option], done, count, draws, seat)
                totals[option] = [a + b for a, b in zip(totals[option], more, strict=True)]
                shares[option].extend(more_shares)
                worth[option] = self._worth(totals[option], shares[option], after[option])
            done += count
        best = max(candidates, key=lambda option: (worth[option][seat], option == action))
        if worth[best][seat] - worth[action][seat] < TIE:
            best = action
        return Judgement(best, worth[action][seat], worth[best][seat], worth[action],
                         {"choices": len(legal), "playouts": done, "first_playouts": first,
                          "chances": {option: round(worth[option][seat], 4) for option in legal}})

    @staticmethod
    def _worth(totals: list[float], shares: list[float], position: UpthrustState) -> list[float]:
        """Each seat's win chance after a move: its exact share when the move ends the game, else its mean share."""
        return list(totals) if position.is_over else [total / len(shares) for total in totals]

    @staticmethod
    def _settled(worth: dict[str, list[float]], shares: dict[str, list[float]], candidates: list[str], action: str,
                 seat: int, done: int, playouts: int) -> bool:
        """Whether the verdict can no longer change with the playouts still to come (``done`` of ``playouts``): the
        verdict is the class of the largest lead of a candidate over the move played (below TIE the move is one of
        the best; then the scale's thresholds). Each lead's final value lies, but for a chance of about one in a
        hundred (SETTLE_Z deviations), within the spread that the remaining playouts can move it by: they move the
        mean by (playouts - done) / playouts of the difference between their own mean and today's, whose spread
        is that of the paired differences (common random numbers) over the remaining count and over the count so
        far. When the lowest and the highest of the largest lead fall in the same class, no more playouts are
        needed."""
        left = playouts - done
        low = high = 0.0  # the move played itself: a lead of 0
        mine = shares[action]
        for option in candidates:
            if option == action:
                continue
            lead = worth[option][seat] - worth[action][seat]
            theirs = shares[option]
            if not theirs and not mine:
                spread = 0.0
            else:
                differences = [(theirs[i] if theirs else worth[option][seat])
                               - (mine[i] if mine else worth[action][seat]) for i in range(done)]
                mean = sum(differences) / done
                deviation = max(SETTLE_MIN_DEVIATION,
                                math.sqrt(sum((d - mean) ** 2 for d in differences) / (done - 1)))
                spread = SETTLE_Z * left / playouts * deviation * math.sqrt(1 / left + 1 / done)
            low = max(low, lead - spread)
            high = max(high, lead + spread)
        return _lead_class(low) == _lead_class(high)

    @staticmethod
    def _play(state: UpthrustState, start: int, count: int, draws: Draws,
              seat: int) -> Work[tuple[list[float], list[float]]]:
        """Playouts ``start`` to ``start + count`` from ``state``: each seat's total share of the wins, and ``seat``'s
        share in each playout. It pauses after every PAUSE_PLAYOUTS playouts."""
        totals = [0.0] * state.players
        own: list[float] = []
        for index in range(start, start + count):
            if index > start and (index - start) % PAUSE_PLAYOUTS == 0:
                yield
            result = playout(state, draws, index)
            for each, share in enumerate(result):
                totals[each] += share
            own.append(result[seat])
        return totals, own

    @staticmethod
    def _playouts(state: UpthrustState, count: int, draws: Draws, start: int = 0) -> Work[list[float]]:
        """Each seat's share of the wins in ``count`` playouts from ``state`` by the hard bot's playout policy.
        Common random numbers: the p-th move of the i-th playout draws from the generator ``label/i/p``, whatever
        the position, so playouts after two different moves meet the same luck move by move (one generator per
        playout would drift apart after the first move whose choices differ in number). ``draws`` keeps those
        generators' numbers for the whole judgement (playouts.py)."""
        totals = [0.0] * state.players
        for index in range(start, start + count):
            if index > start and (index - start) % PAUSE_PLAYOUTS == 0:
                yield
            for seat, share in enumerate(playout(state, draws, index)):
                totals[seat] += share
        return [total / count for total in totals]


def _lead_class(lead: float) -> int:
    """The verdict a lead of the best candidate over the move played gives, as a number (0: one of the best)."""
    return sum(1 for threshold in (TIE, CHANCE.inaccuracy, CHANCE.mistake, CHANCE.blunder) if lead >= threshold)


def _draws(rng: Rng) -> Draws:
    """A judgement's playout generators, labelled by a number drawn from the judgement's generator."""
    return Draws(f"{rng.next_u64():016x}")


REVIEWER = UpthrustReviewer()

__all__ = ["POINTS", "REVIEWER", "UpthrustReviewer"]
