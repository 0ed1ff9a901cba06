"""The box: the games are found, never listed.

A game is a subpackage of ``gamebox`` (``core`` aside) whose ``__init__`` defines ``GAME``, its one Game. Adding a
game is adding its folder: nothing here or anywhere else in the shared code names it.

A game is imported when it is first asked for: ``get`` looks in the folder named as the game is called first (every
game's folder is, a test checks it), so opening one game's link imports that game and no other. Only what needs the
whole box (``games``, ``ids``, ``manifest``: the hello that lists it, the build's games.json) imports every game.
The page's engine worker answers its first requests without the box (docs/architecture.md, "Where a first visit's
time goes"); the memory snapshot holds every game (web/worker.mjs imports them all before taking it).

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
def _folders() -> list[str]:
    """The name of every subpackage of ``gamebox`` that may be a game, found without importing any. Looked for once
    per process."""
    # The package whose subpackages are the games: Python imports a package before any of its modules, so it is
    # there (importing it here would make an import cycle with its __init__, which imports this module).
    gamebox = sys.modules[__name__.split(".")[0]]
    for path in os.environ.get(PATHS_VARIABLE, "").split(os.pathsep):
        if path and path not in gamebox.__path__:
            gamebox.__path__.append(path)
    return [module.name for module in pkgutil.iter_modules(gamebox.__path__) if module.ispkg and module.name != "core"]


def _game_in(folder: str) -> Game[Any] | None:
    """The game a folder of ``_folders()`` declares (its package's ``GAME``), imported now if it was not; None if it
    declares none."""
    game = getattr(importlib.import_module(f"gamebox.{folder}"), "GAME", None)
    return game if isinstance(game, Game) else None


@functools.cache
def _box() -> dict[str, Game[Any]]:
    """Every game found, by id, in menu order (``Game.order``, then id). Looked for once per process."""
    found = [game for folder in _folders() if (game := _game_in(folder)) is not None]
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
    """The game called ``game_id``; UnknownGame if there is none. Only that game is imported, if it was not yet."""
    game = None
    if isinstance(game_id, str):
        # its own folder first (a game's folder is named as the game is called): the box only for any other name
        if game_id in _folders() and (named := _game_in(game_id)) is not None and named.id == game_id:
            game = named
        else:
            game = _box().get(game_id)
    if game is None:
        raise UnknownGame(f"There is no game called {game_id!r}.", game=str(game_id))
    return game


def manifest() -> dict[str, JSON]:
    """What the page needs to know of the box before Python boots (the build writes it to dist/games.json)."""
    return {"games": [game.describe() for game in games()]}
