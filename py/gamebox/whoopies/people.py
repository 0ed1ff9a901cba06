"""How a person grabs a Whoopie: the figures of human-performance research, as one model for bots and benchmarks.

The call (the die and the roller's choice) is known before the throw. When the Whoopies start to fall, a person
1. reacts to the throw and finds the right creature among the flying ones: a choice reaction, which the
   Hick-Hyman law gives as the simple reaction time plus ``b * log2(n + 1)`` for ``n`` things to choose between;
2. moves the hand to that creature's ball while it flies (Fitts' law, Shannon form):
   ``MT = a + b * log2(D / W + 1)``, with ``D`` the distance and ``W`` the ball's 40-unit hit diameter. The eye
   sees the ball where it was one visuomotor delay ago, and a person anticipates only part of its motion, so a
   moving ball is aimed at behind where it is (Hoffmann 1991: a lag error that shrinks the target). So a person
   waits until the ball looks slow enough to catch;
3. closes the hand: the point lands with the spread of Fitts' effective width (``W_e = 4.133 sd``, MacKenzie
   1992), and the engine hit-tests it like any click. A miss is seen, and the hand tries again (the same ball).

Each level of the bots is a ``Person``; bench/whoopies_people.py plays them against people drawn from the same
distributions. Every figure and its source is in docs/rules/whoopies.md. A person reads only what a player sees:
``state.view(seat)``, and of the throw only what has happened one visuomotor delay before the moment it acts.
The arithmetic is + - * /, sqrt and comparisons only (correctly rounded everywhere; the logarithm is computed with
them), so a bot's grab is the same text on CPython and in Pyodide.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from gamebox.core.rng import Rng
from gamebox.whoopies.actions import Grab
from gamebox.whoopies.creatures import NAMES, with_body, with_puff
from gamebox.whoopies.throw import BALL_HIT_RADIUS, HEIGHT, WIDTH, WINDOW_MS, Throw, throw_from_json

LN2 = 0.6931471805599453
HIT_WIDTH = 2 * BALL_HIT_RADIUS  # Fitts' W: the ball can be caught within this diameter
EFFECTIVE_WIDTH_SDS = 4.133  # W_e = 4.133 sd: about 4% of aimed points fall outside W (MacKenzie 1992)
WATCH_MS = 10  # how often the eye checks the ball again while the hand follows it
JUDGE_MS = 160  # a ball looks slow once it has moved slowly this long (a bounce's top is not a rest)
REST = (400, 300)  # where a hand waits before the throw, in table units (the middle of the table)


def log2(x: float) -> float:
    """log2(x) for x > 0 with only * / + - and comparisons, so every platform computes the same bits."""
    result = 0.0
    while x >= 2.0:
        x /= 2.0
        result += 1.0
    while x < 1.0:
        x *= 2.0
        result -= 1.0
    bit = 0.5
    for _ in range(40):
        x *= x
        if x >= 2.0:
            x /= 2.0
            result += bit
        bit /= 2.0
    return result


def normal(rng: Rng) -> float:
    """A standard normal draw, as the sum of twelve uniform ones (Irwin-Hall): mean 0, sd 1, within +-6."""
    return sum(rng.unit() for _ in range(12)) - 6.0


def exponential(rng: Rng) -> float:
    """An exponential draw with mean 1."""
    return -log2(1.0 - rng.unit()) * LN2


@dataclass(frozen=True)
class Person:
    """The figures of one kind of player (docs/rules/whoopies.md says where each comes from)."""

    label: str
    reaction_ms: int  # simple reaction time, ex-Gaussian: the normal part's mean (mu) ...
    reaction_sd_ms: int  # ... its sd (sigma) ...
    reaction_tail_ms: int  # ... and the mean of the exponential slow tail (tau)
    hick_ms_per_bit: int  # Hick-Hyman slope b: each bit of choice adds this much
    fitts_a_ms: int  # Fitts' intercept a
    fitts_ms_per_bit: int  # Fitts' slope b = 1000 / throughput (bits/s)
    tempo_sd: float  # one movement's time varies by this share (sd)
    delay_ms: int  # visuomotor delay: the eye sees the ball where it was this long ago
    lead: float  # the share of the ball's motion over that delay the person anticipates (0..1)
    spread: float  # aimed points' sd, in units of Fitts' nominal sd W / 4.133
    catchable: int  # the person closes the hand only once the ball looks slower than this (units/s)
    trap: float  # on a colour or puff call, goes for the creature with the other part in that colour
    wrong: float  # goes for some other wrong creature
    freeze: float  # does not grab at all

    def individual(self, rng: Rng, spread: float = 0.15) -> Person:
        """One person of this kind: each timing and accuracy figure drawn around the kind's (sd ``spread``)."""

        def vary(value: float) -> float:
            return value * min(1.6, max(0.6, 1.0 + spread * normal(rng)))

        return replace(
            self,
            reaction_ms=round(vary(self.reaction_ms)),
            hick_ms_per_bit=round(vary(self.hick_ms_per_bit)),
            fitts_ms_per_bit=round(vary(self.fitts_ms_per_bit)),
            delay_ms=round(vary(self.delay_ms)),
            spread=vary(self.spread),
        )


