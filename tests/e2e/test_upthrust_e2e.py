"""Upthrust in Chromium, the whole loop: wheel -> Pyodide in a module worker -> canvas -> tap -> Python -> new view.

One page is booted for the module (a touch screen, so that the same page taps like a phone and clicks like a
desktop); each test opens its game by the address's hash. Moves are made by real clicks and taps at the points
window.gamebox.targets() gives, and each must play exactly that target's action.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

import gamebox
from gamebox.core.rng import Rng
from gamebox.upthrust.rules import UpthrustState

from .conftest import SharedPage, choose_seats, screenshot, site_games, start_set_up_game, tap_at

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

DESKTOP = {"width": 1200, "height": 860}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def shared_page(browser: Any, site: str) -> Iterator[SharedPage]:
    page = SharedPage(browser, site, viewport=DESKTOP, has_touch=True)
    yield page
    page.close()


@pytest.fixture
def game(game_page: SharedPage) -> SharedPage:
    """The module's page at a desktop size, in English, with no console error and no foreign request at the end."""
    if game_page.page.evaluate("document.documentElement.lang") != "en":
        game_page.page.select_option("#lang-select", "en")
    return game_page


def code_after(seed: str, players: int, moves: int) -> str:
    state = gamebox.get("upthrust").new(seed, players)
    rng = Rng(f"e2e/{seed}")
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return str(gamebox.share.encode(state))


