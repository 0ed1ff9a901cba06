"""Judging the moves of the game in play, in the engine's idle time (docs/review.md, "Judged during play").

While a game is played, the page asks the bridge's ``judging`` op whenever the engine has nothing else to do: each
request judges a short piece of the open table's finished moves, exactly as the review of the finished game will
(``review.judged_move`` at effort 1, from the same position, with the same generator per move), and keeps the
records here, in the worker. The page hears only whether more is left: no verdict, no count, no value leaves
before the game is over. The review of the finished game (the bridge's ``review``) then starts from them, so it
is there when the game ends.

- A piece stops at its deadline (``PIECE_MS``) at the next pause point of the work in hand, not at the end of a
  move: a reviewer's judgement is work that can stop and go on (``review.judged_move_work``, core/review.py), kept
  here from one piece to the next and resumed where it stopped, with the very same result as judged at once. A
  piece does at least one step of work, so judging always gets on.
- Once every finished move is judged and the game is still in play, the pieces go on with the work the reviewer
  declares that depends only on the start (``review.start_work``: Score Up's summary search), which the reviewer keeps
  in the worker for the finished game's summary. Nothing of it leaves Python before the end: the reply still says
  only whether more is left.
- Only the moves every seat knows of are judged (``viewer.public_moves``): a secret move still hidden (a race's
  hand-in, a grab) is judged once it is revealed, so how much work there is says nothing of it.
- Once every finished move is judged and a person is to move, the pieces weigh the position that person is thinking
  over (``review.weighing_work``, for a reviewer that weighs a position's candidates before the move is known:
  Upples), so the judgement of the move to come is mostly done when it is played, the game's last move too. It is the
  very work the move's judgement begins with, with the same generator (``move_rng`` of the position), so the record is
  the same. A weighing goes on only while the moves before it stand: an undo that takes one back drops it, and so
  does another seat's move in its place.
- Undo, a new game, another game opened: the records are kept only for the moves the table still has (the longest
  common beginning of the two histories); the verdicts of the moves taken back are thrown away, and so is a
  judgement in progress of a move taken back (another game: any work in progress).
- A reload: the last piece of a run gives ``judged``, an opaque text (zlib and base64 of the records) that the page
  keeps with its saved game and hands back with ``open`` (``judged``). It is read back only here, checked against
  the game it claims (the format, the rules' build, the game, its seed, players, options and edition, each
  record's move), and used only for the review of the finished game. The saved game already holds the whole game
  (its resume code, with the seed of a game whose deal is secret), so the text tells the device nothing new.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import time
import zlib
from collections.abc import Generator
from typing import Any, Final

from gamebox.core import review, viewer
from gamebox.core.game import State
from gamebox.core.rng import Rng

# A piece works for about this long: it stops at the first pause point of its work past it, after one step at least
# (a test sets it to 0: every piece then does the least work it can). A request that comes meanwhile waits for at most
# one piece (docs/review.md has each game's longest piece).
PIECE_MS = 40
# The version of the saved text's format; a text of another one (or of another build of the rules) is not read.
FORMAT: Final = 1
# The build of the rules this engine runs (the page's worker sets it from its wheel's hash: ``set_build``).
_build = ""


def set_build(build: str) -> None:
    """The rules' build (the wheel's hash): saved verdicts are read back only by the same rules."""
    global _build
    _build = build[:128]


def identity(state: State[Any]) -> str:
    """What tells this game's deal and set-up from another's: a hash, so the saved text holds no seed."""
    text = json.dumps([state.game.id, state.seed, state.players, state.edition, state.options], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Judged:
    """The records of a game's moves judged so far: for move ``ply``, ``records[ply]``, judged as a person's move
    or not (``person[ply]``), and the chart's first point (``start``)."""

    def __init__(self, state: State[Any]) -> None:
        self.game = state.game
        self.key = identity(state)
        self.history: list[tuple[int, str]] = []
        self.records: list[dict[str, Any]] = []
        self.person: list[bool] = []
        self.start: list[float] | None = None
        self.position: State[Any] | None = None  # the position after the judged moves (made when needed)
        self.new = 0  # moves judged since the text was last given
        # the work in hand, stopped at a pause point: the chart's first point ("start"), the judgement of move
        # ``len(records)`` (the move ``working``), or the start's own work ("prepare")
        self.work: Generator[None, None, Any] | None = None
        self.working: tuple[int, str] | str | None = None
        self.working_person = False  # the move in hand is judged as a person's
        self.prepared = False  # the start's own work is done (or there is none)
        # the position a person is to move in, weighed before the move is known (the work in hand while it is
        # "weigh"); kept until the move is judged
        self.weighing: Weighing | None = None

    def fits(self, state: State[Any]) -> bool:
        return self.game is state.game and self.key == identity(state)

    def keep(self, history: list[tuple[int, str]]) -> None:
        """Keep only the records of the moves ``history`` still has (an undo takes them back)."""
        common = len(self.history)
        if history[:common] != self.history:  # something was taken back: where the two part (else all is kept)
            common = 0
            while common < min(len(self.history), len(history)) and self.history[common] == history[common]:
                common += 1
        if common < len(self.history):
            del self.history[common:], self.records[common:], self.person[common:]
            self.position = None
            self.new += 1
            if isinstance(self.working, tuple):
                self.work = self.working = None  # a judgement in progress: of a move after those taken back
        ply = len(self.records)
        if isinstance(self.working, tuple) and (ply >= len(history) or history[ply] != self.working):
            self.work = self.working = None  # the move it was judging was taken back
        if self.weighing is not None and not self.weighing.stands(history):
            self.weighing = None  # a move before the position weighed was taken back
            if self.working == "weigh":
                self.work = self.working = None

    def after(self, state: State[Any]) -> State[Any]:
        """The position after the judged moves, from the game's start (as the review replays it)."""
        if self.position is None:
            position = state.game.new(state.seed, state.players, edition=state.edition, **state.options)
            for seat, action in self.history:
                position.apply(seat, action)
            self.position = position
        return self.position

    def after_move(self, seat: int, action: str) -> None:
        """The position after the judged moves, now one more."""
        if self.position is not None:
            self.position.apply(seat, action)

    def text(self) -> str:
        data = {"format": FORMAT, "build": _build, "game": self.game.id, "key": self.key, "start": self.start,
                "moves": [[record, person] for record, person in zip(self.records, self.person, strict=True)]}
        packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
        return base64.b64encode(packed).decode()


