"""The generic bot layer: a random player, and Monte Carlo tree search that any game can use.

``choose`` is the one entry point. Each game's bots.py supplies, per level, a function
``(state, seat, budget_ms, rng) -> action`` (its ``LEVELS``, which the package's ``__init__`` hands to its Game, so
rules never import bots; ``Game.bot(level)`` looks one up); most build on ``mcts`` below with their own playout
policy and evaluation. For hidden information, pass ``determinize``: every iteration then searches a world sampled from
what the bot's seat knows (information-set MCTS, one tree keyed by action text), so no bot peeks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from gamebox.core.errors import IllegalAction
from gamebox.core.game import State
from gamebox.core.rng import Rng

Policy = Callable[[State[Any], int, Rng], str]
Evaluate = Callable[[State[Any]], list[float]]
Determinize = Callable[[State[Any], int, Rng], State[Any]]


def choose(state: State[Any], seat: int, level: str, budget_ms: int = 1000, seed: str = "bot") -> str:
    """A legal action for ``seat`` chosen by the game's bot at ``level``."""
    if level not in state.game.bot_levels:
        raise IllegalAction(f"{state.game.title} has no bot level {level!r}.", "error.bad_bot_level",
                            level=str(level))
    if seat not in state.to_move:
        raise IllegalAction("It is not this bot's turn.", "error.not_your_turn", seat=seat)
    rng = Rng(f"gamebox/bot/{state.game.id}/{seed}/{len(state.history)}/{seat}")
    action = state.game.bot(level)(state.copy(), seat, budget_ms, rng)
    return action


def random_action(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions(seat))


def random_policy(state: State[Any], seat: int, rng: Rng) -> str:
    """The default playout policy: any legal action, uniformly."""
    return rng.choice(state.legal_actions(seat))


def win_share(state: State[Any]) -> list[float]:
    """The terminal reward: 1 shared among the winners."""
    winners = state.winners()
    return [(1.0 / len(winners) if seat in winners else 0.0) for seat in range(state.players)]


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "visits", "reward", "available")

    def __init__(self, action: str | None, seat: int | None, parent: _Node | None) -> None:
        self.action = action
        self.seat = seat  # the seat that played ``action`` to reach this node
        self.parent = parent
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


def mcts(
    state: State[Any],
    seat: int,
    budget_ms: int,
    rng: Rng,
    *,
    policy: Policy = random_policy,
    evaluate: Evaluate | None = None,
    determinize: Determinize | None = None,
    playout_depth: int = 200,
    max_iterations: int | None = None,
    exploration: float = 1.0,
) -> str:
    """UCT search for the best action of ``seat`` within ``budget_ms`` (or ``max_iterations``).

    Rewards are per seat in [0, 1]: ``win_share`` at the end of a game, or ``evaluate`` when a playout stops
    at ``playout_depth``. Each node keeps the reward of the seat that moved into it.
    """
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    root = _Node(None, None, None)
    deadline = time.perf_counter() + budget_ms / 1000.0
    iterations = 0
    while True:
        if max_iterations is not None:
            if iterations >= max_iterations:
                break
        elif iterations > 0 and time.perf_counter() >= deadline:
            break
        iterations += 1
        world = determinize(state, seat, rng) if determinize else state.copy()
        node = root
        # selection and expansion
        while not world.is_over:
            mover = world.to_move[0]
            actions = world.legal_actions(mover)
            for action in actions:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = _Node(action, mover, node)
                child.available = 1
                node.children[action] = child
                world.apply(mover, action)
                node = child
                break
            best: _Node | None = None
            best_score = -math.inf
            for action in actions:
                child = node.children[action]
                score = child.reward / child.visits + exploration * math.sqrt(
                    math.log(max(child.available, 1)) / child.visits
                )
                if score > best_score:
                    best, best_score = child, score
            assert best is not None and best.action is not None
            world.apply(mover, best.action)
            node = best
        # playout
        depth = 0
        while not world.is_over and depth < playout_depth:
            mover = world.to_move[0]
            world.apply(mover, policy(world, mover, rng))
            depth += 1
        if world.is_over:
            reward = win_share(world)
        elif evaluate is not None:
            reward = evaluate(world)
        else:
            reward = [0.5] * world.players
        # backpropagation
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.seat is not None:
                walk.reward += reward[walk.seat]
            walk = walk.parent
    candidates = [root.children[a] for a in legal if a in root.children]
    if not candidates:
        return rng.choice(legal)
    return max(candidates, key=lambda child: (child.visits, child.reward)).action or legal[0]
