"""Bad input at the bridge, on CPython: random and mutated share codes, seats and stored games.

The page hands the bridge whatever a link or localStorage holds: ``open`` with a code and seats (a link
``#/play?code=...&seats=...``, or a saved game's record), ``replay`` with a step (``#/replay?...``) and
``check`` (the menu checks every saved game). Each request here must come back as a table or as
``{ok: false, error: {key, message}}``: never an exception, never an InternalError (a bug), and a failure must
leave the open game exactly as it was.

The inputs are drawn from gamebox.core.rng.Rng with fixed labels, so every run throws the same cases; a failing
case is printed with its request, and can be replayed alone from the case number.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

import gamebox
from gamebox.core import bridge, registry, share
from gamebox.core.errors import GameboxError
from gamebox.core.game import Game, State
from gamebox.core.rng import Rng
from tests.catalogues import CATALOGUES

GAMES = gamebox.ready_ids()
CASES_PER_GAME = 12_500  # per game, less the links the page refuses itself: >= 10,000 requests each
TABLE_KEYS = {"ok", "game", "title", "seed", "players", "options", "seats", "viewer", "history", "to_move",
              "is_over", "scores", "winners", "log", "view", "fingerprint", "share", "can_undo", "resume", "public",
              "sealed", "hints", "rematch"}
TABLE_OPS = {"new", "open", "replay", "view", "apply", "bot", "undo"}
WORDED = set(CATALOGUES["en"])
JUNK_CHARS = ("abcxyzAZ0123456789.._~-+=:,@ %#&?/\\\"'<>{}[]\t\n\r\x00\u00e9\u00b2\u0663\u2028\ufeff"
              "\U0001f600\ud7ff\u0430")
SEAT_WORDS = ["human", "easy", "normal", "hard", "expert", "bot", "", " human", "HUMAN", "null", "undefined",
              "0", "-1", "easy ", "human,", "__proto__", "constructor", "\u00e9", "hard\x00"]


@pytest.fixture(autouse=True)
def fresh_table() -> Any:
    bridge.reset()
    yield
    bridge.reset()


# ---------------------------------------------------------------- real codes to mutate
def played_codes(game: Game, rng: Rng, count: int) -> list[str]:
    """Share codes of real games: every player count, the game's options, random legal moves."""
    codes = []
    for index in range(count):
        players = rng.between(game.min_players, game.max_players)
        offered = game.offered_choices(players)
        options = {name: rng.choice(choices) for name, choices in offered.items() if choices}
        seed = rng.choice(["A11Y", "K7Q2M", f"s{index}", "with space", "\u00e9t\u00e9", "x" * 64])
        try:
            state: State = game.new(seed, players, **options)
        except GameboxError:
            state = game.new(seed, players)
        for _ in range(rng.below(40)):
            if state.is_over:
                break
            seat = rng.choice(state.to_move)
            actions = state.legal_actions(seat)
            if not actions:
                break
            state.apply(seat, rng.choice(actions))
        codes.append(share.encode(state))
    return codes


def junk(rng: Rng, length: int) -> str:
    return "".join(rng.choice(JUNK_CHARS) for _ in range(length))


