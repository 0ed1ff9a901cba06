"""Rules pages and guided first games in the browser (docs/learn.md): one booted page for the whole module, moved
between games by changing location.hash, so the module stays fast."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import BOOT_TIMEOUT_MS, SHOTS, Watch

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("upthrust", "ubongo", "upples", "upcombine", "whoopies")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOOT = bool(os.environ.get("GAMEBOX_LEARN_SHOTS"))


@pytest.fixture(scope="module")
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, bypass_csp=True, locale="en-GB")
    watch = Watch(site.rstrip("/"))
    context.route("**/*", watch.route)
    tab = context.new_page()
    tab.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: watch.errors.append(str(error)))
    tab.goto(site)
    tab.wait_for_function("window.gamebox && window.gamebox.ready", timeout=30_000)
    tab.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                          timeout=BOOT_TIMEOUT_MS)
    yield tab
    context.close()
    assert watch.foreign == [], f"requests to other origins: {watch.foreign}"
    assert watch.errors == [], f"console errors: {watch.errors}"


def go(page: Any, route: str) -> None:
    page.evaluate("(route) => { location.hash = route; }", route)


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def shoot(page: Any, name: str) -> None:
    if SHOOT:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_menu_card_links_to_the_rules_and_the_guided_game(page: Any) -> None:
    go(page, "#/")
    page.wait_for_selector("#screen-menu:not([hidden])")
    for game in GAMES:
        card = page.locator(f'.game-card[data-game="{game}"]')
        assert card.locator(f'a[href="#/rules/{game}"]').count() == 1
        assert card.locator(f'a[href="#/learn/{game}"]').count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_draws_its_example_boards_without_horizontal_scroll(page: Any, game: str) -> None:
    go(page, f"#/rules/{game}")
    page.wait_for_selector("#screen-rules:not([hidden])")
    page.wait_for_function("(game) => document.getElementById('rules-title').textContent.length > 0 && "
                           "document.querySelectorAll('.rules-example').length > 0 && "
                           "[...document.querySelectorAll('.rules-example')].every((f) => f.dataset.drawn === '1')",
                           arg=game, timeout=60_000)
    data = json.loads((ROOT / "web" / "rules" / f"{game}.json").read_text(encoding="utf-8"))
    expected = sum(len(section.get("examples", [])) for section in data["sections"])
    assert page.locator(".rules-example[data-drawn='1']").count() == expected
    # every board really has pixels drawn (not a blank canvas)
    painted = page.evaluate("""() => [...document.querySelectorAll('.rules-board')].map((canvas) => {
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < data.length; i += 4 * 97) if (data[i] !== 0) return true;
        return false; })""")
    assert all(painted)
    assert page.locator(".rules-section h2").count() >= 7
    assert no_horizontal_scroll(page)
    shoot(page, f"rules-{game}-phone")


def test_a_rules_page_in_portuguese_and_ukrainian_is_worded_in_that_language(page: Any) -> None:
    go(page, "#/rules/upthrust")
    page.wait_for_selector("#screen-rules:not([hidden])")
    for lang, word in (("pt", "Como jogar"), ("uk", "Як грати"), ("en", "How to play")):
        page.select_option("#lang-select", lang)
        page.wait_for_function("(word) => document.getElementById('rules-title').textContent.startsWith(word)",
                               arg=word, timeout=10_000)
        assert no_horizontal_scroll(page)


def follow_the_lesson(page: Any, game: str) -> int:
    """Play the guided game by its own prompts: each step's action (what glows), or Next. Returns the steps."""
    go(page, f"#/learn/{game}")
    page.wait_for_selector("#screen-learn:not([hidden])")
    page.wait_for_function("(game) => window.gamebox.learn && window.gamebox.learn.state() && "
                           "window.gamebox.learn.state().game === game && "
                           "document.body.dataset.learnStep !== undefined && !window.gamebox.learn.state().busy",
                           arg=game, timeout=60_000)
    page.locator("#learn-buttons button", has_text="Start again").click()
    page.wait_for_function("() => document.body.dataset.learnStep === '0' && !window.gamebox.learn.state().busy",
                           timeout=60_000)
    shoot(page, f"learn-{game}-start-phone")
    steps = 0
    for _ in range(40):
        state = page.evaluate("window.gamebox.learn.state()")
        if state["done"]:
            break
        before = [state["step"], state["action"]]
        if state["action"]:
            assert page.evaluate("(action) => window.gamebox.learn.play(action)", state["action"])
        else:
            page.click("#learn-next")
        page.wait_for_function("(before) => { const s = window.gamebox.learn.state(); return !s.busy && "
                               "(s.step !== before[0] || s.action !== before[1] || s.done); }", arg=before,
                               timeout=30_000)
        steps += 1
    return steps


