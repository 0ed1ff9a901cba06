"""The worker's only entry point: one JSON request in, one JSON reply out.

worker.mjs passes messages and nothing else, so every path the browser takes through the rules runs here and
is tested on CPython. The bridge keeps one table: the game state plus who sits where: a person at this device
(``{"kind": "human"}``), a bot and its level (``{"kind": "bot", "level": ...}``), or a person on another device
(``{"kind": "remote"}``, docs/multi-device.md). Seats are not part of the rules, so they are not in the share code;
the page keeps them in its URL.

A watcher (``guest: true, watch: true``, no viewer: a device with no seat) gets ``Table.watcher_json``, the table as
no seat knows it, and may ask only ``view``, ``move`` and ``position``: its ``legal`` and ``apply`` are refused
(error.watcher).

A remote seat is a person: its moves are judged by the review, and the rules treat it as any player. But it is
not at this device: the table is never shown to it here in a game with secrets (``Table.viewer``), ``apply``
refuses to play for it (error.remote_seat), ``bot`` never moves it, and Undo is off while any seat is remote
(error.undo_remote): a move sent from another device is never taken back here.

Requests (``op`` and its fields) and what they answer:

- ``hello``   build?, box?                     the box: every game id, and what the page knows of each
                                               (``games``: registry.manifest()'s); with ``box: false`` only
                                               that the bridge answers (the worker's boot and the page's
                                               liveness check: listing the box imports every game, where a
                                               link's game alone is imported when it is opened)
- ``new``   game, seed?, players, options?, seats?, history?   a new table; with ``history`` ([[seat, action],
                                               ...]) the game after those actions, as a share code would give it
- ``daily`` game, day, seats?                  a new table: that day's challenge of the game (day "YYYY-MM-DD")
- ``open``  code, seats?, judged?             the table a share code describes; ``judged``: what the saved game
                                               kept of its moves judged during play (``judging``'s text)
- ``view``  viewer?                            the table
- ``legal`` seat                               {"actions": [...]} for that seat
- ``apply`` seat, action | intent, expect?, seen?
                                               the table after a human's action; or after what the person did
                                               (``intent``), which the game composes into its action
                                               (``State.compose``; ``{"action": ...}`` is a target's action);
                                               with ``expect`` (a guided game's step), the reply's ``expected``
                                               says whether it was that move (``State.same_move``); with
                                               ``seen`` (the fingerprint of the table the action was chosen
                                               on), refused with table.stale when that table is no longer the
                                               one on hand (see "A stale move" below)
- ``bot``   budget_ms?                         the table after the next bot seat to move has acted
- ``hint``  seat, budget_ms?                   {"action": ..., "move": ...}: the best move the hard bot finds,
                                               and that move as data (``State.move_data``)
- ``move``  action                             {"move": ...}: ``action`` as data for the page to draw
                                               (``State.move_data`` of the table on hand: it only reads the
                                               text, so a guest may ask it too)
- ``undo``                                     the table after undoing back to the last human action
- ``seats`` seats                              the same game with other seats (a remote seat whose device stays
                                               away handed to a bot or a person here, or a seat handed to a
                                               device); nothing of the game changes, not even a running secret run
- ``share``                                    {"code": ...}
- ``replay`` code, step?, seats?               the table at ``step`` (0..moves; default: the end) of the game a
                                               share code describes, plus ``replay``: {step, steps, code,
                                               history}; the open table becomes that position
- ``check`` code                               what a share code holds (game, seed, players, options, moves,
                                               to_move, is_over, deal), without touching the open table
- ``review`` code, seats?, from?, effort?, to?, judged?
                                               a piece of the review of the finished game a share code describes
                                               (core/review.py; the seats say whose moves are a person's, to be
                                               judged): {moves: [...] from move ``from`` on, next, total, done,
                                               scale, start (with from 0), accuracy and summary (once done)}; the
                                               page asks again from ``next`` until done (each piece takes about
                                               REVIEW_SLICE_MS, and may stop inside a move: ``from`` 0 again goes
                                               on with a review that has judged no move yet, any other ``from``
                                               0 starts it again), so it can show progress and stop; the open table
                                               is untouched. Refused for a game still in play (review.unfinished)
                                               and for a game with no reviewer (review.none). A second worker may
                                               judge other moves (``judge`` over a range): ``judged`` hands the
                                               review those moves' records from ``from`` on (they become its own),
                                               and ``to`` stops this piece before move ``to`` (the first the other
                                               worker took)
- ``judge``  code, ply, action, effort?        one move judged as a review judges it: ``action`` played instead of
                                               move ``ply`` of the finished game a share code describes, by the
                                               seat that played that move ({move}: the record of a review's move;
                                               a puzzle made of a person's mistake asks it of each try)
- ``judging``                                  {"ok": true, "more": ..., "judged"?}: a piece (about
                                               judging.PIECE_MS) of the open game's finished public moves judged as
                                               the review of the finished game will judge them, kept in the worker
                                               (core/judging.py); nothing of them is in the reply but, at the end of
                                               a run, ``judged``: an opaque text the page keeps with its saved game
- ``position`` code, step, seats, view_as      from a guest's or a watcher's device (``guest: true``): a finished
                                               game's ``replay`` at ``step`` as seat ``view_as`` saw it, for its
                                               review's board; made of that code alone, the open table untouched
                                               (review.unfinished for a game in play)
- ``judge``  code, seats?, from, to, effort?   the moves ``from`` to ``to`` (not included) of the finished game,
                                               judged as its review judges them ({moves: [...], total}): a second
                                               worker's share of a review (web/review-pool.js). A move's verdict
                                               depends only on the game, the move and the effort, so it is the
                                               same whichever worker judges it
- ``prepare``                                  {"ok": true, "more": ...}: the open table's state does ahead a
                                               piece of the work a coming move will need (State.prepare; caches
                                               only, the table is unchanged), and says whether more is left;
                                               nothing (more: false) when no table is open

Every request may carry ``viewer`` (the seat the page shows the table to) and ``clock_ms`` (the page's clock, in
ms since the running real-time phase began: a grab's throw, a race's sand timer). What a table reply holds for
that viewer is decided in one place, core/viewer.py: ``history``, ``log``, ``view``, ``scores`` and ``winners`` are
the game as that viewer knows it at that clock; ``share`` is the public game (None while it would give away a
hidden hand: the seed of Up Combine stays on the device until the game is over); ``resume`` is the public game
for this device's own saved game, and ``deal`` what identifies its deal among them; ``daily`` is null, or, when the
table is a daily challenge played by one person, {day, result (None until it is over), lower (whether a lower
result is better)}; ``solo`` is null, or, when one person alone has finished a game that keeps a result
for it, {result, lower} (the page keeps the person's best: docs/ratings.md); ``public`` is the summary that
may leave the page (embed events); ``sealed``
says that other seats' secret moves are still hidden (the page asks again as its clock runs); ``hints`` says
whether Hint may help the viewer now; ``rematch`` holds the options of "Play again" once the game is over.

Guests. A request with ``guest: true`` comes from the device of a remote seat (the host's room passes it on, with
``viewer``: that channel's seat). It may hold only the fields of GUEST_FIELDS and ask only ``view``, ``legal``,
``apply`` and ``move`` (anything else: error.guest_op); ``viewer`` must be a remote seat, and the ``seat`` of
``legal``, ``apply`` and ``move`` must be ``viewer`` (else error.not_your_seat); ``apply`` plays only when that seat
is to move (the rules' error.not_your_turn), and its ``seen`` names a table given to that guest. Its answer is for
exactly that seat, with no passing-the-device fallback: a GUEST TABLE (``Table.guest_json``), the only reply that
ever leaves for another device. It holds ok, game, title, players, options, seats (as that device sees them: its own
seat "human", the other people "remote", bots "bot"), viewer, history, to_move, is_over, scores, winners, log, view
(with its targets), sealed, seed and share (null until the game is over in a game with chance or secrets:
viewer.seed_is_secret_from_guests), fingerprint (a hash of this reply, never the state's), and hints, can_undo,
rematch (always false, false, null); never resume, deal, daily, solo, public or undo_refusal. ``legal`` answers {ok,
seat, actions} as for the host. In a run of secret moves, a guest's ``clock_ms`` shows it the others' moves as a local
seat's clock does, and the table remembers the latest time it has shown that seat (``Table.shown``); that seat's own
move in the same run may not be timed before it (error.guest_clock), so a guest that asks with a clock ahead of its
own cannot see a grab and then claim to have grabbed first. The host's room may add two bounds of its own, from its
own times (never from the guest's message): ``clock_limit_ms`` (the request's clock is at most this: the longest the
guest can have watched the run) and ``earliest_ms`` (an intent's ``ms`` is raised to at least this: a late message
claims no more head start than a round trip; a timed action text earlier than it is refused, error.guest_clock).

A stale move. A move is chosen on a table, and by the time its request comes the table may have moved on: a second
tap on the same move (a double tap), a guest's message that crossed a move made on the host. ``apply`` (the host's
and a guest's) may carry ``seen``, the ``fingerprint`` of the table its action was chosen on as that viewer got
it (the host's table: the state's fingerprint; a guest's table: the digest of that guest's table). When it is not
the current table's, the request is refused with ``table.stale`` and changes nothing (``Table.current``), so a
late tap or message never lands on a position its sender never saw (boardgame.io refuses a move whose state id
is stale). Moves made at once and in secret are the exception: within a running secret run (a race, a grab) the
others' moves are hidden from a seat and do not change what it may do (the rules order the run's moves by their
times), so a table of that run that came before only other seats' moves of it is still current for that seat
(``Table.run``). Without ``seen`` an action plays on the table on hand (older callers).

Every table reply has ``ok: true``; every failure has ``ok: false`` and an ``error`` with a message key and
leaves the open game exactly as it was (each change is made on a copy and kept only once its reply is made).
"""

