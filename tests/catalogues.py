"""The word catalogues as the page reads them: the shared web/i18n/<lang>.json merged with each game's
web/games/<id>/i18n/<lang>.json (and the test games' under tests/games/web/), as the build merges them
(tools/manifest.py). Every test that reads words reads them here; and the tests that read a game's page files
find its folder here."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import manifest  # noqa: E402

LANGUAGES = manifest.languages()


@cache
def _merged(lang: str) -> dict[str, str]:
    return manifest.catalogue(lang, test_games=True)


def catalogue(lang: str) -> dict[str, str]:
    """Every key of ``lang`` with its words (a fresh copy: a test may change it)."""
    return dict(_merged(lang))


CATALOGUES = {lang: catalogue(lang) for lang in LANGUAGES}


def page_folder(game: str) -> Path:
    """The folder of ``game``'s page files (renderer.js, rules.json, learn.json, ...): web/games/<id>/, or
    tests/games/web/<id>/ for a test game."""
    return {folder.name: folder for folder in manifest.page_folders(test_games=True)}[game]
