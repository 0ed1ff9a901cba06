"""Every board keeps its shape on the screens people have: a phone, a laptop, a wide desktop. The canvas is never
squeezed (its aspect ratio is the drawing's, within 2%), the page never scrolls sideways, and a tap lands where
it is drawn (one pointer transform, web/games/common.js)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SharedPage, screenshot

SCREENS = {"phone": (390, 844, True), "laptop": (1024, 768, False), "desktop": (1920, 1080, False)}
GAMES = {
    "upthrust": "human,easy", "ubongo": "human,easy", "upples": "human,easy", "upcombine": "human,easy",
    "whoopies": "human,easy",
}


@pytest.fixture(scope="module", params=list(SCREENS))
def screen_page(request: Any, browser: Any, site: str) -> Iterator[Any]:
    """One booted page per screen size, for every game of the module (games change by hash), at test speed.
    Fails the test that made the page log a console error or ask for another origin."""
    width, height, touch = SCREENS[request.param]
    shared = SharedPage(browser, site, viewport={"width": width, "height": height}, has_touch=touch)
    shared.page.screen = request.param
    yield shared
    shared.close()


@pytest.fixture
def screen(screen_page: SharedPage) -> Iterator[Any]:
    yield screen_page.page
    screen_page.check()


def settled(page: Any) -> None:
    """Two animation frames: whatever the game's first drawing changes in the layout has been laid out."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_game(page: Any, game: str, seats: str) -> None:
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("([game, seats]) => window.gamebox.request({op: 'new', game, players: 2, seed: 'SCREENS'})"
                  ".then((r) => window.gamebox.open(r.resume, seats))", [game, seats])
    page.wait_for_function("(game) => window.gamebox.table() && window.gamebox.table().game === game"
                           " && document.body.dataset.fingerprint", arg=game)
    settled(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_keeps_its_shape_and_the_page_never_scrolls_sideways(screen: Any, game: str) -> None:
    page = screen
    open_game(page, game, GAMES[game])
    shape = page.evaluate("""() => {
        const canvas = document.getElementById('board');
        const box = canvas.getBoundingClientRect();
        return {drawn: canvas.boardSize.width / canvas.boardSize.height, shown: box.width / box.height,
                width: box.width, page: document.documentElement.scrollWidth, view: window.innerWidth};
    }""")
    assert abs(shape["shown"] / shape["drawn"] - 1) <= 0.02, shape
    assert shape["page"] <= shape["view"], shape
    assert shape["width"] <= shape["view"], shape
    screenshot(page, f"screen-{page.screen}-{game}")


@pytest.mark.parametrize("screen_page", ["phone"], indirect=True)
def test_a_tap_on_the_phone_lands_where_the_board_is_drawn(screen: Any) -> None:
    """Upthrust on a phone: the board is shown smaller than it is drawn, and a tap on a peg still plays it."""
    page = screen
    open_game(page, "upthrust", "human,human")
    page.evaluate("window.scrollTo(0, 0)")  # the module's page may have been scrolled by an earlier test
    box = page.evaluate("(() => { const b = document.getElementById('board').getBoundingClientRect();"
                        " return {left: b.left, top: b.top, width: b.width, height: b.height}; })()")
    size = page.evaluate("document.getElementById('board').boardSize")
    assert box["width"] < size["width"]  # shown smaller than drawn
    # tap the points of a grid over the board until one plays a move: the transform must find the pegs
    played = False
    for row in range(40, 2, -1):
        for column in range(8):
            x = box["left"] + box["width"] * (column + 0.5) / 8
            y = box["top"] + box["height"] * (row + 0.5) / 42
            page.touchscreen.tap(x, y)  # a tap picks a peg up, a second tap on it moves it
            page.touchscreen.tap(x, y)
            if page.evaluate("document.body.dataset.moves") != "0":
                played = True
                break
        if played:
            break
    assert played, "no tap on the phone's board played a move"