from __future__ import annotations

import json
import time
import traceback
from typing import Any, Final

from gamebox.core import bots, judging, registry, review, share, viewer
from gamebox.core.errors import BadRequest, GameboxError, IllegalAction, InvalidSetup
from gamebox.core.game import DAY, Game, State
from gamebox.core.notation import check_action_text
from gamebox.core.rng import fresh_seed
from gamebox.core.share import ParsedCode
from gamebox.core.viewer import Checkpoint

DEFAULT_BOT_BUDGET_MS: Final = 800
MAX_BOT_BUDGET_MS: Final = 3_000
MAX_CLOCK_MS: Final = 86_400_000
MAX_REQUEST_LENGTH: Final = 1_000_000  # characters of JSON: a share code is at most 200,000
# An intent (apply's alternative to an action): a few tiles, a point, a clock. Far more than any game needs.
MAX_INTENT_ITEMS: Final = 200
MAX_INTENT_DEPTH: Final = 4
MAX_INTENT_TEXT: Final = 200
# A review is computed in pieces of about this long (each stops at the first pause point of its work past it, after one
# step at least), so the page hears progress and a request waits for one piece at most.
REVIEW_SLICE_MS: Final = 250
MAX_REVIEW_EFFORT: Final = 4
# The kinds of seat: a person at this device, a bot, a person on another device.
SEAT_KINDS: Final = ("human", "bot", "remote")
# The length of a new table's seed when a seat is remote: 26 Crockford letters, 130 bits, that no guest can search.
UNGUESSABLE_SEED_LENGTH: Final = 26
PEOPLE: Final = frozenset({"human", "remote"})
# What a guest device may ask (docs/multi-device.md, "What a guest receives"), and the fields it may send.
GUEST_OPS: Final = frozenset({"view", "legal", "apply", "move"})
GUEST_FIELDS: Final = frozenset({"op", "guest", "viewer", "seat", "action", "intent", "seen", "clock_ms",
                                 "clock_limit_ms", "earliest_ms"})
# A watcher (a device with no seat, docs/multi-device.md "Watchers"): the room adds ``watch: true`` and no viewer. It
# may look (``view``, ``move``), never play; ``legal`` and ``apply`` are refused with error.watcher.
WATCHER_OPS: Final = frozenset({"view", "move"})
WATCHER_FIELDS: Final = frozenset({"op", "guest", "watch", "action", "clock_ms", "clock_limit_ms"})
# A finished game's position, for a guest's or a watcher's review board (``position``): a function of the share code
# it sends alone, so it tells that device nothing it does not hold already.
POSITION_FIELDS: Final = frozenset({"op", "guest", "viewer", "watch", "code", "step", "seats", "view_as"})
# A fingerprint is 32 hex digits (State.fingerprint, viewer.digest); ``seen`` is refused beyond this length.
MAX_FINGERPRINT: Final = 64


class RunStep:
    """One earlier table of the running secret run (``Table.run``): its fingerprint on the host, the guest tables
    given of it (by remote seat), and the seat whose secret move came after it."""

    __slots__ = ("fingerprint", "given", "mover")

    def __init__(self, fingerprint: str, given: dict[int, set[str]], mover: int) -> None:
        self.fingerprint = fingerprint
        self.given = given
        self.mover = mover


