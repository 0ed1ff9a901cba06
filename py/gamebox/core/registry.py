"""The box: the games are found, never listed.

A game is a subpackage of ``gamebox`` (``core`` aside) whose ``__init__`` defines ``GAME``, its one Game. Adding a
game is adding its folder: nothing here or anywhere else in the shared code names it.

GAMEBOX_GAME_PATHS (directories, separated by os.pathsep, each holding game packages) adds more places to look
before the box is opened: the tests put their fixture game (tests/games/py) there on CPython.
"""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil
import sys
from typing import Any

from gamebox.core.errors import UnknownGame
from gamebox.core.game import JSON, Game

PATHS_VARIABLE = "GAMEBOX_GAME_PATHS"


@functools.cache
def _box() -> dict[str, Game[Any]]:
    """Every game found, by id, in menu order (``Game.order``, then id). Looked for once per process."""
    # The package whose subpackages are the games: Python imports a package before any of its modules, so it is
    # there (importing it here would make an import cycle with its __init__, which imports this module).
    gamebox = sys.modules[__name__.split(".")[0]]
    for path in os.environ.get(PATHS_VARIABLE, "").split(os.pathsep):
        if path and path not in gamebox.__path__:
            gamebox.__path__.append(path)
    found: list[Game[Any]] = []
    for module in pkgutil.iter_modules(gamebox.__path__):
        if not module.ispkg or module.name == "core":
            continue
        game = getattr(importlib.import_module(f"gamebox.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    found.sort(key=lambda game: (game.order, game.id))
    return {game.id: game for game in found}


def games() -> list[Game[Any]]:
    """Every game in the box, in menu order."""
    return list(_box().values())


def ids() -> list[str]:
    """The id of every game in the box, in menu order."""
    return list(_box())


def ready_ids() -> list[str]:
    """The games that can be played: every game found (a game is in the box once its package is)."""
    return ids()


def get(game_id: object) -> Game[Any]:
    """The game called ``game_id``; UnknownGame if there is none."""
    game = _box().get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGame(f"There is no game called {game_id!r}.", game=str(game_id))
    return game


def manifest() -> dict[str, JSON]:
    """What the page needs to know of the box before Python boots (the build writes it to dist/games.json)."""
    return {"games": [game.describe() for game in games()]}
