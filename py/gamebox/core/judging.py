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

    def fits(self, state: State[Any]) -> bool:
        return self.game is state.game and self.key == identity(state)

    def keep(self, history: list[tuple[int, str]]) -> None:
        """Keep only the records of the moves ``history`` still has (an undo takes them back)."""
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
    more = left or (not judged.prepared and not state.is_over)
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
        judged.work = review.judged_move_work(reviewer, judged.after(state), ply, seat, action, 1,
                                              person=seat in people)
        judged.working = (seat, action)
        judged.working_person = seat in people
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


def _done(judged: Judged, result: Any, people: list[int]) -> None:
    """The work in hand is done: keep its result."""
    working = judged.working
    judged.work = judged.working = None
    if working == "start":
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
    if (judged is None or not judged.fits(final) or not isinstance(judged.working, tuple) or judged.work is None
            or len(judged.records) != ply or ply >= len(final.history) or final.history[ply] != judged.working
            or judged.history != list(final.history[:ply]) or judged.working_person != (judged.working[0] in people)):
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
