"""Share codes: a compact, URL-safe, versioned text that reopens exactly the same game.

``v<edition>.<game>.<seed>.<players>.<options>.<history>``

The version is the edition of the rules the game follows (core/game.py EDITION): v1 codes, made before a rules
change, open with the rules of edition 1, exactly as they did.

- seed: as typed when it uses only letters, digits and '-'; otherwise '~' and base64url of its UTF-8.
- options: one base-36 digit per option of the game, in the game's declared order: the index of the chosen
  value among that option's choices. Options added later go at the end, and a shorter code means defaults.
- history: one entry per action, joined by '.', each the seat digit then the action with '_' for spaces.

Decoding replays the history from the seed, so a code that was tampered with fails as a BadShareCode.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from typing import Any, Final

from gamebox.core import registry
from gamebox.core.errors import BadShareCode, GameboxError
from gamebox.core.game import EDITION, EDITIONS, Game, State
from gamebox.core.notation import check_action_text

VERSION = f"v{EDITION}"
VERSIONS: Final = {f"v{edition}": edition for edition in EDITIONS}
# A code is at most this long (a long Whoopies game is about 15,000 characters); longer text is refused before
# anything is parsed.
MAX_CODE_LENGTH: Final = 200_000
MAX_MOVES: Final = 10_000
_PLAIN_SEED = re.compile(r"[A-Za-z0-9-]+")
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class ParsedCode:
    """What a share code holds, before any move is replayed."""

    game: Game[Any]
    seed: str
    players: int
    options: dict[str, Any]
    history: list[tuple[int, str]]
    edition: int


def _encode_seed(seed: str) -> str:
    if _PLAIN_SEED.fullmatch(seed):
        return seed
    return "~" + base64.urlsafe_b64encode(seed.encode("utf-8")).decode("ascii").rstrip("=")


def deal(state: State[Any]) -> str:
    """What identifies ``state``'s deal among this device's saved games: a digest of its seed, so that it can sit
    beside the table's other fields while the seed is a secret (a hidden hand)."""
    return hashlib.sha256(state.seed.encode("utf-8")).hexdigest()[:16]


def _decode_seed(text: str) -> str:
    if not text.startswith("~"):
        if not _PLAIN_SEED.fullmatch(text):
            raise BadShareCode("The seed in this link is damaged.", "share.bad_seed")
        return text
    body = text[1:]
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadShareCode("The seed in this link is damaged.", "share.bad_seed") from exc


def encode_options(game: Game[Any], options: dict[str, Any]) -> str:
    digits = []
    for name, spec in game.options.items():
        if name not in options:  # added in a later edition: a state of an older one has none (nor its code)
            break
        digits.append(_DIGITS36[spec["choices"].index(options[name])])
    return "".join(digits)


def decode_options(game: Game[Any], text: str) -> dict[str, Any]:
    specs = list(game.options.items())
    if len(text) > len(specs):
        raise BadShareCode("This link has options this game does not know.", "share.bad_options")
    options: dict[str, Any] = {}
    for position, (name, spec) in enumerate(specs):
        if position < len(text):
            index = _DIGITS36.find(text[position])
            if not 0 <= index < len(spec["choices"]):
                raise BadShareCode("This link has an option value this game does not know.", "share.bad_options")
            options[name] = spec["choices"][index]
        else:
            options[name] = spec["default"]
    return options


def encode(state: State[Any], moves: int | None = None) -> str:
    """The code of ``state``, or of its first ``moves`` actions (the public part of a game with secret moves
    pending). Every action the engine accepted passed core/notation.py, so every state can be encoded."""
    entries = []
    for seat, action in state.history[:moves]:
        entries.append(f"{_DIGITS36[seat]}{action.replace(' ', '_')}")
    fields = [f"v{state.edition}", state.game.id, _encode_seed(state.seed), str(state.players),
              encode_options(state.game, state.options)]
    return ".".join(fields + entries)