def mutate(code: str, rng: Rng, others: list[str]) -> str:
    """One to three small changes of the kinds a mistyped, cut or tampered link has."""
    for _ in range(rng.between(1, 3)):
        parts = code.split(".")
        kind = rng.below(16)
        position = rng.below(len(code) + 1)
        if kind == 0 and code:  # change a character
            code = code[:position] + rng.choice(JUNK_CHARS) + code[position + 1:]
        elif kind == 1:  # insert characters
            code = code[:position] + junk(rng, rng.between(1, 4)) + code[position:]
        elif kind == 2 and code:  # delete a run
            code = code[:position] + code[position + rng.between(1, 6):]
        elif kind == 3:  # cut short
            code = code[:position]
        elif kind == 4 and len(parts) > 1:  # drop a field
            del parts[rng.below(len(parts))]
            code = ".".join(parts)
        elif kind == 5 and len(parts) > 1:  # swap two fields
            i, j = rng.below(len(parts)), rng.below(len(parts))
            parts[i], parts[j] = parts[j], parts[i]
            code = ".".join(parts)
        elif kind == 6 and len(parts) > 5:  # repeat or swap a move
            i = rng.between(5, len(parts) - 1)
            parts.insert(rng.between(5, len(parts)), parts[i])
            code = ".".join(parts)
        elif kind == 7 and len(parts) > 3:  # another number of players
            parts[3] = rng.choice(["0", "1", "2", "3", "4", "5", "9", "-1", "02", "1e3", "\u00b2", "\u0663",
                                   "9" * rng.between(5, 5000), "", " 2", "2.0", "0x2"])
            code = ".".join(parts)
        elif kind == 8 and len(parts) > 1:  # another game id
            parts[1] = rng.choice([*registry.ids(), "chess", "", "UPTHRUST", "__init__", "core", "../x"])
            code = ".".join(parts)
        elif kind == 9 and len(parts) > 4:  # other options
            parts[4] = rng.choice(["", "0", "1", "z", "00000", "9", "-", "~", junk(rng, rng.between(1, 3))])
            code = ".".join(parts)
        elif kind == 10 and len(parts) > 2:  # another seed
            parts[2] = rng.choice(["", "~", "~~", "~AAAA", "~_-_-", "~" + "QUFB" * rng.between(1, 60), "a b",
                                   "x" * 65, "x" * 64, junk(rng, rng.between(1, 8))])
            code = ".".join(parts)
        elif kind == 11 and len(parts) > 5:  # another seat on a move
            i = rng.between(5, len(parts) - 1)
            parts[i] = rng.choice("0123456789abz~_") + parts[i][1:]
            code = ".".join(parts)
        elif kind == 12:  # another version
            parts[0] = rng.choice(["v0", "v2", "V1", "v1 ", "", "v", "v1v1"])
            code = ".".join(parts)
        elif kind == 13 and others:  # splice with another code
            other = rng.choice(others)
            code = code[:position] + other[rng.below(len(other) + 1):]
        elif kind == 14:  # what a browser might leave in a link
            code = rng.choice([code.replace(".", "%2E"), code.replace("_", "%20"), code + "&seats=human",
                               " " + code + " ", code + "\n", code.upper(), code.lower(), code + ".",
                               "." + code, code.replace("_", " "), code + "#", code * 2])
        else:  # a long tail of moves
            tail = "." + rng.choice(["0", "1", "0pass", "1a1", "0_", "z", "0" + junk(rng, 3)])
            code = code + tail * rng.between(1, 60)
    return code


# ---------------------------------------------------------------- seats, as links and the page give them
def seats_text(rng: Rng, players: int) -> str | None:
    """A seats= parameter: usually one word per player, sometimes not."""
    roll = rng.below(10)
    if roll == 0:
        return None
    if roll == 1:
        return junk(rng, rng.below(12))
    count = players if roll > 3 else max(0, players + rng.between(-2, 2))
    return ",".join(rng.choice(SEAT_WORDS) for _ in range(count))


def parse_seats(text: str | None, players: int) -> list[dict[str, str]] | None | bool:
    """web/app.js parseSeats: None for no seats, False where the page refuses the link itself."""
    if not text:
        return None
    parts = text.split(",")
    if len(parts) != players:
        return False
    return [{"kind": "human", "level": ""} if part == "human" else {"kind": "bot", "level": part} for part in parts]


def raw_seats(rng: Rng, players: int) -> Any:
    """Seats as a careless caller might send them (the embed API passes objects through)."""
    sitter: list[Any] = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"},
                         {"kind": "bot", "level": 3}, {"kind": "bot", "level": ["easy"]},
                         {"kind": "bot", "level": {"a": 1}}, {"kind": None},
                         {"kind": "human", "level": None}, {}, [], "human", 0, None, True, {"kind": ["human"]}]
    roll = rng.below(6)
    if roll == 0:
        return rng.choice(["human,easy", 2, None, True, {"kind": "human"}, [[]], 1.5])
    count = players if roll > 2 else max(0, players + rng.between(-1, 2))
    return [rng.choice(sitter) for _ in range(count)]


def players_of(code: str) -> int:
    """web/app.js: Number(code.split(".")[3]) || 0 (as far as seats go: no link has 100 seats)."""
    parts = code.split(".")
    field = parts[3].strip() if len(parts) > 3 else ""
    return int(field) if field.isascii() and field.isdigit() and len(field) <= 2 else 0


