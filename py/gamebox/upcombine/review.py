"""Up Combine's reviewer: each move of a person judged by its win chance, from what that seat knew then
(docs/rules/upcombine.md, "Review").

Hands are hidden, so a move is judged in worlds its seat could not tell from the real one: ``bots.determinize``
deals the symbols it cannot see (the other hands, the pile) at random, by the colours everyone sees, and gives
each world its own generator for the draws to come. Nothing of the real hidden pieces reaches a verdict.

The search is one level deep, over every legal action of the move (its **candidates**): each candidate is played
in the same ``WORLDS`` sampled worlds (common random numbers: the same deal and the same future draws for every
candidate, so their difference is the choice's), and each world is played on by every seat as the easy bot plays
(place while you can, the move that splits or fits fewest first, then the colour that fits most tops): the rest
of the mover's turn and one turn of every other seat, until the mover's next turn. Then each seat's win chance
comes from its total and the round as it is heading (``projected``: the fewest pieces go out, the others keep
their excess), against the rest of the game (``chances``: the rounds to come drawn from the points the easy
bot's rounds score, to 12). A candidate's value is its mean over the worlds: the played move and the best one
are valued alike, with the same samples. A horizon of one turn each keeps that mean steady: playing each world
to the end of the round made the verdicts of the same moves change with the samples (12 of 40 moves of one game
between 8 and 16 worlds, against 2 of 40 now).
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from gamebox.core.game import State
from gamebox.core.review import CHANCE, Judgement, Scale, Work, finish
from gamebox.core.rng import Rng
from gamebox.upcombine.bots import determinize, greedy
from gamebox.upcombine.rules import TARGET, UpCombineState

# Sampled worlds per judged move, times the effort.
WORLDS = 16
# The points a seat scores in a round it does not win: measured over 40 seeded games of easy bots for each of
# 2 to 5 players (635 rounds, 1410 seats' points of 2 or more, mean 3.7; one seat's 1 point is left out). The counts of
# 2, 3, ... 10 points.
ROUND_POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 10)
ROUND_WEIGHTS = (453, 332, 234, 170, 113, 64, 28, 13, 3)
# A move this close to the best one found is one of the best: the sampled worlds cannot tell them apart.
TIE = 0.02
# Futures of the game drawn for ``chances`` (the same ones for every set of totals).
FUTURES = 400
ROUNDS_AHEAD = 12  # more than any game needs: every round adds at least 2 to someone's total


def _as_upcombine(state: State[Any]) -> UpCombineState:
    if not isinstance(state, UpCombineState):
        raise TypeError("the Up Combine reviewer needs an Up Combine state")
    return state


@lru_cache(maxsize=8)
def _futures(players: int) -> list[list[list[int]]]:
    """FUTURES sequences of rounds to come, each round a seat's points: a winner (0 points) drawn evenly, the
    others from ROUND_POINTS. One fixed generator, so every review reads the same futures."""
    rng = Rng(f"gamebox/review/upcombine/futures/{players}")
    total = sum(ROUND_WEIGHTS)
    futures = []
    for _ in range(FUTURES):
        rounds = []
        for _round in range(ROUNDS_AHEAD):
            winner = rng.below(players)
            points = []
            for seat in range(players):
                if seat == winner:
                    points.append(0)
                    continue
                pick = rng.below(total)
                for value, weight in zip(ROUND_POINTS, ROUND_WEIGHTS, strict=True):
                    if pick < weight:
                        points.append(value)
                        break
                    pick -= weight
            rounds.append(points)
        futures.append(rounds)
    return futures


@lru_cache(maxsize=4096)
def chances(totals: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's chance to win from these totals at the start of a round: the share of the win over the
    futures (a game ends after the round in which a total reaches 12; the lowest total wins, ties share)."""
    players = len(totals)
    wins = [0.0] * players
    for future in _futures(players):
        running = list(totals)
        for points in future:
            if max(running) >= TARGET:
                break
            running = [total + p for total, p in zip(running, points, strict=True)]
        low = min(running)
        winners = [seat for seat, total in enumerate(running) if total == low]
        for seat in winners:
            wins[seat] += 1.0 / len(winners)
    return tuple(win / FUTURES for win in wins)


def projected(state: UpCombineState) -> list[float]:
    """Each seat's win chance from its total and the round in play, scored as it is heading: the seat with the
    fewest pieces goes out, and each other seat keeps what it holds beyond that (all shed pieces at about the
    same pace). A finished game: the share of the win."""
    if state.over:
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
    if state.choosing_bases:
        return list(chances(tuple(state.totals)))
    fewest = min(len(hand) for hand in state.hands)
    return list(chances(tuple(total + len(hand) - fewest
                              for total, hand in zip(state.totals, state.hands, strict=True))))


def _play_on(world: UpCombineState, mover: int, rng: Rng) -> list[float]:
    """Play ``world`` on, every seat as the easy bot, until ``mover`` is to begin its next turn (the rest of its
    turn, then one turn of each other seat) or the round ends; then value it: a finished round by its totals,
    else by the pieces in hand (``projected``)."""
    start = world.round
    while not world.over and world.round == start and world.current == mover:
        world.apply(mover, greedy(world, mover, 0, rng))
    while not world.over and world.round == start and world.current != mover:
        seat = world.current
        world.apply(seat, greedy(world, seat, 0, rng))
    if world.over or world.round == start:
        return projected(world)
    return list(chances(tuple(world.totals)))


class UpCombineReviewer:
    """Win chance of each candidate move, in worlds sampled from the mover's knowledge (module doc)."""

    scale: Scale = CHANCE

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        """The chart: each seat's win chance from the totals and the pieces in hand (``projected``): public
        counts only, no search, so a bot's move costs nothing."""
        return projected(_as_upcombine(state))

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement:
        return finish(self.judging(before, seat, action, rng, effort))

    def judging(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Work[Judgement]:
        """``judge`` as work that can stop and go on (core/review.py): it pauses after each sampled world of each
        candidate."""
        game = _as_upcombine(before)
        legal = game.legal_actions(seat)
        worlds = [determinize(game, seat, rng.fork(f"world/{index}"))
                  for index in range(WORLDS * max(1, effort))]
        # one generator per world for the seats' ties in its playout: each candidate starts from the same one
        plays = [rng.fork(f"play/{index}") for index in range(len(worlds))]
        candidates = legal if len(legal) > 1 else [action]
        found: dict[str, list[float]] = {}
        for candidate in candidates:
            totals = [0.0] * game.players
            for index, sampled in enumerate(worlds):
                if index:
                    yield
                world = _as_upcombine(sampled).copy()
                world.eager = False  # the move itself may end a turn a bot's world would not
                world.apply(seat, candidate)
                world.eager = True
                outcome = _play_on(world, seat, copy.deepcopy(plays[index]))
                for other, value in enumerate(outcome):
                    totals[other] += value
            found[candidate] = [value / len(worlds) for value in totals]
        played = found[action]
        best = max(candidates, key=lambda candidate: found[candidate][seat])
        if found[best][seat] <= played[seat] + TIE:
            best = action
        notes: dict[str, Any] = {"worlds": len(worlds)}
        if len(legal) == 1:
            notes["forced"] = True
        return Judgement(best, played[seat], found[best][seat], played, notes)

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        """The totals, the winners, and each round's points and winner."""
        game = _as_upcombine(final)
        return {"totals": list(game.totals), "winners": game.winners(), "target": TARGET,
                "rounds": [{"round": r["round"], "winner": r["winner"], "blocked": r["blocked"],
                            "points": list(r["points"])} for r in game.rounds]}


REVIEWER = UpCombineReviewer()