def parse(text: str) -> tuple[Game[Any], str, int, dict[str, Any], list[tuple[int, str]]]:
    """Split a share code into its game, seed, players, options and history, without replaying it."""
    code = parse_code(text)
    return code.game, code.seed, code.players, code.options, code.history


def parse_code(text: object) -> ParsedCode:
    """Split a share code into what it holds, without replaying it. Linear in the code's length, which is
    limited (MAX_CODE_LENGTH); each move is checked as action text (core/notation.py)."""
    if not isinstance(text, str) or not text.strip():
        raise BadShareCode("This link has no game in it.", "share.empty")
    if len(text) > MAX_CODE_LENGTH:
        raise BadShareCode(f"This link is longer than any game ({MAX_CODE_LENGTH} characters).", "share.too_long",
                           limit=MAX_CODE_LENGTH)
    parts = text.strip().split(".")
    edition = VERSIONS.get(parts[0])
    if edition is None and re.fullmatch(r"v\d{1,4}", parts[0]) and len(parts) >= 5:
        raise BadShareCode("This link is from a version of Gamebox that this page does not know.",
                           "share.bad_version", version=parts[0][:8])
    if edition is None:  # not a version at all: a garbled or mistyped code, or no game's
        raise BadShareCode("This link is damaged, or it is not a Gamebox game.", "share.not_a_game")
    if len(parts) < 5:
        raise BadShareCode("This link is cut short.", "share.truncated")
    try:
        game = registry.get(parts[1])
    except GameboxError as exc:
        raise BadShareCode(f"This link is for a game this page does not have: {exc.message}",
                           "share.unknown_game", game=parts[1][:20]) from exc
    seed = _decode_seed(parts[2])
    # ASCII digits only ("²".isdigit() is true), and few of them (int() refuses over 4300 digits)
    if not (parts[3].isascii() and parts[3].isdigit()) or len(parts[3]) > 3:
        raise BadShareCode("The number of players in this link is damaged.", "share.bad_players")
    players = int(parts[3])
    options = decode_options(game, parts[4])
    if len(parts) - 5 > MAX_MOVES:
        raise BadShareCode(f"This link has more than {MAX_MOVES} moves.", "share.too_long", limit=MAX_MOVES)
    history: list[tuple[int, str]] = []
    for number, entry in enumerate(parts[5:], start=1):
        if len(entry) < 2 or _DIGITS36.find(entry[0]) < 0:
            raise BadShareCode("The moves in this link are damaged.", "share.bad_history")
        action = entry[1:].replace("_", " ")
        try:
            check_action_text(action)
        except GameboxError as exc:
            raise BadShareCode(f"Move {number} in this link cannot be played: {exc.message}", "share.illegal_move",
                               move=number, seat=_DIGITS36.index(entry[0]), action=action[:40],
                               reason=exc.message, reason_key=exc.key, reason_params=exc.params) from exc
        history.append((_DIGITS36.index(entry[0]), action))
    return ParsedCode(game, seed, players, options, history, edition)


def decode(text: str) -> State[Any]:
    """The state a share code describes. Any fault raises BadShareCode.

    A move that cannot be played is named by its number (from 1) and its notation (``share.illegal_move``),
    so a player who was sent a tampered or mistyped link is told which move is wrong and why."""
    code = parse_code(text)
    game, seed, players, options, history = code.game, code.seed, code.players, code.options, code.history
    try:
        state = game.new(seed, players, edition=code.edition, **dict(options))
    except GameboxError as exc:
        raise BadShareCode(f"This link's game cannot be replayed: {exc.message}", "share.bad_replay",
                           reason=exc.message, reason_key=exc.key, reason_params=exc.params) from exc
    for number, (seat, action) in enumerate(history, start=1):
        try:
            state.apply(seat, action)
        except GameboxError as exc:
            raise BadShareCode(f"Move {number} in this link ({action}) cannot be played: {exc.message}",
                               "share.illegal_move", move=number, seat=seat, action=action,
                               reason=exc.message, reason_key=exc.key, reason_params=exc.params) from exc
    return state
