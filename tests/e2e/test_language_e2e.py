"""Languages (web/i18n.js): the page speaks the browser's language, the switch in the top bar changes it at once
(menu, setup and game screens), and the choice is remembered in localStorage."""

from __future__ import annotations

import re
from pathlib import Path

from tests.catalogues import CATALOGUES

from .conftest import BOOT_TIMEOUT_MS, SharedPage, screenshot

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def words(lang: str) -> dict[str, str]:
    return CATALOGUES[lang]


def heading(page) -> str:
    return page.locator("#screen-menu h1").inner_text()


def wait_heading(page, text: str) -> None:
    page.wait_for_function("(text) => document.querySelector('#screen-menu h1').textContent === text", arg=text,
                           timeout=10_000)


def test_switching_to_portuguese_changes_the_menu_and_is_remembered(game_page: SharedPage) -> None:
    en, pt = words("en"), words("pt")
    page = game_page.page  # the module's page, booted in an English browser; no language chosen yet
    assert page.evaluate("document.documentElement.lang") == "en"
    assert heading(page) == en["menu.heading"]
    assert page.locator("#lang-select").input_value() == "en"
    assert page.locator("#lang-select").get_attribute("aria-label") == en["lang.label"]

    page.select_option("#lang-select", "pt")
    wait_heading(page, pt["menu.heading"])
    assert page.evaluate("document.documentElement.lang") == "pt"
    assert page.locator("#screen-menu .lede").inner_text() == pt["menu.lede"]
    cards = page.locator("#game-list").inner_text()
    assert pt["game.upthrust.blurb"] in cards and pt["menu.play"] in cards
    assert page.locator("#engine-text").inner_text() == pt["engine.ready"]
    assert page.locator("#lang-select").get_attribute("aria-label") == pt["lang.label"]
    assert page.evaluate("localStorage.getItem('gamebox/lang')") == "pt"
    screenshot(page, "language-pt-menu")

    page.reload()
    page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=30_000)
    wait_heading(page, pt["menu.heading"])
    assert page.locator("#lang-select").input_value() == "pt"
    assert page.evaluate("document.documentElement.lang") == "pt"


def test_a_ukrainian_browser_gets_the_ukrainian_menu(open_page) -> None:
    uk = words("uk")
    # a first visit (its own context, nothing stored); the menu is worded before the engine is ready
    page = open_page("", locale="uk-UA", wait_ready=False)
    wait_heading(page, uk["menu.heading"])
    assert CYRILLIC.search(heading(page))
    assert CYRILLIC.search(page.locator("#game-list").inner_text())
    assert page.locator("#lang-select").input_value() == "uk"
    assert page.evaluate("document.documentElement.lang") == "uk"
    # detected, not chosen: nothing is stored until the player picks a language
    assert page.evaluate("localStorage.getItem('gamebox/lang')") is None
    screenshot(page, "language-uk-menu")


def test_switching_during_a_game_rewords_the_table(game_page: SharedPage) -> None:
    en, uk = words("en"), words("uk")
    page = game_page.go("#/upthrust")
    page.wait_for_function("document.body.dataset.screen === 'setup' && !document.getElementById('setup-start')"
                           ".disabled", timeout=BOOT_TIMEOUT_MS)
    page.select_option("#lang-select", "uk")
    page.wait_for_function("(text) => document.getElementById('setup-start').textContent === text",
                           arg=uk["setup.start"], timeout=10_000)
    assert page.locator("#setup-blurb").inner_text() == uk["game.upthrust.blurb"]
    page.click("#setup-start")
    page.wait_for_function("document.body.dataset.screen === 'game' && document.body.dataset.fingerprint",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#board-help").inner_text() == uk["upthrust.help"]
    fingerprint = page.evaluate("document.body.dataset.fingerprint")

    page.select_option("#lang-select", "en")
    page.wait_for_function("(text) => document.getElementById('board-help').textContent === text",
                           arg=en["upthrust.help"], timeout=10_000)
    assert not CYRILLIC.search(page.locator("#turn").inner_text())
    page.select_option("#lang-select", "uk")
    page.wait_for_function("(text) => document.getElementById('board-help').textContent === text",
                           arg=uk["upthrust.help"], timeout=10_000)
    assert CYRILLIC.search(page.locator("#turn").inner_text())
    assert CYRILLIC.search(page.locator("#game-seed").inner_text())
    # the game itself is untouched
    assert page.evaluate("document.body.dataset.fingerprint") == fingerprint
    screenshot(page, "language-uk-game")


WORD = """async ([lang, key, params]) => {
  const i18n = await import(new URL("web/i18n.js", document.baseURI).href);
  await i18n.setLanguage(lang, { remember: false });
  return i18n.t(key, params);
}"""


def test_messages_are_worded_for_you_and_agree_in_the_page(game_page: SharedPage) -> None:
    """Issue 22: web/i18n.js words ICU MessageFormat with the vendored library, loaded through index.html's import
    map: the person on this device is "you" (with the verb that goes with it), counts take their plural, a colour
    its article; a garbled link is called damaged, not a code from another version."""
    page = game_page.go("#/")
    page.wait_for_function("document.body.dataset.screen === 'menu'")
    you = {lang: words(lang)["seat.you"] for lang in ("en", "pt", "uk")}
    assert page.evaluate(WORD, ["en", "whoopies.target.choose_name", {"name": you["en"]}]) == "You are choosing a name"
    assert page.evaluate(WORD, ["en", "whoopies.target.choose_name", {"name": "Bot 2"}]) == "Bot 2 is choosing a name"
    assert page.evaluate(WORD, ["en", "whoopies.outcome.won", {"name": you["en"], "whoopie": "Ursinus", "ms": 1313}]) \
        == "You caught Ursinus by the ball (1313 ms) and win the round."
    assert page.evaluate(WORD, ["en", "upcombine.say.draw", {"colour": "orange", "colour_key": "O"}]) \
        == "draw an orange tile"
    # a renderer that gives only the word: its key is found in the catalogue
    assert page.evaluate(WORD, ["en", "upcombine.say.draw", {"colour": "orange"}]) == "draw an orange tile"
    assert page.evaluate(WORD, ["en", "ubongo.to_bag", {"gems": "Amber", "gems_count": 1}]) \
        == "Amber goes from the display into the bag."
    assert page.evaluate(WORD, ["uk", "whoopies.result.stolen", {"n": 5, "name": "Бот 2", "victim": you["uk"]}]) \
        == "Бот 2 краде 5 самоцвітів у вас."
    assert page.evaluate(WORD, ["pt", "whoopies.gems_plus", {"n": 0}]) == "+0 gemas"
    assert page.evaluate(WORD, ["en", "whoopies.gems_plus", {"n": 1}]) == "+1 gem"
    page.evaluate(WORD, ["en", "menu.heading", {}])

    page.evaluate("location.hash = '#/play?code=garbage'")  # not go(): no game comes
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.locator("#notice").inner_text()
    assert words("en")["share.not_a_game"] in notice and "version" not in notice