# The bots' levels. Easy: a child of about ten; medium: a grown-up new to the game; hard: a practised grown-up.
CHILD = Person("child", reaction_ms=250, reaction_sd_ms=50, reaction_tail_ms=100, hick_ms_per_bit=200,
               fitts_a_ms=100, fitts_ms_per_bit=330, tempo_sd=0.2, delay_ms=170, lead=0.0, spread=1.2,
               catchable=80, trap=0.25, wrong=0.05, freeze=0.02)
NEWCOMER = Person("newcomer", reaction_ms=210, reaction_sd_ms=30, reaction_tail_ms=60, hick_ms_per_bit=150,
                  fitts_a_ms=100, fitts_ms_per_bit=270, tempo_sd=0.15, delay_ms=150, lead=0.3, spread=1.0,
                  catchable=90, trap=0.12, wrong=0.03, freeze=0.0)
PRACTISED = Person("practised", reaction_ms=180, reaction_sd_ms=20, reaction_tail_ms=40, hick_ms_per_bit=110,
                   fitts_a_ms=60, fitts_ms_per_bit=200, tempo_sd=0.12, delay_ms=110, lead=0.6, spread=0.8,
                   catchable=120, trap=0.05, wrong=0.01, freeze=0.0)
LEVELS: dict[str, Person] = {"easy": CHILD, "medium": NEWCOMER, "hard": PRACTISED}


def reaction_ms(person: Person, rng: Rng) -> float:
    """A simple reaction time (ex-Gaussian: normal plus an exponential tail), at least 100 ms."""
    ms = person.reaction_ms + person.reaction_sd_ms * normal(rng) + person.reaction_tail_ms * exponential(rng)
    return max(100.0, ms)


def search_ms(person: Person, choices: int) -> float:
    """The Hick-Hyman time to tell the right one among ``choices`` alternatives."""
    return person.hick_ms_per_bit * log2(choices + 1)


def movement_ms(person: Person, distance: float) -> float:
    """Fitts' law, Shannon form, for a hand moving ``distance`` units to a ball it can catch within HIT_WIDTH."""
    return person.fitts_a_ms + person.fitts_ms_per_bit * log2(distance / HIT_WIDTH + 1.0)


def right_creatures(view: dict[str, Any], seat: int) -> list[str]:
    """What ``seat`` must catch, as the view tells it (for face 4: every creature but the spared one)."""
    names = [c["name"] for c in view["creatures"]]
    action, value = view["action"], view["value"]
    if action == "colour":
        return [with_body(value)]
    if action == "puff":
        return [with_puff(value)]
    if action == "name":
        return [value]
    if action == "spare":
        return [name for name in names if name != value]
    mine = view["picks"][seat]
    return [mine] if mine else []


def choices_in(view: dict[str, Any]) -> int:
    """How many alternatives the eye tells apart: a name or one's own among the creatures; a colour among the
    bodies and the puffs (each colour shows twice: that is the trap); for face 4 only whether the nearest one is
    the spared one."""
    count = len(view["creatures"])
    if view["action"] in ("colour", "puff"):
        return 2 * count
    if view["action"] == "spare":
        return 1
    return count


