"""The throw: a small, deterministic physics simulation of the Whoopies falling in a tumble.

The thrower holds the creatures up by their tails and lets go at t = 0 ms. Bodies (circles) and tail balls
(small circles, each tied to its body by a cord) fall, bounce, knock into each other and come to rest on the
table by ``REST_MS``; after that nothing moves. Each frame (every ``FRAME_MS``) stores every body's centre and
turn and every ball's centre, in whole canvas units. Between frames, positions are linear interpolations, so
the front end animates exactly what the engine hit-tests.

Only +, -, *, / and sqrt are used on floats (all correctly rounded in IEEE 754), and every stored number is a
rounded int, so CPython and Pyodide compute the same frames. The random start comes from a generator keyed by
the throw's key, which the game state draws from its own generator when the throw is made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gamebox.core.rng import Rng

WIDTH = 800
HEIGHT = 520
FLOOR = 500  # the table top; y grows downwards
BODY_RADIUS = 42
BALL_RADIUS = 11
BALL_HIT_RADIUS = 20  # a click this close to a ball's centre catches the ball
CORD = 95
FRAME_MS = 40
STEP_MS = 10
SETTLE_MS = 2000  # from here on the creatures are damped hard
REST_MS = 2800  # from here on nothing moves
WINDOW_MS = 10_000  # a grab must come at most this long after the throw starts
FRAMES = REST_MS // FRAME_MS + 1

GRAVITY = 0.32  # canvas units per step per step
BOUNCE = 0.45
FRICTION = 0.82

Point = tuple[int, int]
BodyFrame = tuple[int, int, int]  # x, y, turn in milliradians


@dataclass(frozen=True)
class Throw:
    key: str
    order: tuple[str, ...]  # bodies are drawn in this order (the last is on top); balls after all bodies
    bodies: dict[str, list[BodyFrame]]
    balls: dict[str, list[Point]]

    def body_at(self, name: str, ms: int) -> tuple[float, float]:
        frames = self.bodies[name]
        x, y, den = _interpolate([(f[0], f[1]) for f in frames], ms)
        return x / den, y / den

    def ball_at(self, name: str, ms: int) -> tuple[float, float]:
        x, y, den = _interpolate(self.balls[name], ms)
        return x / den, y / den

    def hit(self, x: int, y: int, ms: int) -> tuple[str, str] | None:
        """What a hand closing on canvas point (x, y) at ``ms`` after the start catches.

        Balls lie on top of everything: the nearest ball within BALL_HIT_RADIUS is caught by the tail. Else
        the topmost body containing the point is caught by the body. Else nothing
        (a miss; cords are too thin).
        Exact integer arithmetic: the interpolated positions are rationals with denominator FRAME_MS.
        """
        best: tuple[int, str] | None = None
        for name in self.order:
            bx, by, den = _interpolate(self.balls[name], ms)
            d2 = (x * den - bx) ** 2 + (y * den - by) ** 2
            if d2 <= (BALL_HIT_RADIUS * den) ** 2 and (best is None or d2 < best[0]):
                best = (d2, name)
        if best is not None:
            return best[1], "tail"
        for name in reversed(self.order):
            bx, by, den = _interpolate([(f[0], f[1]) for f in self.bodies[name]], ms)
            if (x * den - bx) ** 2 + (y * den - by) ** 2 <= (BODY_RADIUS * den) ** 2:
                return name, "body"
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "width": WIDTH,
            "height": HEIGHT,
            "floor": FLOOR,
            "body_radius": BODY_RADIUS,
            "ball_radius": BALL_RADIUS,
            "ball_hit_radius": BALL_HIT_RADIUS,
            "cord": CORD,
            "frame_ms": FRAME_MS,
            "rest_ms": REST_MS,
            "window_ms": WINDOW_MS,
            "order": list(self.order),
            "paths": {
                name: {"body": [list(f) for f in self.bodies[name]],
                       "ball": [list(p) for p in self.balls[name]]}
                for name in self.order
            },
        }


def _interpolate(frames: list[Point], ms: int) -> tuple[int, int, int]:
    """(x * den, y * den, den) at ``ms``: exact, in integers."""
    if ms >= (len(frames) - 1) * FRAME_MS:
        x, y = frames[-1]
        return x, y, 1
    index, part = divmod(max(ms, 0), FRAME_MS)
    (ax, ay), (bx, by) = frames[index], frames[index + 1]
    return ax * (FRAME_MS - part) + bx * part, ay * (FRAME_MS - part) + by * part, FRAME_MS


class _Particle:
    __slots__ = ("x", "y", "px", "py", "radius")

    def __init__(self, x: float, y: float, vx: float, vy: float, radius: float) -> None:
        self.x, self.y = x, y
        self.px, self.py = x - vx, y - vy
        self.radius = radius


def _bounce(p: _Particle) -> None:
    r = p.radius
    if p.y > FLOOR - r:
        vy = p.y - p.py
        vx = p.x - p.px
        p.y = FLOOR - r
        p.py = p.y + vy * BOUNCE
        p.px = p.x - vx * FRICTION
    if p.x < r:
        vx = p.x - p.px
        p.x = r
        p.px = p.x + vx * BOUNCE
    elif p.x > WIDTH - r:
        vx = p.x - p.px
        p.x = WIDTH - r
        p.px = p.x + vx * BOUNCE


def simulate(key: str, in_play: tuple[str, ...]) -> Throw:
    """The whole throw for the creatures ``in_play``, from the generator keyed by ``key``."""
    rng = Rng(f"gamebox/whoopies/throw/{key}")
    order = list(in_play)
    rng.shuffle(order)
    count = len(order)
    hand_x = WIDTH / 2 + rng.between(-80, 80)
    spacing = 2 * BODY_RADIUS + 6
    left = hand_x - spacing * (count - 1) / 2
    bodies: list[_Particle] = []
    balls: list[_Particle] = []
    spins: list[float] = []
    for slot in range(count):
        bx = left + slot * spacing + rng.between(-4, 4)
        by = 60 + CORD + rng.between(-25, 25)
        vx = rng.between(-50, 50) / 10
        vy = rng.between(-15, 10) / 10
        bodies.append(_Particle(bx, by, vx, vy, BODY_RADIUS))
        # the ball hangs up towards the hand, its cord nearly taut
        dx, dy = hand_x + rng.between(-10, 10) - bx, 30.0 - by
        dist = math.sqrt(dx * dx + dy * dy)
        reach = CORD * 0.95 / dist
        balls.append(_Particle(bx + dx * reach, by + dy * reach, vx * 0.6, vy, BALL_RADIUS))
        spins.append(rng.between(-60, 60) / 1000)
    turns = [0.0] * count
    body_frames: list[list[BodyFrame]] = [[] for _ in range(count)]
    ball_frames: list[list[Point]] = [[] for _ in range(count)]
    steps_per_frame = FRAME_MS // STEP_MS
    particles = bodies + balls
    for step in range(REST_MS // STEP_MS + 1):
        if step % steps_per_frame == 0:
            for i in range(count):
                b, c = bodies[i], balls[i]
                body_frames[i].append((round(b.x), round(b.y), round(turns[i] * 1000)))
                ball_frames[i].append((round(c.x), round(c.y)))
        damping = 0.997 if step * STEP_MS < SETTLE_MS else 0.85
        for p in particles:
            vx = (p.x - p.px) * damping
            vy = (p.y - p.py) * damping
            p.px, p.py = p.x, p.y
            p.x += vx
            p.y += vy + GRAVITY
            _bounce(p)
        for i, b in enumerate(bodies):
            on_floor = b.y >= FLOOR - BODY_RADIUS - 0.5
            turns[i] += (b.x - b.px) / BODY_RADIUS if on_floor else spins[i] * damping
        for _ in range(3):
            for b, c in zip(bodies, balls, strict=True):
                dx, dy = c.x - b.x, c.y - b.y
                dist2 = dx * dx + dy * dy
                if dist2 > CORD * CORD:
                    dist = math.sqrt(dist2)
                    share = (dist - CORD) / dist
                    b.x += dx * share * 0.2
                    b.y += dy * share * 0.2
                    c.x -= dx * share * 0.8
                    c.y -= dy * share * 0.8
            for i in range(count):
                for j in range(i + 1, count):
                    b1, b2 = bodies[i], bodies[j]
                    dx, dy = b2.x - b1.x, b2.y - b1.y
                    dist2 = dx * dx + dy * dy
                    reach = 2 * BODY_RADIUS
                    if dist2 < reach * reach:
                        if dist2 == 0:
                            dx, dy, dist2 = 1.0, 0.0, 1.0
                        dist = math.sqrt(dist2)
                        push = (reach - dist) / dist / 2
                        b1.x -= dx * push
                        b1.y -= dy * push
                        b2.x += dx * push
                        b2.y += dy * push
            for p in particles:
                r = p.radius
                if p.x < r:
                    p.x = r
                elif p.x > WIDTH - r:
                    p.x = WIDTH - r
                if p.y > FLOOR - r:
                    p.y = FLOOR - r
    return Throw(
        key=key,
        order=tuple(order),
        bodies={order[i]: body_frames[i] for i in range(count)},
        balls={order[i]: ball_frames[i] for i in range(count)},
    )
