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
from collections.abc import Sequence
from dataclasses import dataclass

from gamebox.core.rng import Rng
from gamebox.whoopies.views import ThrowView

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

    def ball_velocity(self, name: str, ms: int) -> tuple[float, float]:
        """The ball's velocity at ``ms`` in canvas units per second: that of the straight piece of its path the
        animation is on (from the frame at or before ``ms`` to the next one); (0, 0) once everything rests."""
        frames = self.balls[name]
        index = max(ms, 0) // FRAME_MS
        if index >= len(frames) - 1:
            return 0.0, 0.0
        (ax, ay), (bx, by) = frames[index], frames[index + 1]
        return (bx - ax) * 1000 / FRAME_MS, (by - ay) * 1000 / FRAME_MS

    def ball_speed(self, name: str, ms: int) -> float:
        """How fast the ball moves at ``ms``, in canvas units per second."""
        vx, vy = self.ball_velocity(name, ms)
        return math.sqrt(vx * vx + vy * vy)

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

    def to_json(self) -> ThrowView:
        """The throw as the view carries it. Each path stops at the frame from which it no longer moves (a
        creature at rest stays at its last frame, the rule _interpolate follows): the same positions at every ms,
        in about half the bytes."""
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
                name: {"body": [list(f) for f in _moving(self.bodies[name])],
                       "ball": [list(p) for p in _moving(self.balls[name])]}
                for name in self.order
            },
        }


def _moving(frames: Sequence[tuple[int, ...]]) -> Sequence[tuple[int, ...]]:
    """``frames`` up to the first of its last run of equal frames: after it, nothing moves."""
    end = len(frames)
    while end > 1 and frames[end - 2] == frames[-1]:
        end -= 1
    return frames[:end]


def throw_from_json(data: ThrowView) -> Throw:
    """The throw a view carries (``Throw.to_json``), back as a Throw: what a player sees is all a bot reads. Its
    paths may be shorter than the engine's (they stop where the creature rests): it interpolates the same."""
    paths = data["paths"]
    order = data["order"]
    return Throw(
        key=str(data["key"]),
        order=tuple(str(name) for name in order),
        bodies={str(name): [(int(f[0]), int(f[1]), int(f[2])) for f in path["body"]] for name, path in paths.items()},
        balls={str(name): [(int(p[0]), int(p[1])) for p in path["ball"]] for name, path in paths.items()},
    )


def _interpolate(frames: list[Point], ms: int) -> tuple[int, int, int]:
    """(x * den, y * den, den) at ``ms``: exact, in integers."""
    if ms >= (len(frames) - 1) * FRAME_MS:
        x, y = frames[-1]
        return x, y, 1
    index, part = divmod(max(ms, 0), FRAME_MS)
    (ax, ay), (bx, by) = frames[index], frames[index + 1]
    return ax * (FRAME_MS - part) + bx * part, ay * (FRAME_MS - part) + by * part, FRAME_MS


