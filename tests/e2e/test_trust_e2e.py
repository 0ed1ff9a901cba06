"""Failures nobody is told about (issue 11): a dead engine is said and recovered, a failed load says why and offers
Retry, and no click sequence throws.

- The worker is stopped mid-game (``close()`` inside it: a closed worker sends no event, so only its silence tells):
  the page starts a new one, reopens the game at the same fingerprint, says so, and play goes on.
- A Pyodide file (or the worker's own script) answers 404: the page words why, with no raw text and no uncaught
  error, keeps the menu working, and Retry loads the engine once the file is back.
- Every visible button is clicked 20 times fast during play, while a bot thinks, and at game over, in each game.
- A "This link does not open a game" notice goes once another game opens.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import gamebox
from tests.catalogues import CATALOGUES

from . import conftest
from .conftest import BOOT_TIMEOUT_MS, SharedPage, Watch, screenshot

EN = CATALOGUES["en"]
SEED = "TRUST"
# How long the page may take to notice a dead worker and start a new one: an unanswered request's deadline (8 s,
# a bot's budget more), or the idle check (2 s + 3 s), then a boot.
RECOVERY_MS = 60_000


def engine_worker(page: Any) -> Any:
    """The engine's worker (not the snapshot maker it may start, which runs the same script under its own name)."""
    for worker in page.workers:
        if worker.url.endswith("/web/worker.mjs") and worker.evaluate("self.name") != "gamebox-snapshot-maker":
            return worker
    raise AssertionError("no engine worker")


def stop_worker(page: Any) -> None:
    """Make the engine's worker stop, as a crashed or killed one does: no reply, no event."""
    worker = engine_worker(page)
    with contextlib.suppress(conftest.playwright_sync.Error):  # it may be gone before the evaluation answers
        worker.evaluate("close()")


def upthrust_code(moves: int) -> str:
    game = gamebox.get("upthrust")
    state = game.new(seed=SEED, players=2)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return str(gamebox.share.encode(state))


def notice_text(page: Any) -> str:
    return str(page.evaluate("document.getElementById('notice').hidden ? '' : "
                             "document.getElementById('notice-text').textContent"))


@pytest.fixture(scope="module")
def trust_shared(browser: Any, site: str) -> Iterator[SharedPage]:
    """The module's booted page, its memory snapshot stored (so a restarted engine boots as a returning visitor's
    does). Bots at a player's pace (GAMEBOX_TEST_SPEED 1): these tests stop the engine around a bot's move, and
    click while the bot thinks and the board moves."""
    shared = SharedPage(browser, site, snapshot=True)
    shared.snapshot_stored()
    yield shared
    shared.close()


@pytest.fixture
def trust_page(trust_shared: SharedPage) -> Iterator[Any]:
    """The module's page for one test: no console error, no request to another origin."""
    trust_shared.page.evaluate("window.GAMEBOX_TEST_SPEED = 1")
    yield trust_shared.page
    trust_shared.check()


@pytest.fixture
def engine_tab(trust_shared: SharedPage) -> Iterator[Any]:
    """A new tab of the module's context, for a test that stops its engine: the page gives up after three deaths
    in two minutes (web/engine.js MAX_RESTARTS), so each such test starts with an engine that never died. It boots
    from the memory snapshot, as a returning visitor's does."""
    page = trust_shared.new_tab("")
    page.evaluate("window.GAMEBOX_TEST_SPEED = 1")
    yield page
    page.close()
    trust_shared.check()


