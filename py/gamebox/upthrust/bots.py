"""Upthrust bots.

- easy: a casual player. It likes the jump that scores most now and lands highest, with a dash of chance
  (drawn from the bot's generator), and sometimes just jumps the farthest.
- hard, 2-4 players: Monte Carlo tree search (core ``mcts``) whose playouts are played by a greedy-ish
  policy (mostly the move that gains most), rewarding wins. ``max_iterations`` gives a deterministic path.
- Score Up (1 player): easy plays the greedy line; hard plays the solver's optimal move (the hint) under the
  game's row rule, proven optimal whenever the exact search finishes within the budget (it does from every
  position on a best line, and from many others in well under a second; see solver.py).
"""

from __future__ import annotations

from typing import Any

from gamebox.core import bots as core_bots
from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.upthrust import solver
from gamebox.upthrust.actions import MOVES, PASS
from gamebox.upthrust.board import COLUMNS, SQUARE_VALUES, Jump
from gamebox.upthrust.rules import UpthrustState

HARD_SOLITAIRE_MIN_MS = 200


def _state(state: State[Any]) -> UpthrustState:
    assert isinstance(state, UpthrustState)
    return state


def _gain(move: Jump) -> int:
    start, target = move
    return SQUARE_VALUES[target] - SQUARE_VALUES[start]


def easy(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    game = _state(state)
    moves = game.seat_moves(seat)
    if not moves:
        return PASS.text
    if rng.unit() < 0.15:  # now and then: just the longest jump
        far = max((target - start) // COLUMNS for start, target in moves)
        longest = [m for m in moves if (m[1] - m[0]) // COLUMNS == far]
        return MOVES[rng.choice(longest)[0]].text
    best = max(moves, key=lambda m: _gain(m) + 2 * (m[1] // COLUMNS) + 12 * rng.unit())
    return MOVES[best[0]].text


def playout_jump(game: UpthrustState, seat: int, rng: Rng) -> Jump | None:
    """The playouts' move (None: a pass): six times in ten the greediest jump (the points it gains weigh four
    times its landing row, plus a random nudge), otherwise any jump."""
    moves = game.seat_moves(seat)
    if not moves:
        return None
    if rng.unit() < 0.6:
        return max(moves, key=lambda m: _gain(m) * 4 + (m[1] // COLUMNS) + rng.unit())
    return rng.choice(moves)


def playout_policy(state: State[Any], seat: int, rng: Rng) -> str:
    jump = playout_jump(_state(state), seat, rng)
    return PASS.text if jump is None else MOVES[jump[0]].text


def hard(state: State[Any], seat: int, budget_ms: int, rng: Rng, max_iterations: int | None = None) -> str:
    game = _state(state)
    if game.players == 1:
        return solitaire_hint(game, max(budget_ms, HARD_SOLITAIRE_MIN_MS))
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return core_bots.mcts(game, seat, budget_ms, rng, policy=playout_policy, max_iterations=max_iterations)


def solitaire_hint(state: UpthrustState, budget_ms: int | None) -> str:
    """The best move of Score Up (optimal whenever the exact search finishes in ``budget_ms``)."""
    if not state.seat_moves(0):
        return PASS.text
    move, _, _ = solver.best_move(state.board, budget_ms, state.every_row)
    return MOVES[move[0]].text


def solitaire_easy(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    game = _state(state)
    moves = game.seat_moves(seat)
    if not moves:
        return PASS.text
    top = max(m[1] // COLUMNS for m in moves)
    return MOVES[rng.choice([m for m in moves if m[1] // COLUMNS == top])[0]].text


def easy_any(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    if _state(state).players == 1:
        return solitaire_easy(state, seat, budget_ms, rng)
    return easy(state, seat, budget_ms, rng)


def hard_any(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    return hard(state, seat, budget_ms, rng)


LEVELS: dict[str, BotFunction] = {"easy": easy_any, "hard": hard_any}
