"""Pebbles' reviewer: exact, since the game is solved. Whoever is to move with a pile that is a multiple of 4 loses
against best play (whatever they take, the other restores a multiple of 4); anyone else wins by taking pile % 4.
So a move's value to its seat is 1 (it still wins) or 0, and the core (core/review.py) words the verdicts: a move
that throws a won game away loses a whole win chance, a blunder."""

from __future__ import annotations

from typing import Any

from gamebox.pebbles.actions import MOST, take
from gamebox.pebbles.rules import PebblesState

from gamebox.core.game import State
from gamebox.core.review import CHANCE, Judgement, Scale
from gamebox.core.rng import Rng


def _pebbles(state: State[Any]) -> PebblesState:
    assert isinstance(state, PebblesState)
    return state


def winner_against_best_play(state: PebblesState) -> int:
    """The seat that wins from here if both play their best."""
    if state.winner is not None:
        return state.winner
    return state.current if state.pile % (MOST + 1) else 1 - state.current


class PebblesReviewer:
    scale: Scale = CHANCE

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        winner = winner_against_best_play(_pebbles(state))
        return [1.0 if seat == winner else 0.0 for seat in range(state.players)]

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement:
        pile = _pebbles(before).pile
        best = take(pile % (MOST + 1) or 1)  # a lost pile: any take loses; the smallest leaves the most to go wrong
        after = before.copy()
        after.apply(seat, action)
        values = self.values(after, rng, effort)
        return Judgement(best=best, played_value=values[seat], best_value=self.values(before, rng, effort)[seat],
                         values=values)

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        return {"dealt": _pebbles(final).dealt}


REVIEWER = PebblesReviewer()