def test_a_stopped_engine_is_restarted_and_the_game_goes_on(engine_tab):
    page = engine_tab
    table = page.evaluate("(code) => window.gamebox.open(code, 'human,easy')", upthrust_code(2))
    assert table["to_move"] == [0]
    before = table["fingerprint"]
    first = engine_worker(page)

    # 1. It stops while the player thinks: the idle check finds it; the game reopens at the same position.
    stop_worker(page)
    page.wait_for_function("(words) => document.getElementById('notice-text').textContent === words",
                           arg=EN["engine.restarted"], timeout=RECOVERY_MS)
    assert page.locator("#notice").is_visible()
    assert engine_worker(page) is not first
    assert page.evaluate("document.body.dataset.fingerprint") == before
    view = page.evaluate("window.gamebox.request({ op: 'view' })")
    assert view["ok"] and view["fingerprint"] == before, "the new worker holds the same game"
    assert page.locator("#engine-status").evaluate("(node) => node.classList.contains('done')")
    screenshot(page, "trust-engine-restarted")

    # Play goes on: a move, and the bot answers.
    moves = int(page.evaluate("document.body.dataset.moves"))
    action = page.evaluate("window.gamebox.legal()")[0]
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_function("(moves) => Number(document.body.dataset.moves) >= moves + 2", arg=moves, timeout=30_000)

    # 2. It stops just after the player's move, as the bot is about to think: the bot's request that the dead
    # worker never answers is sent again to the new one, and the bot moves; never "thinking" for ever.
    moves = int(page.evaluate("document.body.dataset.moves"))
    action = page.evaluate("window.gamebox.legal()")[0]
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    stop_worker(page)
    page.wait_for_function("(moves) => Number(document.body.dataset.moves) >= moves + 2", arg=moves,
                           timeout=RECOVERY_MS)
    assert page.evaluate("document.getElementById('turn').textContent") == EN["game.turn_you"]

    # 3. Hint and Undo work on the new worker.
    page.wait_for_selector("#btn-hint:not([disabled])")
    page.click("#btn-hint")
    page.wait_for_function("(start) => document.getElementById('notice-text').textContent.startsWith(start)",
                           arg=EN["game.hint_is"].split("{")[0], timeout=30_000)
    moves = int(page.evaluate("document.body.dataset.moves"))
    page.click("#btn-undo")
    page.wait_for_function("(moves) => Number(document.body.dataset.moves) < moves", arg=moves, timeout=30_000)


def test_a_request_to_a_stopped_engine_is_sent_again_once_it_is_back(engine_tab):
    """The worker stops before the player's move reaches it: the move is played on the new worker, once."""
    page = engine_tab
    table = page.evaluate("(code) => window.gamebox.open(code, 'human,human')", upthrust_code(0))
    action = page.evaluate("window.gamebox.legal()")[0]
    stop_worker(page)
    page.evaluate("(action) => { window.gamebox.play(action).then((played) => { window.played = played; }); }", action)
    page.wait_for_function("window.played !== undefined", timeout=RECOVERY_MS)
    assert page.evaluate("window.played") is True
    assert page.evaluate("document.body.dataset.moves") == "1"
    game = gamebox.get("upthrust")
    expected = game.replay(SEED, 2, game.new(seed=SEED, players=2).options, [(0, action)])
    assert page.evaluate("document.body.dataset.fingerprint") == expected.fingerprint()
    assert table["fingerprint"] != expected.fingerprint()


def test_a_bad_link_notice_goes_once_another_game_opens(trust_page):
    page = trust_page
    bad_link = EN["error.bad_link"].split(":")[0]
    page.evaluate("location.hash = '#/play?code=v1.upthrust.X.9.'")
    page.wait_for_function("(words) => document.body.dataset.screen === 'menu'"
                           " && !document.getElementById('notice').hidden"
                           " && document.getElementById('notice-text').textContent.startsWith(words)", arg=bad_link)
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.click("a[href='#/upthrust']")
    page.wait_for_selector("#setup-start:not([disabled])")
    page.click("#setup-start")
    page.wait_for_function("document.body.dataset.screen === 'game' && document.body.dataset.fingerprint")
    assert page.locator("#notice").is_hidden(), "the notice about the other link is stale now"
    # and by a link too
    page.evaluate("window.gamebox.open('v1.upthrust.X.9.')")
    assert notice_text(page).startswith(bad_link)
    assert page.evaluate("(code) => window.gamebox.open(code)", upthrust_code(1))["ok"]
    assert page.locator("#notice").is_hidden()