def _slip(view: dict[str, Any], target: str, person: Person, rng: Rng) -> str:
    """The creature the hand goes for: ``target``, or the trap, or another wrong one."""
    names = [str(c["name"]) for c in view["creatures"]]
    action, value = view["action"], str(view["value"])
    trap: str | None = None
    if action == "colour":
        trap = with_puff(value)
    elif action == "puff":
        trap = with_body(value)
    elif action == "spare":
        trap = value
    if trap is not None and trap != target and trap in names and rng.unit() < person.trap:
        return trap
    others = [name for name in names if name != target and name != trap]
    if others and rng.unit() < person.wrong:
        return rng.choice(others)
    return target


def _nearest_ball(throw: Throw, names: list[str], x: float, y: float, ms: int) -> str:
    def distance2(name: str) -> float:
        bx, by = throw.ball_at(name, ms)
        return (bx - x) * (bx - x) + (by - y) * (by - y)

    return min(names, key=lambda name: (distance2(name), NAMES.index(name)))


def _looks_slow(throw: Throw, name: str, seen: int, catchable: int) -> bool:
    """Whether the ball has moved slower than ``catchable`` (units/s) all through the JUDGE_MS before ``seen``."""
    for ms in range(max(seen - JUDGE_MS, 0), seen + 1, WATCH_MS):
        vx, vy = throw.ball_velocity(name, ms)
        if vx * vx + vy * vy > catchable * catchable:
            return False
    return True


def aim(throw: Throw, name: str, hand: tuple[float, float], ready: float, person: Person,
        rng: Rng) -> tuple[int, int, int]:
    """When and where the hand closes on ``name``'s ball: (ms, x, y). The hand sets off at ``ready``; the eye sees
    the ball one delay late and anticipates ``lead`` of its motion; the hand closes once it has had its Fitts time
    to get there and the ball looks slower than ``catchable``."""
    tempo = min(1.5, max(0.7, 1.0 + person.tempo_sd * normal(rng)))
    ahead = person.lead * person.delay_ms / 1000
    ms = int(ready) + 1
    while True:
        seen = max(ms - person.delay_ms, 0)
        bx, by = throw.ball_at(name, seen)
        vx, vy = throw.ball_velocity(name, seen)
        x, y = bx + vx * ahead, by + vy * ahead
        dx, dy = x - hand[0], y - hand[1]
        distance = math.sqrt(dx * dx + dy * dy)
        arrived = ms >= ready + movement_ms(person, distance) * tempo
        if (arrived and _looks_slow(throw, name, seen, person.catchable)) or ms > WINDOW_MS:
            break
        ms += WATCH_MS
    sd = person.spread * HIT_WIDTH / EFFECTIVE_WIDTH_SDS
    x = min(max(round(x + sd * normal(rng)), 0), WIDTH)
    y = min(max(round(y + sd * normal(rng)), 0), HEIGHT)
    return ms, x, y


def grab(view: dict[str, Any], seat: int, person: Person, rng: Rng) -> str:
    """The person's next grab in this throw: ``grab <x>,<y> @<ms>``, or ``pass``."""
    throw = throw_from_json(view["throw"])
    names = [c["name"] for c in view["creatures"]]
    right = right_creatures(view, seat)
    mine = view["my_grabs"]
    if mine:  # the hand closed on nothing: seen, and it goes again for the ball it reached for
        last = mine[-1]
        hand = (float(last["x"]), float(last["y"]))
        target = _nearest_ball(throw, names, hand[0], hand[1], int(last["ms"]))
        ready = int(last["ms"]) + reaction_ms(person, rng)
    else:
        if not right or rng.unit() < person.freeze:
            return "pass"
        hand = (REST[0] + rng.between(-120, 120), REST[1] + rng.between(-60, 60))
        ready = reaction_ms(person, rng) + search_ms(person, choices_in(view))
        seen = max(int(ready) - person.delay_ms, 0)
        target = _nearest_ball(throw, right, hand[0], hand[1], seen) if len(right) > 1 else right[0]
        target = _slip(view, target, person, rng)
    ms, x, y = aim(throw, target, hand, ready, person, rng)
    if ms > WINDOW_MS:
        return "pass"
    return str(Grab(x, y, ms))
