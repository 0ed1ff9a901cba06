"""Precise exceptions. Each carries a message key and parameters for the front end to word, plus English."""

from __future__ import annotations

from typing import Any


class GameboxError(Exception):
    """Base of every error the rules package raises on purpose."""

    default_key = "error"

    def __init__(self, message: str, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.key = key or self.default_key
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"type": type(self).__name__, "key": self.key, "params": self.params, "message": self.message}


class UnknownGame(GameboxError, LookupError):
    default_key = "error.unknown_game"


class InvalidSetup(GameboxError, ValueError):
    default_key = "error.invalid_setup"


class IllegalAction(GameboxError, ValueError):
    default_key = "error.illegal_action"


class BadShareCode(GameboxError, ValueError):
    default_key = "error.bad_share_code"


class BadRequest(GameboxError, ValueError):
    """A bridge request that is not well formed."""

    default_key = "error.bad_request"