class Table:
    """The game being played in this worker, and its seats."""

    def __init__(self, state: State[Any], seats: list[dict[str, str]], checkpoint: Checkpoint | None = None,
                 replay_over: bool | None = None, shown: dict[int, tuple[int, int]] | None = None,
                 given: dict[int, set[str]] | None = None, run: tuple[RunStep, ...] = ()) -> None:
        self.state = state
        self.seats = seats
        self.checkpoint = checkpoint
        # In a replay: whether the whole replayed game is over (then every seat's pieces may be shown).
        self.replay_over = replay_over
        # Per remote seat: (where the running secret run starts, the latest time of another seat's secret move of
        # that run its guest table has shown). Its own move in that run may not be timed before it.
        self.shown: dict[int, tuple[int, int]] = dict(shown or {})
        # Per remote seat: the fingerprints of the guest tables given of this state (one per clock that showed it
        # something else), any of which its ``seen`` may name.
        self.given: dict[int, set[str]] = given if given is not None else {}
        # The earlier tables of the running secret run, oldest first (empty outside one): see ``current``.
        self.run = run

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this device."""
        return [seat for seat, sitter in enumerate(self.seats) if sitter["kind"] == "human"]

    @property
    def people(self) -> list[int]:
        """The seats of people, at this device or on another (the review judges their moves)."""
        return [seat for seat, sitter in enumerate(self.seats) if sitter["kind"] in PEOPLE]

    @property
    def remote(self) -> bool:
        """Whether a person plays on another device."""
        return any(sitter["kind"] == "remote" for sitter in self.seats)

    def viewer(self, asked: object) -> int | None:
        """The seat the table is shown to at this device. A page may ask for a seat; in a game with secrets it gets
        that seat only when the person at the device may see it: the only human, or a human whose turn it is (one
        device passed around), or anyone once the game is over. Otherwise it gets the seat whose turn it is, or a
        spectator. A remote seat is never a human here: its table goes to its own device (``guest_json``)."""
        state = self.state
        humans = self.humans
        replaying = self.replay_over is not None
        over = state.is_over or bool(self.replay_over)
        if len(humans) == 1:
            default: int | None = humans[0]
        elif replaying:
            default = None
        else:
            default = next((seat for seat in state.to_move if seat in humans), None)
        if not (isinstance(asked, int) and not isinstance(asked, bool) and 0 <= asked < state.players):
            return default
        game = state.game
        if over or not (game.hidden_information or game.simultaneous) or asked == default:
            return asked
        if not replaying and asked in humans and asked in state.to_move:
            return asked
        return default

    def undo_point(self) -> int | None:
        """The index in history of the action that undo takes back (with everything after it); None while a seat is
        remote (a move sent from another device is never taken back)."""
        if self.remote:
            return None
        humans = set(self.humans)
        history = self.state.history
        for index in range(len(history) - 1, self.state.undo_floor - 1, -1):
            if history[index][0] in humans:
                return index
        return None

    def undo_refusal(self) -> dict[str, Any] | None:
        """Why Undo is not offered, when a person here has moved but undo cannot take that move back (it lies below
        the undo floor): ``{key, params}`` from the game (State.undo_refusal), for the page to say next to the
        greyed button. None when undo is offered, or when no person has moved yet."""
        if self.undo_point() is not None:
            return None
        people = set(self.people if self.remote else self.humans)
        history = self.state.history
        last = next((index for index in range(len(history) - 1, -1, -1) if history[index][0] in people), None)
        if last is None:
            return None
        if self.remote:
            return {"key": "error.undo_remote", "params": {}}
        key, params = self.state.undo_refusal(last)
        return {"key": key, "params": params}

    def daily(self) -> dict[str, Any] | None:
        """The daily challenge this table is, as its reply says it: only for one person playing alone, whose best
        result of the day the page keeps."""
        state = self.state
        game = state.game
        if game.daily_lower is None or self.seats != [{"kind": "human", "level": ""}]:
            return None
        day = game.daily_day(state)
        if day is None:
            return None
        return {"day": day, "result": game.daily_result(state), "lower": game.daily_lower}

    # -- ratings (docs/ratings.md): a solo game's result, for the person's best of that game ---------------------
    def solo(self) -> dict[str, Any] | None:
        """A finished game of one person alone, of a game that keeps a result for it (the same result as its daily
        challenge's: Score Up's points, the Ubongo puzzle's time): {result, lower}; else None."""
        state = self.state
        game = state.game
        if game.daily_lower is None or not state.is_over or self.seats != [{"kind": "human", "level": ""}]:
            return None
        result = game.daily_result(state)
        return None if result is None else {"result": result, "lower": game.daily_lower}

    def to_json(self, asked_viewer: object = None, clock_ms: int | None = None) -> dict[str, Any]:
        state = self.state
        seat = self.viewer(asked_viewer)
        seen = viewer.seen_by(state, seat, clock_ms, self.checkpoint)
        secret = viewer.seed_is_secret(state)
        resume = share.encode(state, viewer.public_moves(state))
        return {
            **_table_fields(state, seen, seat, secret),
            "seats": self.seats,
            "view": {**seen.view(seat), "targets": seen.targets(seat)},
            "fingerprint": state.fingerprint(),
            "share": None if secret else resume,
            "resume": resume,
            "deal": share.deal(state),
            "daily": self.daily(),
            "solo": self.solo(),
            "public": viewer.public_summary(state, self.checkpoint, self.seats),
            "sealed": len(seen.history) < len(state.history),
            "hints": seat is not None and state.hints_allowed(seat),
            "rematch": state.game.rematch_options(state) if state.is_over else None,
            "can_undo": self.undo_point() is not None,
            "undo_refusal": self.undo_refusal(),
        }

    def guest_seats(self, seat: int) -> list[dict[str, str]]:
        """The seats as the device of remote ``seat`` sees them: its own is the person there ("human"), every other
        person is elsewhere ("remote"), and bots are bots."""
        return [{"kind": "human", "level": ""} if other == seat else
                sitter if sitter["kind"] == "bot" else {"kind": "remote", "level": ""}
                for other, sitter in enumerate(self.seats)]

    def guest_json(self, seat: int, clock_ms: int | None) -> dict[str, Any]:
        """The table for the device of remote ``seat`` (a guest), at that device's ``clock_ms``: the one reply that
        leaves this device, holding only what that seat may know (docs/multi-device.md, "What a guest receives").
        It remembers how far the clock showed the others' secret moves (``shown``)."""
        state = self.state
        seen = viewer.seen_by(state, seat, clock_ms, self.checkpoint)
        secret = viewer.seed_is_secret_from_guests(state)
        reply: dict[str, Any] = {
            **_table_fields(state, seen, seat, secret),
            "seats": self.guest_seats(seat),
            "view": {**viewer.guest_view(state, seen.view(seat)), "targets": seen.targets(seat)},
            "share": None if secret else share.encode(state, viewer.public_moves(state)),
            "sealed": len(seen.history) < len(state.history),
            "hints": False,
            "rematch": None,
            "can_undo": False,
        }
        reply["fingerprint"] = viewer.digest(reply)
        self.given.setdefault(seat, set()).add(reply["fingerprint"])
        self.saw(seat, clock_ms)
        return reply

    def watcher_json(self) -> dict[str, Any]:
        """The table for a watcher's device (no seat): the public game, the spectator's view (no hand, nothing a seat
        keeps to itself, nothing the seed makes that the table does not show), no targets, every person elsewhere.
        No clock: a watcher sees another seat's secret move once the rules have resolved it, so nothing it could ask
        again would show more (``sealed`` false)."""
        state = self.state
        seen = viewer.seen_by(state, None, None, self.checkpoint)
        secret = viewer.seed_is_secret_from_guests(state)
        reply: dict[str, Any] = {
            **_table_fields(state, seen, None, secret),
            "seats": [sitter if sitter["kind"] == "bot" else {"kind": "remote", "level": ""} for sitter in self.seats],
            "view": {**viewer.guest_view(state, seen.view(None)), "targets": []},
            "share": None if secret else share.encode(state, viewer.public_moves(state)),
            "sealed": False,
            "hints": False,
            "rematch": None,
            "can_undo": False,
        }
        reply["fingerprint"] = viewer.digest(reply)
        return reply

    def current(self, seat: int, seen: str, guest: bool) -> bool:
        """Whether ``seen``, the fingerprint of the table ``seat`` chose its move on (a guest's: the digest of its
        guest table), names the table on hand: this state's, or an earlier table of the running secret run that only
        other seats' secret moves have followed (they are hidden from ``seat``, and the rules order the run's
        moves by their times)."""
        if seen in (self.given.get(seat, set()) if guest else {self.state.fingerprint()}):
            return True
        for step in reversed(self.run):
            if step.mover == seat:
                return False
            if seen in (step.given.get(seat, set()) if guest else {step.fingerprint}):
                return True
        return False

    def check_seen(self, seat: int, request: dict[str, Any], guest: bool = False) -> None:
        """Refuse with table.stale a move whose ``seen`` is not the table on hand (docstring, "A stale move")."""
        seen = _field(request, "seen", str, None)
        if seen is None:
            return
        if len(seen) > MAX_FINGERPRINT:
            raise BadRequest("'seen' is not a fingerprint.", "error.bad_request", field="seen")
        if not self.current(seat, seen, guest):
            raise IllegalAction("The table has changed since that move was chosen.", "table.stale", seat=seat)

    def saw(self, seat: int, clock_ms: int | None) -> None:
        """Remember that remote ``seat`` has been shown the running secret run at ``clock_ms``."""
        latest = viewer.latest_seen_ms(self.state, seat, clock_ms)
        if latest is None:
            return
        start = viewer.public_moves(self.state)
        run, before = self.shown.get(seat, (start, latest))
        self.shown[seat] = (start, max(latest, before) if run == start else latest)

    def earliest_ms(self, seat: int) -> int | None:
        """The earliest time remote ``seat``'s own move in the running secret run may carry: the latest time of
        another seat's move of that run its table has shown (None: no bound)."""
        run, latest = self.shown.get(seat, (-1, 0))
        return latest if run == viewer.public_moves(self.state) else None


def _table_fields(state: State[Any], seen: State[Any], seat: int | None, secret: bool) -> dict[str, Any]:
    """What every table reply says of the game as ``seat`` knows it (``seen``: core/viewer.seen_by), for the host's
    screen and a guest's alike; ``secret``: the seed is kept back."""
    return {
        "ok": True,
        "game": state.game.id,
        "title": state.game.title,
        "seed": None if secret else state.seed,
        "players": state.players,
        "options": state.options,
        "viewer": seat,
        "history": [list(step) for step in seen.history],
        "to_move": state.to_move,
        "is_over": state.is_over,
        "scores": seen.scores(),
        "winners": seen.winners(),
        "log": seen.log_for(seat),
    }


_table: Table | None = None
# The last share code that ``replay`` checked in full, what it holds, and whether its game is over: stepping through
# a long game then replays only the steps it shows, instead of the whole game and then the steps.
_replayed: tuple[str, ParsedCode, bool] | None = None


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in request:
        if default is ...:
            raise BadRequest(f"The request needs {name!r}.", "error.bad_request", field=name)
        return default
    value = request[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and int in kinds and bool not in kinds):
        raise BadRequest(f"{name!r} has the wrong type.", "error.bad_request", field=name)
    return value


def _clock(request: dict[str, Any], name: str = "clock_ms") -> int | None:
    """A time of the running real-time phase, in ms (``clock_ms``, or a guest's bound): None when absent."""
    clock: int | None = _field(request, name, (int, type(None)), None)
    if clock is not None and not 0 <= clock <= MAX_CLOCK_MS:
        raise BadRequest(f"{name!r} is out of range.", "error.bad_request", field=name)
    return clock


def _seats(request: dict[str, Any], state: State[Any]) -> list[dict[str, str]]:
    raw = _field(request, "seats", list, None)
    if raw is None:
        return [{"kind": "human", "level": ""} for _ in range(state.players)]
    if len(raw) != state.players:
        raise InvalidSetup("There must be one seat for each player.", "error.seat_count")
    seats = []
    for sitter in raw:
        if not isinstance(sitter, dict) or sitter.get("kind") not in SEAT_KINDS:
            raise InvalidSetup("Each seat is a human, a bot or a person on another device.", "error.bad_seat")
        level = sitter.get("level", "") if sitter["kind"] == "bot" else ""
        if sitter["kind"] == "bot" and level not in state.game.bot_levels:
            raise InvalidSetup(f"There is no bot level {str(level)[:20]!r}.", "error.bad_bot_level",
                               level=str(level)[:20])
        seats.append({"kind": sitter["kind"], "level": level})
    return seats


def _options(request: dict[str, Any], game: Game[Any]) -> dict[str, Any]:
    """The request's options: names the game has, each with a value of one of its choices, of the same type (JSON's
    true is not the seat number 1)."""
    options: dict[str, Any] = _field(request, "options", dict, {})
    unknown = sorted(name for name in options if name not in game.options)
    if unknown:
        raise InvalidSetup(f"{game.title} has no option {unknown[0][:20]!r}.", "error.unknown_option",
                           option=unknown[0][:20])
    for name, value in options.items():
        if not any(type(value) is type(choice) and value == choice for choice in game.options[name]["choices"]):
            raise InvalidSetup(f"Option {name[:20]!r} cannot be {str(value)[:20]!r}.", "error.bad_option",
                               option=name[:20], value=str(value)[:20])
    return options


def _history(request: dict[str, Any]) -> list[tuple[int, str]]:
    """The request's ``history``: at most MAX_MOVES pairs [seat, action] (a position to start from: a rules page's
    example, a guided game's step)."""
    raw: list[Any] = _field(request, "history", list, [])
    if len(raw) > share.MAX_MOVES:
        raise BadRequest("'history' is too long.", "error.bad_request", field="history")
    pairs = []
    for entry in raw:
        if (not isinstance(entry, list) or len(entry) != 2 or isinstance(entry[0], bool)
                or not isinstance(entry[0], int) or not isinstance(entry[1], str)):
            raise BadRequest("Each entry of 'history' is [seat, action].", "error.bad_request", field="history")
        pairs.append((entry[0], entry[1]))
    return pairs


def _intent(request: dict[str, Any]) -> dict[str, Any]:
    """The request's ``intent``: a small JSON object (at most MAX_INTENT_ITEMS values in all, nested at most
    MAX_INTENT_DEPTH deep, texts of at most MAX_INTENT_TEXT characters, finite numbers), so a game's compose()
    reads only well-formed data of a bounded size. Whether its fields mean something is the game's to say."""
    intent: dict[str, Any] = _field(request, "intent", dict)
    budget = [MAX_INTENT_ITEMS]

    def check(value: Any, depth: int) -> None:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_INTENT_DEPTH:
            raise BadRequest("'intent' is too large.", "error.bad_request", field="intent")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str) or len(key) > MAX_INTENT_TEXT:
                    raise BadRequest("'intent' has a bad field.", "error.bad_request", field="intent")
                check(item, depth + 1)
        elif isinstance(value, list):
            for item in value:
                check(item, depth + 1)
        elif isinstance(value, str):
            if len(value) > MAX_INTENT_TEXT:
                raise BadRequest("'intent' has too long a text.", "error.bad_request", field="intent")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise BadRequest("'intent' has a number that is not finite.", "error.bad_request", field="intent")
        elif not (value is None or isinstance(value, (bool, int))):
            raise BadRequest("'intent' has a value of the wrong type.", "error.bad_request", field="intent")

    check(intent, 0)
    return intent


