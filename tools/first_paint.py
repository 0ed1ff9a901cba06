"""The menu's first paint (issue 28): the build writes the menu's cards into DIST/index.html, so that the page paints
them, and fetches the first card's picture, before any script has run (docs/offline-and-csp.md, "The menu's first
paint").

tools/manifest.py `site` calls write() once games.json and the merged catalogues are made, before tools/offline.py
hashes the site into the build id. Nothing here names a game: the cards are games.json's, in menu order.

- #game-list gets one card per game of the site (a test-only game is left to the page, which shows it only when a
  test asks), the same card web/screens/menu.js makes, worded in English, each text marked with its catalogue key
  (data-i18n); the first card's picture has fetchpriority="high", and a <link rel="preload"> in the head names it
  before the style sheet, so its request starts with the page's first ones;
- #first-words (a JSON data block: not a script, so the policy does not govern it) gets, for every other language,
  the words of each key that the page's top bar and menu show (data-i18n, data-i18n-label): index.html's one small
  inline script words the page from it in the visitor's language before the first paint.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

LIST = '<ul id="game-list" class="game-list"></ul>'
WORDS = '<script type="application/json" id="first-words">{}</script>'
STYLE = '<link rel="stylesheet" href="web/style.css">'
KEYS = re.compile(r'data-i18n(?:-label)?="([^"]+)"')


class FirstPaintError(ValueError):
    """index.html lacks a place the build writes into, or its policy does not allow its inline script."""


def menu_games(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games a visitor's menu shows, in menu order (web/games.js): the test-only games are left out."""
    shown = [game for game in games if not game.get("fixture")]
    return sorted(shown, key=lambda game: (game["order"], game["id"]))


def _tag(name: str, attributes: dict[str, str | int | None], inner: str = "") -> str:
    written = "".join(f' {key}="{html.escape(str(value))}"' for key, value in attributes.items() if value is not None)
    return f"<{name}{written}>" if name == "img" else f"<{name}{written}>{inner}</{name}>"


def card(game: dict[str, Any], words: dict[str, str], *, first: bool) -> str:
    """One game's card, as web/screens/menu.js makes it: its picture, title, blurb, Play (or "soon"), and the links to
    its rules and its guided first game, each link named by its own words and the title (aria-labelledby)."""
    ident = game["id"]
    title = f"menu-title-{ident}"

    def text(name: str, key: str, attributes: dict[str, str | int | None]) -> str:
        return _tag(name, {**attributes, "data-i18n": key}, html.escape(words[key]))

    def link(kind: str, href: str, key: str, css: str | None = None) -> str:
        own = f"menu-{kind}-{ident}"
        return text("a", key, {"class": css, "href": href, "id": own, "aria-labelledby": f"{own} {title}"})

    files = game["files"]
    parts = []
    if files.get("art"):
        parts.append(_tag("img", {"class": "game-art", "src": files["art"], "alt": "", "width": 240, "height": 120,
                                  "fetchpriority": "high" if first else None}))
    parts.append(text("h2", f"game.{ident}.title", {"id": title}))
    parts.append(text("p", f"game.{ident}.blurb", {}))
    parts.append(link("play", f"#/{ident}", "menu.play", "button") if files.get("renderer")
                 else text("p", "menu.soon", {"class": "soon-label"}))
    parts.append(_tag("p", {"class": "learn-links"}, link("rules", f"#/rules/{ident}", "rules.how_to_play")
                      + " · " + link("learn", f"#/learn/{ident}", "learn.try")))
    playable = bool(files.get("renderer"))
    return _tag("li", {"class": "game-card" if playable else "game-card soon", "data-game": ident}, "".join(parts))


def inline_script_hashes(page: str) -> list[str]:
    """The CSP source of each inline script of `page` ('sha256-...'), JSON data blocks aside."""
    found = re.finditer(r'<script(?![^>]*type="application/json")(?![^>]*\bsrc=)[^>]*>(.*?)</script>', page, re.S)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(match.group(1).encode()).digest()).decode()}'"
            for match in found]


def write(dist: Path, games: list[dict[str, Any]], catalogues: dict[str, dict[str, str]]) -> None:
    """Write the cards, the preload and the other languages' words into DIST/index.html."""
    path = dist / "index.html"
    page = path.read_text(encoding="utf-8")
    for place in (LIST, WORDS, STYLE):
        if page.count(place) != 1:
            raise FirstPaintError(f"index.html must hold {place!r} once: the build writes the menu's first paint there")
    shown = menu_games(games)
    english = catalogues["en"]
    cards = "".join(card(game, english, first=index == 0) for index, game in enumerate(shown))
    page = page.replace(LIST, LIST.replace("></ul>", f">{cards}</ul>"))
    art = next((game["files"]["art"] for game in shown[:1] if game["files"].get("art")), None)
    if art:
        preload = _tag("link", {"rel": "preload", "as": "image", "href": art, "fetchpriority": "high"})
        preload = preload.removesuffix("</link>")
        page = page.replace(STYLE, f"{preload}\n  {STYLE}")
    # the keys of what the first paint shows: the top bar and the menu, everything before the words themselves
    keys = sorted(set(KEYS.findall(page[:page.index(WORDS)])))
    others = {lang: {key: words[key] for key in keys if key in words}
              for lang, words in sorted(catalogues.items()) if lang != "en"}
    data = json.dumps(others, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    page = page.replace(WORDS, WORDS.replace(">{}<", f">{data}<"))
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    missing = [digest for digest in inline_script_hashes(page) if not policy or digest not in policy.group(1)]
    if missing:
        raise FirstPaintError(f"index.html's policy does not allow its inline script(s): add {' '.join(missing)}")
    path.write_text(page, encoding="utf-8")
