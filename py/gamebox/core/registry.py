"""The box: which games exist, and where each one's rules live."""

from __future__ import annotations

import importlib
import importlib.util

from gamebox.core.errors import GameNotReady, UnknownGame
from gamebox.core.game import Game

# Every game in the box, in menu order, with the module that registers it.
BOX: dict[str, str] = {
    "upthrust": "gamebox.upthrust",
    "ubongo": "gamebox.ubongo",
    "upples": "gamebox.upples",
    "upcombine": "gamebox.upcombine",
    "whoopies": "gamebox.whoopies",
}


def ids() -> list[str]:
    return list(BOX)


def is_ready(game_id: str) -> bool:
    module = BOX.get(game_id)
    return module is not None and importlib.util.find_spec(module) is not None


def ready_ids() -> list[str]:
    return [game_id for game_id in BOX if is_ready(game_id)]


def get(game_id: object) -> Game:
    if not isinstance(game_id, str) or game_id not in BOX:
        raise UnknownGame(f"There is no game called {game_id!r}.", game=str(game_id))
    if not is_ready(game_id):
        raise GameNotReady(f"{game_id} is not built yet.", game=game_id)
    module = importlib.import_module(BOX[game_id])
    game: Game = module.GAME
    return game
