"""Whoopies bots: people, not searches. Three levels: a child of seven or eight, a grown-up new to the game, and a
practised grown-up (people.py holds the model, docs/rules/whoopies.md its figures and their sources).

A bot reads only ``state.view(seat)``: the call, the creatures, the picks and the throw as the screen shows it. In
a grab it reacts to the throw, finds the right creature, moves its hand to the ball and closes it on a point,
``grab <x>,<y> @<ms>`` (a ``Grab`` value, written by actions.py), which the engine hit-tests as it does a person's
grab (the page's intent, which ``WhoopiesState.compose`` writes the same way): a bot can miss, or catch the wrong
creature or a body, and after a miss it tries again, later. Every draw comes from the generator
``gamebox.bots.choose`` hands it (keyed by the game's seed, the move number and the seat), so a game with bots
replays exactly, and the time travels in the action.
"""

from __future__ import annotations

from typing import Any

from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.whoopies.actions import Steal, parse
from gamebox.whoopies.editions import Edition, rules_of
from gamebox.whoopies.people import LEVELS as PEOPLE_AT
from gamebox.whoopies.people import Person, grab


def _steal(view: dict[str, Any], seat: int, legal: list[str], edition: Edition, careful: bool, rng: Rng) -> str:
    if not careful:
        return rng.choice(legal)
    gems: list[int] = view["gems"]
    amount = int(view["steal"]["gems"])
    victims = [move.seat for move in (parse(action, edition) for action in legal) if isinstance(move, Steal)]
    # end the game now if that leaves me alone at the top; else rob the richest
    for victim in victims:
        after = list(gems)
        taken = min(amount, after[victim])
        after[victim] -= taken
        after[seat] += taken
        if after[victim] == 0 and all(after[seat] > g for s, g in enumerate(after) if s != seat):
            return str(Steal(victim))
    richest = max(victims, key=lambda v: (gems[v], -v))
    return str(Steal(richest))


def playing_as(person: Person, careful: bool) -> BotFunction:
    """A player who grabs as ``person`` does; a careful one robs with sense in petty theft. Other choices (the
    face's choice, a pick) are any legal one."""

    def play(state: State[Any], seat: int, budget_ms: int, rng: Rng) -> str:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        if view["phase"] == "grab":
            return grab(view, seat, person, rng)
        if view["phase"] == "steal":
            return _steal(view, seat, legal, rules_of(state.edition), careful, rng)
        return rng.choice(legal)

    return play


LEVELS: dict[str, BotFunction] = {level: playing_as(person, careful=level != "easy")
                                  for level, person in PEOPLE_AT.items()}