# ---------------------------------------------------------------- the checks
class Fuzz:
    def __init__(self) -> None:
        self.sent = 0
        self.tables = 0
        self.failures: dict[str, int] = {}

    def send(self, request: Any) -> dict[str, Any]:
        before = bridge.current_table()
        moves = len(before.state.history) if before else None
        fingerprint = before.state.fingerprint() if before and self.sent % 50 == 0 else None
        text = bridge.handle_json(json.dumps(request))
        reply = json.loads(text)
        self.sent += 1
        assert isinstance(reply, dict), request
        if reply.get("ok") is True:
            self.tables += 1
            if request.get("op") in TABLE_OPS:
                assert set(reply) >= TABLE_KEYS, (request, sorted(reply))
                assert reply["resume"].split(".")[1] == reply["game"], (request, reply["resume"])
                assert reply["share"] in (None, reply["public"]["share"]), (request, reply["share"])
                # every accepted state can be encoded, and its public code opens again
                assert share.decode(reply["resume"]).game.id == reply["game"]
                table = bridge.current_table()
                assert table is not None and reply["fingerprint"] == table.state.fingerprint()
            return reply
        assert reply.get("ok") is False, (request, reply)
        error = reply.get("error")
        assert isinstance(error, dict), (request, reply)
        assert isinstance(error.get("key"), str) and error["key"], (request, error)
        assert isinstance(error.get("message"), str) and error["message"], (request, error)
        assert error.get("type") != "InternalError", (request, error)
        assert error["key"] in WORDED, (request, error)  # the page can say it in the player's language
        self.failures[error["key"]] = self.failures.get(error["key"], 0) + 1
        # a failure never closes or changes the open game
        assert bridge.current_table() is before, request
        if before is not None:
            assert len(before.state.history) == moves, request
            if fingerprint is not None:
                assert before.state.fingerprint() == fingerprint, request
        return reply


def open_a_game(fuzz: Fuzz, code: str) -> None:
    reply = fuzz.send({"op": "open", "code": code})
    assert reply["ok"], reply


@pytest.mark.parametrize("game_id", GAMES)
def test_mutated_links_never_crash_the_bridge(game_id: str) -> None:
    game = registry.get(game_id)
    rng = Rng(f"fuzz/links/{game_id}")
    codes = played_codes(game, rng, 24)
    others = [code for other in GAMES if other != game_id for code in played_codes(registry.get(other), rng, 2)]
    fuzz = Fuzz()
    open_a_game(fuzz, codes[0])
    makers: list[Callable[[], str]] = [
        lambda: mutate(rng.choice(codes), rng, others),
        lambda: mutate(rng.choice(codes), rng, others),
        lambda: mutate(rng.choice(codes), rng, others),
        lambda: rng.choice(codes),
        lambda: junk(rng, rng.below(40)),
        lambda: f"v1.{game_id}." + junk(rng, rng.below(30)),
    ]
    for case in range(CASES_PER_GAME):
        code = makers[rng.below(len(makers))]()
        players = players_of(code)
        roll = rng.below(10)
        if roll < 6:  # a #/play link, as the page sends it
            seats = parse_seats(seats_text(rng, players), players)
            if seats is False:
                continue  # the page says "bad seats" itself and asks nothing
            request: dict[str, Any] = {"op": "open", "code": code}
            if seats is not None:
                request["seats"] = seats
        elif roll < 8:  # a #/replay link
            step = rng.choice([0, 1, 3, -1, 10**6, rng.below(60)])
            request = {"op": "replay", "code": code, "step": step}
            seats = parse_seats(seats_text(rng, players), players)
            if isinstance(seats, list):
                request["seats"] = seats
        elif roll < 9:  # the menu checking a saved game
            request = {"op": "check", "code": code}
        else:  # odd shapes, as an embedding page could send
            request = {"op": rng.choice(["open", "replay", "check"]),
                       "code": rng.choice([code, None, 5, [code], {"code": code}, True]),
                       "seats": raw_seats(rng, players), "viewer": rng.choice([None, 0, 1, -1, 99, "0", True])}
        try:
            fuzz.send(request)
        except AssertionError as error:
            raise AssertionError(f"case {case} of {game_id}: {error}") from None
        if bridge.current_table() is None or rng.below(40) == 0:
            open_a_game(fuzz, rng.choice(codes))
    print(f"{game_id}: {fuzz.sent} requests, {fuzz.tables} tables, failures {fuzz.failures}")
    assert fuzz.sent >= 10_000
    assert fuzz.failures, "no request failed: the mutations are too gentle"
    assert fuzz.tables > 0, "no request succeeded: the mutations are too harsh"