def refusals_by_square(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The view's refusals by the square of the peg refused: one list of {thing, key, params} (core/game.py Refusal),
    or, in a view made before that list, already a map by square (the kit's refusalFor reads both)."""
    refusals = view["refusals"]
    if isinstance(refusals, dict):
        return dict(refusals)
    return {refusal["thing"]["id"]: refusal for refusal in refusals if refusal["thing"]["kind"] == "peg"}


def stuck_position() -> tuple[str, str, str, str]:
    """A 2-player position where seat 0, to move, has a peg that may not jump and a peg that may: (code, the
    stuck peg's square, its reason's key, an opponent's peg's square)."""
    game = gamebox.get("upthrust")
    for number in range(200):
        state = game.new(f"STUCK{number}", 2)
        assert isinstance(state, UpthrustState)
        rng = Rng(f"e2e/stuck/{number}")
        while not state.is_over:
            seat = state.to_move[0]
            view = state.view(seat)
            if seat == 0 and not view["must_pass"]:
                stuck = [(square, reason["key"]) for square, reason in refusals_by_square(view).items()
                         if reason["key"] != "upthrust.not_your_colour"]
                theirs = [square for square, reason in refusals_by_square(view).items()
                          if reason["key"] == "upthrust.not_your_colour"]
                if stuck and theirs:
                    return str(gamebox.share.encode(state)), stuck[0][0], stuck[0][1], theirs[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no position with a stuck peg")


def targets(page: Any) -> list[dict[str, Any]]:
    page.wait_for_function("window.gamebox.targets().length > 0", timeout=30_000)
    return list(page.evaluate("window.gamebox.targets()"))

def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves || '0'"))


def open_game(shared: SharedPage, code: str, seats: str) -> Any:
    page = shared.go(f"#/play?code={code}&seats={seats}")
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page


def play_by_targets(page: Any, *, touch: bool, again_on_peg: bool) -> str:
    """One jump made by two taps at the targets' points: pick up a peg (a label, no action), then tap it again or
    its landing hole (the target with the action). Returns the action played, checked against the history."""
    before = moves(page)
    shown = targets(page)
    if [target.get("action") for target in shown] == ["pass"]:
        tap_at(page, shown[0], touch)
        page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=before)
        assert page.evaluate("window.gamebox.table().history")[before][1] == "pass"
        return "pass"
    pick = next(target for target in shown if "action" not in target)
    tap_at(page, pick, touch)
    page.wait_for_function("window.gamebox.targets().some((target) => target.action)")
    chosen = [target for target in targets(page) if target.get("action")]
    assert len({target["action"] for target in chosen}) == 1, chosen  # the peg picked up, and its hole
    peg, hole = sorted(chosen, key=lambda target: -target["y"])  # the hole is above its peg
    action = peg["action"]
    tap_at(page, peg if again_on_peg else hole, touch)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=before, timeout=30_000)
    assert page.evaluate("window.gamebox.table().history")[before][1] == action
    return str(action)


def test_menu_renders_before_pyodide_is_ready(open_page: Any) -> None:
    page = open_page("", wait_ready=False)
    page.wait_for_selector("#screen-menu:not([hidden])", timeout=5000)
    assert page.locator(".game-card").count() == len(site_games())  # every game of the box
    assert page.locator(".game-card[data-game='upthrust'] a.button").count() == 1
    ready_at_menu = page.evaluate("document.getElementById('engine-status').classList.contains('done')")
    assert not ready_at_menu, "the menu must show before the engine is ready"
    assert page.locator("#engine-progress").is_visible()


def test_a_game_against_a_bot_played_by_clicks_at_the_targets_to_its_end(game: SharedPage) -> None:
    page = open_game(game, code_after("CLICKS", 2, 0), "human,easy")
    played = 0
    while not page.evaluate("window.gamebox.table().is_over"):
        page.wait_for_function("window.gamebox.table().is_over || window.gamebox.targets().length > 0",
                               timeout=30_000)
        if page.evaluate("window.gamebox.table().is_over"):
            break
        play_by_targets(page, touch=False, again_on_peg=played % 2 == 1)
        played += 1
        if played == 2:
            screenshot(page, "upthrust-desktop-in-play")
    assert played >= 5
    page.wait_for_selector("#game-over:not([hidden])", timeout=30_000)
    assert page.locator("#over-scores tr").count() == 2
    assert page.evaluate("window.gamebox.overflows()") == []
    screenshot(page, "upthrust-desktop-over")
    page.click("#btn-over-close")
    # undo takes back my last move and the bot's replies
    at_end = moves(page)
    page.click("#btn-undo")
    page.wait_for_function("(n) => Number(document.body.dataset.moves) < n", arg=at_end)


def test_taps_on_a_390_px_phone_pick_up_pegs_in_every_column_and_play_them(game: SharedPage) -> None:
    page = game.page
    page.set_viewport_size(PHONE)
    page = open_game(game, code_after("PHONE", 2, 0), "human,human")
    shape = page.evaluate("""() => { const canvas = document.getElementById('board');
        const box = canvas.getBoundingClientRect();
        return {drawn: canvas.boardSize.width / canvas.boardSize.height, shown: box.width / box.height,
                width: box.width, page: document.documentElement.scrollWidth}; }""")
    assert abs(shape["shown"] / shape["drawn"] - 1) <= 0.02, shape
    assert shape["page"] <= PHONE["width"] and shape["width"] >= PHONE["width"] - 40, shape  # the board fills it
    assert shape["drawn"] < 1, shape  # portrait: the legend is below the board
    # every peg seat 0 may jump, in all four columns, answers a tap: it is picked up
    picks = [target for target in targets(page) if "action" not in target]
    squares = {re.search(r" on ([a-d]\d+)", target["label"]).group(1) for target in picks}
    assert {square[0] for square in squares} == set("abcd"), squares
    for pick in picks:
        square = re.search(r" on ([a-d]\d+)", pick["label"]).group(1)
        page.touchscreen.tap(pick["x"], pick["y"])
        page.wait_for_function("(square) => window.gamebox.targets().some((t) => t.action === square)", arg=square)
    columns = set()
    for number in range(8):
        columns.add(play_by_targets(page, touch=True, again_on_peg=number % 2 == 0)[0])
    assert len(columns) >= 3, columns
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("window.gamebox.overflows()") == []
    screenshot(page, "upthrust-phone-390")


def grid(page: Any) -> Any:
    """The page point of any square, fitted from the points of the pegs the targets name (en labels)."""
    known = []
    for target in targets(page):
        found = re.search(r" on ([a-d])(\d+)", target["label"])
        if found:
            known.append(("abcd".index(found.group(1)), int(found.group(2)), target["x"], target["y"]))
    by_column = sorted({column: x for column, _, x, _ in known}.items())
    by_row = sorted({row: y for _, row, _, y in known}.items())
    (c0, x0), (c1, x1) = by_column[0], by_column[-1]
    (r0, y0), (r1, y1) = by_row[0], by_row[-1]
    assert c0 != c1 and r0 != r1, known

    def point(square: str) -> tuple[float, float]:
        column, row = "abcd".index(square[0]), int(square[1:])
        return x0 + (column - c0) * (x1 - x0) / (c1 - c0), y0 + (row - r0) * (y1 - y0) / (r1 - r0)
    return point


def bubble(page: Any, kind: str) -> str:
    page.wait_for_selector(f".board-bubble-{kind}", timeout=5000)
    return str(page.inner_text(f".board-bubble-{kind}"))


def test_a_tap_on_a_peg_that_may_not_jump_says_why_next_to_it_in_every_language(game: SharedPage) -> None:
    code, square, key, theirs = stuck_position()
    page = open_game(game, code, "human,human")
    point = grid(page)
    x, y = point(square)
    before = moves(page)
    page.mouse.click(x, y)
    words = bubble(page, "refusal")
    assert moves(page) == before  # nothing was played
    reason = refusals_by_square(page.evaluate("window.gamebox.view()"))[square]
    assert reason["key"] == key
    expected = page.evaluate("""async ([key, params]) => { const i18n = await import('./web/i18n.js');
        return i18n.t(key, {...params, colour: i18n.t('colour.' + params.colour).toLocaleLowerCase()}); }""",
                             [key, reason["params"]])
    assert words == expected and square in words
    box = page.evaluate("(() => { const b = document.querySelector('.board-bubble-refusal').getBoundingClientRect();"
                        " return {x: b.left + b.width / 2, bottom: b.bottom, top: b.top}; })()")
    assert abs(box["bottom"] - y) < 60 or abs(box["top"] - y) < 60, (box, y)  # next to the peg tapped
    x, y = point(theirs)
    page.mouse.click(x, y)
    assert "not yours" in bubble(page, "refusal")
    for lang, word in (("uk", "не ваші"), ("pt", "não são suas")):
        page.select_option("#lang-select", lang)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        page.mouse.click(x, y)
        page.wait_for_function("(word) => document.querySelector('.board-bubble-refusal')?.textContent.includes(word)",
                               arg=word)
    page.select_option("#lang-select", "en")


def test_hover_and_long_press_say_what_a_peg_is_who_owns_it_and_where_it_may_go(game: SharedPage) -> None:
    page = open_game(game, code_after("HOVER", 2, 0), "human,easy")
    pick = next(target for target in targets(page) if "action" not in target)
    square = re.search(r" on ([a-d]\d+)", pick["label"]).group(1)
    page.mouse.move(pick["x"], pick["y"])
    words = bubble(page, "describe")
    landing = page.evaluate("(square) => window.gamebox.view().pieces.find((p) => p.square === square).to", square)
    assert square in words and "Owner: You" in words and f"to {landing}" in words, words
    page.mouse.move(2, 2)
    page.evaluate("document.querySelectorAll('.board-bubble').forEach((old) => old.remove())")
    # a long press (touch): the same words, and the peg is not picked up
    page.evaluate("""([x, y]) => { const canvas = document.getElementById('board');
        canvas.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', clientX: x, clientY: y,
                                                              bubbles: true})); }""", [pick["x"], pick["y"]])
    page.wait_for_timeout(800)
    assert square in bubble(page, "describe")
    assert not any(target.get("action") for target in targets(page))


def test_keyboard_picks_up_a_peg_with_the_arrows_and_plays_it_with_enter(game: SharedPage) -> None:
    page = open_game(game, code_after("KEYS", 2, 0), "human,human")
    page.focus("#board")
    for key in ["ArrowRight", "ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"]:  # the focus picks up a peg it reaches
        page.keyboard.press(key)
        if page.evaluate("window.gamebox.targets().some((target) => target.action)"):
            break
    action = next(target["action"] for target in targets(page) if target.get("action"))
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.moves) === 1")
    assert page.evaluate("window.gamebox.table().history")[0] == [0, action]