def _require_table() -> Table:
    if _table is None:
        raise BadRequest("No game is open.", "error.no_game")
    return _table


def _budget(request: dict[str, Any]) -> int:
    budget: int = _field(request, "budget_ms", int, DEFAULT_BOT_BUDGET_MS)
    return max(1, min(budget, MAX_BOT_BUDGET_MS))


def _parsed_code(code: str) -> tuple[ParsedCode, bool]:
    """What a share code holds, once share.decode has accepted its whole history (so every prefix replays), and
    whether its game is over."""
    global _replayed
    if _replayed is None or _replayed[0] != code:
        final = share.decode(code)
        _replayed = (code, share.parse_code(code), final.is_over)
    return _replayed[1], _replayed[2]


def _replay(request: dict[str, Any], shown: str = "viewer", finished: bool = False) -> tuple[Table, dict[str, Any]]:
    """The table at ``step`` of the game a share code describes, shown to the seat named by the request's ``shown``
    field; with ``finished``, only of a finished game (review.unfinished otherwise)."""
    code = _field(request, "code", str)
    parsed, over = _parsed_code(code)
    if finished and not over:
        raise IllegalAction("Only a finished game can be reviewed.", "review.unfinished")
    steps = len(parsed.history)
    step: int = _field(request, "step", int, steps)
    step = max(0, min(step, steps))
    state = parsed.game.replay(parsed.seed, parsed.players, parsed.options, parsed.history[:step], parsed.edition)
    table = Table(state, _seats(request, state), replay_over=over)
    reply = table.to_json(request.get(shown), _clock(request) if shown == "viewer" else None)
    reply["replay"] = {"step": step, "steps": steps, "code": code.strip(),
                       "history": [list(entry) for entry in parsed.history]}
    return table, reply


