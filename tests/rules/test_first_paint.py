"""The build's menu step (tools/first_paint.py; docs/offline-and-csp.md, "The menu's first paint"): the cards it
writes into index.html, the preload, the other languages' words, and what it refuses. The page itself is tested in
tests/e2e/test_menu_first_paint_e2e.py."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.catalogues import CATALOGUES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import first_paint  # noqa: E402


def game(ident: str, order: int, *, fixture: bool = False, art: bool = True, renderer: bool = True) -> dict:
    files = {"renderer": f"web/games/{ident}/renderer.js" if renderer else None,
             "art": f"web/games/{ident}/art.svg" if art else None, "rules": None, "learn": None}
    return {"id": ident, "order": order, "fixture": fixture, "files": files}


def words(lang: str) -> dict[str, str]:
    base = dict(CATALOGUES[lang])
    for ident in ("alpha", "beta", "gamma", "delta"):
        base[f"game.{ident}.title"] = f"{ident.title()} <{lang}>"
        base[f"game.{ident}.blurb"] = f"The {ident} & its </script> blurb ({lang})"
    return base


def written(tmp_path: Path, games: list[dict]) -> str:
    shutil.copyfile(ROOT / "index.html", tmp_path / "index.html")
    first_paint.write(tmp_path, games, {lang: words(lang) for lang in CATALOGUES})
    return (tmp_path / "index.html").read_text(encoding="utf-8")


def test_the_cards_are_written_in_menu_order_without_the_test_games(tmp_path: Path) -> None:
    page = written(tmp_path, [game("gamma", 30), game("alpha", 10), game("beta", 10, fixture=True),
                              game("delta", 20, art=False, renderer=False)])
    assert re.findall(r'<li class="([^"]+)" data-game="(\w+)"', page) == [
        ("game-card", "alpha"), ("game-card soon", "delta"), ("game-card", "gamma")]
    assert 'src="web/games/alpha/art.svg" alt="" width="240" height="120" fetchpriority="high"' in page
    assert 'src="web/games/gamma/art.svg" alt="" width="240" height="120">' in page
    assert '<p class="soon-label" data-i18n="menu.soon">' in page  # no renderer: no Play
    # the text is escaped: a blurb cannot end the page's script or open a tag
    assert "The alpha &amp; its &lt;/script&gt; blurb (en)" in page and "Alpha &lt;en&gt;" in page


def test_the_first_picture_is_preloaded_before_the_style_sheet(tmp_path: Path) -> None:
    page = written(tmp_path, [game("alpha", 10, art=False), game("beta", 20)])
    assert '<link rel="preload" as="image"' not in page  # the first card has no picture: nothing to preload
    page = written(tmp_path, [game("alpha", 10), game("beta", 20)])
    preload = page.index('<link rel="preload" as="image" href="web/games/alpha/art.svg" fetchpriority="high">')
    assert preload < page.index('<link rel="stylesheet" href="web/style.css">')


def test_the_other_languages_words_are_those_of_the_first_paint_keys(tmp_path: Path) -> None:
    page = written(tmp_path, [game("alpha", 10)])
    data = re.search(r'<script type="application/json" id="first-words">(.*?)</script>', page, re.S)
    assert data and "</" not in data.group(1)  # "<" is written as \u003c
    others = json.loads(data.group(1))
    assert sorted(others) == sorted(lang for lang in CATALOGUES if lang != "en")
    keys = set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', page[:page.index('id="first-words"')]))
    for lang, given in others.items():
        assert set(given) == {key for key in keys if key in words(lang)}
        assert given["game.alpha.blurb"] == words(lang)["game.alpha.blurb"]
        assert given["menu.heading"] == CATALOGUES[lang]["menu.heading"]


def test_a_page_without_its_places_or_whose_policy_refuses_its_script_is_refused(tmp_path: Path) -> None:
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    catalogues = {lang: words(lang) for lang in CATALOGUES}
    (tmp_path / "index.html").write_text(source.replace(first_paint.LIST, "<ul></ul>"), encoding="utf-8")
    with pytest.raises(first_paint.FirstPaintError, match="game-list"):
        first_paint.write(tmp_path, [game("alpha", 10)], catalogues)
    (tmp_path / "index.html").write_text(source.replace("document.documentElement.lang = lang;",
                                                        "document.documentElement.lang = lang; "), encoding="utf-8")
    with pytest.raises(first_paint.FirstPaintError, match="does not allow"):
        first_paint.write(tmp_path, [game("alpha", 10)], catalogues)