def test_the_copied_link_opens_the_same_position(game: SharedPage) -> None:
    page = open_game(game, code_after("LINK", 2, 3), "human,easy")
    page.wait_for_function("window.gamebox.targets().length > 0", timeout=30_000)
    play_by_targets(page, touch=False, again_on_peg=False)
    page.wait_for_function("window.gamebox.table().to_move[0] === 0 || window.gamebox.table().is_over",
                           timeout=30_000)
    page.click("#btn-copy")
    page.wait_for_function("document.getElementById('btn-copy').dataset.link")
    link = page.evaluate("document.getElementById('btn-copy').dataset.link")
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#screen-menu:not([hidden])")
    game.go("#" + link.split("#", 1)[1])
    assert page.evaluate("document.body.dataset.fingerprint") == fingerprint


def test_solitaire_shows_the_best_possible_score(game: SharedPage) -> None:
    page = game.go("#/play?code=v1.upthrust.SOLO.1.&seats=human")
    page.wait_for_function("window.gamebox.table().players === 1", timeout=60_000)
    page.wait_for_selector("#target:not([hidden])", timeout=10_000)
    assert any(ch.isdigit() for ch in page.locator("#target").inner_text())


def test_a_bad_share_link_shows_a_clear_message_and_a_working_menu(game: SharedPage) -> None:
    page = game.page
    page.evaluate("location.hash = '#/play?code=v1.upthrust.K7Q2M.2..0z9&seats=human,easy'")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.click("a[href='#/upthrust']")
    choose_seats(page, ["human", "easy"])
    page.fill("#setup-seed", "K7Q2M")
    start_set_up_game(page)
    assert page.evaluate("window.gamebox.table().seed") == "K7Q2M"
    page.evaluate("location.hash = '#/play?code=total-garbage'")
    page.wait_for_selector("#screen-menu:not([hidden])")


