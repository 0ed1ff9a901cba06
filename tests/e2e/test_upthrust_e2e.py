"""The whole loop in Chromium: wheel -> Pyodide in a module worker -> canvas -> click -> Python -> new view."""

from __future__ import annotations

import time

import gamebox

from .conftest import choose_seats, copied_link, moves_played, screenshot, start_set_up_game

# The Upthrust renderer's layout (web/games/upthrust.js): column x and row y of a hole's centre.
LEFT, TOP, COLUMN, ROW = 70, 26, 84, 46


def square_point(square: str) -> dict[str, float]:
    column = "abcd".index(square[0])
    row = int(square[1:])
    return {"x": LEFT + column * COLUMN + COLUMN / 2, "y": TOP + (11 - row) * ROW + ROW / 2}


def start_from_menu(page, seats: list[str]) -> None:
    page.click("a[href='#/upthrust']")
    choose_seats(page, seats)
    page.fill("#setup-seed", "K7Q2M")
    start_set_up_game(page)


def click_move(page) -> str:
    """Click a movable peg on the canvas, then its destination ring; returns the square moved."""
    moves = page.evaluate("window.gamebox.view().moves")
    start, target = next(iter(moves.items()))
    canvas = page.locator("#board")
    canvas.click(position=square_point(start))
    canvas.click(position=square_point(target))
    return start


def test_menu_renders_before_pyodide_is_ready(open_page, site):
    page = open_page("", wait_ready=False)
    # The menu and the progress bar are there while the engine is still loading.
    page.wait_for_selector("#screen-menu:not([hidden])", timeout=5000)
    cards = page.locator(".game-card")
    assert cards.count() == 5
    assert page.locator(".game-card[data-game='upthrust'] a.button").count() == 1
    playable = page.locator(".game-card a.button").count()
    assert page.locator(".game-card.soon").count() == 5 - playable
    for card in page.locator(".game-card.soon").all():
        assert "not built yet" in card.inner_text().lower()
    ready_at_menu = page.evaluate("document.getElementById('engine-status').classList.contains('done')")
    assert not ready_at_menu, "the menu must show before the engine is ready"
    assert page.locator("#engine-progress").is_visible()
    screenshot(page, "menu")
    page.evaluate("window.gamebox.ready")


def test_two_player_game_against_a_bot_by_clicking_the_canvas(open_page):
    page = open_page("")
    start_from_menu(page, ["human", "easy"])
    assert moves_played(page) == 0
    click_move(page)
    page.wait_for_function("Number(document.body.dataset.moves) >= 2", timeout=30_000)  # the bot replied
    assert page.locator("#log li").count() >= 2
    assert "jumps" in page.locator("#log li").first.inner_text()
    page.wait_for_function("!window.gamebox.table().is_over && window.gamebox.table().to_move[0] === 0")
    click_move(page)
    page.wait_for_function("Number(document.body.dataset.moves) >= 4", timeout=30_000)
    screenshot(page, "game-in-progress")
    # undo takes back my move and the bot's reply
    page.click("#btn-undo")
    page.wait_for_function("Number(document.body.dataset.moves) === 2")
    page.click("#btn-undo")
    page.wait_for_function("Number(document.body.dataset.moves) === 0")
    assert page.locator("#btn-undo").is_disabled()


def test_keyboard_plays_a_move(open_page):
    page = open_page("")
    start_from_menu(page, ["human", "human"])
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.moves) === 1")


def test_copy_link_opens_the_same_position_in_a_new_page(open_page):
    page = open_page("")
    start_from_menu(page, ["human", "easy"])
    click_move(page)
    page.wait_for_function("Number(document.body.dataset.moves) >= 2", timeout=30_000)
    link = copied_link(page)
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    other = open_page(link)
    other.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert other.evaluate("document.body.dataset.fingerprint") == fingerprint


def test_bots_play_a_whole_game_to_the_game_over_panel(open_page):
    page = open_page("#/play?code=v1.upthrust.GAMEOVER.2.&seats=easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=180_000)
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 2
    screenshot(page, "game-over")
    page.click("#btn-again")
    page.wait_for_function("Number(document.body.dataset.moves) === 0 || !document.getElementById('game-over').hidden")


def test_solitaire_shows_the_best_possible_score(open_page):
    page = open_page("#/play?code=v1.upthrust.SOLO.1.&seats=human")
    page.wait_for_selector("#target:not([hidden])", timeout=60_000)
    assert any(ch.isdigit() for ch in page.locator("#target").inner_text())
    screenshot(page, "solitaire")


def test_a_bad_share_link_shows_a_clear_message_and_a_working_menu(open_page):
    page = open_page("#/play?code=v1.upthrust.K7Q2M.2..0z9&seats=human,easy")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")
    screenshot(page, "bad-link")
    page.click("a[href='#/upthrust']")
    page.wait_for_selector("#screen-setup:not([hidden])")
    page.goto(page.url.split("#")[0] + "#/play?code=total-garbage")
    page.wait_for_selector("#screen-menu:not([hidden])")


def test_fingerprint_in_pyodide_equals_cpython(open_page):
    game = gamebox.get("upthrust")
    state = game.new("DETERMINISM", 4)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[len(legal) // 2])
    code = gamebox.share.encode(state)
    page = open_page("")
    started = time.perf_counter()
    table = page.evaluate("code => window.gamebox.open(code)", code)
    assert table["fingerprint"] == state.fingerprint(), f"after {time.perf_counter() - started:.1f}s"


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
