"""The word catalogues, merged as the build merges them (tests/catalogues.py: web/i18n/<lang>.json, the shared words,
and web/games/<id>/i18n/<lang>.json, each game's): every language has every English key, with the same
{placeholders}, and no empty text; a game's words are in its own folder; index.html names only keys that exist;
web/i18n.js offers exactly the catalogues there are."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.catalogues import LANGUAGES, arguments, catalogue

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import manifest  # noqa: E402

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def placeholders(text: str) -> list[str]:
    """The {placeholders} an ICU message shows as text, each once, at any depth ("{you, select, yes {You win}
    other {{name} wins}}" shows {name}; tests/rules/test_wording.py checks what it chooses by)."""
    return sorted(arguments(text)[0])


def test_the_languages_of_the_rulebooks_are_there() -> None:
    assert {"en", "pt", "uk"} <= set(LANGUAGES)


def test_i18n_js_offers_every_catalogue() -> None:
    source = (ROOT / "web" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"export const LANGUAGES = \[([^\]]*)\]", source)
    assert found, "web/i18n.js has no LANGUAGES list"
    offered = sorted(re.findall(r'"(\w+)"', found.group(1)))
    assert offered == LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_a_non_empty_string(lang: str) -> None:
    bad = [key for key, text in catalogue(lang).items() if not isinstance(text, str) or not text.strip()]
    assert bad == [], f"{lang}.json: empty or not text: {bad}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_is_translated(lang: str) -> None:
    english, other = catalogue("en"), catalogue(lang)
    missing = [key for key in english if key not in other]
    unknown = [key for key in other if key not in english]
    assert missing == [], f"{lang}.json lacks {len(missing)} keys: {missing}"
    assert unknown == [], f"{lang}.json has keys that en.json does not: {unknown}"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str) -> None:
    english, other = catalogue("en"), catalogue(lang)
    differ = {key: (placeholders(english[key]), placeholders(other[key]))
              for key in english if key in other and placeholders(english[key]) != placeholders(other[key])}
    assert differ == {}, f"{lang}.json: placeholders differ from en.json (en, {lang}): {differ}"


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogue_is_not_mostly_english(lang: str) -> None:
    """Names (games, creatures) and notation stay as they are, but most text must be translated."""
    english, other = catalogue("en"), catalogue(lang)
    copied = [key for key in english if other.get(key) == english[key] and re.search(r"[a-z]{4}", english[key])]
    assert len(copied) < len(english) * 0.1, f"{lang}.json: {len(copied)} texts are English copies: {copied}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_games_words_are_in_its_own_folder(lang: str) -> None:
    """A key that names a game ("<id>.moved", "rules.<id>.goal.body", "daily.best.<id>") is in that game's
    catalogue, so that adding or removing a game touches no shared catalogue (tools/i18n_add.py puts it there)."""
    folders = manifest.page_folders(test_games=True)
    ids = {folder.name for folder in folders}
    shared = json.loads((manifest.SHARED_WORDS / f"{lang}.json").read_text(encoding="utf-8"))
    assert sorted(key for key in shared if ids & set(key.split("."))) == []
    for folder in folders:
        path = folder / "i18n" / f"{lang}.json"
        own = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        assert sorted(key for key in own if folder.name not in key.split(".")) == [], path


def test_the_merge_refuses_a_key_given_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared, game = tmp_path / "i18n", tmp_path / "games" / "pips" / "i18n"
    shared.mkdir()
    game.mkdir(parents=True)
    (shared / "en.json").write_text('{"menu.play": "Play", "pips.took": "took"}')
    (game / "en.json").write_text('{"pips.took": "took again"}')
    monkeypatch.setattr(manifest, "SHARED_WORDS", shared)
    monkeypatch.setattr(manifest, "WEB", tmp_path)
    with pytest.raises(manifest.DuplicateKey, match="pips.took"):
        manifest.catalogue("en", test_games=False)


class _Keys(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.keys: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("data-i18n", "data-i18n-label") and value:
                self.keys.add(value)


def test_index_html_names_only_known_keys() -> None:
    parser = _Keys()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.keys, "index.html has no data-i18n attributes"
    for lang in LANGUAGES:
        unknown = sorted(parser.keys - catalogue(lang).keys())
        assert unknown == [], f"index.html uses keys that {lang}.json lacks: {unknown}"