def test_fingerprint_in_pyodide_equals_cpython(game: SharedPage) -> None:
    state = gamebox.get("upthrust").new("DETERMINISM", 4)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[len(legal) // 2])
    started = time.perf_counter()
    table = game.page.evaluate("code => window.gamebox.open(code)", gamebox.share.encode(state))
    assert table["fingerprint"] == state.fingerprint(), f"after {time.perf_counter() - started:.1f}s"


def test_bots_play_a_whole_game_to_the_game_over_panel(game: SharedPage) -> None:
    page = game.go("#/play?code=v1.upthrust.GAMEOVER.2.&seats=easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=120_000)
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 2
    over = page.evaluate("document.body.dataset.fingerprint")
    page.click("#btn-again")
    # the new game is on screen. (This test is the module's last on its page: leaving a bots' game by the address
    # while its bots play at test speed may lose the new address to the bots' next move, an app.js race.)
    page.wait_for_function("(over) => document.body.dataset.fingerprint !== over"
                           " && window.gamebox.table().seed !== 'GAMEOVER'", arg=over)


def test_when_the_engine_cannot_load_the_page_says_why(browser, site):
    context = browser.new_context()
    context.route("**/*", lambda route: route.abort() if "pyodide.asm.wasm" in route.request.url
                  or not route.request.url.startswith(site) else route.continue_())
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector("#engine-status.failed", timeout=60_000)
    assert "could not load" in page.locator("#engine-text").inner_text()
    assert page.locator("#screen-menu").is_visible()
    context.close()
