"""Gamebox: the rules of five tabletop games, their bots and share codes.

>>> import gamebox
>>> game = gamebox.get("upthrust")
>>> state = game.new(seed="K7Q2M", players=2)
"""

from gamebox.core import bots, share
from gamebox.core.errors import (
    BadRequest,
    BadShareCode,
    GameboxError,
    IllegalAction,
    InvalidSetup,
    UnknownGame,
)
from gamebox.core.game import Game, State
from gamebox.core.registry import games, get, ids, manifest, ready_ids

__all__ = [
    "BadRequest",
    "BadShareCode",
    "Game",
    "GameboxError",
    "IllegalAction",
    "InvalidSetup",
    "State",
    "UnknownGame",
    "bots",
    "games",
    "get",
    "ids",
    "manifest",
    "ready_ids",
    "share",
]
