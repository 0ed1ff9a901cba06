"""The menu's first paint (issue 28; docs/offline-and-csp.md, "The menu's first paint"): the build writes the menu's
cards into index.html, so that they are on the page before any script runs, with the first card's picture preloaded;
the first paint's script words them in the visitor's language; and the app's menu takes them over unchanged.

Timing is not asserted here: Lighthouse's figures are bench/lighthouse.py's."""

from __future__ import annotations

import time
import urllib.request
from typing import Any

import pytest

from tests.catalogues import CATALOGUES

from .conftest import screenshot, site_games, watched_context, watched_page

# The menu's games, as a visitor's page shows them before its scripts: games.json's, in menu order, test games aside.
MENU = [game for game in site_games() if not game.get("fixture")]
LOCALES = {"en": "en-GB", "pt": "pt-PT", "uk": "uk-UA"}
# each card as a tree: tag, attributes and own text, down to its links (the picture, as the same node, apart)
CARDS = """() => {
  const tree = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent
    : [node.tagName, Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
       [...node.childNodes].map(tree)];
  return [...document.querySelectorAll("#game-list > li")].map(tree);
}"""
# each card's box, from the list's top left corner (the top bar above may change as the engine loads)
BOXES = """() => [...document.querySelectorAll("#game-list > li")].map((card) => {
  const box = card.getBoundingClientRect(), list = document.getElementById("game-list").getBoundingClientRect();
  return [card.dataset.game, Math.round(box.x - list.x), Math.round(box.y - list.y), Math.round(box.width),
    Math.round(box.height)];
})"""


def test_the_cards_and_the_preload_are_in_the_served_page_before_any_script(browser: Any, site: str) -> None:
    """With JavaScript off, the menu shows a card for every game of games.json, in menu order, each with its picture,
    title, blurb and links, and the first card's picture is preloaded at a high priority."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site)
    assert page.locator("#screen-menu").is_visible()
    cards = page.locator("#game-list > li.game-card")
    assert cards.evaluate_all("cards => cards.map((card) => card.dataset.game)") == [game["id"] for game in MENU]
    words = CATALOGUES["en"]
    for index, game in enumerate(MENU):
        card = cards.nth(index)
        assert card.locator("h2").inner_text() == words[f"game.{game['id']}.title"]
        assert card.locator("p").first.inner_text() == words[f"game.{game['id']}.blurb"]
        assert card.locator("a.button").get_attribute("href") == f"#/{game['id']}"
        assert card.locator(".learn-links a").evaluate_all("links => links.map((link) => link.getAttribute('href'))") \
            == [f"#/rules/{game['id']}", f"#/learn/{game['id']}"]
        if game["files"]["art"]:
            assert card.locator("img.game-art").get_attribute("src") == game["files"]["art"]
    first_art = MENU[0]["files"]["art"]
    assert page.locator("#game-list img.game-art").first.get_attribute("fetchpriority") == "high"
    preload = page.locator('head link[rel="preload"][as="image"]')
    assert preload.count() == 1 and preload.get_attribute("href") == first_art
    assert preload.get_attribute("fetchpriority") == "high"
    # as served: the cards in menu order, the preload ahead of the style sheet
    with urllib.request.urlopen(site) as response:
        served = response.read().decode()
    places = [served.index(f'data-game="{game["id"]}"') for game in MENU]
    assert places == sorted(places)
    assert served.index(f'<link rel="preload" as="image" href="{first_art}"') < served.index('rel="stylesheet"')
    screenshot(page, "menu-first-paint-no-script-390x844")
    context.close()


def visitor_context(browser: Any, site: str, **options: Any) -> tuple[Any, Any]:
    """A watched context whose page shows the games a visitor's does (the test-only games left out, as the build
    leaves them out of the written cards)."""
    context, watch = watched_context(browser, site, **options)
    context.add_init_script("window.GAMEBOX_TEST_GAMES = false;")  # after conftest's own, which sets it
    return context, watch


def hold_app(page: Any) -> list[Any]:
    """Hold back web/app.js's request (the first paint's script asks for it once the page has painted): the page shows
    what the build and that script made, until the test lets the request go."""
    held: list[Any] = []
    page.route("**/web/app.js", lambda route: held.append(route))
    return held


def let_go(page: Any, held: list[Any]) -> None:
    deadline = time.monotonic() + 30
    while not held:  # the first paint's script asks for the app after the first frame
        assert time.monotonic() < deadline, "the page never asked for web/app.js"
        page.wait_for_timeout(50)
    held[0].continue_()


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_app_takes_the_cards_over_unchanged_in_each_language(browser: Any, site: str, lang: str) -> None:
    """Before the app runs, the cards and the menu are worded in the browser's language (the first paint's script);
    the app's menu then makes the same cards, in the same places, keeping the picture already on screen, and their
    Play link opens the game's set-up."""
    context, watch = visitor_context(browser, site, locale=LOCALES[lang], viewport={"width": 390, "height": 844})
    page = watched_page(context, watch)
    held = hold_app(page)
    page.goto(site)
    words = CATALOGUES[lang]
    # on screen, though hidden to the app (and to the tests that wait for the app's menu) until the app shows it
    assert page.locator("#screen-menu").is_visible() and page.locator("#screen-menu").get_attribute("hidden") == ""
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#screen-menu h1").inner_text() == words["menu.heading"]
    assert page.locator("#lang-select").input_value() == lang
    first = MENU[0]["id"]
    assert page.locator(f"#menu-title-{first}").inner_text() == words[f"game.{first}.title"]
    assert page.locator(f"#menu-play-{first}").inner_text() == words["menu.play"]
    page.evaluate("document.fonts.ready")
    before, boxes = page.evaluate(CARDS), page.evaluate(BOXES)
    page.evaluate("document.querySelector('#game-list img.game-art').firstPicture = true")
    screenshot(page, f"menu-first-paint-{lang}-before-scripts")
    let_go(page, held)
    page.wait_for_function("document.body.dataset.screen === 'menu' && window.gamebox")
    assert page.evaluate(CARDS) == before
    assert page.evaluate(BOXES) == boxes
    assert page.evaluate("document.querySelector('#game-list img.game-art').firstPicture") is True
    assert page.locator(f"#menu-play-{first}").evaluate(
        "link => [...link.getAttribute('aria-labelledby').split(' ')].map((id) => "
        "document.getElementById(id).textContent).join(' ')") == f"{words['menu.play']} {words[f'game.{first}.title']}"
    screenshot(page, f"menu-first-paint-{lang}-after-scripts")
    page.click(f"#menu-play-{first}")
    page.wait_for_function("document.body.dataset.screen === 'setup'")
    assert page.locator("#setup-title").inner_text() == words[f"game.{first}.title"]
    context.close()
    assert watch.errors == [] and watch.foreign == []