def _check(request: dict[str, Any]) -> dict[str, Any]:
    state = share.decode(_field(request, "code", str))
    return {"ok": True, "game": state.game.id, "title": state.game.title,
            "seed": None if viewer.seed_is_secret(state) else state.seed,
            "players": state.players, "options": state.options, "moves": len(state.history),
            "to_move": state.to_move, "is_over": state.is_over, "scores": state.scores(),
            "winners": state.winners(), "deal": share.deal(state)}


def _played(table: Table, seat: int, action: str) -> Table:
    """A new table where ``seat`` has played ``action``; the old one is untouched (it becomes the checkpoint
    when the move opens a run of secret moves)."""
    before = table.state
    after = before.copy()
    after.apply(seat, action)
    checkpoint = table.checkpoint
    if viewer.public_moves(before) == len(before.history):
        checkpoint = Checkpoint(len(before.history), before)
    # a secret move of a running run keeps the run's earlier tables current for the other seats (Table.current)
    secret = viewer.public_moves(after) < len(after.history)
    run = (*table.run, RunStep(before.fingerprint(), table.given, seat)) if secret else ()
    return Table(after, table.seats, checkpoint, shown=table.shown, run=run)


class _Review:
    """A review on its way: the game it reviews, the position reached, the moves judged so far."""

    def __init__(self, key: tuple[str, tuple[int, ...], int], final: State[Any]) -> None:
        self.key = key
        self.final = final
        self.position = final.game.new(final.seed, final.players, edition=final.edition, **final.options)
        self.moves: list[dict[str, Any]] = []
        self.start: list[float] | None = None  # the chart's first point, once worked out
        # the judgement of move ``len(moves)`` that a piece's deadline stopped at a pause point, to go on with
        self.work: review.Work[dict[str, Any]] | None = None
        # the work the reviewer declares on the game's start (review.start_work: Score Up's summary search), done
        # from the second piece on, before the moves that follow; None once done or when there is none
        self.preparing: review.Work[None] | None = None
        self.prepared = False


def _step[T](work: review.Work[T], deadline: float) -> tuple[bool, T | None]:
    """Work stepped until it is done or ``deadline`` (perf_counter) is past, one step at least: (done, its result)."""
    try:
        while True:
            next(work)
            if time.perf_counter() >= deadline:
                return False, None
    except StopIteration as stop:
        return True, stop.value


_reviewing: _Review | None = None


