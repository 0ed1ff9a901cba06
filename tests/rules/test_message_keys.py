"""Every message key the rules package can emit (an error's key, a log line's key) has words in every catalogue,
so a player is never shown a raw key or Python's English. The keys are found by walking py/gamebox for the
string literals that name them (``"<area>.<name>"``, where the area is error, share or a game id)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import gamebox
from tests.catalogues import CATALOGUES, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
AREAS = ["error", "share", *gamebox.ids()]
KEY = re.compile(r'"((?:' + "|".join(AREAS) + r')\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)"')
# literals of that shape that are not message keys
NOT_KEYS = {"share.VERSION"}


def emitted_keys() -> dict[str, str]:
    found: dict[str, str] = {}
    # the package, and the folder of each game in the box (a fixture game's is under tests/games/py)
    folders = {ROOT / "py" / "gamebox", *(Path(sys.modules[type(game).__module__].__file__ or "").parent
                                         for game in gamebox.games())}
    for path in sorted({path for folder in folders for path in folder.rglob("*.py")}):
        for match in KEY.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), str(path.relative_to(ROOT)))
    return {key: where for key, where in found.items() if key not in NOT_KEYS}


def test_the_walk_finds_the_keys_of_every_area() -> None:
    keys = emitted_keys()
    for area in AREAS:
        assert any(key.startswith(area + ".") for key in keys), area


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_python_can_emit_is_worded(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    missing = {key: where for key, where in emitted_keys().items() if key not in catalogue}
    assert missing == {}, f"{lang}.json has no words for {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_level_is_worded(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    levels = {level for game_id in gamebox.ready_ids() for level in gamebox.get(game_id).bot_levels}
    assert sorted(level for level in levels if f"level.{level}" not in catalogue) == []


def test_every_game_offers_a_newcomer_level_first() -> None:
    """The set-up screen's first choice for a bot seat is a level a newcomer can beat: the easiest."""
    for game_id in gamebox.ready_ids():
        game = gamebox.get(game_id)
        assert game.describe()["default_bot_level"] == game.bot_levels[0], game_id