def test_a_wrong_tap_in_a_guided_game_says_why_and_the_prompt_stays(page: Any) -> None:
    go(page, "#/learn/upthrust")
    page.wait_for_selector("#screen-learn:not([hidden])")
    page.wait_for_function("window.gamebox.learn && window.gamebox.learn.state() && "
                           "window.gamebox.learn.state().game === 'upthrust' && !window.gamebox.learn.state().busy "
                           "&& document.body.dataset.learnStep !== undefined", timeout=60_000)
    page.locator("#learn-buttons button", has_text="Start again").click()
    page.wait_for_function("document.body.dataset.learnStep === '0' && !window.gamebox.learn.state().busy")
    prompt = page.text_content("#learn-prompt")
    assert page.evaluate("window.gamebox.learn.play('a1')") is False  # yellow is the bot's colour
    page.wait_for_function("document.getElementById('learn-feedback').textContent.length > 0")
    assert page.get_attribute("#learn-feedback", "data-kind") == "refused"
    assert page.text_content("#learn-prompt") == prompt
    assert page.evaluate("window.gamebox.learn.state().step") == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_guided_first_game_can_be_followed_to_the_end(page: Any, game: str) -> None:
    data = json.loads((ROOT / "web" / "learn" / f"{game}.json").read_text(encoding="utf-8"))
    steps = follow_the_lesson(page, game)
    assert steps == sum(max(1, len(step.get("actions", []))) for step in data["steps"])
    assert page.evaluate("window.gamebox.learn.state().done")
    page.wait_for_selector(f'#learn-buttons a[href="#/{game}"]')  # "Play a real game"
    stored = page.evaluate("JSON.parse(localStorage.getItem('gamebox/v1/learn'))")
    assert stored["items"][game]["done"] is True
    assert no_horizontal_scroll(page)
    shoot(page, f"learn-{game}-done-phone")


def test_a_guided_game_keeps_its_progress_when_the_person_comes_back(page: Any) -> None:
    go(page, "#/learn/upthrust")
    page.wait_for_function("window.gamebox.learn && window.gamebox.learn.state() && "
                           "window.gamebox.learn.state().game === 'upthrust' "
                           "&& !window.gamebox.learn.state().busy && document.body.dataset.learnStep !== undefined",
                           timeout=60_000)
    page.locator("#learn-buttons button", has_text="Start again").click()
    page.wait_for_function("document.body.dataset.learnStep === '0' && !window.gamebox.learn.state().busy")
    page.evaluate("window.gamebox.learn.play('b4')")
    page.wait_for_function("document.body.dataset.learnStep === '1' && !window.gamebox.learn.state().busy")
    go(page, "#/")
    page.wait_for_selector("#screen-menu:not([hidden])")
    go(page, "#/learn/upthrust")
    page.wait_for_function("window.gamebox.learn && window.gamebox.learn.state() && "
                           "window.gamebox.learn.state().game === 'upthrust' "
                           "&& document.body.dataset.learnStep === '1' && !window.gamebox.learn.state().busy",
                           timeout=60_000)
    assert page.evaluate("window.gamebox.learn.state().action") == "c4"
    assert page.text_content("#learn-feedback") == "Welcome back: the lesson goes on where you left it."


def test_the_rules_and_lessons_read_on_a_desktop_screen(page: Any) -> None:
    page.set_viewport_size(DESKTOP)
    try:
        go(page, "#/rules/upples")
        page.wait_for_function("[...document.querySelectorAll('.rules-example')].length > 0 && "
                               "[...document.querySelectorAll('.rules-example')].every((f) => f.dataset.drawn === '1')",
                               timeout=60_000)
        assert no_horizontal_scroll(page)
        shoot(page, "rules-upples-desktop")
        go(page, "#/learn/upcombine")
        page.wait_for_function("window.gamebox.learn && window.gamebox.learn.state() && "
                               "window.gamebox.learn.state().game === 'upcombine' "
                               "&& !window.gamebox.learn.state().busy && document.body.dataset.learnStep !== undefined",
                               timeout=60_000)
        page.locator("#learn-buttons button", has_text="Start again").click()
        page.wait_for_function("document.body.dataset.learnStep === '0' && !window.gamebox.learn.state().busy")
        assert no_horizontal_scroll(page)
        shoot(page, "learn-upcombine-desktop")
    finally:
        page.set_viewport_size(PHONE)