def _review(request: dict[str, Any]) -> dict[str, Any]:
    """A piece of a finished game's review (the ``review`` op)."""
    global _reviewing
    code = _field(request, "code", str)
    final = share.decode(code)
    game = final.game
    reviewer = game.reviewer
    if reviewer is None:
        raise IllegalAction(f"{game.title} has no review.", "review.none")
    if not final.is_over:
        # a game still in play is never reviewed: its review would tell a seat what it may not know yet
        raise IllegalAction("Only a finished game can be reviewed.", "review.unfinished")
    people = tuple(seat for seat, sitter in enumerate(_seats(request, final)) if sitter["kind"] in PEOPLE)
    effort = _field(request, "effort", int, 1)
    if not 1 <= effort <= MAX_REVIEW_EFFORT:
        raise BadRequest(f"The effort is 1 to {MAX_REVIEW_EFFORT}.", "error.bad_request", field="effort")
    start = _field(request, "from", int, 0)
    key = (code, people, effort)
    judged_start = None
    fresh: list[dict[str, Any]] = []
    # ``from`` 0 starts the review again, unless this very review has no move judged yet: its first pieces may stop
    # inside the first move (a piece stops at its deadline), and the page asks again from 0
    going_on = _reviewing is not None and _reviewing.key == key and (start > 0 or not _reviewing.moves)
    if not going_on:
        _reviewing = _Review(key, final)
        if effort == 1 and start == 0:  # the moves judged during play, as this review judges them (core/judging.py)
            fresh, judged_start = judging.judged_for(final, list(people))
            _reviewing.moves = list(fresh)
            for seat, action in final.history[:len(fresh)]:
                _reviewing.position.apply(seat, action)
    reviewing = _reviewing
    assert reviewing is not None
    if start + len(fresh) != len(reviewing.moves):
        raise BadRequest("A review goes on from where it stopped.", "review.restart", field="from")
    history = final.history
    # another worker's records follow what this review has (the moves judged during play come first, at the start)
    given = _judged(request, final, people, len(reviewing.moves))
    until = min(len(history), max(len(reviewing.moves) + len(given), _field(request, "to", int, len(history))))
    if given:
        reviewing.work = None  # another worker judged the move in hand (the page never asks so: to be sure)
    for move in given:  # judged by another worker: kept as this review's own
        seat, action = history[len(reviewing.moves)]
        reviewing.position.apply(seat, action)
        reviewing.moves.append(move)
    reply: dict[str, Any] = {"ok": True, "game": game.id}
    if start == 0 and judged_start is not None:
        reviewing.start = judged_start
    elif start == 0 and reviewing.start is None:
        first = game.new(final.seed, final.players, edition=final.edition, **final.options)
        reviewing.start = [round(value, 4) for value in reviewer.values(first, review.move_rng(first, -1), effort)]
    if start == 0:
        reply["start"] = reviewing.start
    deadline = time.perf_counter() + REVIEW_SLICE_MS / 1000
    computed: list[dict[str, Any]] = []
    stepped = False  # a piece works one step at least, so a review always gets on
    if start > 0 and not reviewing.prepared:
        # The start's own work, from the second piece on (the first piece's pace tells the page whether a second
        # worker is worth it): done early, the engine works on it while the second worker boots and judges the last
        # moves, instead of alone at the end.
        _prepare(reviewing, final, deadline)
        stepped = True
    while (reviewing.prepared or start == 0) and len(reviewing.moves) < until:
        if stepped and time.perf_counter() >= deadline:
            break  # a piece stops at its deadline, at a pause point of the move in hand
        ply = len(reviewing.moves)
        seat, action = history[ply]
        if reviewing.work is None:
            # a judgement that the pieces of judging during play left half done goes on where it stopped
            work = judging.work_in_progress(final, list(people), ply) if effort == 1 else None
            if work is None:
                work = review.judged_move_work(reviewer, reviewing.position, ply, seat, action, effort,
                                               person=seat in people)
            reviewing.work = work
        finished, record = _step(reviewing.work, deadline)
        stepped = True
        if not finished:
            break
        assert record is not None
        reviewing.work = None
        reviewing.position.apply(seat, action)
        reviewing.moves.append(record)
        computed.append(record)
    done = len(reviewing.moves) == len(history) and (reviewing.prepared or start == 0)
    scale = review.scale_of(reviewer, final)
    reply.update({"scale": scale.unit, "moves": fresh + given + computed, "next": len(reviewing.moves),
                  "total": len(history), "done": done, "people": list(people)})
    if done:
        reply["accuracy"] = review.accuracy(scale, reviewing.moves, final.players)
        _prepare(reviewing, final, None)  # the summary's search, if a review of one piece has not done it yet
        reply["summary"] = reviewer.summary(final, list(people))
        _reviewing = None
    return reply


def _prepare(reviewing: _Review, final: State[Any], deadline: float | None) -> None:
    """Go on with the start's own work of the review (all of it when ``deadline`` is None): the work that judging
    during play left stopped (judging.start_work_in_progress), or the reviewer's ``start_work`` begun here."""
    if reviewing.prepared:
        return
    if reviewing.preparing is None:
        reviewer = final.game.reviewer
        assert reviewer is not None
        first = final.game.new(final.seed, final.players, edition=final.edition, **final.options)
        reviewing.preparing = judging.start_work_in_progress(final) or review.start_work(reviewer, first)
    if reviewing.preparing is not None:
        if deadline is None:
            review.finish(reviewing.preparing)
        elif not _step(reviewing.preparing, deadline)[0]:
            return
    reviewing.preparing = None
    reviewing.prepared = True


def _judged(request: dict[str, Any], final: State[Any], people: tuple[int, ...], start: int) -> list[dict[str, Any]]:
    """The records of moves ``start``, ``start + 1``, ... that another worker judged (the review's ``judged``),
    checked against the game: each the move of the game at its place, with a verdict only for a person's."""
    given = request.get("judged", [])
    if not isinstance(given, list) or start + len(given) > len(final.history):
        raise BadRequest("judged: the records of the moves that follow.", "error.bad_request", field="judged")
    for offset, move in enumerate(given):
        seat, action = final.history[start + offset]
        verdict = move.get("verdict") if isinstance(move, dict) else "?"
        loss = move.get("loss") if isinstance(move, dict) else None
        if (not isinstance(move, dict) or move.get("ply") != start + offset or move.get("seat") != seat
                or move.get("action") != action or (verdict is not None and verdict not in review.VERDICTS)
                or (verdict is not None) != (seat in people)
                or (verdict is not None and (isinstance(loss, bool) or not isinstance(loss, int | float)))):
            raise BadRequest("judged: the records of the moves that follow.", "error.bad_request", field="judged")
    return given


def _judge(request: dict[str, Any]) -> dict[str, Any]:
    """One move judged instead of a finished game's move ``ply``, or the moves ``from`` to ``to`` as the review
    judges them (the ``judge`` op)."""
    final = share.decode(_field(request, "code", str))
    game = final.game
    if game.reviewer is None:
        raise IllegalAction(f"{game.title} has no review.", "review.none")
    if not final.is_over:
        raise IllegalAction("Only a finished game can be reviewed.", "review.unfinished")
    effort = _field(request, "effort", int, 1)
    if not 1 <= effort <= MAX_REVIEW_EFFORT:
        raise BadRequest(f"The effort is 1 to {MAX_REVIEW_EFFORT}.", "error.bad_request", field="effort")
    scale = review.scale_of(game.reviewer, final).unit
    if "from" in request:
        return {"ok": True, "game": game.id, "scale": scale, "moves": _judge_range(request, final, effort),
                "total": len(final.history)}
    ply = _field(request, "ply", int)
    if not 0 <= ply < len(final.history):
        raise BadRequest("There is no such move in this game.", "error.bad_request", field="ply")
    action = _field(request, "action", str)
    check_action_text(action)
    before = game.replay(final.seed, final.players, final.options, final.history[:ply], final.edition)
    seat = final.history[ply][0]
    if action not in before.legal_actions(seat):
        before.copy().apply(seat, action)  # refused in the rules' own words (IllegalAction)
    move = review.judged_move(game.reviewer, before, ply, seat, action, effort)
    return {"ok": True, "game": game.id, "scale": scale, "move": move}


def _judge_range(request: dict[str, Any], final: State[Any], effort: int) -> list[dict[str, Any]]:
    """The records of the moves ``from`` to ``to`` of a finished game, as its review judges them."""
    history = final.history
    start = _field(request, "from", int)
    end = _field(request, "to", int)
    if not 0 <= start <= end <= len(history):
        raise BadRequest("There are no such moves in this game.", "error.bad_request", field="from")
    people = {seat for seat, sitter in enumerate(_seats(request, final)) if sitter["kind"] in PEOPLE}
    reviewer = final.game.reviewer
    assert reviewer is not None
    position = final.game.replay(final.seed, final.players, final.options, history[:start], final.edition)
    moves = []
    for ply in range(start, end):
        seat, action = history[ply]
        moves.append(review.judged_move(reviewer, position, ply, seat, action, effort, person=seat in people))
        position.apply(seat, action)
    return moves