class Weighing:
    """A person's candidates weighed before the move is played (``review.weighing_work``): for the position after the
    moves ``history``, the seat to move, the generator its judgement draws from, and the weighing's work (in
    progress) or its result."""

    def __init__(self, history: list[tuple[int, str]], seat: int, rng: Rng, work: review.Work[Any]) -> None:
        self.history = list(history)
        self.seat = seat
        self.rng = rng
        self.work: review.Work[Any] | None = work
        self.result: Any = None

    @property
    def ply(self) -> int:
        return len(self.history)

    def stands(self, history: list[tuple[int, str]]) -> bool:
        """Whether the position weighed is still one of the game's: its moves are still the first of ``history``."""
        return len(history) >= self.ply and history[:self.ply] == self.history

    def serves(self, history: list[tuple[int, str]], seat: int, person: bool) -> bool:
        """Whether it is the weighing of the judgement of ``history``'s move at its ply, by ``seat``."""
        return person and seat == self.seat and self.stands(history)

    def taken(self) -> tuple[review.Work[Any], Rng]:
        """Its work, to go on with (or its result as work done), and its generator, for the move's judgement."""
        work = self.work if self.work is not None else review.done_work(self.result)
        return work, self.rng


_judged: Judged | None = None


def piece(state: State[Any], people: list[int], replay: bool) -> dict[str, Any]:
    """Work on ``state``'s finished public moves for about PIECE_MS (the ``judging`` op): {ok, more}, and ``judged``
    (the text to save) when this piece has judged every finished move after judging or dropping something."""
    global _judged
    reviewer = state.game.reviewer
    if reviewer is None or replay:
        return {"ok": True, "more": False}
    if _judged is None or not _judged.fits(state):
        _judged = Judged(state)
    judged = _judged
    history = [(seat, action) for seat, action in state.history[:viewer.public_moves(state)]]
    judged.keep(history)
    deadline = time.perf_counter() + PIECE_MS / 1000
    worked = False
    while not worked or time.perf_counter() < deadline:
        if judged.work is None and not _next_work(judged, state, history, people):
            break
        work = judged.work
        assert work is not None
        worked = True
        while True:
            try:
                next(work)
            except StopIteration as stop:
                _done(judged, stop.value, people)
                break
            if time.perf_counter() >= deadline:
                break
    left = len(judged.records) < len(history)
    more = (left or judged.work is not None or _to_weigh(judged, state, history, people) is not None
            or (not judged.prepared and not state.is_over))
    reply: dict[str, Any] = {"ok": True, "more": more}
    if not left and judged.new:
        reply["judged"] = judged.text()
        judged.new = 0
    return reply


