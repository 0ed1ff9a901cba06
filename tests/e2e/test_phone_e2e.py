"""The page on a phone (issue 12): whose turn it is, the scores, Undo and Hint are on screen with the board
without scrolling; notices float over the page and never move it; the header never makes the page wider than
the phone, in any state; help text speaks of taps on a touch screen; plurals follow Intl.PluralRules (Ukrainian
one/few/many); move numbers of three digits fit the move log."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gamebox
from gamebox.core import share
from tests.catalogues import CATALOGUES

from .conftest import (
    BOOT_TIMEOUT_MS,
    SharedPage,
    open_new_game,
    screenshot,
    settled,
    site_game_ids,
    watched_context,
    watched_page,
)

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

ROOT = Path(__file__).resolve().parents[2]
GAMES = site_game_ids()  # every game of the site (games.json), the test games too
READY = "document.getElementById('engine-status').classList.contains('done')"
PROGRESSED = "document.getElementById('engine-progress').value > 0"
# A phone (is_mobile) zooms a page that is too wide out until it fits, and innerWidth grows with it: so the page is
# measured against the width of the phone itself.
NO_SIDEWAYS = "(width) => document.documentElement.scrollWidth <= width && window.innerWidth === width"

BOXES = """() => {
    const box = (id) => {
        const node = document.getElementById(id);
        if (!node || node.hidden || node.getClientRects().length === 0) return null;
        const b = node.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right};
    };
    return {board: box('board'), turn: box('turn'), scores: box('scores'), undo: box('btn-undo'),
            hint: box('btn-hint'), view: {width: window.innerWidth, height: window.innerHeight},
            page: document.documentElement.scrollWidth, help: document.getElementById('board-help').textContent};
}"""


@pytest.fixture(scope="module")
def phone_page(browser: Any, site: str) -> Iterator[SharedPage]:
    """One booted page on a 390x844 touch phone for the whole module, at test speed; games change through
    window.gamebox."""
    shared = SharedPage(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    yield shared
    shared.close()


@pytest.fixture
def phone(phone_page: SharedPage) -> Iterator[Any]:
    """The module's phone page for one test, which fails if the page logged a console error or asked for another
    origin meanwhile."""
    yield phone_page.page
    phone_page.check()


def open_game(page: Any, game: str, seats: str = "human,easy") -> None:
    open_new_game(page, game, seats, seed="PHONE")
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_the_scores_undo_and_hint_are_on_screen_with_the_board(phone: Any, game: str) -> None:
    page = phone
    open_game(page, game)
    boxes = page.evaluate(BOXES)
    view = boxes["view"]
    assert view == {"width": 390, "height": 844}, view  # not zoomed out
    assert boxes["board"] and 0 <= boxes["board"]["top"] < view["height"], boxes
    shown = ["turn", "scores", "undo"] + (["hint"] if boxes["hint"] else [])  # a race offers no hints
    assert game == "ubongo" or "hint" in shown, boxes
    for name in shown:
        box = boxes[name]
        assert box is not None, (name, boxes)
        assert box["top"] >= 0 and box["bottom"] <= view["height"], (name, boxes)
        assert box["left"] >= 0 and box["right"] <= view["width"], (name, boxes)
    assert boxes["page"] <= view["width"], boxes
    screenshot(page, f"phone-390-{game}")


def help_texts(game: str, touch: bool) -> set[str]:
    """The words of a game's help texts (`<game>.help`, or a renderer's own, such as `ubongo.help_race`: its
    helpKey), for taps (`_touch`) or for a mouse and keys."""
    return {words for key, words in CATALOGUES["en"].items()
            if key.startswith(f"{game}.help") and key.endswith("_touch") == touch}


@pytest.mark.parametrize("game", GAMES)
def test_the_help_text_speaks_of_taps_on_a_touch_screen(phone: Any, game: str) -> None:
    page = phone
    open_game(page, game)
    help_text = page.evaluate(BOXES)["help"]
    assert help_text in help_texts(game, touch=True)
    assert "Click" not in help_text and "click" not in help_text and "Keys" not in help_text


def test_a_notice_floats_over_the_page_and_undo_clears_an_old_hint(phone: Any) -> None:
    page = phone
    open_game(page, "upthrust", "human,human")
    page.evaluate("window.gamebox.legal().then((actions) => window.gamebox.play(actions[0]))")
    page.wait_for_function("document.body.dataset.moves === '1'")
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#btn-hint")
    page.wait_for_selector("#notice:not([hidden])")
    # the notice takes no room of the page's: the board is where it is with the notice taken out of the layout (a
    # comparison at one moment; the board's box before the hint may differ for reasons of its own on a loaded machine)
    before, without = page.evaluate(f"""() => {{ const boxes = ({BOXES}); const shown = boxes().board;
        const notice = document.getElementById('notice'); notice.style.display = 'none';
        const hidden = boxes().board; notice.style.display = ''; return [shown, hidden]; }}""")
    assert before == without, "the notice moved the board"
    assert page.evaluate("document.getElementById('notice').getAttribute('role')") == "alert"
    notice = page.evaluate("(() => { const b = document.getElementById('notice').getBoundingClientRect();"
                           " return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; })()")
    assert notice["left"] >= 0 and notice["right"] <= 390 and notice["top"] >= 0 and notice["bottom"] <= 844
    assert page.evaluate(NO_SIDEWAYS, 390)
    screenshot(page, "phone-390-notice")
    page.click("#btn-undo")
    page.wait_for_function("document.body.dataset.moves === '0'")
    assert page.locator("#notice").is_hidden(), "the hint of the undone position is still shown"
    # the board stays where it was: the position before the move may fit it a few px larger (with the engine's status
    # on a line of its own on a phone, the board's height is what the window leaves), never elsewhere
    back = page.evaluate(BOXES)["board"]
    assert back["top"] == before["top"] and all(abs(back[side] - before[side]) <= 4 for side in before), (back, before)

    # a notice that stays is dismissed with its button
    page.click("#btn-copy")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.evaluate(BOXES)["board"] == back
    page.click("#notice-close")
    assert page.locator("#notice").is_hidden()


def test_ukrainian_plurals_pick_one_few_and_many(phone: Any) -> None:
    page = phone
    words = page.evaluate("""async () => {
        const i18n = await import('./web/i18n.js');
        const said = {};
        for (const lang of ['uk', 'en', 'pt']) {
            await i18n.setLanguage(lang, {remember: false});
            said[lang] = [0, 1, 2, 5, 11, 21, 22, 25].map((n) => i18n.t('upcombine.tiles', {n}));
            said[lang + '_moved'] = [1, 3, 7].map(
                (rows) => i18n.t('upthrust.moved', {colour: 'R', from: 'b2', to: 'b5', rows}));
        }
        await i18n.setLanguage('en', {remember: false});
        return said;
    }""")
    assert words["uk"] == ["0 плиток", "1 плитка", "2 плитки", "5 плиток", "11 плиток", "21 плитка", "22 плитки",
                           "25 плиток"]
    assert words["en"] == ["0 tiles", "1 tile", "2 tiles", "5 tiles", "11 tiles", "21 tiles", "22 tiles", "25 tiles"]
    assert words["pt"][:3] == ["0 peças", "1 peça", "2 peças"]
    assert [text.split("(")[1] for text in words["uk_moved"]] == ["1 ряд).", "3 ряди).", "7 рядів)."]


def test_move_numbers_of_three_digits_fit_the_move_log(phone: Any) -> None:
    page = phone
    open_game(page, "upthrust")
    room = page.evaluate("""() => {
        const log = document.getElementById('log');
        const style = getComputedStyle(log);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.fontVariantNumeric = style.fontVariantNumeric;
        probe.style.whiteSpace = 'pre';
        probe.textContent = '999. ';
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return {width, padding: parseFloat(style.paddingLeft)};
    }""")
    assert room["width"] <= room["padding"], room


def play_to_the_end(page: Any, game: str) -> None:
    """A game of ``game`` for two to its end on the page: played on CPython by a seeded random player to one move
    before its end, opened from its share code (the last mover a person, the other an easy bot), and its last move
    played on the page. (The easy bots played every move on the page before: a whole game of Pyodide's bot moves,
    half a minute of a loaded machine, for the one screen the test is about.)"""
    state = gamebox.get(game).new("PHONE", 2)
    chooser = random.Random(f"phone/{game}")
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    seat, action = state.history[-1]
    before = gamebox.get(game).replay(state.seed, state.players, state.options, state.history[:-1])
    seats = ["easy", "easy"]
    seats[seat] = "human"
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [share.encode(before), ",".join(seats)])
    page.wait_for_function("(game) => window.gamebox.table() && window.gamebox.table().game === game"
                           " && document.body.dataset.fingerprint", arg=game)
    settled(page)
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_function("window.gamebox.table().is_over")
    page.wait_for_selector("#game-over:not([hidden])")


def test_the_game_over_dialog_words_its_reason_and_hides_the_line_without_one(phone: Any) -> None:
    """Upples says why it ended with a word of its own ("field_not_refilled"), worded by upples.end.<word>;
    Up Combine gives no reason, and the dialog has no empty line for it."""
    page = phone
    play_to_the_end(page, "upples")
    reason = page.evaluate("window.gamebox.table().view.end_reason")
    line = page.locator("#over-reason")
    assert line.is_visible() and line.inner_text() == CATALOGUES["en"][f"upples.end.{reason}"]
    screenshot(page, "phone-390-upples-over")
    page.keyboard.press("Escape")
    play_to_the_end(page, "upcombine")
    assert not page.evaluate("window.gamebox.table().view.end_reason")
    assert line.is_hidden()
    page.keyboard.press("Escape")


def test_the_header_never_makes_a_360_phone_scroll_sideways(browser: Any, site: str) -> None:
    """Loading, the menu, the set-up, a game, in English and in Ukrainian (the longest words)."""
    context, watch = watched_context(browser, site, viewport={"width": 360, "height": 740}, has_touch=True,
                                     locale="uk-UA")
    page = watched_page(context, watch)
    page.goto(site)
    page.wait_for_selector("#screen-menu:not([hidden])")
    assert not page.evaluate(READY), "the engine was ready before the loading state could be seen"
    assert page.evaluate(NO_SIDEWAYS, 360), page.evaluate("document.documentElement.scrollWidth")
    assert page.evaluate("document.getElementById('lang-select').getBoundingClientRect().right <= 360")
    screenshot(page, "phone-360-loading-uk")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    for lang in ("uk", "en"):
        page.select_option("#lang-select", lang)
        page.goto(site + "#/")
        page.wait_for_selector("#screen-menu:not([hidden])")
        assert page.evaluate(NO_SIDEWAYS, 360), ("menu", lang)
        page.goto(site + "#/upples")
        page.wait_for_selector("#setup-start:not([disabled])")
        assert page.evaluate(NO_SIDEWAYS, 360), ("set-up", lang)
        screenshot(page, f"phone-360-setup-{lang}")
        for game in GAMES:
            open_game(page, game)
            assert page.evaluate(NO_SIDEWAYS, 360), (game, lang, page.evaluate("document.documentElement.scrollWidth"))
    screenshot(page, "phone-360-whoopies-en")
    context.close()
    assert watch.foreign == [] and watch.errors == [], (watch.foreign, watch.errors)


def test_a_failed_engine_keeps_the_header_inside_a_360_phone(browser: Any, site: str) -> None:
    context, watch = watched_context(browser, site, viewport={"width": 360, "height": 740}, has_touch=True,
                                     locale="uk-UA")
    # the worker's address may have a query (?snapshot=off: conftest.NO_SNAPSHOT)
    context.route("**/web/worker.mjs*", lambda route: route.abort())
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector("#engine-status.failed", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#engine-retry").is_visible()
    assert page.evaluate(NO_SIDEWAYS, 360), page.evaluate("document.documentElement.scrollWidth")
    retry = page.evaluate("document.getElementById('engine-retry').getBoundingClientRect().right")
    assert retry <= 360
    screenshot(page, "phone-360-failed-uk")
    context.close()


def test_the_desktop_keeps_the_side_panel_beside_the_board_and_its_words_for_clicks(browser: Any, site: str) -> None:
    desktop = SharedPage(browser, site, viewport={"width": 1280, "height": 800})
    page = desktop.page
    for game in GAMES:
        open_game(page, game)
        layout = page.evaluate("""() => {
            const board = document.getElementById('board').getBoundingClientRect();
            const side = document.querySelector('.side').getBoundingClientRect();
            const help = document.getElementById('board-help').getBoundingClientRect();
            return {board: [board.top, board.right], side: [side.top, side.left], help: help.top,
                    text: document.getElementById('board-help').textContent};
        }""")
        assert layout["side"][1] >= layout["board"][1], layout  # the panel beside the board, as before
        assert layout["help"] > layout["board"][0], layout  # the help under the board
        assert layout["text"] in help_texts(game, touch=False)
        screenshot(page, f"desktop-1280-{game}")
    before = page.evaluate(BOXES)["board"]
    page.click("#btn-copy")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.evaluate(BOXES)["board"] == before
    screenshot(page, "desktop-1280-notice")
    desktop.close()
    desktop.check()


# the page's visible words (and its labels) that are message keys of the catalogue: none may ever show
RAW_KEYS = """(keys) => {
    const words = [document.body.innerText, ...[...document.querySelectorAll('[aria-label]')]
        .map((node) => node.getAttribute('aria-label')), document.title];
    const found = new Set();
    for (const text of words) for (const token of String(text).match(/[a-z0-9_]+(\\.[a-z0-9_]+)+/g) || []) {
        if (keys.includes(token)) found.add(token);
    }
    return [...found];
}"""


def test_a_cold_first_visit_never_shows_a_raw_key_while_its_language_file_is_late(browser: Any, site: str) -> None:
    """The language file comes late (held back until the engine has made progress): meanwhile the header keeps
    index.html's own English words, and no message key ("engine.loading") is ever on the page (issue 22)."""
    context, watch = watched_context(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    context.route("**/web/i18n/*.json", hold)  # after the watch's route, so it answers these first
    page = watched_page(context, watch)
    page.goto(site, wait_until="commit")
    keys = sorted(CATALOGUES["en"])
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    # the engine reports its progress while the words are held back: each report words the status again
    while time.monotonic() < deadline and not (held and page.evaluate(PROGRESSED)):
        seen.update(page.evaluate(RAW_KEYS, keys))
        time.sleep(0.05)
    assert held, "the page never asked for its language file"
    assert page.evaluate(PROGRESSED), "the engine made no progress while the language file was late"
    for _ in range(10):
        seen.update(page.evaluate(RAW_KEYS, keys))
        time.sleep(0.05)
    status = page.locator("#engine-text").inner_text()
    assert status == "Loading the game engine…", status  # index.html's own words
    for route in held:
        route.continue_()
    context.unroute("**/web/i18n/*.json", hold)
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    seen.update(page.evaluate(RAW_KEYS, keys))
    assert seen == set(), f"raw message keys on the page: {sorted(seen)}"
    assert page.locator("#engine-text").inner_text() == CATALOGUES["en"]["engine.ready"]
    context.close()
    assert watch.foreign == [] and watch.errors == [], (watch.foreign, watch.errors)


def test_twenty_fast_taps_on_last_and_forward_in_a_replay_raise_no_error_and_land_where_asked(phone: Any) -> None:
    """Issue 22: twenty fast taps on "Last" in a replay threw a page error. Taps faster than the engine move the aim
    (the last one asked for wins; Forward and Back count from it) and no tap acts on a replay that was left."""
    page = phone
    open_game(page, "upthrust", "easy,easy")
    page.evaluate("async () => { for (let n = 0; n < 12; n++) await window.gamebox.botMove(30); }")
    code = page.evaluate("window.gamebox.table().share")
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("(code) => window.gamebox.replay(code, 0, 'easy,easy')", code)
    page.wait_for_function("document.body.dataset.fingerprint && !document.getElementById('replay-controls').hidden")
    steps = page.evaluate("window.gamebox.table().replay.steps")
    assert steps >= 10
    at = "window.gamebox.table().replay.step"

    def taps(button: str, times: int) -> dict[str, float]:
        page.locator(f"#{button}").scroll_into_view_if_needed()
        box = page.locator(f"#{button}").bounding_box()
        for _ in range(times):  # taps with no wait between them, as fast as a person's thumb, and faster
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        return box

    def clicks(button: str, times: int) -> None:  # within one task: the engine cannot answer in between
        page.evaluate("([id, times]) => { for (let i = 0; i < times; i++) document.getElementById(id).click(); }",
                      [button, times])

    under_thumb = taps("replay-last", 20)
    page.wait_for_function(f"(steps) => {at} === steps", arg=steps)
    # the lines that change at each step (the last move, whose turn) never move a button under the thumb: the
    # controls come first on a phone, and Play keeps its width as it turns into Pause
    assert page.locator("#replay-last").bounding_box() == under_thumb
    page.locator("#replay-auto").click()
    assert page.locator("#replay-auto").inner_text() == "Pause"
    assert page.locator("#replay-last").bounding_box() == under_thumb
    page.locator("#replay-auto").click()
    clicks("replay-first", 20)
    page.wait_for_function(f"{at} === 0")
    clicks("replay-forward", 5)
    page.wait_for_function(f"{at} === 5")
    clicks("replay-last", 20)
    clicks("replay-back", 3)
    page.wait_for_function(f"(steps) => {at} === steps - 3", arg=steps)
    page.wait_for_timeout(300)
    assert page.evaluate(at) == steps - 3
    assert page.evaluate("document.getElementById('replay-step').textContent").count(str(steps - 3)) >= 1
    # taps that arrive as the replay is left act on nothing
    clicks("replay-last", 10)
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.wait_for_timeout(300)


def test_send_my_move_shows_only_where_another_person_may_take_the_next_move(phone: Any) -> None:
    """Issue 22: "Send my move" showed against bots alone and after the end. It shows in a game a link can carry,
    not over, not a replay, with two human seats or more (docs/saves-and-replays.md, "Play by link")."""
    page = phone
    send = page.locator("#btn-send")
    open_game(page, "upthrust", "human,easy")
    assert send.is_hidden(), "against a bot alone there is nobody to send a move to"
    open_game(page, "upthrust", "human,human")
    assert send.is_visible() and send.is_disabled()  # before the first move
    page.evaluate("window.gamebox.legal().then((actions) => window.gamebox.play(actions[0]))")
    page.wait_for_function("document.body.dataset.moves === '1'")
    assert send.is_visible() and send.is_enabled()
    over = page.evaluate("""async () => {
        for (let n = 0; n < 400 && !window.gamebox.table().is_over; n++) {
            const table = window.gamebox.table();
            const actions = await window.gamebox.legal(table.to_move[0]);
            if (!(await window.gamebox.play(actions[0]))) break;
        }
        return window.gamebox.table().is_over;
    }""")
    assert over
    page.wait_for_selector("#game-over:not([hidden])")
    page.keyboard.press("Escape")
    assert send.is_hidden(), "a finished game has no next move to send"
    open_game(page, "upcombine", "human,human")
    assert send.is_hidden(), "a game with hidden hands cannot travel in a link"
