"""Whoopies bots: a skill model, not a search. Three levels: a young child, a grown-up, a quick grown-up.

A bot reads only ``state.view(seat)``: the call, the creatures and their colours, the picks. In a grab it
decides which creature it reaches for and when its hand closes. Its reaction time and its slips (falling
for the colour/puff trap, reaching for a wrong creature, closing on the body instead of the ball, freezing)
are drawn from the generator ``gamebox.bots.choose`` hands it, which is keyed by the game's seed, the move
number and the seat, so a game with bots replays exactly; and the time travels in the action
(``grab octopus tail @912``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamebox.core.game import BotFunction, State
from gamebox.core.rng import Rng
from gamebox.whoopies.creatures import with_body, with_puff
from gamebox.whoopies.throw import WINDOW_MS


@dataclass(frozen=True)
class Skill:
    base_ms: int  # the fastest reaction
    spread_ms: int  # reaction = base + three draws in [0, spread]: a rounded bell
    trap: float  # on a colour or puff call: grabs the creature that has the *other* part in that colour
    wrong: float  # reaches for some other creature
    body: float  # closes on the body instead of the ball
    freeze: float  # does not grab at all


SKILLS = {
    "easy": Skill(base_ms=900, spread_ms=500, trap=0.30, wrong=0.08, body=0.12, freeze=0.03),
    "medium": Skill(base_ms=520, spread_ms=240, trap=0.12, wrong=0.03, body=0.05, freeze=0.0),
    "hard": Skill(base_ms=360, spread_ms=120, trap=0.04, wrong=0.01, body=0.02, freeze=0.0),
}


def reaction_ms(skill: Skill, rng: Rng) -> int:
    ms = skill.base_ms + sum(rng.between(0, skill.spread_ms) for _ in range(3))
    return min(ms, WINDOW_MS)


def _grab(view: dict[str, Any], seat: int, skill: Skill, rng: Rng) -> str:
    names = [c["name"] for c in view["creatures"]]
    action, value = view["action"], view["value"]
    floor = max((int(a["ms"]) for a in view["my_grabs"]), default=0)
    if rng.unit() < skill.freeze:
        return "pass"
    if action == "colour":
        target, trap = with_body(value), with_puff(value)
    elif action == "puff":
        target, trap = with_puff(value), with_body(value)
    elif action == "spare":
        target, trap = rng.choice([n for n in names if n != value]), value
    elif action == "name":
        target, trap = value, value
    else:
        target = view["picks"][seat] or rng.choice(names)
        trap = target
    if trap != target and trap in names and rng.unit() < skill.trap:
        target = trap
    elif rng.unit() < skill.wrong and len(names) > 1:
        target = rng.choice([n for n in names if n != target])
    part = "body" if rng.unit() < skill.body else "tail"
    ms = max(reaction_ms(skill, rng), floor)
    return f"grab {target} {part} @{ms}"


def _steal(view: dict[str, Any], seat: int, legal: list[str], careful: bool, rng: Rng) -> str:
    if not careful:
        return rng.choice(legal)
    gems: list[int] = view["gems"]
    amount = int(view["steal"]["gems"])
    victims = [int(a.split()[1]) for a in legal]
    # end the game now if that leaves me alone at the top; else rob the richest
    for victim in victims:
        after = list(gems)
        taken = min(amount, after[victim])
        after[victim] -= taken
        after[seat] += taken
        if after[victim] == 0 and all(after[seat] > g for s, g in enumerate(after) if s != seat):
            return f"steal {victim}"
    richest = max(victims, key=lambda v: (gems[v], -v))
    return f"steal {richest}"


def _player(level: str) -> BotFunction:
    skill = SKILLS[level]

    def play(state: State, seat: int, budget_ms: int, rng: Rng) -> str:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        if view["phase"] == "grab":
            return _grab(view, seat, skill, rng)
        if view["phase"] == "steal":
            return _steal(view, seat, legal, level != "easy", rng)
        return rng.choice(legal)

    return play


LEVELS: dict[str, Callable[[State, int, int, Rng], str]] = {level: _player(level) for level in SKILLS}