def _next_work(judged: Judged, state: State[Any], history: list[tuple[int, str]], people: list[int]) -> bool:
    """Take the next work in hand: the chart's first point, the next move's judgement, or (every finished move
    judged, the game in play) the start's own work; False when nothing is left."""
    reviewer = state.game.reviewer
    assert reviewer is not None
    if judged.start is None:
        first = state.game.new(state.seed, state.players, edition=state.edition, **state.options)
        judged.work, judged.working = review.values_work(reviewer, first, review.move_rng(first, -1), 1), "start"
        return True
    ply = len(judged.records)
    if ply < len(history):
        seat, action = history[ply]
        person = seat in people
        judged.work = review.judged_move_work(reviewer, judged.after(state), ply, seat, action, 1,
                                              person=person, weighed=_weighed_for(judged, history, seat, person))
        judged.working = (seat, action)
        judged.working_person = person
        return True
    thinking = _to_weigh(judged, state, history, people)
    if thinking is not None:
        before = judged.after(state).copy()
        rng = review.move_rng(before, ply)
        work = review.weighing_work(reviewer, before, thinking, rng, 1)
        judged.weighing = Weighing(history, thinking, rng, work)
        judged.work, judged.working = work, "weigh"
        return True
    if not judged.prepared and not state.is_over:
        first = state.game.new(state.seed, state.players, edition=state.edition, **state.options)
        judged.work, judged.working = review.start_work(reviewer, first), "prepare"
        if judged.work is None:
            judged.prepared = True
            judged.working = None
            return False
        return True
    return False


def _weighed_for(judged: Judged, history: list[tuple[int, str]], seat: int,
                 person: bool) -> tuple[review.Work[Any], Rng] | None:
    """The weighing kept for the judgement of ``history``'s move at its ply (by ``seat``), taken over: in progress
    or done, with its generator; None when there is none for it. Either way it is no longer kept here."""
    weighing = judged.weighing
    judged.weighing = None
    if judged.working == "weigh":
        judged.work = judged.working = None  # the move's judgement goes on with it
    if weighing is None or not weighing.serves(history, seat, person):
        return None
    return weighing.taken()


def _to_weigh(judged: Judged, state: State[Any], history: list[tuple[int, str]], people: list[int]) -> int | None:
    """The seat whose candidates are to be weighed now: every finished move judged, the game in play with every move
    public, one seat to move and a person's, a reviewer that weighs, and that position not weighed yet."""
    if (len(judged.records) < len(history) or state.is_over or len(history) != len(state.history)
            or not review.weighs(state.game.reviewer)):
        return None
    to_move = state.to_move
    if len(to_move) != 1 or to_move[0] not in people:
        return None
    weighing = judged.weighing
    if weighing is not None and weighing.ply == len(history) and weighing.seat == to_move[0]:
        return None  # weighed, or the work in hand
    return to_move[0]


def _done(judged: Judged, result: Any, people: list[int]) -> None:
    """The work in hand is done: keep its result."""
    working = judged.working
    judged.work = judged.working = None
    if working == "weigh":
        assert judged.weighing is not None
        judged.weighing.work = None
        judged.weighing.result = result
    elif working == "start":
        judged.start = [round(value, 4) for value in result]
    elif working == "prepare":
        judged.prepared = True
    else:
        assert isinstance(working, tuple)
        seat, action = working
        judged.records.append(result)
        judged.person.append(seat in people)
        judged.history.append(working)
        judged.after_move(seat, action)
        judged.new += 1