def test_a_link_to_another_screen_never_shows_the_menu_first(browser: Any, site: str) -> None:
    """The first paint's script keeps the menu hidden when the address is another screen's, before the app runs."""
    context, watch = watched_context(browser, site)
    page = watched_page(context, watch)
    held = hold_app(page)
    page.goto(site + f"#/{MENU[0]['id']}")
    assert page.locator("#screen-menu").is_hidden()
    let_go(page, held)
    page.wait_for_function("document.body.dataset.screen === 'setup'")
    assert page.locator("#screen-menu").is_hidden()
    context.close()
    assert watch.errors == [] and watch.foreign == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1024, 768), (1600, 900)])
def test_the_menu_before_and_after_its_scripts(browser: Any, site: str, size: tuple[int, int]) -> None:
    """Screenshots of the menu as first painted and once the app has taken it over, on a phone held upright and
    sideways, a tablet and a wide desktop: the cards stay where they were."""
    width, height = size
    context, watch = visitor_context(browser, site, viewport={"width": width, "height": height})
    page = watched_page(context, watch)
    held = hold_app(page)
    page.goto(site)
    page.evaluate("document.fonts.ready")
    boxes = page.evaluate(BOXES)
    screenshot(page, f"menu-first-paint-{width}x{height}-before-scripts")
    let_go(page, held)
    page.wait_for_function("document.body.dataset.screen === 'menu' && window.gamebox")
    assert page.evaluate(BOXES) == boxes
    screenshot(page, f"menu-first-paint-{width}x{height}-after-scripts")
    context.close()
    assert watch.errors == [] and watch.foreign == []
