"""Share codes: a compact, URL-safe, versioned text that reopens exactly the same game.

``v1.<game>.<seed>.<players>.<options>.<history>``

- seed: as typed when it uses only letters, digits and '-'; otherwise '~' and base64url of its UTF-8.
- options: one base-36 digit per option of the game, in the game's declared order: the index of the chosen
  value among that option's choices. Options added later go at the end, and a shorter code means defaults.
- history: one entry per action, joined by '.', each the seat digit then the action with '_' for spaces.

Decoding replays the history from the seed, so a code that was tampered with fails as a BadShareCode.
"""

from __future__ import annotations

import base64
import re
from typing import Any

from gamebox.core import registry
from gamebox.core.errors import BadShareCode, GameboxError
from gamebox.core.game import Game, State

VERSION = "v1"
_PLAIN_SEED = re.compile(r"[A-Za-z0-9-]+")
_ACTION = re.compile(r"[A-Za-z0-9 @+\-:,=]+")
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _encode_seed(seed: str) -> str:
    if _PLAIN_SEED.fullmatch(seed):
        return seed
    return "~" + base64.urlsafe_b64encode(seed.encode("utf-8")).decode("ascii").rstrip("=")


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


def encode_options(game: Game, options: dict[str, Any]) -> str:
    digits = []
    for name, spec in game.options.items():
        digits.append(_DIGITS36[spec["choices"].index(options[name])])
    return "".join(digits)


def decode_options(game: Game, text: str) -> dict[str, Any]:
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


def encode(state: State) -> str:
    entries = []
    for seat, action in state.history:
        if not _ACTION.fullmatch(action) or "_" in action:
            raise ValueError(f"action {action!r} cannot go into a share code")
        entries.append(f"{_DIGITS36[seat]}{action.replace(' ', '_')}")
    fields = [VERSION, state.game.id, _encode_seed(state.seed), str(state.players),
              encode_options(state.game, state.options)]
    return ".".join(fields + entries)


def parse(text: str) -> tuple[Game, str, int, dict[str, Any], list[tuple[int, str]]]:
    """Split a share code into its game, seed, players, options and history, without replaying it."""
    if not isinstance(text, str) or not text.strip():
        raise BadShareCode("This link has no game in it.", "share.empty")
    parts = text.strip().split(".")
    if parts[0] != VERSION:
        raise BadShareCode("This link is from a version of Gamebox that this page does not know.",
                           "share.bad_version", version=parts[0][:8])
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
    history: list[tuple[int, str]] = []
    for entry in parts[5:]:
        if len(entry) < 2 or _DIGITS36.find(entry[0]) < 0:
            raise BadShareCode("The moves in this link are damaged.", "share.bad_history")
        history.append((_DIGITS36.index(entry[0]), entry[1:].replace("_", " ")))
    return game, seed, players, options, history


def decode(text: str) -> State:
    """The state a share code describes. Any fault raises BadShareCode.

    A move that cannot be played is named by its number (from 1) and its notation (``share.illegal_move``),
    so a player who was sent a tampered or mistyped link is told which move is wrong and why."""
    game, seed, players, options, history = parse(text)
    try:
        state = game.new(seed, players, **dict(options))
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
