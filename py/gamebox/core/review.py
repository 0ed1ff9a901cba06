"""Reviewing a finished game: the verdict on every move a person made (docs/review.md).

Each game's package has a ``review.py`` with a ``Reviewer`` (its ``REVIEWER``), which its ``__init__`` hands to its
Game as it hands over its bots, so rules never import their reviewer. A reviewer judges one move at a time: given
the position before the move, the seat and the move played, it says what the move was worth to that seat on the
game's scale, what the best move found was worth, and what each seat's standing was after the move (the chart).
This module turns those judgements into verdicts, the same way for every game:

- the **scale** is a win chance in [0, 1] for games against others, or a score for solitaires (the best score
  still reachable), each with its thresholds of inaccuracy, mistake and blunder (lichess's 0.1 / 0.2 / 0.3 of win
  chance are the model);
- a move's **loss** is the best move's value minus the played move's value, never below 0;
- its **verdict**: ``best`` when it was the best move found or lost nothing, ``good`` below the first threshold,
  then ``inaccuracy``, ``mistake`` and ``blunder``;
- each seat's **accuracy** is the mean, over its judged moves, of lichess's curve of the loss (100 for a loss of
  nothing, about 65 for a tenth of a win chance lost, about 12 for half of one).

A review is deterministic: each move is judged with a generator seeded by the game and the move's index, and a
fixed ``effort`` (1 in the page, 2 in bench/review_stability.py), never a clock. So it is the same on CPython and
in Pyodide, and the same when it is computed in pieces (the bridge's ``review``, a few moves per request, so the
page can show progress and cancel) or at once.

**Work that can stop and go on.** A judgement may be long (Upthrust's playouts, Score Up's proofs), and the engine
judges moves while a game is played, in pieces of about 40 ms that a person's move must not wait behind
(core/judging.py). So a reviewer may give its judgement as a generator (``judging``, and ``valuing`` for a chart's
point) that yields at its pause points (between blocks of playouts, between sampled worlds, every few hundred
positions of a search) and returns the judgement; its ``judge`` is that generator run to its end (``finish``), so the
rule is written once. Run at once or stopped at any of its pause points and resumed, it gives the very same result:
where the pauses fell changes nothing. A reviewer may also declare work that depends only on the game's start
(``preparing``, e.g. a summary's search from the start), which the engine does in its idle time once every finished
move is judged; the reviewer keeps its result in the worker for its ``summary``. A reviewer with none of these is
judged with ``judge`` and ``values``, a move a step.

**Weighed before the move is played.** Where most of a judgement does not depend on the move played (every candidate
of the position weighed in the same sampled worlds: Upples), a reviewer may split it in two: ``weighing(before, seat,
rng, effort)``, work that weighs the position's candidates for ``seat``, and ``judged(before, seat, action, weighed,
rng, effort)``, the judgement of the move played from what was weighed, with the same generator, now past what the
weighing drew. Its judgement is then always those two one after the other (``judgement_work``), so it is the same
whether the weighing ran before the move was known (core/judging.py weighs the position a person is thinking over)
or after.

A reviewer judges a move only from what its seat knew then: games with hidden hands or chance search sampled
worlds of that seat's knowledge (as their bots do), and judge a move by its expected result over them, never by
the draw that happened.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from gamebox.core.game import State
from gamebox.core.rng import Rng

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")

# Work that can stop and go on: a generator that yields (nothing) at each of its pause points and returns its result.
type Work[T] = Generator[None, None, T]


def finish[T](work: Work[T]) -> T:
    """Run work that can stop and go on to its end at once, and return its result."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Scale:
    """What a game's values measure: ``chance`` (a win chance, 0 to 1), ``points`` (a score), ``turns`` (turns a
    solitaire takes) or ``ms`` (a time), where the reviewer gives values turned so that more is better (minus
    the turns, minus the time), and the losses
    from which a move is an inaccuracy, a mistake and a blunder."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float

    def verdict(self, loss: float, best: bool) -> str:
        if best or loss <= 1e-9:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def accuracy(self, loss: float) -> float:
        """One move's accuracy in percent: lichess's curve of the win chance lost. A loss on another scale counts
        as a win chance lost in proportion to its blunder threshold (a blunder's loss as 0.3)."""
        chance = loss if self.unit == "chance" else 0.3 * loss / self.blunder
        percent = 103.1668 * math.exp(-0.04354 * 100 * max(0.0, chance)) - 3.1669
        return max(0.0, min(100.0, percent))


# Lichess's thresholds of win chance lost (its "winning chances" judgement of a move).
CHANCE = Scale("chance", 0.1, 0.2, 0.3)


@dataclass
class Judgement:
    """A reviewer's word on one move: the value to its seat of the move played and of the best move found
    (``best``: that move's action, the same text as the move played when it was the best), and each seat's value
    after the move played (a point of the chart). ``notes`` holds what else the game says of the move (a time,
    a wrong creature), as JSON."""

    best: str
    played_value: float
    best_value: float
    values: list[float]
    notes: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Reviewer(Protocol):
    """What a game's review.py supplies (its ``REVIEWER``)."""

    scale: Scale

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        """Each seat's value of a position (the chart's first point is the start of the game)."""
        ...

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement | None:
        """The judgement of ``seat`` playing ``action`` in ``before`` (a copy: the reviewer may change it), or None
        when the move is not judged (a move with no choice in it)."""
        ...

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        """What the game says of the whole finished game beyond its moves (times, rounds won), as JSON."""
        ...


class Weighs(Protocol):
    """What a reviewer that weighs a position's candidates before the move is known adds (module doc, "Weighed before
    the move is played")."""

    def weighing(self, before: State[Any], seat: int, rng: Rng, effort: int) -> Work[Any]:
        """``seat``'s candidates in ``before`` (not changed) weighed, drawing from ``rng``."""
        ...

    def judged(self, before: State[Any], seat: int, action: str, weighed: Any, rng: Rng,
               effort: int) -> Judgement | None:
        """The judgement of ``action`` from what ``weighing`` gave, with the same ``rng`` past what it drew."""
        ...


def scale_of(reviewer: Reviewer, state: State[Any]) -> Scale:
    """The scale of a game's reviews with ``state``'s set-up: the reviewer's ``scale``, unless it has a
    ``scale_of(state)`` of its own (a game whose modes are judged on different scales: Upples' Training counts
    turns where its other modes weigh win chances)."""
    own = getattr(reviewer, "scale_of", None)
    return own(state) if callable(own) else reviewer.scale


def weighs(reviewer: Reviewer) -> bool:
    """Whether the reviewer weighs a position's candidates before the move is known (``weighing`` and ``judged``)."""
    return callable(getattr(reviewer, "weighing", None))


def weighing_work(reviewer: Reviewer, before: State[Any], seat: int, rng: Rng, effort: int) -> Work[Any]:
    """The reviewer's weighing of ``seat``'s candidates in ``before`` (which it must not change), drawing from
    ``rng``: what its ``judged`` then needs to judge whichever move is played (``weighs`` must be true)."""
    return cast(Weighs, reviewer).weighing(before, seat, rng, effort)


def judgement_work(reviewer: Reviewer, before: State[Any], seat: int, action: str, rng: Rng,
                   effort: int, weighing: Work[Any] | None = None) -> Work[Judgement | None]:
    """The reviewer's judgement of a move as work that can stop and go on: its weighing then its ``judged`` if it
    weighs (``weighing``: that weighing already begun, or done, with ``rng``), else its ``judging`` if it has one,
    else its ``judge`` in one step."""
    if weighs(reviewer):
        return _weighed_judgement(reviewer, before, seat, action, rng, effort, weighing)
    own = getattr(reviewer, "judging", None)
    if callable(own):
        return own(before, seat, action, rng, effort)  # type: ignore[no-any-return]
    return _one_step(lambda: reviewer.judge(before, seat, action, rng, effort))


def _weighed_judgement(reviewer: Reviewer, before: State[Any], seat: int, action: str, rng: Rng, effort: int,
                       weighing: Work[Any] | None) -> Work[Judgement | None]:
    weighed = yield from (weighing if weighing is not None else weighing_work(reviewer, before, seat, rng, effort))
    return cast(Weighs, reviewer).judged(before, seat, action, weighed, rng, effort)


def done_work[T](result: T) -> Work[T]:
    """Work already done: its result on the first step."""
    return _one_step(lambda: result)


def values_work(reviewer: Reviewer, state: State[Any], rng: Rng, effort: int) -> Work[list[float]]:
    """A position's point of the chart as work that can stop and go on: the reviewer's ``valuing`` if it has one,
    else its ``values`` in one step."""
    own = getattr(reviewer, "valuing", None)
    if callable(own):
        return own(state, rng, effort)  # type: ignore[no-any-return]
    return _one_step(lambda: reviewer.values(state, rng, effort))


def start_work(reviewer: Reviewer, start: State[Any]) -> Work[None] | None:
    """The work a reviewer declares that depends only on the game's start (``preparing``: the summary's search of a
    solitaire), done while the game is played once its finished moves are judged; None when it has none."""
    own = getattr(reviewer, "preparing", None)
    return own(start) if callable(own) else None


def _one_step[T](compute: Callable[[], T]) -> Work[T]:
    """Work of one step: ``compute`` on the first step."""
    yield from ()  # a generator that never yields: the first step computes the result
    return compute()


def move_rng(state: State[Any], ply: int) -> Rng:
    """The generator a move's judgement draws from: the same for the same game and move, wherever it runs."""
    return Rng(f"gamebox/review/{state.game.id}/{state.seed}/{ply}")


def judged_move(reviewer: Reviewer, before: State[Any], ply: int, seat: int, action: str, effort: int = 1,
                person: bool = True) -> dict[str, Any]:
    """One move's record: {ply, seat, action, move, verdict, loss, best, best_move, values, played_value, best_value,
    notes}; ``move`` and ``best_move`` are the move played and the best one as data for the page to draw
    (``State.move_data``). A move of a seat that is not a person's (a bot's), or one the reviewer does not judge,
    has verdict, loss, best and best_move None, and only its point of the chart. (``judged_move_work`` at once.)"""
    return finish(judged_move_work(reviewer, before, ply, seat, action, effort, person))


def judged_move_work(reviewer: Reviewer, before: State[Any], ply: int, seat: int, action: str, effort: int = 1,
                     person: bool = True, weighed: tuple[Work[Any], Rng] | None = None) -> Work[dict[str, Any]]:
    """``judged_move`` as work that can stop and go on (``before`` must not change until it is done). ``weighed``:
    the reviewer's weighing of ``seat``'s candidates in ``before`` at effort ``effort``, begun (or done) before the
    move was known, and the generator it draws from (``move_rng(before, ply)``, as far as it has drawn)."""
    judgement = None
    if person:
        work, rng = weighed if weighed is not None else (None, move_rng(before, ply))
        judgement = yield from judgement_work(reviewer, before.copy(), seat, action, rng, effort, work)
    if judgement is None:
        after = before.copy()
        after.apply(seat, action)
        values = yield from values_work(reviewer, after, move_rng(before, ply), effort)
        return {"ply": ply, "seat": seat, "action": action, "move": before.move_data(action), "verdict": None,
                "loss": None, "best": None, "best_move": None, "values": _rounded(values), "played_value": None,
                "best_value": None, "notes": {}}
    scale = scale_of(reviewer, before)
    loss = max(0.0, judgement.best_value - judgement.played_value)
    # the move played is the best one when it is the same text, or the same move but for its time (a hand-in, a
    # grab) and worth no less: the same tiles laid slower than the best player are not the best move
    same = judgement.best == action or (before.same_move(judgement.best, action)
                                        and judgement.best_value <= judgement.played_value + 1e-9)
    best = action if same else judgement.best
    return {
        "ply": ply,
        "seat": seat,
        "action": action,
        "move": before.move_data(action),
        "verdict": scale.verdict(loss, same),
        "loss": 0.0 if same else round(loss, 4),
        "best": best,
        "best_move": before.move_data(best),
        "values": _rounded(judgement.values),
        "played_value": round(judgement.played_value, 4),
        "best_value": round(judgement.best_value, 4),
        "notes": judgement.notes,
    }


def accuracy(scale: Scale, moves: Sequence[Mapping[str, Any]], players: int) -> list[float | None]:
    """Each seat's accuracy over its judged moves, in percent (None: a seat with no judged move)."""
    shares: list[list[float]] = [[] for _ in range(players)]
    for move in moves:
        if move.get("verdict") is not None:
            shares[move["seat"]].append(scale.accuracy(float(move["loss"])))
    return [round(sum(share) / len(share), 1) if share else None for share in shares]


def review(state: State[Any], reviewer: Reviewer, people: list[int], effort: int = 1,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The whole review of the finished game ``state`` at once (the bridge's ``review`` computes the same in
    pieces): every move with its point of the chart, those of a seat in ``people`` judged, each seat's accuracy,
    the chart's start, the summary."""
    game = state.game
    replay = game.new(state.seed, state.players, edition=state.edition, **state.options)
    start = reviewer.values(replay, move_rng(replay, -1), effort)
    moves: list[dict[str, Any]] = []
    for ply, (seat, action) in enumerate(state.history):
        moves.append(judged_move(reviewer, replay, ply, seat, action, effort, person=seat in people))
        replay.apply(seat, action)
        if progress:
            progress(ply + 1, len(state.history))
    return {
        "scale": scale_of(reviewer, state).unit,
        "start": _rounded(start),
        "moves": moves,
        "accuracy": accuracy(scale_of(reviewer, state), moves, state.players),
        "summary": reviewer.summary(state, people),
    }


def _rounded(values: list[float]) -> list[float]:
    return [round(float(value), 4) for value in values]
