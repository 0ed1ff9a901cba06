"""Ubongo bots: a model of how long a person takes, not a search.

A bot knows a solution of its puzzle (the solver finds it in milliseconds), so what a level decides is how long
it takes, calibrated on people (docs/rules/ubongo.md, "Bots", has the figures and their sources):

- the median time grows with the puzzle's difficulty (1-10): ``SECONDS_PER_POINT`` seconds per point, so an
  average easy-side card (3.8 points) takes the easy bot about 83 s, the normal bot 41 s and the hard bot 23 s;
- around it, times spread like people's solve times, which are skewed to the slow side: a log-normal spread
  (sigma 0.5), read from a table of its quantiles (``SPREAD``), so no libm function decides anything and CPython
  and Pyodide draw the same times;
- nobody is faster than their hands: seeing the card and dragging, turning and dropping each tile with a mouse
  takes at least ``HANDS_MS`` plus ``HANDS_MS_PER_TILE`` per tile;
- each level sometimes gets stuck (``STUCK``) and hands in ``timeout``, as does a bot whose time is past the
  second sand timer (in the play-off too).

Times come from the state's own generator (``state.rng`` of the copy the bot is given, forked per seat and
level), so a game replays the same, and are whole seconds, so a bot's action is one that ``legal_actions`` lists.
A bot's hand-in carries its time (``solve ... @ms``); the table sees it when the clock gets there.

In puzzle mode the bot plays the hint: the next correct tile, after taking off a wrongly placed tile in its way.
"""

from __future__ import annotations

from typing import Any, Final

from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.ubongo import solver
from gamebox.ubongo.rules import UbongoState

# Median seconds per difficulty point: easy is slower than a newcomer (whom the docs put at 16), normal is a
# casual player who knows the game, hard a strong, practised player.
SECONDS_PER_POINT: Final = {"easy": 22.0, "normal": 11.0, "hard": 6.0}
# The chance to get stuck on a puzzle and not solve it at all.
STUCK: Final = {"easy": 0.12, "normal": 0.06, "hard": 0.02}
# The spread around the median: (p, multiplier) points of the quantile function of a log-normal with sigma 0.5,
# exp(0.5 * z_p), cut at the 1st and 99th percentiles; read between the points by straight lines.
SPREAD: Final = (
    (0.00, 0.31), (0.05, 0.44), (0.10, 0.53), (0.25, 0.71), (0.50, 1.00),
    (0.75, 1.40), (0.90, 1.90), (0.95, 2.28), (1.00, 3.20),
)
HANDS_MS: Final = 1000  # to take in the card
HANDS_MS_PER_TILE: Final = 2500  # to pick up, turn and drop one tile with a mouse


def spread(u: float) -> float:
    """The multiplier of the median at quantile ``u`` (0 <= u < 1) of the spread."""
    for (p0, m0), (p1, m1) in zip(SPREAD, SPREAD[1:], strict=False):
        if u < p1:
            return m0 + (m1 - m0) * (u - p0) / (p1 - p0)
    return SPREAD[-1][1]


def solve_time_ms(level: str, difficulty: int, rng: Rng, tiles: int = 3) -> int | None:
    """How long this level takes on a puzzle of this difficulty with this many tiles (whole seconds, in ms);
    None if it gets stuck."""
    if rng.unit() < STUCK[level]:
        return None
    seconds = SECONDS_PER_POINT[level] * difficulty * spread(rng.unit())
    floor_ms = HANDS_MS + HANDS_MS_PER_TILE * tiles
    return max(-(-floor_ms // 1000), int(seconds)) * 1000


def _play(level: str) -> BotFunction:
    def play(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
        assert isinstance(state, UbongoState)
        if state.mode == "puzzle":
            colour = state.colour(0)
            side = state.card_side(0)
            placed = [state.placed[t] for t in sorted(state.placed)]
            p = solver.hint(side.board, colour, side.tiles[colour], placed)
            if p is None:
                return "solution"
            cells = set(p.cells(colour))
            for tile in sorted(state.placed):  # a wrongly placed tile in the way comes off first
                if tile != p.tile and cells & set(state.placed[tile].cells(colour)):
                    return f"remove {tile}"
            return f"place {p.notation()}"
        draw = state.rng.fork(f"ubongo-bot/{seat}/{level}")
        side = state.card_side(seat)
        colour = state.colour(seat)
        time = solve_time_ms(level, side.difficulty[colour], draw, len(side.tiles[colour]))
        if time is None or time >= 2 * state.timer_ms:  # the sand timer ran out twice (also in the play-off)
            return "timeout"
        return f"solve {state.listed_solution(seat)} @{time}"

    return play


LEVELS: Final[dict[str, BotFunction]] = {level: _play(level) for level in SECONDS_PER_POINT}