def simulate(key: str, in_play: tuple[str, ...]) -> Throw:
    """The whole throw for the creatures ``in_play``, from the generator keyed by ``key``.

    Verlet integration: each particle (the bodies first, then their balls) keeps its position and its previous
    one. Every step: move with the damped velocity and gravity, bounce off the table and the sides; turn the
    bodies; then three rounds of constraints: each cord at most CORD long, bodies do not overlap, everything
    on the table."""
    rng = Rng(f"gamebox/whoopies/throw/{key}")
    order = list(in_play)
    rng.shuffle(order)
    count = len(order)
    hand_x = WIDTH / 2 + rng.between(-80, 80)
    spacing = 2 * BODY_RADIUS + 6
    left = hand_x - spacing * (count - 1) / 2
    starts: list[tuple[float, float, float, float]] = []  # x, y, vx, vy: the bodies, then the balls
    ball_starts: list[tuple[float, float, float, float]] = []
    spins: list[float] = []
    for slot in range(count):
        bx = left + slot * spacing + rng.between(-4, 4)
        by = 60 + CORD + rng.between(-25, 25)
        vx = rng.between(-50, 50) / 10
        vy = rng.between(-15, 10) / 10
        starts.append((bx, by, vx, vy))
        # the ball hangs up towards the hand, its cord nearly taut
        dx, dy = hand_x + rng.between(-10, 10) - bx, 30.0 - by
        dist = math.sqrt(dx * dx + dy * dy)
        reach = CORD * 0.95 / dist
        ball_starts.append((bx + dx * reach, by + dy * reach, vx * 0.6, vy))
        spins.append(rng.between(-60, 60) / 1000)
    starts += ball_starts
    xs = [x for x, _, _, _ in starts]
    ys = [y for _, y, _, _ in starts]
    pxs = [x - vx for x, _, vx, _ in starts]  # the previous positions
    pys = [y - vy for _, y, _, vy in starts]
    radii = [BODY_RADIUS] * count + [BALL_RADIUS] * count
    # per particle: its index, its radius, the lowest centre it can have and the rightmost
    limits = [(k, r, FLOOR - r, WIDTH - r) for k, r in enumerate(radii)]
    bodies = range(count)
    cords = [(i, count + i) for i in bodies]
    pairs = [(i, j) for i in bodies for j in range(i + 1, count)]
    reach = 2 * BODY_RADIUS
    reach2 = reach * reach
    cord2 = CORD * CORD
    resting = FLOOR - BODY_RADIUS - 0.5  # a body this low is on the table
    turns = [0.0] * count
    body_frames: list[list[BodyFrame]] = [[] for _ in bodies]
    ball_frames: list[list[Point]] = [[] for _ in bodies]
    steps_per_frame = FRAME_MS // STEP_MS
    sqrt = math.sqrt
    # The same operations, in the same order, as the plain per-particle loops they stand for: only the look-ups
    # are fewer (locals, precomputed limits and pairs), so every frame stays exactly the same.
    for step in range(REST_MS // STEP_MS + 1):
        if step % steps_per_frame == 0:
            for i in bodies:
                body_frames[i].append((round(xs[i]), round(ys[i]), round(turns[i] * 1000)))
                ball_frames[i].append((round(xs[count + i]), round(ys[count + i])))
        damping = 0.997 if step * STEP_MS < SETTLE_MS else 0.85
        for k, radius, floor, right in limits:
            x, y = xs[k], ys[k]
            vx = (x - pxs[k]) * damping
            vy = (y - pys[k]) * damping
            px, py = x, y
            x += vx
            y += vy + GRAVITY
            if y > floor:  # the table: bounce, with friction
                vy = y - py
                vx = x - px
                y = floor
                py = y + vy * BOUNCE
                px = x - vx * FRICTION
            if x < radius:  # the sides
                vx = x - px
                x = radius
                px = x + vx * BOUNCE
            elif x > right:
                vx = x - px
                x = right
                px = x + vx * BOUNCE
            xs[k] = x
            ys[k] = y
            pxs[k] = px
            pys[k] = py
        for i in bodies:
            turns[i] += (xs[i] - pxs[i]) / BODY_RADIUS if ys[i] >= resting else spins[i] * damping
        for _ in range(3):
            # Only what a cord or a push moved can be off the table or past a side: everything else was put
            # back by the step above or the round before, so it alone is clamped; a round that moves nothing
            # leaves the next ones nothing to do.
            moved: list[int] = []
            for i, c in cords:  # each cord: pull the ball (and a little the body) back to CORD
                dx, dy = xs[c] - xs[i], ys[c] - ys[i]
                dist2 = dx * dx + dy * dy
                if dist2 > cord2:
                    dist = sqrt(dist2)
                    share = (dist - CORD) / dist
                    xs[i] += dx * share * 0.2
                    ys[i] += dy * share * 0.2
                    xs[c] -= dx * share * 0.8
                    ys[c] -= dy * share * 0.8
                    moved += (i, c)
            for i, j in pairs:  # bodies push each other apart
                dx = xs[j] - xs[i]
                if dx >= reach or dx <= -reach:  # then dist2 >= reach2 too
                    continue
                dy = ys[j] - ys[i]
                dist2 = dx * dx + dy * dy
                if dist2 < reach2:
                    if dist2 == 0:
                        dx, dy, dist2 = 1.0, 0.0, 1.0
                    dist = sqrt(dist2)
                    push = (reach - dist) / dist / 2
                    xs[i] -= dx * push
                    ys[i] -= dy * push
                    xs[j] += dx * push
                    ys[j] += dy * push
                    moved += (i, j)
            if not moved:
                break
            for k in moved:
                _, radius, floor, right = limits[k]
                x = xs[k]
                if x < radius:
                    xs[k] = radius
                elif x > right:
                    xs[k] = right
                if ys[k] > floor:
                    ys[k] = floor
    return Throw(
        key=key,
        order=tuple(order),
        bodies={order[i]: body_frames[i] for i in bodies},
        balls={order[i]: ball_frames[i] for i in bodies},
    )
