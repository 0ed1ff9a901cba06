"""Upples' reviewer: what each jump of a finished game was worth, judged by its expected result over the draws
(docs/rules/upples.md, "Review").

A judged **move** is one action as the history records it: a jump of a turn's chain, or a pass. Its
**candidates** are every legal action at that point, and each candidate is worth what its best continuation is
worth: the rest of the chain is the mover's to choose, and chains hold no chance but a Naughty steal, so the
mover is assumed to finish the turn as well as the reviewer can. What the turn leaves is worth its expected value
over the hidden order of the draw pile: each judged move samples ``SAMPLES`` worlds (``bots.determinize``: the
pile sorted, then shuffled with the review's own generator, so nothing depends on the deck's real order), and
every candidate's continuations are weighed in the *same* worlds (common random numbers), so their difference is
the choice's, not the luck of the samples'.

- **Glutton, Naughty, Survival** (scale ``chance``): a position after the turn, its refill drawn in the world,
  is played on by the other seats, each taking its greediest chain (most points now, as the easy bot), until the
  mover is to move again; then each seat's (or team's) win chance comes from its points and the points still in
  play (``chances``).
- **Training** (scale ``turns``): the value is minus the expected number of turns of the whole
  game: the turns taken, the turns the draw pile still lasts at a good player's pace (``PACE`` cards a turn),
  and a whole turn more in the worlds where the refilled field leaves the komupple no jump (a ``pass``).

The scale is the mode's: ``REVIEWER.scale_of(state)`` (core.review.scale_of asks it); ``REVIEWER.scale``, the win
chance, is the game's usual one (what its manifest says).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamebox.core.game import State
from gamebox.core.review import CHANCE, Judgement, Scale, Work, finish, judgement_work
from gamebox.core.rng import Rng
from gamebox.upples.board import EMPTY, SQUARES
from gamebox.upples.bots import _cleared, _reach, chains, determinize
from gamebox.upples.deck import POINTS
from gamebox.upples.rules import UpplesState

# A judged move's sampled worlds (of the draw pile's order), times the effort: the one count the effort scales.
SAMPLES = 8
# Each candidate's continuations weighed in full in every world: the best by the points (or cards) they take
# now and where they leave the komupple; the others are rarely better and cost as much each.
LOOKS = 3
# Jumps explored to list a candidate's continuations (a chain through tunnels and bombs can branch widely).
CHAIN_NODES = 400
# Jumps explored for each turn the other seats play in a world.
REPLY_NODES = 120
# Training: the cards a turn clears at a good player's pace. Measured over 6 seeded games: the hard bot 2.65,
# the easy bot 2.37 (72 cards in the pile at the start); the turns to come are valued at a pace between them.
PACE = 2.5
PAR_PACE = 2.65  # the hard bot's: the summary's par for the deal
# The spread of a seat's future points: its variance is SPREAD x the points still in play. Measured over 20
# seeded 2-player games of easy bots per mode: the final lead minus the lead at a turn has a variance of about
# 3 x (points in play) in Glutton and 4.5 x in Naughty (steals), so 1.5 and 2.25 per seat.
SPREAD = {"glutton": 1.5, "naughty": 2.25, "survival": 2.25}
TOTAL_POINTS = sum(POINTS)  # every super upple of the box: 60
# Training's scale: expected turns of the whole game (fewer is better, so values are minus turns). A card left on
# the field costs 1/PACE = 0.4 turn, a stuck turn 1: the thresholds sit between whole cards, so that a verdict
# never hangs on rounding. An inaccuracy from 0.5 turn (2 cards, or an even chance of a stuck turn), a mistake
# from 1 turn (3 cards, or a sure stuck turn), a blunder from 1.8 turns (5 cards, two turns' clearing: about two
# thirds of the 3 turns a game that separate the easy bot, 31.2 turns, from the hard bot, 28.2, on 6 deals).
TURNS = Scale("turns", 0.5, 1.0, 1.8)
# A move this close to the best one found is one of the best: the samples cannot tell them apart (a tenth of a
# turn is a quarter of a card; a fiftieth of a win chance is well inside the spread of 8 sampled draws).
TIES = {"turns": 0.1, "chance": 0.02}

# A standard normal on a fixed grid, for the chance of being ahead at the end (deterministic everywhere).
_GRID = [i / 4.0 for i in range(-20, 21)]
_WEIGHTS = [math.exp(-z * z / 2.0) for z in _GRID]
_WEIGHT_SUM = sum(_WEIGHTS)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def scale_of(state: State[Any]) -> Scale:
    return TURNS if state.options.get("mode") == "training" else CHANCE


def _as_upples(state: State[Any]) -> UpplesState:
    if not isinstance(state, UpplesState):
        raise TypeError("the Upples reviewer needs an Upples state")
    return state


def chances(state: UpplesState) -> list[float]:
    """Each seat's chance to win (its team's, with teams): the share of the win when the game is over; else a
    model of the points to come. Each side still in gains normally distributed points, of variance SPREAD x the
    points still in play, and wins if it ends ahead of every other side. Eliminated seats have no chance."""
    if state.over:
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
    scores = state.scores()
    sides: dict[int, int] = {}
    for player in state.active():
        sides[state.team_of(player.seat)] = scores[player.seat]
    in_play = TOTAL_POINTS - sum(player.points for player in state.seats)
    sigma = math.sqrt(SPREAD.get(state.mode, 2.25) * max(in_play, 0) + 1.0)
    side_chance: dict[int, float] = {}
    for side, points in sides.items():
        total = 0.0
        for z, weight in zip(_GRID, _WEIGHTS, strict=True):
            product = weight
            for other, theirs in sides.items():
                if other != side:
                    product *= _phi((points - theirs) / sigma + z)
            total += product
        side_chance[side] = total / _WEIGHT_SUM
    norm = sum(side_chance.values()) or 1.0
    out = []
    for seat in range(state.players):
        player = state.seats[seat]
        side = state.team_of(seat)
        out.append(0.0 if player.eliminated or side not in side_chance else side_chance[side] / norm)
    return out


def expected_turns(state: UpplesState) -> float:
    """Training: the turns taken, plus the turns to come at PACE cards a turn: the turn in play and the draw pile
    (less the cards already owed to the field's empty squares) cleared at that pace."""
    player = state.seats[0]
    if state.over:
        return float(player.turns)
    tokens = set(state.tokens())
    owed = sum(1 for i in range(SQUARES) if state.board[i] == EMPTY and i not in tokens)
    return player.turns + 1.0 + max(0, len(state.pile) - owed) / PACE


def _gainer(seat: int) -> Callable[[UpplesState, UpplesState], float]:
    def gain(before: UpplesState, after: UpplesState) -> float:
        return float(after.scores()[seat] - before.scores()[seat])
    return gain


def _greedy_turn(world: UpplesState, seat: int,
                 value: Callable[[UpplesState, UpplesState], float]) -> UpplesState:
    """``seat``'s turn in ``world``, taking the chain ``value`` likes most (the first of equals)."""
    best: UpplesState | None = None
    best_value = -math.inf
    for _path, leaf in chains(world, seat, REPLY_NODES):
        score = value(world, leaf)
        if score > best_value:
            best, best_value = leaf, score
    assert best is not None  # a turn always has an action: a jump or the pass
    return best


def _settle(leaf: UpplesState, mover: int) -> list[float]:
    """The value of a position where ``mover``'s turn has just ended (refilled in its world), for every seat."""
    if leaf.mode == "training":
        stuck = not leaf.over and _reach(leaf, mover)[0] == 0
        return [-expected_turns(leaf) - (1.0 if stuck else 0.0)]
    world = leaf
    for _ in range(leaf.players - 1):
        if world.over or world.current == mover or world.seats[mover].eliminated:
            break
        nxt = world.current
        world = _greedy_turn(world, nxt, _gainer(nxt))
    return chances(world)


def _quick(base: UpplesState, leaf: UpplesState, seat: int) -> float:
    """How promising a continuation looks before it is weighed: what it takes now and where it leaves the mover."""
    if leaf.mode == "training":
        score = _cleared(base, leaf)
    else:
        score = float(leaf.scores()[seat] - base.scores()[seat])
        if leaf.over:
            return score + (100.0 if seat in leaf.winners() else -100.0)
        if leaf.seats[seat].eliminated:
            return score - 100.0
    moves, best_card = _reach(leaf, seat)
    return score + 0.3 * best_card + 0.05 * min(moves, 6) - (2.0 if moves == 0 else 0.0)


def _distinct(continuations: list[tuple[list[str], UpplesState]]) -> list[tuple[list[str], UpplesState]]:
    """The continuations that end in different positions, each the first found (chains that eat the same cards in
    another order, or cross the same tunnels, leave the same turn behind them)."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for path, leaf in continuations:
        key = (tuple(leaf.board), leaf.current, leaf.over,
               tuple((p.square, p.body, p.hair, p.stuck, p.eliminated, tuple(sorted(p.kept))) for p in leaf.seats))
        if key not in seen:
            seen.add(key)
            out.append((path, leaf))
    return out


def _replay(world: UpplesState, seat: int, path: list[str]) -> UpplesState:
    state = world.copy()
    for action in path:
        state.apply(seat, action)
    return state


@dataclass(frozen=True)
class Weighed:
    """A position's candidates weighed for the seat to move: each legal action's best continuation (its mean value to
    the mover, each seat's mean values, the chain), over ``worlds`` sampled worlds."""

    legal: list[str]
    found: dict[str, tuple[float, list[float], list[str]]]
    worlds: int


class UpplesReviewer:
    """Judges a person's jump by the expected value of its best continuation over sampled draws (module doc)."""

    scale: Scale = CHANCE

    def scale_of(self, state: State[Any]) -> Scale:
        """The scale of this mode's reviews: turns in Training, else the win chance."""
        return scale_of(_as_upples(state))

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        """The chart: each seat's win chance from the points model (Training: minus the expected turns), on the
        position as it is: no search, so a bot's move costs nearly nothing."""
        game = _as_upples(state)
        if game.mode == "training":
            return [-expected_turns(game)]
        return chances(game)

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement | None:
        return finish(judgement_work(self, before, seat, action, rng, effort))

    def weighing(self, before: State[Any], seat: int, rng: Rng, effort: int) -> Work[Weighed | None]:
        """What a jump's judgement needs whichever jump is played (core/review.py "Weighed before the move is
        played"): every candidate's best continuation, weighed in the same sampled worlds; None when there is no
        choice (a pass, or an extra jump with one landing). It pauses before each candidate and after each sampled
        world of each continuation weighed."""
        game = _as_upples(before)
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return None
        effort = max(1, effort)
        worlds = [determinize(game, rng) for _ in range(SAMPLES * effort)]
        base = worlds[0]
        own = 0 if game.mode == "training" else seat
        found: dict[str, tuple[float, list[float], list[str]]] = {}
        for candidate in legal:
            yield
            child = base.copy()
            child.apply(seat, candidate)
            if child.over or not child.in_chain:
                continuations: list[tuple[list[str], UpplesState]] = [([candidate], child)]
            else:
                continuations = [([candidate, *path], leaf)
                                 for path, leaf in chains(child, seat, CHAIN_NODES)]
            ranked = sorted(_distinct(continuations), key=lambda item: -_quick(base, item[1], seat))[:LOOKS]
            best_here: tuple[float, list[float], list[str]] | None = None
            for path, leaf in ranked:
                totals = _settle(leaf, seat)
                for world in worlds[1:]:
                    yield
                    for index, value in enumerate(_settle(_replay(world, seat, path), seat)):
                        totals[index] += value
                means = [value / len(worlds) for value in totals]
                if best_here is None or means[own] > best_here[0] + 1e-12:
                    best_here = (means[own], means, path)
            assert best_here is not None
            found[candidate] = best_here
        return Weighed(legal, found, len(worlds))

    def judged(self, before: State[Any], seat: int, action: str, weighed: Weighed | None, rng: Rng,
               effort: int) -> Judgement:
        """The judgement of ``action`` from the weighing of its position: the best candidate found (the move played
        when it is within TIES of it), and the played jump's values."""
        game = _as_upples(before)
        if weighed is None:  # no choice: the best, with the position after it as its values
            after = game.copy()
            after.apply(seat, action)
            values = self.values(after, rng, effort)
            mine = values[0 if game.mode == "training" else seat]
            return Judgement(action, mine, mine, values, {"forced": True})
        found = weighed.found
        played_value, played_values, _played_path = found[action]
        best = max(weighed.legal, key=lambda candidate: found[candidate][0])
        if found[best][0] <= played_value + TIES[scale_of(game).unit]:
            best = action
        best_value, _values, best_path = found[best]
        notes: dict[str, Any] = {"worlds": weighed.worlds, "chain": best_path}
        if game.mode == "training":
            notes["turns"] = round(-played_value, 2)
        return Judgement(best, played_value, best_value, played_values, notes)

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        """The final scores and how the game ended; in Training, the turns taken against the deal's par (the
        turns its draw pile lasts at the hard bot's pace, counted from the deal)."""
        game = _as_upples(final)
        out: dict[str, Any] = {"mode": game.mode, "scores": game.scores(), "winners": game.winners(),
                               "end_reason": game.end_reason,
                               "points": [player.points for player in game.seats],
                               "turns": [player.turns for player in game.seats]}
        if game.mode == "training":
            start = game.game.new(final.seed, final.players, edition=final.edition, **final.options)
            assert isinstance(start, UpplesState)
            out["par"] = round(1 + len(start.pile) / PAR_PACE)
        return out


REVIEWER = UpplesReviewer()

__all__ = ["REVIEWER", "TURNS", "UpplesReviewer", "chances", "expected_turns", "scale_of"]
