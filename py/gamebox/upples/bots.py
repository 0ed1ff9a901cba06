"""Upples bots. Every level plans the whole jump chain of its turn, then plays the chain's first jump.

- easy: greedy. It takes the chain worth most points now (in Training: the chain that clears most cards).
- hard: it enumerates the whole chain depth-first (bombs, tunnels, bounces and every choice), in worlds where
  the unknown draw pile is shuffled from what it knows (it never reads the real deck order or the game's
  generator). It weighs where each chain leaves it: points now, the refilled field, its own next-turn options,
  and what the next player could take. In Training it is the solitaire planner.
- solitaire: the best chain each turn for Training (fewest turns): clear as many cards as possible while
  keeping a jump for next turn. It is the hint for Training, and the hard level's play there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.upples.board import EMPTY
from gamebox.upples.deck import POINTS
from gamebox.upples.rules import UpplesState

Leaf = tuple[list[str], UpplesState]

MAIN_NODES = 2500  # chain steps explored per sampled world
REPLY_NODES = 250  # chain steps explored when weighing what a leaf leaves for the next turn
MAX_SAMPLES = 4
FULL_LOOKS = 8  # leaves per world weighed in full


def determinize(state: UpplesState, rng: Rng) -> UpplesState:
    """A world the bot may search: the draw pile reshuffled (its order is hidden) and a fresh generator."""
    world = state.copy()
    world.pile.sort()  # forget the real order first, so the sample depends only on what the bot knows
    rng.shuffle(world.pile)
    world.rng = rng.fork("world")
    return world


def chains(world: UpplesState, seat: int, limit: int, deadline: float | None = None) -> list[Leaf]:
    """Every complete chain of jumps ``seat`` can make this turn, with the state after the turn ends.

    At most ``limit`` jumps are tried, and none after ``deadline`` once a first chain is complete.
    """
    out: list[Leaf] = []
    budget = [limit]

    def walk(state: UpplesState, path: list[str]) -> None:
        for action in state.legal_actions(seat):
            if budget[0] <= 0:
                return
            if deadline is not None and out and time.perf_counter() > deadline:
                budget[0] = 0
                return
            budget[0] -= 1
            child = state.copy()
            child.apply(seat, action)
            if child.over or not child.in_chain:
                out.append(([*path, action], child))
            else:
                walk(child, [*path, action])

    walk(world, [])
    return out


def _gain(before: UpplesState, after: UpplesState, seat: int) -> float:
    return float(after.scores()[seat] - before.scores()[seat])


def _cleared(before: UpplesState, after: UpplesState) -> float:
    """Training: cards taken off the field this turn (what the refill drew), and a bonus for finishing."""
    if after.over:
        return 1000.0 - after.turn
    return float(len(before.pile) - len(after.pile))


def _reach(state: UpplesState, seat: int) -> tuple[int, int]:
    """If ``seat`` moved in ``state`` as it is: how many first jumps it has, and the best card among them."""
    player = state.seats[seat]
    if player.square is None or player.eliminated:
        return 0, 0
    moves = state._moves_from(player.square, player.body, state.tokens(seat), (), (), None, False)
    best = 0
    for move in moves:
        card = state.board[move.to]
        if card != EMPTY:
            best = max(best, POINTS[card])
    return len(moves), best


def _best_now(state: UpplesState, seat: int, value: Callable[[UpplesState, UpplesState], float],
              limit: int, deadline: float | None = None) -> float:
    """The value of ``seat``'s best chain if it were its turn in ``state`` (0 when it has none)."""
    if state.over or seat != state.current:
        return 0.0
    leaves = chains(state, seat, limit, deadline)
    return max((value(state, leaf) for _path, leaf in leaves), default=0.0)


def _pick(scored: dict[str, list[float]], rng: Rng) -> str:
    means = {first: sum(values) / len(values) for first, values in scored.items()}
    top = max(means.values())
    return rng.choice(sorted(first for first, mean in means.items() if mean >= top - 1e-9))


def easy(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    assert isinstance(state, UpplesState)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    world = determinize(state, rng)
    training = state.mode == "training"
    best: dict[str, list[float]] = {}
    for path, leaf in chains(world, seat, MAIN_NODES):
        score = _cleared(world, leaf) if training else _gain(world, leaf, seat)
        if path[0] not in best or score > best[path[0]][0]:
            best[path[0]] = [score]
    if not best:
        return rng.choice(legal)
    return _pick(best, rng)


def _weigh(world: UpplesState, leaf: UpplesState, seat: int) -> float:
    """Hard's judgement of where a chain leaves us, beyond the points it makes now."""
    me = leaf.seats[seat]
    team = leaf.team_of(seat)
    score = _gain(world, leaf, seat)
    if leaf.mode == "survival":
        if me.eliminated:
            score -= 60.0
        score += 15.0 * sum(1 for p in leaf.seats if p.eliminated and not world.seats[p.seat].eliminated
                            and leaf.team_of(p.seat) != team)
    if leaf.over:
        score += 100.0 if seat in leaf.winners() else -100.0
        return score
    moves, best_card = _reach(leaf, seat)
    score += 0.3 * best_card + 0.05 * min(moves, 6)
    if moves == 0:
        score -= 2.0  # next turn we would flip and lose the turn
    nxt = leaf.current
    if nxt != seat:
        reply = _best_now(leaf, nxt, lambda b, a: _gain(b, a, nxt), REPLY_NODES)
        score += (0.5 if leaf.team_of(nxt) == team else -0.6) * reply
    return score


def _weigh_solitaire(world: UpplesState, leaf: UpplesState, seat: int) -> float:
    score = _cleared(world, leaf)
    if leaf.over:
        return score
    moves, _best = _reach(leaf, seat)
    if moves == 0:
        score -= 8.0  # a pass costs a whole turn
    score += 0.3 * _best_now(leaf, seat, _cleared, REPLY_NODES)
    return score


def _search(state: UpplesState, seat: int, budget_ms: int, rng: Rng,
            quick: Callable[[UpplesState, UpplesState], float],
            weigh: Callable[[UpplesState, UpplesState, int], float]) -> str:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    deadline = time.perf_counter() + budget_ms / 1000.0
    scored: dict[str, list[float]] = {}
    for sample in range(MAX_SAMPLES):
        if sample and time.perf_counter() >= deadline:
            break
        world = determinize(state, rng)
        leaves = chains(world, seat, MAIN_NODES, deadline)
        leaves.sort(key=lambda item: -quick(world, item[1]))
        best: dict[str, float] = {}
        for rank, (path, leaf) in enumerate(leaves):
            if rank < FULL_LOOKS and (rank == 0 or time.perf_counter() < deadline):
                value = weigh(world, leaf, seat)
            else:
                value = quick(world, leaf) - 1.0  # not weighed in full: a small discount
            if value > best.get(path[0], -1e18):
                best[path[0]] = value
        for first, value in best.items():
            scored.setdefault(first, []).append(value)
    if not scored:
        return rng.choice(legal)
    return _pick({first: values for first, values in scored.items()
                  if len(values) == max(len(v) for v in scored.values())}, rng)


def solitaire(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    assert isinstance(state, UpplesState)
    return _search(state, seat, budget_ms, rng, _cleared, _weigh_solitaire)


def hard(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    assert isinstance(state, UpplesState)
    if state.mode == "training":
        return solitaire(state, seat, budget_ms, rng)
    return _search(state, seat, budget_ms, rng, lambda b, a: _gain(b, a, seat), _weigh)


LEVELS: dict[str, BotFunction] = {"easy": easy, "hard": hard, "solitaire": solitaire}