def _move(state: State[Any], request: dict[str, Any]) -> dict[str, Any]:
    """An action as data for the page to draw (the ``move`` op): the game's ``State.move_data``, which reads only the
    text, so it tells a viewer nothing it may not know."""
    action = _field(request, "action", str)
    check_action_text(action)
    return {"ok": True, "move": state.move_data(action)}


def _viewer_seat(table: Table, request: dict[str, Any]) -> int:
    """The ``seat`` of a request that shows that seat's options (legal, hint): one the device may see."""
    seat = table.state.check_seat(_field(request, "seat", int))
    if table.viewer(seat) != seat:
        raise IllegalAction("That seat's pieces are not yours to see.", "error.not_your_seat", seat=seat)
    return seat


def _guest_seat(table: Table, request: dict[str, Any]) -> int:
    """The remote seat a guest's request is for (its ``viewer``), once the request is one a guest may send."""
    _only(request, GUEST_FIELDS)
    seat = table.state.check_seat(request.get("viewer"))
    if table.seats[seat]["kind"] != "remote":
        raise IllegalAction("That seat is not played on your device.", "error.not_your_seat", seat=seat)
    if request["op"] != "view" and table.state.check_seat(_field(request, "seat", int)) != seat:
        raise IllegalAction("That seat is not yours to play.", "error.not_your_seat", seat=request["seat"])
    return seat


def _only(request: dict[str, Any], fields: frozenset[str]) -> None:
    """Refuse a guest's or a watcher's request with a field it does not send."""
    unknown = sorted(str(name)[:20] for name in request if name not in fields)
    if unknown:
        raise BadRequest(f"A guest's request has no field {unknown[0]!r}.", "error.bad_request", field=unknown[0])


def _position(request: dict[str, Any]) -> dict[str, Any]:
    """A finished game's position for a guest's or a watcher's review board (the ``position`` op): the ``replay`` of
    the share code it sends, at ``step``, as seat ``view_as`` saw it, and the open table untouched. Its every byte is
    made of that code (the seed and the whole history), which the device already holds: a game still in play is
    refused (review.unfinished), as its review would be."""
    _only(request, POSITION_FIELDS)
    return _replay(request, shown="view_as", finished=True)[1]


def _watcher_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The reply to a watcher's request (``watch: true``): the table as no seat knows it, or a move as data; a move
    or a seat's legal actions are refused (error.watcher)."""
    op = request.get("op")
    if op == "position":
        return _position(request)
    if op in ("legal", "apply"):
        raise IllegalAction("A watcher does not play.", "error.watcher")
    if op not in WATCHER_OPS:
        raise BadRequest(f"A watcher may not ask {str(op)[:20]!r}.", "error.guest_op", op=str(op)[:20])
    _only(request, WATCHER_FIELDS)
    table = _require_table()
    _clock(request)
    _clock(request, "clock_limit_ms")
    return _move(table.state, request) if op == "move" else table.watcher_json()


def _guest_answer(request: dict[str, Any]) -> tuple[Table | None, dict[str, Any]]:
    """The reply to a guest's request (``guest: true``), for exactly its seat, and the table to keep afterwards."""
    if _field(request, "watch", bool, False):
        return None, _watcher_answer(request)
    op = request.get("op")
    if op == "position":
        return None, _position(request)
    if op not in GUEST_OPS:
        raise BadRequest(f"A guest may not ask {str(op)[:20]!r}.", "error.guest_op", op=str(op)[:20])
    table = _require_table()
    seat = _guest_seat(table, request)
    state = table.state
    clock = _clock(request)
    limit = _clock(request, "clock_limit_ms")
    if clock is not None and limit is not None:
        clock = min(clock, limit)
    bound = _clock(request, "earliest_ms")
    if op == "view":
        return None, table.guest_json(seat, clock)
    if op == "move":
        return None, _move(state, request)
    if op == "legal":
        seen = viewer.seen_by(state, seat, clock, table.checkpoint)
        table.saw(seat, clock)
        return None, {"ok": True, "seat": seat,
                      "actions": seen.legal_actions(seat) if seat in state.to_move else []}
    if table.replay_over is not None:
        raise IllegalAction("A replay is watched, not played.", "error.replay_not_played")
    table.check_seen(seat, request, guest=True)
    if "intent" in request:
        intent = _intent(request)
        ms = intent.get("ms")
        if bound is not None and isinstance(ms, int) and not isinstance(ms, bool) and ms < bound:
            intent = {**intent, "ms": bound}  # a late message: no more head start than the room allows
        action = state.compose(seat, intent)
    else:
        action = _field(request, "action", str)
    played = _played(table, seat, action)
    earliest = max((ms for ms in (table.earliest_ms(seat), bound) if ms is not None), default=None)
    at = state.reveal_ms(seat, action)
    if earliest is not None and at is not None and at < earliest:
        raise IllegalAction("That move is timed before a moment your screen had already shown.",
                            "error.guest_clock", ms=at, earliest=earliest)
    return played, played.guest_json(seat, clock)


