"""Accessibility in Chromium: axe-core (npm, node_modules/axe-core) on the menu, every set-up screen and every
game screen, with no serious or critical violation; plus keyboard focus, the board's name and the live region."""

from __future__ import annotations

from typing import Any

import pytest

from tests.catalogues import CATALOGUES

from .conftest import ROOT, SharedPage, playwright_sync, site_game_ids

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD_IMPACTS = {"serious", "critical"}


def titles() -> dict[str, str]:
    catalogue = CATALOGUES["en"]
    return {game: catalogue[f"game.{game}.title"] for game in site_game_ids()}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }));
    }""")


def assert_no_serious(page: Any, where: str) -> None:
    bad = [violation for violation in axe_violations(page) if violation["impact"] in BAD_IMPACTS]
    assert not bad, f"axe on {where}:\n" + "\n".join(
        f"- {v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in bad)


def go(page: Any, hash_route: str) -> None:
    page.evaluate("(route) => { location.hash = route; }", hash_route)


def open_game(page: Any, game: str, seats: str = "human,easy") -> None:
    """Open a new game by its link and wait until it is on screen (a new fingerprint: the page may still show
    another game of the module's earlier tests)."""
    page.evaluate("document.body.dataset.fingerprint = ''")
    go(page, f"#/play?code=v1.{game}.A11Y.2.&seats={seats}")
    page.wait_for_function(
        "(game) => window.gamebox.table() && window.gamebox.table().game === game"
        " && !document.getElementById('screen-game').hidden && document.body.dataset.fingerprint", arg=game,
        timeout=30_000)


@pytest.fixture
def a11y_page(game_page: SharedPage) -> Any:
    """The module's booted page (conftest's game_page: no console error, no request to another origin)."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run npm ci (./build.sh does)")
    return game_page.page


def test_menu_setup_and_game_screens_have_no_serious_axe_violations(a11y_page: Any) -> None:
    page = a11y_page
    # the menu as a visitor first sees it: no saved game to continue yet
    page.evaluate("localStorage.clear()")
    go(page, "#/")
    page.wait_for_selector("#screen-menu:not([hidden])")
    assert_no_serious(page, "the menu")
    for game in site_game_ids():
        go(page, f"#/{game}")
        page.wait_for_selector("#screen-setup:not([hidden])")
        page.wait_for_selector("#setup-start:not([disabled])")
        assert_no_serious(page, f"the set-up screen of {game}")
        open_game(page, game)
        assert_no_serious(page, f"the game screen of {game}")
    go(page, "#/replay?code=v1.upthrust.A11Y.2..0a1&seats=human,easy&step=0")
    page.wait_for_selector("#replay-controls:not([hidden])")
    assert_no_serious(page, "the replay screen")
    go(page, "#/")
    page.wait_for_selector("#screen-menu:not([hidden])")
    assert_no_serious(page, "the menu after games (with saved games to continue)")
    go(page, "#/play?code=v1.upthrust.A11Y.2..9zz&seats=human,easy")
    page.wait_for_selector("#notice:not([hidden])")
    assert_no_serious(page, "the menu with an error notice")


def test_focus_is_visible_and_the_board_has_a_name(a11y_page: Any) -> None:
    page = a11y_page
    assert page.evaluate("""() => [...document.styleSheets].some((sheet) => [...sheet.cssRules]
        .some((rule) => (rule.selectorText || "").includes(":focus-visible")))"""), "no :focus-visible style"
    for game, title in titles().items():
        open_game(page, game)
        board = page.locator("#board")
        assert int(board.get_attribute("tabindex") or "-1") >= 0, "the board cannot take focus"
        label = board.get_attribute("aria-label") or ""
        assert title in label, f"the board of {game} is named {label!r}"
        # reach the board with the keyboard: its focus ring shows
        page.locator(".brand").focus()
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "board":
                break
        assert page.evaluate("document.activeElement.id") == "board", "Tab does not reach the board"
        ring = page.evaluate("""() => { const board = document.getElementById('board');
            const style = getComputedStyle(board);
            return { visible: board.matches(':focus-visible'), style: style.outlineStyle,
                     width: style.outlineWidth }; }""")
        assert ring["visible"] and ring["style"] != "none" and ring["width"] != "0px", ring


def test_the_live_region_announces_a_move_played_with_the_keyboard(a11y_page: Any) -> None:
    page = a11y_page
    open_game(page, "upthrust", "human,human")
    assert page.get_attribute("#announcer", "aria-live") in ("polite", "assertive")
    before = page.inner_text("#announcer")
    page.locator("#board").focus()
    # keys only (web/games/upthrust/renderer.js): a column with a peg that moves, then Enter
    for _ in range(4):
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        try:  # the move goes to the engine and back: wait for it before another key could play a second one
            page.wait_for_function("Number(document.body.dataset.moves) === 1", timeout=1_500)
            break
        except playwright_sync.TimeoutError:
            continue
    page.wait_for_function("Number(document.body.dataset.moves) === 1", timeout=10_000)
    entry = page.locator("#log li").last.inner_text()
    page.wait_for_function("(text) => document.getElementById('announcer').textContent.includes(text)",
                           arg=entry, timeout=5_000)
    assert page.inner_text("#announcer") != before