# ---------------------------------------------------------------- a failed load
@pytest.fixture
def blocked_page(browser: Any, site: str) -> Iterator[Any]:
    """A page whose requests for files matching any of `blocked` (a set the test may change) answer 404.

    Fails at teardown on any uncaught error (in the page or its workers) and on any console error of the page.
    What Pyodide itself writes to the worker's console about the file it could not load ("Fatal Python error:
    Failed to import encodings module", ...) is its own diagnostic for developers, not something a player sees."""
    made: list[tuple[Any, Watch]] = []

    def opener(blocked: set[str]) -> Any:
        context = browser.new_context(viewport={"width": 1200, "height": 860}, bypass_csp=True, locale="en-GB",
                                      service_workers="block")
        context.add_init_script(conftest.NO_SNAPSHOT + conftest.TEST_GAMES)  # never visited again
        watch = Watch(site.rstrip("/"))

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if url.startswith(site) and any(part in url for part in blocked):
                request_route.fulfill(status=404, content_type="text/plain", body="not found")
            else:
                watch.route(request_route)

        context.route("**/*", route)
        page = context.new_page()
        page.on("console", lambda message: watch.errors.append(message.text)
                if message.type == "error" and message.worker is None else None)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        made.append((context, watch))
        page.goto(site)
        page.watch = watch
        return page

    yield opener
    for context, watch in made:
        context.close()
        assert watch.foreign == [], f"requests to other origins: {watch.foreign}"
        assert watch.errors == [], f"console errors: {watch.errors}"


FAILURE_WORDS = [EN["engine.failed"].replace("{reason}", EN[key]) for key in EN if key.startswith("engine.reason.")]


@pytest.mark.parametrize("missing", ["/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip",
                                     "/pyodide/pyodide-lock.json", "/pyodide/gamebox-", "/web/worker.mjs"])
def test_a_missing_engine_file_is_said_in_words_and_retry_loads_it(blocked_page, missing):
    blocked = {missing}
    page = blocked_page(blocked)
    page.wait_for_selector("#engine-status.failed", timeout=BOOT_TIMEOUT_MS)
    text = page.locator("#engine-text").inner_text()
    assert text in FAILURE_WORDS, f"not worded from the catalogue: {text!r}"
    assert page.locator("#engine-retry").is_visible()
    assert page.locator("#engine-retry").inner_text() == EN["engine.retry"]
    screenshot(page, f"trust-missing-{missing.strip('/').replace('/', '-')}")

    # The menu still works; Start says why it cannot start.
    page.click("a[href='#/upthrust']")
    page.wait_for_selector("#screen-setup:not([hidden])")
    assert page.locator("#setup-start").is_disabled()

    # The file is back: Retry starts a new worker in the same page, and the game can start.
    blocked.clear()
    page.click("#engine-retry")
    page.wait_for_selector("#engine-status.done", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#engine-retry").is_hidden()
    assert page.locator("#engine-text").inner_text() == EN["engine.ready"]
    page.wait_for_selector("#setup-start:not([disabled])")
    page.click("#setup-start")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=30_000)
    assert page.evaluate("document.body.dataset.screen") == "game"


# ---------------------------------------------------------------- clicks
class Position:
    """A position of a two-player game to open with these seats, and a move for the human seat to play then."""

    def __init__(self, code: str, seats: str, then: str | None = None) -> None:
        self.code, self.seats, self.then = code, seats, then


def positions(game_id: str) -> dict[str, Position]:
    """Three positions of a game between a human and the hardest bot, from seeded random games: the human to move
    after a move of theirs (Undo has something to take back), the bot to move, and the move before the end, which
    the human then plays, so that the game ends on screen (the game-over panel shows)."""
    game = gamebox.get(game_id)
    bot = game.bot_levels[-1]
    found: dict[str, Position] = {}
    for attempt in range(100):
        rng = random.Random(f"mash/{game_id}/{attempt}")
        state = game.new(seed=SEED, players=2)
        last: tuple[str, int, str] | None = None
        while not state.is_over:
            if "play" not in found and 0 in state.to_move and any(seat == 0 for seat, _ in state.history):
                found["play"] = Position(gamebox.share.encode(state), f"human,{bot}")
            if "bot" not in found and state.history and 1 in state.to_move and 0 not in state.to_move:
                found["bot"] = Position(gamebox.share.encode(state), f"human,{bot}")
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            last = (gamebox.share.encode(state), seat, action) if len(state.to_move) == 1 else None
            state.apply(seat, action)
        if last is not None:
            code, seat, action = last
            seats = [bot, bot]
            seats[seat] = "human"
            found["over"] = Position(code, ",".join(seats), action)
            return found
    raise AssertionError(f"{game_id}: no random game ends with one seat to move")


