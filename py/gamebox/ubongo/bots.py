"""Ubongo bots: a skill model, not a search.

A bot knows a solution of its puzzle (the solver finds it in milliseconds), so what a level decides is how long
it takes: a time drawn from the puzzle's difficulty (1-10) and the level's speed, from the state's own generator
(``state.rng`` of the copy the bot is given, forked per seat), so a game replays the same. A bot whose time is
past the second sand timer fails (``timeout``), in the play-off too; each level also has a small chance of
getting stuck. Times are whole seconds, so a bot's action is one that ``legal_actions`` lists.

In puzzle mode the bot plays the hint: the next correct tile.
"""

from __future__ import annotations

from typing import Final

from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.ubongo import solver

# seconds per difficulty point (mean), and the chance to get stuck on a puzzle
SPEED: Final = {"easy": 14.0, "normal": 9.0, "hard": 6.0}
STUCK: Final = {"easy": 0.12, "normal": 0.06, "hard": 0.02}


def solve_time_ms(level: str, difficulty: int, rng: Rng) -> int | None:
    """How long this level takes on a puzzle of this difficulty; None if it gets stuck."""
    if rng.unit() < STUCK[level]:
        return None
    # a triangular spread around the mean, from half to one and a half times it (no libm: same everywhere)
    spread = 0.5 + (rng.unit() + rng.unit()) / 2
    return max(2, int(SPEED[level] * difficulty * spread)) * 1000  # whole seconds


def _play(level: str) -> BotFunction:
    def play(state: State, seat: int, budget_ms: int, rng: Rng) -> str:
        from gamebox.ubongo.rules import UbongoState, solution_notation

        assert isinstance(state, UbongoState)
        if state.mode == "puzzle":
            colour = state.colour(0)
            side = state.card_side(0)
            placed = [state.placed[t] for t in sorted(state.placed)]
            p = solver.hint(side.board, colour, side.tiles[colour], placed)
            return f"place {p.notation()}" if p is not None else "solution"
        draw = state.rng.fork(f"ubongo-bot/{seat}/{level}")
        side = state.card_side(seat)
        colour = state.colour(seat)
        time = solve_time_ms(level, side.difficulty[colour], draw)
        if time is None or time >= 2 * state.timer_ms:  # the sand timer ran out twice (also in the play-off)
            return "timeout"
        solution = solver.find_one(side.board, colour, side.tiles[colour])
        assert solution is not None
        return f"solve {solution_notation(solution)} @{time}"

    return play


BOTS: Final[dict[str, BotFunction]] = {level: _play(level) for level in SPEED}
