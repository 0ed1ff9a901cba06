"""Up Combine bots. Neither one peeks: they read only their own hand and what is public (the stacks, the
colours of the other hands and of the pile, the totals).

- easy: a greedy player. It places while it can (splitting stacks first, then the pieces that fit the fewest
  stacks), then draws the colour that fits the most stack tops. As the oldest player it picks the bases'
  colours at random, as a casual player does.
- hard: information-set MCTS (core ``mcts`` with ``determinize``): every iteration deals the symbols it cannot
  see at random, consistent with everything its seat knows, and plays the world out with a mostly greedy policy.
  Its worlds never end a turn while a placement is possible, so the search is spent on where pieces go.
  As the oldest player it picks the two colours whose bases its own hand is expected to fit best
  (``best_bases``): its own pieces and the public counts only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamebox.core.bots import mcts
from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.upcombine.actions import BASES, DRAWS, PASS, Place
from gamebox.upcombine.pieces import COLOUR_ORDER, SPLIT_AT, full_set, sorted_pieces
from gamebox.upcombine.rules import TARGET, UpCombineState


def _as_upcombine(state: State[Any]) -> UpCombineState:
    if not isinstance(state, UpCombineState):
        raise TypeError("an Up Combine bot needs an Up Combine state")
    return state


def _splits(colours: set[str], code: str) -> bool:
    """Whether ``code`` splits a stack of ``colours``."""
    return len(colours) + (code[0] not in colours) >= SPLIT_AT


def _fits(state: UpCombineState, code: str) -> int:
    """On how many stacks ``code`` could go now (ignoring which were used this turn): those whose top it matches
    and that hold fewer than COLOUR_CAP of its colour (the state keeps each stack's colours at the cap, ``full``)."""
    count = 0
    colour, symbol = code[0], code[1]
    for stack, capped in zip(state.stacks, state.full, strict=True):
        top = stack[-1]
        if (colour == top[0] or symbol == top[1]) and colour not in capped:
            count += 1
    return count


def best_draw(state: UpCombineState, seat: int) -> str:
    """The end-of-turn action: draw the colour that fits the most stack tops (or pass on an empty pile)."""
    if not state.pile:
        return PASS.text
    present = {code[0] for code in state.pile}
    best = ""
    best_score = -1
    for colour in COLOUR_ORDER:
        if colour not in present:
            continue
        score = 0
        for stack, capped in zip(state.stacks, state.full, strict=True):
            if colour in capped:
                continue  # the stack holds COLOUR_CAP of that colour already
            if stack[-1][0] == colour:
                score += 2
            # else a symbol match is possible but unknown: it scores nothing
        if score > best_score:
            best, best_score = colour, score
    return DRAWS[best].text


def best_bases(state: UpCombineState, seat: int) -> str:
    """The bases the seat's own hand is expected to fit best. A base of colour c is a piece of colour c the
    seat cannot see (the box minus its own hand: the other hands and the pile look the same from here), so its
    symbol is s with the share of those pieces showing s. A piece of the hand fits a base of its colour, and one
    of another colour with that chance. Reads nothing hidden; ties go to the first pair in the colour order."""
    unseen = Counter(full_set())
    unseen.subtract(state.hands[seat])
    legal = set(state.legal_actions(seat))
    best, best_fit = "", -1.0
    for choice in BASES:
        action = choice.text
        if action not in legal:
            continue
        fit = 0.0
        for colour in (choice.first, choice.second):
            pieces = {code: n for code, n in unseen.items() if code[0] == colour and n > 0}
            total = sum(pieces.values())
            for code in state.hands[seat]:
                if code[0] == colour:
                    fit += 1.0
                else:
                    fit += sum(n for other, n in pieces.items() if other[1] == code[1]) / total
        if fit > best_fit + 1e-9:
            best, best_fit = action, fit
    return best


def greedy(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    """The easy level: any two colours for the bases; place while possible, best placement first; then the
    best draw."""
    game = _as_upcombine(state)
    if game.choosing_bases:
        return rng.choice(game.legal_actions(seat))
    moves = game.places(seat)
    if not moves:
        return best_draw(game, seat)
    best: list[Place] = []
    best_key: tuple[int, int] | None = None
    colours = [{code[0] for code in stack} for stack in game.stacks]  # each stack's colours
    fits: dict[str, int] = {}  # per piece, on how many stacks it could go (the same for each of its moves)
    for move in moves:
        piece = move.piece
        if piece not in fits:
            fits[piece] = _fits(game, piece)
        key = (1 if _splits(colours[move.stack - 1], piece) else 0, -fits[piece])
        if best_key is None or key > best_key:
            best, best_key = [move], key
        elif key == best_key:
            best.append(move)
    return rng.choice(best).text


def _playout(state: State[Any], seat: int, rng: Rng) -> str:
    """Playout policy: mostly the greedy player (so opponents are modelled as sensible), sometimes a random
    placement, for variety."""
    game = _as_upcombine(state)
    if rng.below(4) == 0:
        moves = game.placements(seat)
        if moves:
            return rng.choice(moves)
    return greedy(state, seat, 0, rng)


def determinize(state: State[Any], seat: int, rng: Rng) -> State[Any]:
    """A world consistent with what ``seat`` knows: its own hand, the stacks, the colours of every other
    hand and of the pile. The unseen pieces (box minus own hand minus stacks) are dealt at random by colour;
    the world gets its own generator so future draws are unknown too. Nothing here reads a hidden symbol."""
    game = _as_upcombine(state)
    world = game.copy()
    world.history = []
    world.log = []
    unseen = full_set()
    for code in game.hands[seat]:
        unseen.remove(code)
    for stack in game.stacks:
        for code in stack:
            unseen.remove(code)
    by_colour: dict[str, list[str]] = {c: [] for c in COLOUR_ORDER}
    for code in unseen:
        by_colour[code[0]].append(code)
    for colour in COLOUR_ORDER:
        rng.shuffle(by_colour[colour])
    for other in range(game.players):
        if other == seat:
            continue
        hand = [by_colour[code[0]].pop() for code in game.hands[other]]
        world.hands[other] = sorted_pieces(hand)
    world.pile = sorted_pieces([by_colour[code[0]].pop() for code in game.pile])
    world.rng = rng.fork("world")
    # The search never ends a turn while a placement is possible: a piece kept is a point kept.
    world.eager = True
    return world


def evaluate(state: State[Any]) -> list[float]:
    """Reward when a playout stops early: lower projected totals (totals + pieces in hand) are better."""
    game = _as_upcombine(state)
    projected = [total + len(hand) for total, hand in zip(game.totals, game.hands, strict=True)]
    low, high = min(projected), max(projected)
    if high == low:
        return [0.5] * game.players
    return [(high - p) / (high - low) for p in projected]


def search(state: State[Any], seat: int, budget_ms: int, rng: Rng, max_iterations: int | None = None) -> str:
    game = _as_upcombine(state)
    # Only the end of the current round matters much; cut playouts there-ish and evaluate.
    depth = 80 if max(game.totals) < TARGET - 4 else 160
    return mcts(state, seat, budget_ms, rng, policy=_playout, evaluate=evaluate, determinize=determinize,
                playout_depth=depth, max_iterations=max_iterations, exploration=0.7)


def hard(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
    """The hard level: the best-fitting bases, then ISMCTS within ``budget_ms``."""
    game = _as_upcombine(state)
    if game.choosing_bases:
        return best_bases(game, seat)
    return search(state, seat, budget_ms, rng)


LEVELS: dict[str, BotFunction] = {"easy": greedy, "hard": hard}
