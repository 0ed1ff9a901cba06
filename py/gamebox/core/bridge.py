"""The worker's only entry point: one JSON request in, one JSON reply out.

worker.mjs passes messages and nothing else, so every path the browser takes through the rules runs here and
is tested on CPython. The bridge keeps one table: the game state plus who sits where (a human, or a bot and its
level). Seats are not part of the rules, so they are not in the share code; the page keeps them in its URL.

Requests (``op`` and its fields) and what they answer:

- ``hello``                                    the box: every game id, and the ones that are ready
- ``new``   game, seed?, players, options?, seats?   a new table
- ``open``  code, seats?                       the table a share code describes
- ``view``  viewer?                            the table
- ``legal`` seat                               {"actions": [...]} for that seat
- ``apply`` seat, action                       the table after a human's action
- ``bot``   budget_ms?                         the table after the next bot seat to move has acted
- ``hint``  seat, budget_ms?                   {"action": ...}: the best move the hard bot finds
- ``undo``                                     the table after undoing back to the last human action
- ``share``                                    {"code": ...}
- ``replay`` code, step?, seats?               the table at ``step`` (0..moves; default: the end) of the game a
                                               share code describes, plus ``replay``: {step, steps, code,
                                               history}; the open table becomes that position
- ``check`` code                               what a share code holds (game, seed, players, options, moves,
                                               to_move, is_over), without touching the open table

Every table reply has ``ok: true``; every failure has ``ok: false`` and an ``error`` with a message key.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from gamebox.core import bots, registry, share
from gamebox.core.errors import BadRequest, GameboxError, IllegalAction, InvalidSetup
from gamebox.core.game import Game, State
from gamebox.core.rng import fresh_seed

DEFAULT_BOT_BUDGET_MS = 800
MAX_BOT_BUDGET_MS = 20_000


class Table:
    """The game being played in this worker, and its seats."""

    def __init__(self, state: State, seats: list[dict[str, str]]) -> None:
        self.state = state
        self.seats = seats

    @property
    def humans(self) -> list[int]:
        return [seat for seat, sitter in enumerate(self.seats) if sitter["kind"] == "human"]

    def viewer(self, asked: object) -> int | None:
        if isinstance(asked, int) and not isinstance(asked, bool) and 0 <= asked < self.state.players:
            return asked
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        for seat in self.state.to_move:
            if seat in humans:
                return seat
        return None

    def undo_point(self) -> int | None:
        """The index in history of the action that undo takes back (with everything after it)."""
        humans = set(self.humans)
        history = self.state.history
        for index in range(len(history) - 1, self.state.undo_floor - 1, -1):
            if history[index][0] in humans:
                return index
        return None

    def to_json(self, asked_viewer: object = None) -> dict[str, Any]:
        state = self.state
        viewer = self.viewer(asked_viewer)
        return {
            "ok": True,
            "game": state.game.id,
            "title": state.game.title,
            "seed": state.seed,
            "players": state.players,
            "options": state.options,
            "seats": self.seats,
            "viewer": viewer,
            "history": [list(step) for step in state.history],
            "to_move": state.to_move,
            "is_over": state.is_over,
            "scores": state.scores(),
            "winners": state.winners(),
            "log": state.log_for(viewer),
            "view": state.view(viewer),
            "fingerprint": state.fingerprint(),
            "share": share.encode(state),
            "can_undo": self.undo_point() is not None,
        }


_table: Table | None = None
# The last share code that ``replay`` checked in full, and what it holds: stepping through a long game then
# replays only the steps it shows, instead of the whole game and then the steps.
Parsed = tuple[Game, str, int, dict[str, Any], list[tuple[int, str]]]
_replayed: tuple[str, Parsed] | None = None


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in request:
        if default is ...:
            raise BadRequest(f"The request needs {name!r}.", "error.bad_request", field=name)
        return default
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadRequest(f"{name!r} has the wrong type.", "error.bad_request", field=name)
    return value


def _seats(request: dict[str, Any], state: State) -> list[dict[str, str]]:
    raw = _field(request, "seats", list, None)
    if raw is None:
        return [{"kind": "human", "level": ""} for _ in range(state.players)]
    if len(raw) != state.players:
        raise InvalidSetup("There must be one seat for each player.", "error.seat_count")
    seats = []
    for sitter in raw:
        if not isinstance(sitter, dict) or sitter.get("kind") not in ("human", "bot"):
            raise InvalidSetup("Each seat is a human or a bot.", "error.bad_seat")
        level = sitter.get("level", "") if sitter["kind"] == "bot" else ""
        if sitter["kind"] == "bot" and level not in state.game.bot_levels:
            raise InvalidSetup(f"There is no bot level {level!r}.", "error.bad_bot_level", level=str(level))
        seats.append({"kind": sitter["kind"], "level": level})
    return seats


def _require_table() -> Table:
    if _table is None:
        raise BadRequest("No game is open.", "error.no_game")
    return _table


def _budget(request: dict[str, Any]) -> int:
    budget: int = _field(request, "budget_ms", int, DEFAULT_BOT_BUDGET_MS)
    return max(1, min(budget, MAX_BOT_BUDGET_MS))


def _parsed_code(code: str) -> Parsed:
    """share.parse of a code whose whole history share.decode has accepted (so every prefix replays)."""
    global _replayed
    if _replayed is None or _replayed[0] != code:
        share.decode(code)
        _replayed = (code, share.parse(code))
    return _replayed[1]


def _replay(request: dict[str, Any]) -> dict[str, Any]:
    global _table
    code = _field(request, "code", str)
    game, seed, players, options, history = _parsed_code(code)
    steps = len(history)
    step: int = _field(request, "step", int, steps)
    step = max(0, min(step, steps))
    state = game.replay(seed, players, options, history[:step])
    table = Table(state, _seats(request, state))
    _table = table
    reply = table.to_json(request.get("viewer"))
    reply["replay"] = {"step": step, "steps": steps, "code": code.strip(),
                       "history": [list(entry) for entry in history]}
    return reply


def _check(request: dict[str, Any]) -> dict[str, Any]:
    state = share.decode(_field(request, "code", str))
    return {"ok": True, "game": state.game.id, "title": state.game.title, "seed": state.seed,
            "players": state.players, "options": state.options, "moves": len(state.history),
            "to_move": state.to_move, "is_over": state.is_over, "scores": state.scores(),
            "winners": state.winners()}


def handle(request: object) -> dict[str, Any]:
    """Answer one request. Never raises: failures come back as ``{"ok": false, "error": ...}``."""
    global _table
    try:
        if not isinstance(request, dict):
            raise BadRequest("A request is a JSON object.", "error.bad_request")
        op = request.get("op")
        if op == "hello":
            return {"ok": True, "ids": registry.ids(), "ready": registry.ready_ids(),
                    "games": [registry.get(game_id).describe() for game_id in registry.ready_ids()]}
        if op == "new":
            game = registry.get(_field(request, "game", str))
            seed = _field(request, "seed", str, "") or fresh_seed()
            options = _field(request, "options", dict, {})
            state = game.new(seed, _field(request, "players", int), **options)
            _table = Table(state, _seats(request, state))
            return _table.to_json(request.get("viewer"))
        if op == "open":
            state = share.decode(_field(request, "code", str))
            _table = Table(state, _seats(request, state))
            return _table.to_json(request.get("viewer"))
        if op == "replay":
            return _replay(request)
        if op == "check":
            return _check(request)
        table = _require_table()
        state = table.state
        if op == "view":
            return table.to_json(request.get("viewer"))
        if op == "legal":
            seat = state.check_seat(_field(request, "seat", int))
            return {"ok": True, "seat": seat, "actions": state.legal_actions(seat) if seat in state.to_move else []}
        if op == "apply":
            seat = state.check_seat(_field(request, "seat", int))
            if table.seats[seat]["kind"] != "human":
                raise IllegalAction("That seat is played by a bot.", "error.bot_seat", seat=seat)
            state.apply(seat, _field(request, "action", str))
            return table.to_json(request.get("viewer"))
        if op == "bot":
            movers = [seat for seat in state.to_move if table.seats[seat]["kind"] == "bot"]
            if not movers:
                raise IllegalAction("No bot is to move.", "error.no_bot_to_move")
            seat = movers[0]
            action = bots.choose(state, seat, table.seats[seat]["level"], _budget(request), state.seed)
            state.apply(seat, action)
            reply = table.to_json(request.get("viewer"))
            reply["action"] = [seat, action]
            return reply
        if op == "hint":
            seat = state.check_seat(_field(request, "seat", int))
            level = state.game.bot_levels[-1]
            return {"ok": True, "seat": seat,
                    "action": bots.choose(state, seat, level, _budget(request), f"hint/{state.seed}")}
        if op == "undo":
            point = table.undo_point()
            if point is None:
                raise IllegalAction("There is nothing to undo.", "error.nothing_to_undo")
            table.state = state.game.replay(state.seed, state.players, state.options, state.history[:point])
            return table.to_json(request.get("viewer"))
        if op == "share":
            return {"ok": True, "code": share.encode(state)}
        raise BadRequest(f"Unknown request {op!r}.", "error.bad_request", op=str(op))
    except GameboxError as exc:
        return {"ok": False, "error": exc.to_json()}
    except Exception as exc:  # a bug: report it as data, never as a crash of the worker
        return {"ok": False, "error": {"type": "InternalError", "key": "error.internal", "params": {},
                                       "message": f"{type(exc).__name__}: {exc}",
                                       "trace": traceback.format_exc(limit=8)}}


def handle_json(text: str) -> str:
    """The worker's entry: JSON text in, JSON text out."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError):
        return json.dumps({"ok": False, "error": BadRequest("The request is not JSON.").to_json()})
    return json.dumps(handle(request), separators=(",", ":"))


def reset() -> None:
    """Close the table (for tests)."""
    global _table, _replayed
    _table = None
    _replayed = None
