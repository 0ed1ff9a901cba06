"""Reviewing a finished Ubongo game: each hand-in's time against the card and the bots' levels (docs/rules/ubongo.md,
"Review").

A race's move is a whole round: a seat hands in its solve with its time, or ``timeout``. What a hand-in is worth is
measured against people, as the bots model them (bots.py: each level's solve time on a card of difficulty *d*
with *k* tiles, and its chance to get stuck): a hand-in's **value** is its chance to beat a player of a level
drawn at random from the three (easy, normal, hard), each level's times taken from its own time model, exactly
(the model is a table of quantiles: no draw, so nothing depends on luck or on the effort). Ties (the same second)
count half, as do two seats that both fail. The **best** hand-in is the hard bot's at its median time on that card
(its solve, as the bots hand it in: the solver's solution, which the page draws); a solve as fast or faster is
"best". A ``timeout`` is worth only the share of a draw where the levels fail too: with the hard bot's median
well inside the sand timer on every card, it is a blunder.

Puzzle mode (one player) judges every move the same scale: the move that solves the puzzle by its time, as a
race's hand-in; a tile laid or taken off by whether it brings the board nearer to a solution (the solver's: the
most tiles kept), a hint as giving away one of the card's tiles, ``solution`` as giving up the card. The better
move there is the hard bot's (the next correct tile, or taking off a wrong one in its way).

The chart (``values``) is each seat's share of the gem points so far (an equal share before anyone scores; the
winner of a finished game 1); in
puzzle mode the value the puzzle is heading for: the chance to beat the levels if it were solved at the
stopwatch's time now.
"""

from __future__ import annotations

from typing import Any, Final

from gamebox.core.game import State
from gamebox.core.review import CHANCE, Judgement, Scale
from gamebox.core.rng import Rng
from gamebox.ubongo import bots, solver
from gamebox.ubongo.actions import Hint, Place, Remove, ShowSolution, Solve, parse_puzzle, parse_race
from gamebox.ubongo.generator import CardSide, card_side, parse_code
from gamebox.ubongo.rules import BOT_LEVELS, UbongoState, first_solution, solution_notation

# A tile laid where no solution keeping the tiles on the board puts it (or a right tile taken off) is an
# inaccuracy, the smallest loss that is not "good": it costs the seconds to take it off or lay it again, and the
# hard player (the best move) does not make it. (A hair over the threshold, so no rounding of the subtraction
# brings it under.)
DETOUR_LOSS: Final = CHANCE.inaccuracy + 1e-6


def _below(multiplier: float) -> float:
    """The share of the spread's draws whose multiplier of the median is below ``multiplier`` (the inverse of
    bots.spread, read between the same points by straight lines)."""
    points = bots.SPREAD
    if multiplier <= points[0][1]:
        return 0.0
    for (p0, m0), (p1, m1) in zip(points, points[1:], strict=False):
        if multiplier < m1:
            return p0 + (p1 - p0) * (multiplier - m0) / (m1 - m0)
    return 1.0