def restore(state: State[Any], text: object) -> None:
    """Take back the verdicts a saved game kept (``open``'s ``judged``), if they are of this game, of these rules and
    well formed; anything else is ignored (the moves are judged again)."""
    global _judged
    if not isinstance(text, str) or len(text) > 2_000_000:
        return
    try:
        data = json.loads(zlib.decompress(base64.b64decode(text.encode(), validate=True)))
    except (ValueError, zlib.error, binascii.Error, RecursionError):
        return
    if (not isinstance(data, dict) or data.get("format") != FORMAT or data.get("build") != _build
            or data.get("game") != state.game.id or data.get("key") != identity(state)):
        return
    judged = Judged(state)
    history = state.history[:viewer.public_moves(state)]
    moves = data.get("moves")
    start = data.get("start")
    if not isinstance(moves, list) or not (start is None or _numbers(start)):
        return
    for ply, entry in enumerate(moves[:len(history)]):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], bool)
                and _record(entry[0], ply, history[ply])):
            break
        judged.records.append(entry[0])
        judged.person.append(entry[1])
        judged.history.append(history[ply])
    judged.start = start
    if _judged is None or not _judged.fits(state) or len(_judged.records) < len(judged.records):
        _judged = judged


def _numbers(values: object) -> bool:
    return isinstance(values, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _record(record: object, ply: int, move: tuple[int, str]) -> bool:
    """Whether a saved record has the shape ``review.judged_move`` gives, for move ``ply`` of the game."""
    if not isinstance(record, dict) or record.get("ply") != ply:
        return False
    if [record.get("seat"), record.get("action")] != list(move):
        return False
    verdict = record.get("verdict")
    return ((verdict is None or verdict in review.VERDICTS) and _numbers(record.get("values"))
            and all(record.get(name) is None or isinstance(record.get(name), (int, float))
                    for name in ("loss", "played_value", "best_value"))
            and (record.get("best") is None or isinstance(record.get("best"), str))
            and isinstance(record.get("notes"), dict))


def judged_for(final: State[Any], people: list[int]) -> tuple[list[dict[str, Any]], list[float] | None]:
    """The records judged during play that the review of the finished game ``final`` (judging ``people``'s moves,
    at effort 1) may take as they are: those of its first moves, judged as a person's or not as it judges them;
    and the chart's first point, when it was computed."""
    judged = _judged
    if judged is None or not judged.fits(final):
        return [], None
    taken: list[dict[str, Any]] = []
    for ply, (move, record, person) in enumerate(zip(judged.history, judged.records, judged.person, strict=True)):
        if ply >= len(final.history) or final.history[ply] != move or person != (move[0] in people):
            break
        taken.append(record)
    return taken, judged.start


def work_in_progress(final: State[Any], people: list[int], ply: int) -> review.Work[dict[str, Any]] | None:
    """The judgement of ``final``'s move ``ply`` that a piece left stopped at a pause point, for the review of the
    finished game to go on with (so the move is not judged from its start again): only the judgement of that very
    move of this game, judged as a person's move or not as the review judges it. It is handed over once."""
    judged = _judged
    if (judged is None or not judged.fits(final) or len(judged.records) != ply or ply >= len(final.history)
            or judged.history != list(final.history[:ply])):
        return None
    seat, action = final.history[ply]
    weighed = _weighed_for(judged, list(final.history), seat, seat in people)
    if weighed is not None:
        # the game's last moves: the person's move weighed while it was thought over, judged from that weighing
        return review.judged_move_work(final.game.reviewer, judged.after(final), ply,
                                       seat, action, 1, person=True, weighed=weighed)
    if (not isinstance(judged.working, tuple) or judged.work is None or final.history[ply] != judged.working
            or judged.working_person != (judged.working[0] in people)):
        return None
    work = judged.work
    judged.work = judged.working = None
    return work


def start_work_in_progress(final: State[Any]) -> review.Work[None] | None:
    """The start's own work (``review.start_work``) that a piece left stopped at a pause point, for the review of the
    finished game ``final`` to go on with (so it is not begun again): handed over once, and then counted as done
    here."""
    judged = _judged
    if judged is None or not judged.fits(final) or judged.working != "prepare" or judged.work is None:
        return None
    work = judged.work
    judged.work = judged.working = None
    judged.prepared = True
    return work


def working_on() -> int | None:
    """The move whose judgement is in progress, stopped at a pause point (its ply), or None (for tests)."""
    judged = _judged
    if judged is None or not isinstance(judged.working, tuple):
        return None
    return len(judged.records)


def prepared() -> bool:
    """Whether the game's start's own work (``review.start_work``) is done, or there was none (for tests)."""
    return _judged is not None and _judged.prepared


def reset() -> None:
    """Forget every judged move (for tests)."""
    global _judged
    _judged = None