def _answer(request: dict[str, Any]) -> tuple[Table | None, dict[str, Any]]:
    """The reply to one request, and the table to keep afterwards (None: no change)."""
    if _field(request, "guest", bool, False):
        return _guest_answer(request)
    op = request.get("op")
    if op == "hello":
        build = request.get("build")
        if isinstance(build, str):  # the page's worker: the rules' build, which saved verdicts must match
            judging.set_build(build)
        if request.get("box") is False:
            return None, {"ok": True}
        return None, {"ok": True, "ids": registry.ids(), "ready": registry.ready_ids(), **registry.manifest()}
    if op == "daily":
        game = registry.get(_field(request, "game", str))
        day = _field(request, "day", str)
        challenge = game.daily(day) if DAY.fullmatch(day) else None
        if challenge is None:
            raise InvalidSetup(f"{game.title} has no daily challenge for {day[:12]!r}.", "daily.unknown")
        state = game.new(challenge["seed"], challenge["players"], **challenge["options"])
        table = Table(state, _seats(request, state))
        return table, table.to_json(request.get("viewer"), _clock(request))
    if op == "new":
        game = registry.get(_field(request, "game", str))
        seed = _field(request, "seed", str, "")
        options = _options(request, game)
        players = _field(request, "players", int)
        if not seed:
            # A guest sees the cards on the table, and a short seed could be found from them by trying them all
            # (five letters: minutes of one core); then the coming cards, throws and bots' moves would be known.
            # A table with a remote seat gets a seed nobody can search (docs/multi-device.md).
            seats = request.get("seats")
            remote = isinstance(seats, list) and any(isinstance(sitter, dict) and sitter.get("kind") == "remote"
                                                     for sitter in seats)
            seed = fresh_seed(UNGUESSABLE_SEED_LENGTH if remote else 5)  # (the seats are checked below)
        state = game.new(seed, players, **options)
        for seat, action in _history(request):
            state.apply(seat, action)
        table = Table(state, _seats(request, state))
        return table, table.to_json(request.get("viewer"), _clock(request))
    if op == "open":
        state = share.decode(_field(request, "code", str))
        table = Table(state, _seats(request, state))
        judging.restore(state, request.get("judged"))  # what a saved game kept of its judged moves
        return table, table.to_json(request.get("viewer"), _clock(request))
    if op == "replay":
        return _replay(request)
    if op == "check":
        return None, _check(request)
    if op == "review":
        return None, _review(request)
    if op == "judge":
        return None, _judge(request)
    if op == "judging":
        # sent by the page while the engine is idle: a piece of the moves of the game in play judged, kept here
        # until the game is over (core/judging.py); the reply says only whether more is left
        if _table is None:
            return None, {"ok": True, "more": False}
        return None, judging.piece(_table.state, _table.people, _table.replay_over is not None)
    if op == "prepare":
        # sent by the page while a person thinks: work done ahead, never a change (State.prepare); with no table
        # open (closed meanwhile) there is nothing to prepare, which is no error
        return None, {"ok": True, "more": _table is not None and _table.state.prepare()}
    table = _require_table()
    state = table.state
    clock = _clock(request)
    if op == "view":
        return None, table.to_json(request.get("viewer"), clock)
    if op == "legal":
        seat = _viewer_seat(table, request)
        seen = viewer.seen_by(state, seat, clock, table.checkpoint)
        return None, {"ok": True, "seat": seat,
                      "actions": seen.legal_actions(seat) if seat in state.to_move else []}
    if op == "apply":
        seat = state.check_seat(_field(request, "seat", int))
        if table.seats[seat]["kind"] == "remote":
            raise IllegalAction("That seat is played on another device.", "error.remote_seat", seat=seat)
        if table.seats[seat]["kind"] != "human":
            raise IllegalAction("That seat is played by a bot.", "error.bot_seat", seat=seat)
        if table.replay_over is not None:
            raise IllegalAction("A replay is watched, not played.", "error.replay_not_played")
        table.check_seen(seat, request)
        # an intent is what the person did, which the game composes into its action (State.compose)
        intended = "intent" in request
        action = state.compose(seat, _intent(request)) if intended else _field(request, "action", str)
        expected = _field(request, "expect", str, None)
        if expected is not None:
            check_action_text(expected)
        table = _played(table, seat, action)
        reply = table.to_json(request.get("viewer"), clock)
        if expected is not None:  # a guided game's step: was this the move it asks for?
            reply["expected"] = state.same_move(action, expected)
        return table, reply
    if op == "bot":
        movers = [seat for seat in state.to_move if table.seats[seat]["kind"] == "bot"]
        if not movers:
            raise IllegalAction("No bot is to move.", "error.no_bot_to_move")
        seat = movers[0]
        action = bots.choose(state, seat, table.seats[seat]["level"], _budget(request), state.seed)
        table = _played(table, seat, action)
        reply = table.to_json(request.get("viewer"), clock)
        moves = len(state.history)  # the bot's action is the viewer's to know once its history shows it
        shown = len(reply["history"]) > moves and reply["history"][moves] == [seat, action]
        reply["action"] = [seat, action if shown else None]
        return table, reply
    if op == "hint":
        seat = _viewer_seat(table, request)
        if seat not in state.to_move:
            raise IllegalAction("It is not your turn.", "error.not_your_turn", seat=seat)
        if not state.hints_allowed(seat):
            raise IllegalAction("Hints are not offered in this game.", "error.no_hints")
        seen = viewer.seen_by(state, seat, clock, table.checkpoint)
        level = state.game.bot_levels[-1]
        action = bots.choose(seen, seat, level, _budget(request), f"hint/{state.seed}")
        return None, {"ok": True, "seat": seat, "action": action, "move": seen.move_data(action)}
    if op == "move":
        return None, _move(state, request)
    if op == "undo":
        if table.remote:
            raise IllegalAction("Undo is off while someone plays on another device.", "error.undo_remote")
        point = table.undo_point()
        if point is None:
            raise IllegalAction("There is nothing to undo.", "error.nothing_to_undo")
        undone = state.game.replay(state.seed, state.players, state.options, state.history[:point], state.edition)
        table = Table(undone, table.seats)
        return table, table.to_json(request.get("viewer"), clock)
    if op == "seats":
        seats = _seats({"seats": _field(request, "seats", list)}, state)
        shown = {seat: seen for seat, seen in table.shown.items() if seats[seat]["kind"] == "remote"}
        table = Table(state, seats, table.checkpoint, table.replay_over, shown, table.given, table.run)
        return table, table.to_json(request.get("viewer"), clock)
    if op == "share":
        secret = viewer.seed_is_secret(state)
        code = share.encode(state, viewer.public_moves(state))
        return None, {"ok": True, "code": None if secret else code, "resume": code}
    raise BadRequest(f"Unknown request {str(op)[:20]!r}.", "error.bad_request", op=str(op)[:20])


def handle(request: object) -> dict[str, Any]:
    """Answer one request. Never raises: failures come back as ``{"ok": false, "error": ...}``, and leave the
    open game as it was."""
    global _table
    try:
        if not isinstance(request, dict):
            raise BadRequest("A request is a JSON object.", "error.bad_request")
        table, reply = _answer(request)
        if table is not None:
            _table = table
        return reply
    except GameboxError as exc:
        return {"ok": False, "error": exc.to_json()}
    except Exception as exc:  # a bug: report it as data, never as a crash of the worker
        return {"ok": False, "error": {"type": "InternalError", "key": "error.internal", "params": {},
                                       "message": f"{type(exc).__name__}: {exc}",
                                       "trace": traceback.format_exc(limit=8)}}


def handle_json(text: str) -> str:
    """The worker's entry: JSON text in, JSON text out."""
    try:
        if len(text) > MAX_REQUEST_LENGTH:
            raise BadRequest("The request is too long.", "error.request_too_long", limit=MAX_REQUEST_LENGTH)
        request = json.loads(text)
    except BadRequest as exc:
        return json.dumps({"ok": False, "error": exc.to_json()})
    except (TypeError, ValueError, RecursionError):
        return json.dumps({"ok": False, "error": BadRequest("The request is not JSON.").to_json()})
    return json.dumps(handle(request), separators=(",", ":"))


def current_table() -> Table | None:
    """The open table (None: no game is open), for tests and tools to look at what the requests did: its state with
    every secret, its seats, how far it has shown each guest the running run (``Table.shown``, ``earliest_ms``).
    Only requests (``handle``) and ``open_table`` change which table is open."""
    return _table


def open_table(table: Table) -> None:
    """Open ``table`` as it is, as ``new`` opens a game: the door for a position that no request reaches (a twin of a
    real game that differs from it only in another seat's secret or in what is still to come, as the privacy tests
    make). A position a game can reach comes from requests: ``new`` with its seed, options and ``history``."""
    global _table
    _table = table


def reset() -> None:
    """Close the table (for tests)."""
    global _table, _replayed, _reviewing
    _table = None
    _replayed = None
    _reviewing = None
    judging.reset()