# Buttons that leave the position: clicked after the others, so that those are clicked on the position itself.
LEAVING = ("btn-replay", "btn-new", "btn-again", "btn-over-replay", "btn-over-review", "btn-over-close", "menu")
# Buttons whose answer comes later (from the engine): each is followed at once by each way to leave the game.
ASKING = ("btn-undo", "btn-hint")

VISIBLE_BUTTONS = """() => [...document.querySelectorAll('button, a.button')]
  .filter((node) => node.checkVisibility() && node.getClientRects().length)
  .map((node) => { const box = node.getBoundingClientRect();
    return { name: node.id || (node.getAttribute('href') === '#/' ? 'menu' : node.textContent.trim()),
             x: box.x + box.width / 2, y: box.y + box.height / 2 }; })"""


def click(page: Any, button: dict[str, Any], times: int = 1) -> None:
    for _ in range(times):
        page.mouse.click(button["x"], button["y"])


# Clicks on whatever is at a point now, each in a task of its own (a reply may land between two of them), as fast
# as the page takes them: one round trip for all of them, where each real mouse click is three.
BURST = """async ([x, y, times]) => {
  for (let n = 0; n < times; n++) {
    const target = document.elementFromPoint(x, y);
    if (target instanceof HTMLElement) target.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}"""


def burst(page: Any, button: dict[str, Any], times: int) -> None:
    page.evaluate(BURST, [button["x"], button["y"], times])


def click_now(page: Any, name: str) -> None:
    """Click the button called `name` where it is now (a notice above the controls moves them), if it is shown."""
    for button in page.evaluate(VISIBLE_BUTTONS):
        if button["name"] == name:
            click(page, button)
            return


def reach(page: Any, game_id: str, phase: str, position: Position) -> None:
    table = page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [position.code, position.seats])
    assert table and table["ok"], f"{game_id} {phase}: the position does not open"
    if position.then:
        assert page.evaluate("(action) => window.gamebox.play(action)", position.then), f"{game_id}: the last move"
        page.wait_for_selector("#game-over:not([hidden])")


def test_clicking_every_button_fast_throws_nothing(trust_page):
    """In each game, during play, while the bot thinks, and at game over: every visible button 20 times fast, one
    after another (those that leave the position last, 5 times: the clicks after the first land on the screen it
    opened, whose buttons, such as the set-up's Start, make a new game each); then a click on Undo or Hint followed
    at once by a click that leaves the game (its answer lands on another screen: two such pairs per game and phase,
    the six over the games); then clicks on all those places in a random order (on a button that has just gone or
    moved, on whatever took its place)."""
    page = trust_page
    pairs = [(asking, leave) for asking in ASKING for leave in ("btn-replay", "btn-new", "menu")]
    for number, game_id in enumerate(gamebox.ids()):
        for phase, position in positions(game_id).items():
            before = len(page.watch.errors)
            reach(page, game_id, phase, position)
            buttons = page.evaluate(VISIBLE_BUTTONS)
            buttons.sort(key=lambda button: button["name"] in LEAVING)
            for button in buttons:
                click(page, button)  # a real click first, then 19 more at the speed of a script
                burst(page, button, 4 if button["name"] in LEAVING else 19)
            names = [button["name"] for button in buttons]
            # two of the six pairs (Undo or Hint, then a way out) per game and phase: the games cover all six
            for asking, leave in pairs[2 * number % len(pairs):][:2]:
                if asking in names and leave in names and not position.then:
                    reach(page, game_id, phase, position)
                    click_now(page, asking)
                    click_now(page, leave)
            reach(page, game_id, phase, position)
            rng = random.Random(f"{game_id}/{phase}")
            for _ in range(3 * len(buttons)):
                click(page, rng.choice(buttons))
            # the replies to all that (a hint searches for 1.5 s): the engine answers in order, so once it answers a
            # request asked now, it has answered the ones before; then a moment for the page to draw the last one
            page.evaluate("window.gamebox.request({op: 'legal', seat: 0})")
            page.wait_for_timeout(300)
            clicked = [button["name"] for button in buttons]
            assert page.watch.errors[before:] == [], f"{game_id} {phase}, after clicking {clicked}"
            # one of the page's screens (a game's "How to play" link leads to its rules, the game-over box's Review
            # to the review: a click that lands on it while the box is up, which depends on the machine's pace)
            assert page.evaluate("document.body.dataset.screen") in ("menu", "setup", "game", "rules", "learn",
                                                                      "review")