def test_stored_game_records_never_crash_the_bridge() -> None:
    """Records as web/saves.js stores them (gamebox/v1/saves), damaged; the page opens record.code with
    record.seats, and the menu checks record.code first."""
    rng = Rng("fuzz/records")
    real: list[dict[str, Any]] = []
    for game_id in GAMES:
        for code in played_codes(registry.get(game_id), rng, 3):
            players = int(code.split(".")[3])
            real.append({"game": game_id, "code": code, "seats": ",".join(["human"] * players),
                         "seed": "x", "players": players, "moves": code.count(".") - 4, "time": 1})
    others = [record["code"] for record in real]
    fuzz = Fuzz()
    open_a_game(fuzz, real[0]["code"])
    for case in range(1_000):
        record: Any = dict(rng.choice(real))
        field = rng.choice(["code", "seats", "players", "game", "all", "code"])
        if field == "code":
            record["code"] = mutate(record["code"], rng, others)
        elif field == "seats":
            record["seats"] = rng.choice([seats_text(rng, record["players"]) or "", 3, None, ["human"]])
        elif field == "players":
            record["players"] = rng.choice([0, -1, 99, "2", None, 2.5])
        elif field == "game":
            record["game"] = rng.choice(GAMES + ["chess", "", None])
        else:
            record = rng.choice([None, [], "v1.upthrust", 0, {"code": None}, {"code": junk(rng, 20)}])
        # web/saves.js validSave: the page only opens records of its own shape
        if not (isinstance(record, dict) and isinstance(record.get("code"), str)
                and isinstance(record.get("game"), str)
                and record["code"].split(".")[1:2] == [record["game"]] and isinstance(record.get("seats"), str)):
            continue
        players = players_of(record["code"])
        try:
            fuzz.send({"op": "check", "code": record["code"]})
            seats = parse_seats(record["seats"], players)
            if seats is not False:
                request: dict[str, Any] = {"op": "open", "code": record["code"]}
                if seats is not None:
                    request["seats"] = seats
                fuzz.send(request)
        except AssertionError as error:
            raise AssertionError(f"record case {case}: {error}") from None
        if bridge.current_table() is None:
            open_a_game(fuzz, real[0]["code"])
    print(f"records: {fuzz.sent} requests, {fuzz.tables} tables, failures {fuzz.failures}")
    assert fuzz.sent >= 500


def test_garbage_requests_never_crash_the_bridge() -> None:
    """Text that is not a request at all, and requests of the wrong shape."""
    rng = Rng("fuzz/garbage")
    fuzz = Fuzz()
    for _ in range(300):
        text = rng.choice(["", "{", "null", "[]", "1", '"open"', '{"op": null}', '{"op": "open"}',
                           '{"op": "open", "code": 1e400}', junk(rng, rng.below(30)), "{" * 5000 + "}" * 5000])
        reply = json.loads(bridge.handle_json(text))
        assert reply["ok"] is False and reply["error"]["key"] and reply["error"]["type"] != "InternalError", text
    for op in ["open", "replay", "check", "view", "legal", "apply", "bot", "hint", "undo", "share", "nope", None, 7]:
        fuzz.send({"op": op, "code": "v1.nope", "seat": "0", "action": None, "step": "1", "budget_ms": "x"})


# ---------------------------------------------------------------- every op, during play
def variants(action: str, rng: Rng) -> list[Any]:
    """An action as a careless or hostile caller sends it: case changed, padded, doubled spaces, control
    characters, leading zeros, huge, or not text at all."""
    digits = "".join(("0" + c) if c.isdigit() and rng.below(2) else c for c in action)
    return [action.upper(), action.lower(), action.swapcase(), " " + action, action + "\n", action + " ",
            action.replace(" ", "  "), action.replace(" ", "\t"), action + "\x00", "\u200b" + action, digits,
            action + "_", action + ".", action * 3, action[:-1], action + "9" * rng.between(1, 400),
            "x" * 100_000, None, 3, [action], {"action": action}, True]


