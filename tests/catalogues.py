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


def arguments(text: str) -> tuple[set[str], set[str]]:
    """The arguments of an ICU MessageFormat message (web/i18n.js, docs/i18n.md): those it shows as text
    (``{name}``) and those it chooses by (``{you, select, ...}``, ``{n, plural, ...}``), each found at any depth.
    A branch's body (``other {...}``) is a message in turn; a quoted ``'{'`` is text."""
    shown: set[str] = set()
    chosen: set[str] = set()

    def message(i: int, depth: int) -> int:  # up to the "}" that closes a branch (depth > 0), or the end
        while i < len(text):
            char = text[i]
            if char == "'" and i + 1 < len(text) and text[i + 1] in "{}'#|":
                end = text.find("'", i + 1)  # a quote: text up to the next apostrophe
                i = len(text) if end < 0 else end + 1
            elif char == "{":
                i = argument(i + 1)
            elif char == "}" and depth:
                return i + 1
            else:
                i += 1
        return i

    def argument(i: int) -> int:  # after "{": a name, then "}" or ", type, branches}"
        end = text.index("}", i) if "," not in text[i:text.find("}", i)] else None
        if end is not None:
            shown.add(text[i:end].strip())
            return end + 1
        name, _, rest = text[i:].partition(",")
        chosen.add(name.strip())
        i += len(name) + 1
        kind_end = min(p for p in (text.find(",", i), text.find("}", i)) if p >= 0)
        i = kind_end
        if text[i] == "}":
            return i + 1
        i += 1
        while i < len(text):  # branches: selector {message}
            if text[i] == "}":
                return i + 1
            if text[i] == "{":
                i = message(i + 1, 1)
            else:
                i += 1
        return i

    message(0, 0)
    return shown, chosen