class Card:
    """One seat's puzzle as the bots' time model sees it: its difficulty, its tiles and the time limit (the bots
    give up at the end of the second sand timer, also in the play-off)."""

    def __init__(self, difficulty: int, tiles: int, limit_ms: int) -> None:
        self.difficulty = difficulty
        self.tiles = tiles
        self.limit_s = -(-limit_ms // 1000)  # a bot whose whole-second time reaches this gives up
        self.floor_s = -(-(bots.HANDS_MS + bots.HANDS_MS_PER_TILE * tiles) // 1000)

    def at_least(self, level: str, seconds: int) -> float:
        """The chance that ``level``'s solve time (when it does not get stuck) is ``seconds`` or more."""
        if seconds <= self.floor_s:
            return 1.0
        return 1.0 - _below(seconds / (bots.SECONDS_PER_POINT[level] * self.difficulty))

    def fails(self, level: str) -> float:
        """The chance that ``level`` does not solve: stuck, or past the second sand timer."""
        stuck = bots.STUCK[level]
        return stuck + (1.0 - stuck) * self.at_least(level, self.limit_s)

    def beats(self, level: str, ms: int | None) -> float:
        """The chance that a hand-in at ``ms`` (None: ``timeout``) beats ``level`` on this card: the level is slower
        or fails; a tie in the same second, or both failing, counts half."""
        if ms is None:
            return 0.5 * self.fails(level)
        stuck = bots.STUCK[level]
        second = ms // 1000
        slower = self.at_least(level, min(second + 1, self.limit_s))  # slower than ms, or gave up
        tie = 0.0
        if ms % 1000 == 0 and second < self.limit_s:
            tie = 0.5 * (self.at_least(level, second) - self.at_least(level, second + 1))
        return stuck + (1.0 - stuck) * (slower + tie)

    def value(self, ms: int | None) -> float:
        """A hand-in's value: its chance to beat a player of a level drawn at random from the three."""
        return sum(self.beats(level, ms) for level in BOT_LEVELS) / len(BOT_LEVELS)

    def median_ms(self, level: str) -> int | None:
        """``level``'s median time on this card (as bots.solve_time_ms draws it at the middle of the spread); None
        when that is past the second sand timer (the level gives up more often than not)."""
        seconds = max(self.floor_s, int(bots.SECONDS_PER_POINT[level] * self.difficulty * bots.spread(0.5)))
        return None if seconds >= self.limit_s else seconds * 1000

    def levels(self) -> dict[str, int | None]:
        return {level: self.median_ms(level) for level in BOT_LEVELS}

    def best_value(self) -> float:
        """The value of the best hand-in: the hard bot's at its median time (a timeout if even that is too late)."""
        return self.value(self.median_ms("hard"))


def card_of(state: UbongoState, seat: int) -> Card:
    side = state.card_side(seat)
    colour = state.colour(seat)
    return Card(side.difficulty[colour], len(side.tiles[colour]), 2 * state.timer_ms)


def _card_at(code: str, timer_ms: int, edition: int) -> tuple[CardSide, str, Card]:
    deck_seed, number, side_name, colour = parse_code(code)
    side = card_side(deck_seed, number, side_name, edition)
    return side, colour, Card(side.difficulty[colour], len(side.tiles[colour]), 2 * timer_ms)


def _chances(card: Card, ms: int | None) -> dict[str, float]:
    return {level: round(card.beats(level, ms), 4) for level in BOT_LEVELS}


def _kept(state: UbongoState) -> int:
    """How many of the tiles on the board lie where one solution puts them (the solution that keeps the most)."""
    side = state.card_side(0)
    colour = state.colour(0)
    placed = [state.placed[t] for t in sorted(state.placed)]
    found = solver.closest_solution(side.board, colour, side.tiles[colour], placed)
    return 0 if found is None else found[0]


class UbongoReviewer:
    """Ubongo's REVIEWER (core/review.py's Reviewer)."""

    scale: Scale = CHANCE

    # -- the chart ---------------------------------------------------------------------------------------------
    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        """A race: each seat's share of the gem points so far; the winner of a finished game 1. Puzzle mode: the
        chance to beat the levels if the puzzle were solved at the stopwatch's time now (its time once solved; a
        timeout's once shown)."""
        assert isinstance(state, UbongoState)
        if state.mode == "puzzle":
            card = card_of(state, 0)
            if state.phase == "shown":
                return [card.value(None)]
            ms = state.solved_time if state.phase == "solved" and state.solved_time is not None else None
            return [card.value(state.stopwatch_ms() if ms is None else ms)]
        scores = state.scores()
        total = sum(scores)
        winners = state.winners()  # a finished game's winner (a play-off's too): 1
        return [1.0 if seat in winners else score / total if total else 1.0 / state.players
                for seat, score in enumerate(scores)]

    # -- one move ------------------------------------------------------------------------------------------------
    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement | None:
        """A race's hand-in by its chance to beat the levels on the seat's card, against the hard bot's hand-in at
        its median time (the better move, also the solution of a card left unsolved); puzzle mode: _judge_puzzle."""
        assert isinstance(before, UbongoState)
        if before.mode == "puzzle":
            return self._judge_puzzle(before, action, rng)
        card = card_of(before, seat)
        move = parse_race(action, before.rules)
        ms = move.ms if isinstance(move, Solve) else None
        hard_ms = card.median_ms("hard")
        best = "timeout" if hard_ms is None else f"solve {before.listed_solution(seat)} @{hard_ms}"
        played_value = card.value(ms)
        best_value = card.best_value()
        if played_value >= best_value:
            best, best_value = action, played_value
        notes: dict[str, Any] = {"time_ms": ms, "puzzle": before.puzzle_code(seat), "difficulty": card.difficulty,
                                 "tiles": card.tiles, "levels": card.levels(), "beats": _chances(card, ms)}
        if ms is None:
            notes["solution"] = before.listed_solution(seat)
        after = before.copy()
        after.apply(seat, action)
        return Judgement(best, played_value, best_value, self.values(after, rng, 1), notes)

    def _judge_puzzle(self, before: UbongoState, action: str, rng: Rng) -> Judgement:
        """The tile that solves by its time; a tile laid or taken off by whether it brings the board nearer to a
        solution; a hint as one of the card's tiles given away; the solution shown as the card given up."""
        card = card_of(before, 0)
        top = card.best_value()
        gave_up = card.value(None)
        move = parse_puzzle(action, before.rules)
        hard_move = bots.LEVELS["hard"](before, 0, 0, rng)  # the next correct tile, or a wrong one taken off first
        after = before.copy()
        after.apply(0, action)
        notes: dict[str, Any] = {"puzzle": before.puzzle_code(0), "difficulty": card.difficulty, "tiles": card.tiles,
                                 "levels": card.levels()}
        best, best_value, played_value = hard_move, top, top
        if after.phase == "solved":
            ms = after.solved_time
            notes.update(time_ms=ms, beats=_chances(card, ms))
            if isinstance(move, Hint):
                played_value = top - (top - gave_up) / card.tiles
            elif ms is not None:
                played_value = card.value(ms)
                hard_ms = card.median_ms("hard")
                if isinstance(move, Place) and hard_ms is not None:
                    best = str(Place(move.placement, hard_ms))  # the same tile, at the hard bot's time
        elif isinstance(move, ShowSolution):
            played_value = gave_up
            notes["solution"] = solution_notation(first_solution(before.card_side(0), before.colour(0)))
        elif isinstance(move, Hint):
            # a hint gives away one of the card's tiles: that share of what giving up the card loses
            played_value = top - (top - gave_up) / card.tiles
        elif isinstance(move, Remove):
            if _kept(after) < _kept(before):  # a tile that lay where a solution puts it
                played_value = top - DETOUR_LOSS
        else:
            assert isinstance(move, Place)
            kept = _kept(after)
            if not (kept > _kept(before) or kept == len(after.placed)):  # no nearer to a solution
                played_value = top - DETOUR_LOSS
        if played_value >= best_value:
            best, best_value = action, played_value
        notes["hints"] = after.hints
        return Judgement(best, played_value, best_value, self.values(after, rng, 1), notes)

    # -- the whole game -------------------------------------------------------------------------------------------
    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        """A race: per round (and play-off), each seat's puzzle, its difficulty, its time or none, its rank and gems,
        the bots' median times per level on that card, the chance the hand-in beat each level, and the solution of
        each card a person left unsolved; the final scores and winners. Puzzle mode: the puzzle, its time or none,
        the hints used, the levels' times, and the solution when it was not solved."""
        assert isinstance(final, UbongoState)
        if final.mode == "puzzle":
            return self._puzzle_summary(final)
        replay = final.game.new(final.seed, final.players, edition=final.edition, **final.options)
        assert isinstance(replay, UbongoState)
        rounds: list[dict[str, Any]] = []
        for seat, action in final.history:
            last = replay.last_round
            replay.apply(seat, action)
            result = replay.last_round
            if result is last or result is None:
                continue
            seats = []
            for row in result["results"]:
                side, colour, card = _card_at(row["puzzle"], final.timer_ms, final.edition)
                entry: dict[str, Any] = {
                    "seat": row["seat"], "person": row["seat"] in people, "puzzle": row["puzzle"],
                    "difficulty": card.difficulty, "tiles": card.tiles, "time_ms": row["time_ms"],
                    "rank": row["rank"], "gems": list(row["gems"]), "levels": card.levels(),
                    "beats": _chances(card, row["time_ms"]),
                }
                if row["time_ms"] is None and row["seat"] in people:
                    entry["solution"] = solution_notation(first_solution(side, colour))
                seats.append(entry)
            rounds.append({"round": result["round"], "playoff": result["playoff"],
                           "second_chance": result["second_chance"], "seats": seats})
        return {"mode": "race", "rounds": rounds, "scores": final.scores(), "winners": final.winners()}

    def _puzzle_summary(self, final: UbongoState) -> dict[str, Any]:
        card = card_of(final, 0)
        solved = final.phase == "solved"
        time = final.solved_time if solved else None
        summary: dict[str, Any] = {
            "mode": "puzzle", "puzzle": final.puzzle_code(0), "difficulty": card.difficulty, "tiles": card.tiles,
            "solved": solved, "time_ms": time, "hints": final.hints, "solution_shown": final.solution_shown,
            "levels": card.levels(),
        }
        if not solved:
            summary["beats"] = _chances(card, None)
            summary["solution"] = solution_notation(first_solution(final.card_side(0), final.colour(0)))
        elif time is not None:
            summary["beats"] = _chances(card, time)
        return summary


REVIEWER: Final = UbongoReviewer()

__all__ = ["REVIEWER", "Card", "UbongoReviewer"]