def requests_for(table: dict[str, Any], rng: Rng) -> list[dict[str, Any]]:
    """Requests of every op against an open table, mostly of a wrong shape."""
    seat = table["to_move"][0] if table["to_move"] else 0
    legal = bridge.handle({"op": "legal", "seat": seat})
    actions = legal.get("actions") or ["pass"]
    action = rng.choice(actions)
    odd: list[Any] = [None, -1, 99, "0", True, 1.5, [], {}, 10**30, -(10**30), "\x00", " 1"]
    made: list[dict[str, Any]] = [{"op": "apply", "seat": seat, "action": bad} for bad in variants(action, rng)]
    for op in ("view", "legal", "apply", "bot", "hint", "undo", "share", "new", "open", "replay", "check"):
        for field in ("seat", "viewer", "clock_ms", "budget_ms", "action", "code", "step", "seats", "options",
                      "players", "game", "seed", "unknown"):
            made.append({"op": op, "seat": seat, "action": action, "budget_ms": 5, field: rng.choice(odd)})
    made += [{"op": op} for op in ("VIEW", " view", "view\n", "Apply", "", "__class__", "handle")]
    made += [{"op": "new", "game": table["game"], "players": table["players"], "seed": seed}
             for seed in ("\ud800", "a\x07b", "x" * 65, "", " ", "\u2028", 5)]
    made += [{"op": "new", "game": table["game"], "players": table["players"], "options": {name: 1}}
             for name in ("seed", "players", "self", "edition", "__init__", "")]
    made += [{"op": "view", "clock_ms": clock} for clock in (0, 1, 10**9, -5, 599, 86_400_000, 2**70)]
    made += [{"op": "bot", "budget_ms": -5}, {"op": "hint", "seat": seat, "budget_ms": -(2**70)}]
    return made


@pytest.mark.parametrize("game_id", GAMES)
def test_every_op_with_bad_fields_works_or_is_refused_in_words_and_changes_nothing(game_id: str) -> None:
    """A fuzz of every bridge op during play: wrong types, unknown fields, whitespace, case changes, control
    characters, huge values. Each request gives a table or a worded error; a failure leaves the fingerprint as
    it was; no request takes more than a second of this process's CPU time (bot and hint: their budget more)."""
    game = registry.get(game_id)
    rng = Rng(f"fuzz/ops/{game_id}")
    fuzz = Fuzz()
    slowest = 0.0
    for code in played_codes(game, rng, 6):
        seats = [{"kind": "human", "level": ""}] * int(code.split(".")[3])
        table = fuzz.send({"op": "open", "code": code, "seats": seats})
        for request in requests_for(table, rng):
            before = bridge.current_table()
            fingerprint = before.state.fingerprint() if before else None
            started = time.process_time()
            try:
                reply = fuzz.send(request)
            except AssertionError as error:
                raise AssertionError(f"{game_id}: {error}") from None
            spent = time.process_time() - started
            allowed = 1.0 + (bridge.MAX_BOT_BUDGET_MS / 1000 if request.get("op") in ("bot", "hint") else 0)
            assert spent < allowed, (request, spent)
            slowest = max(slowest, spent)
            if not reply["ok"] and before is not None:
                assert bridge.current_table() is before and before.state.fingerprint() == fingerprint, request
            if bridge.current_table() is None or bridge.current_table().state.game.id != game_id:
                fuzz.send({"op": "open", "code": code, "seats": seats})
    print(f"{game_id}: {fuzz.sent} requests, slowest {slowest:.3f} s, failures {fuzz.failures}")
    assert fuzz.failures and fuzz.tables


def test_a_bot_budget_is_kept_within_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever ``budget_ms`` a page asks a bot's move or a hint for, the bot is given at least 1 ms and at most
    MAX_BOT_BUDGET_MS (and the default when none is asked)."""
    game = registry.get("upthrust")
    given: list[int] = []

    def bot(level: str) -> Callable[[State, int, int, Rng], str]:
        def play(state: State, seat: int, budget_ms: int, rng: Rng) -> str:
            given.append(budget_ms)
            return state.legal_actions(seat)[0]
        return play

    monkeypatch.setattr(game, "bot", bot)
    asked = [10**9, 2**70, bridge.MAX_BOT_BUDGET_MS + 1, 1234, 1, 0, -5, -(2**70)]
    kept = [bridge.MAX_BOT_BUDGET_MS] * 3 + [1234, 1, 1, 1, 1]
    human, easy = {"kind": "human", "level": ""}, {"kind": "bot", "level": game.bot_levels[0]}
    assert bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": "BUDGET",
                          "seats": [human, human]})["ok"]
    for budget in asked:
        assert bridge.handle({"op": "hint", "seat": 0, "budget_ms": budget})["ok"], budget
    assert bridge.handle({"op": "hint", "seat": 0})["ok"]
    assert given == [*kept, bridge.DEFAULT_BOT_BUDGET_MS]
    given.clear()
    for budget in asked:
        assert bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": "BUDGET",
                              "seats": [easy, human]})["ok"]
        assert bridge.handle({"op": "bot", "budget_ms": budget})["ok"], budget
    assert given == kept
