"""Playwright on the built site (dist/), in Chromium, with every request to another origin aborted and counted.

Every test's page fails at teardown if the page logged a console error or asked for another origin.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
# Screenshots are for a person to look at, not a check, and each costs about a second of Chromium: they are taken
# only when GAMEBOX_SHOTS is set (1: into screenshots/, else the folder it names), as `./build.sh shots` does
SHOTS_SETTING = os.environ.get("GAMEBOX_SHOTS", "")
SHOOTING = SHOTS_SETTING not in ("", "0")
SHOTS = Path(SHOTS_SETTING) if SHOOTING and SHOTS_SETTING != "1" else ROOT / "screenshots"
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402

playwright_sync = pytest.importorskip("playwright.sync_api")

BOOT_TIMEOUT_MS = 240_000
# How long a page may take to run the app's scripts (window.gamebox): a second on a quiet machine, but once more than
# 30 s in a whole run at load average 19 (the ratings module's second device), so the shared doors wait as long as
# for a boot: a wait for a condition costs nothing when it comes sooner
APP_TIMEOUT_MS = BOOT_TIMEOUT_MS
# Every test page shows the test games (the fixture game of docs/new-game.md, built into the site by
# GAMEBOX_TEST_GAMES=1) with the others: watched_context's pages, and any context a test makes itself.
TEST_GAMES = "window.GAMEBOX_TEST_GAMES = true;"
# A booted page shared by tests also runs bots and animations at test speed ...
KEEPING_SNAPSHOT = "window.GAMEBOX_TEST_SPEED = 0; " + TEST_GAMES
# ... and, unless its tests come back to the site (a reload, a new tab that should boot from the memory snapshot),
# makes no memory snapshot: its maker boots a second runtime, seconds of CPU that such a page never gets back
# (web/engine.js engineURL).
TEST_PAGE = "window.GAMEBOX_TEST_SNAPSHOT = false; " + KEEPING_SNAPSHOT
# A test page whose tests are not about judging nor the review also leaves the game in play unjudged (web/engine.js
# judgingDuringPlay): otherwise each of the person's moves waits for the judging piece on its way, a second or two
# of Pyodide in Upthrust or Upples. The judging itself is tests/e2e/test_judging_e2e.py's and test_review_e2e.py's.
# A module says so with JUDGING_DURING_PLAY = False: each context watched_context makes for it then gets NOT_JUDGING.
NOT_JUDGING = "window.GAMEBOX_TEST_JUDGING = false; "
JUDGING = {"during_play": True}
# A test page makes no memory snapshot unless its module asks for one (MEMORY_SNAPSHOT = True): a module whose tests
# come back to the site (a reload or a new tab that should boot from the snapshot, a repeat visit, offline, the
# snapshot's and the boot's own tests). Every other context watched_context makes (open_page's too) gets NO_SNAPSHOT,
# as a SharedPage's does unless made with snapshot=True, so that no fresh boot of it also boots the snapshot's maker,
# a second runtime (web/worker.mjs).
NO_SNAPSHOT = "window.GAMEBOX_TEST_SNAPSHOT = false; "
SNAPSHOT = {"made": False}


def site_games() -> list[dict[str, Any]]:
    """Every game of the built site, in menu order, as its games.json describes them (with the test games when
    the site was built with GAMEBOX_TEST_GAMES=1, as ./build.sh test builds it). The lists of "every game" that
    tests are parametrised by come from here, never from a list of ids."""
    path = DIST / "games.json"
    if not path.exists():
        raise pytest.UsageError(f"{path} is missing: build the site first (./build.sh test)")
    return list(json.loads(path.read_text(encoding="utf-8"))["games"])


def site_game_ids() -> list[str]:
    return [game["id"] for game in site_games()]


# Where the site has the test games, CPython's gamebox has them too (the registry looks in GAMEBOX_GAME_PATHS, as
# tests/rules/conftest.py tells it), so that the tests that work out positions on CPython meet the same games.
if (DIST / "games.json").exists() and any(game.get("fixture") for game in site_games()):
    os.environ["GAMEBOX_GAME_PATHS"] = str(ROOT / "tests" / "games" / "py")


def site_file(path: str) -> Any:
    """A JSON file of the built site (such as a game's rules page data, games.json's files.rules)."""
    return json.loads((DIST / path).read_text(encoding="utf-8"))


def chromium_path() -> str | None:
    for candidate in (os.environ.get("GAMEBOX_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                      shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None  # Playwright's own download, where it exists


# The modules that take longest, longest first (their durations in CI's runs: docs/architecture.md "The suite's
# time"). With --no-loadscope-reorder (./build.sh test) `--dist loadscope` hands the two workers whole modules (or
# classes) in the order collected: a long module handed out last keeps one worker busy after the other has run out of
# work; collected first, the short ones (and the every-screen module's classes) fill the end on both.
LONGEST_FIRST = (
    "test_devices_e2e.py", "test_devices_realtime_e2e.py", "test_trust_e2e.py", "test_review_e2e.py",
    "test_devices_watch_again_e2e.py", "test_snapshot_e2e.py", "test_offline_e2e.py", "test_phone_e2e.py",
    "test_ratings_e2e.py", "test_embed_e2e.py", "test_saves_e2e.py", "test_devices_watch_e2e.py",
    "test_devices_teams_e2e.py", "test_ubongo_e2e.py", "test_devices_evening_e2e.py", "test_learn_e2e.py",
    "test_upthrust_e2e.py", "test_judging_e2e.py", "test_upples_e2e.py", "test_devices_elsewhere_e2e.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest modules first (LONGEST_FIRST); the order within a module, and of the others, as collected."""
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)


# A browser test that fails runs once more (./build.sh test: --reruns 1, pytest-rerunfailures): its waits on WebRTC,
# clocks and a shared machine's cores fail now and then, about one test in 350 a run, a different one each time. The
# report says which ran again and why, so each is still looked at (docs/architecture.md, "A browser test that fails
# runs once more").
FAILED_ONCE: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":
        FAILED_ONCE.append(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for report in FAILED_ONCE:
        terminalreporter.section(f"failed once, then ran again: {report.nodeid}", sep="-")
        terminalreporter.line(str(report.longrepr)[-4000:])


@pytest.fixture(autouse=True)
def network_namespace(request: pytest.FixtureRequest) -> None:
    """A WebRTC test (its module sets NETWORK_NAMESPACE = True) runs only in a network namespace of its own
    (tools/netns.sh, as ./build.sh test runs it), so that its traffic never reaches the machine's own addresses."""
    if getattr(request.module, "NETWORK_NAMESPACE", False) and os.environ.get("GAMEBOX_IN_NETNS") != "1":
        pytest.fail("a WebRTC test runs in a network namespace of its own: tools/netns.sh .venv/bin/python -m pytest")


@pytest.fixture(scope="module", autouse=True)
def judging_during_play(request: pytest.FixtureRequest) -> None:
    """Whether the module's pages judge the game in play (its JUDGING_DURING_PLAY, True unless it says False): set
    before any of its fixtures makes a context (an autouse fixture of the module's scope comes first)."""
    JUDGING["during_play"] = getattr(request.module, "JUDGING_DURING_PLAY", True)


@pytest.fixture(scope="module", autouse=True)
def memory_snapshot(request: pytest.FixtureRequest) -> None:
    """Whether the module's pages make the engine's memory snapshot (its MEMORY_SNAPSHOT, False unless it says True):
    set before any of its fixtures makes a context."""
    SNAPSHOT["made"] = getattr(request.module, "MEMORY_SNAPSHOT", False)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run ./build.sh test")
    server, url = serve.start(DIST)
    yield url
    server.shutdown()


def launch_chromium(playwright: Any) -> Any:
    """The tests' (and bench/'s) Chromium: Debian's where it is, quiet, talking to nothing but the site."""
    return playwright.chromium.launch(
        executable_path=chromium_path(),
        args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    )


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with playwright_sync.sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


class Watch:
    """What a page did that it must not: console errors, page errors, requests to other origins."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []
        # the address of any request that is not the site's own (nor data: or blob:), as the browser's side of
        # Playwright matches it: the site's own requests are then never held for this process to let them through,
        # which cost a booting page about 0.4 s of its 2.6 to 3.2 s on a loaded machine (docs/architecture.md)
        self.elsewhere = re.compile("^(?!" + re.escape(self.origin + "/") + "|data:|blob:)")

    def guard(self, target: Any) -> None:
        """Abort and count every request of ``target`` (a context or a page) to another origin."""
        target.route(self.elsewhere, self.route)

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.origin) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


def watched_context(browser: Any, site: str, *, viewport: dict[str, int] | None = None, has_touch: bool = False,
                    locale: str = "en-GB", bypass_csp: bool = True, snapshot: bool | None = None) -> tuple[Any, Watch]:
    """A new browser context on the site (a phone's when ``has_touch``), whose requests to other origins are aborted
    and counted by its Watch. Its pages make the memory snapshot if ``snapshot`` (by default: if the module's
    MEMORY_SNAPSHOT says so)."""
    context = browser.new_context(viewport=viewport or {"width": 1200, "height": 860}, bypass_csp=bypass_csp,
                                  locale=locale, has_touch=has_touch, is_mobile=has_touch)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    made = SNAPSHOT["made"] if snapshot is None else snapshot
    context.add_init_script(("" if made else NO_SNAPSHOT)
                            + (TEST_GAMES if JUDGING["during_play"] else NOT_JUDGING + TEST_GAMES))
    watch = Watch(site.rstrip("/"))
    watch.guard(context)
    return context, watch


def watched_page(context: Any, watch: Watch) -> Any:
    """A new page of ``context`` whose console errors and page errors go to ``watch``."""
    page = context.new_page()
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.watch = watch
    return page


@pytest.fixture
def open_page(browser: Any, site: str) -> Iterator[Any]:
    """Open a new context + page on the site; returns (page, watch). Checks the watch at teardown."""
    made: list[tuple[Any, Watch]] = []

    def opener(path: str = "", *, wait_ready: bool = True, enforce_csp: bool = False, locale: str = "en-GB") -> Any:
        # Playwright's wait_for_function evals its expression in the page, which the page's
        # Content-Security-Policy (no 'unsafe-eval') forbids; so contexts bypass the policy, except where a
        # test enforces it (test_offline_e2e.py), which then waits with wait_for below.
        # the browser's language (locale) is the page's language by default
        context, watch = watched_context(browser, site, locale=locale, bypass_csp=not enforce_csp)
        page = watched_page(context, watch)
        made.append((context, watch))
        page.goto(site + path)
        if wait_ready and enforce_csp:
            wait_for(page, "window.gamebox && window.gamebox.ready", timeout=APP_TIMEOUT_MS)
            wait_for(page, "document.getElementById('engine-status').classList.contains('done')",
                     timeout=BOOT_TIMEOUT_MS)
        elif wait_ready:
            page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=APP_TIMEOUT_MS)
            page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                                   timeout=BOOT_TIMEOUT_MS)
        return page

    yield opener
    for context, watch in made:
        context.close()
        assert watch.foreign == [], f"requests to other origins: {watch.foreign}"
        assert watch.errors == [], f"console errors: {watch.errors}"


# When each Worker of the page was made (page clock), and by which script (the stack of its making), recorded before
# any script of the page runs: index.html's first paint script starts the engine's worker early on a repeat visit,
# web/engine.js otherwise (docs/architecture.md, "Where a first visit's time goes").
WORKERS_MADE = """window.workersMade = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    window.workersMade.push({ url: String(url), at: performance.now(), stack: String(new Error().stack) });
  }
};"""


def engine_workers_made(page: Any) -> list[dict[str, Any]]:
    """The engine workers the page itself made (WORKERS_MADE; its snapshot maker is the worker's own, not the page's),
    each with ``by_app``: made by web/engine.js, not by index.html's first paint script."""
    made = page.evaluate("window.workersMade")
    return [{**worker, "by_app": "/web/engine.js" in worker["stack"]} for worker in made
            if worker["url"].split("?")[0].endswith("/web/worker.mjs")]


def snapshot_stored(page: Any) -> bool:
    """Wait until the page's engine has its memory snapshot in the context's Cache Storage (made in the background a
    few seconds after a fresh boot; web/worker.mjs): from then on a reload, a new tab or an embed of the same site
    boots in about half a second instead of three. False if none will be stored (unsupported, no room, ...)."""
    state = """(() => { const boot = self.gameboxBoot, made = boot.snapshot;
        return boot.boot === 'snapshot' || made?.stored ? 'stored' : !made || made.reason === 'making' ? null
          : made.reason; })()"""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        outcome = None
        for worker in page.workers:
            if worker.url.split("?")[0].endswith("/web/worker.mjs"):
                try:
                    outcome = outcome or worker.evaluate(state)
                except playwright_sync.Error:  # a worker that has just gone
                    continue
        if outcome:
            return bool(outcome == "stored")
        time.sleep(0.2)
    return False


class SharedPage:
    """One booted page for a whole test module: tests move between games by the address's hash, so Pyodide boots
    once per module instead of once per test. Bots and animations run at test speed (window.GAMEBOX_TEST_SPEED), and
    the menu shows the test games (window.GAMEBOX_TEST_GAMES): TEST_PAGE."""

    def __init__(self, browser: Any, site: str, *, viewport: dict[str, int] | None = None, has_touch: bool = False,
                 locale: str = "en-GB", snapshot: bool = False) -> None:
        """``snapshot``: the page makes its memory snapshot, for tests that come back to the site."""
        self.site = site
        self.viewport = viewport or {"width": 1200, "height": 860}
        self.context, self.watch = watched_context(browser, site, viewport=self.viewport, has_touch=has_touch,
                                                   locale=locale, snapshot=snapshot)
        self.context.add_init_script(KEEPING_SNAPSHOT if snapshot else TEST_PAGE)
        self.page = watched_page(self.context, self.watch)
        self.page.goto(site)
        self.page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=APP_TIMEOUT_MS)
        self.page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                                    timeout=BOOT_TIMEOUT_MS)

    def go(self, route: str) -> Any:
        """Show ``route`` (a hash such as "#/play?code=...&seats=human,easy") and wait until a game with a
        fingerprint is on screen if the route opens one. Returns the page."""
        page = self.page
        page.evaluate("document.body.dataset.fingerprint = ''")
        page.evaluate("(route) => { location.hash = route; }", route.lstrip("/"))
        if route.lstrip("/").startswith(("#/play", "#/replay")):
            page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
        return page

    def snapshot_stored(self) -> bool:
        """See ``snapshot_stored`` below: for this page's context."""
        return snapshot_stored(self.page)

    def reload(self, route: str = "") -> Any:
        """A repeat visit of the site at ``route`` (such as "#/<id>", a game's set-up) with nothing stored: localStorage
        emptied, the page reloaded (from the memory snapshot once stored), the engine ready. Returns the page."""
        page = self.page
        page.evaluate("(route) => { localStorage.clear(); history.replaceState(null, '', location.pathname + route); }",
                      route.lstrip("/"))
        page.reload()
        page.wait_for_function("Boolean(window.gamebox)", timeout=APP_TIMEOUT_MS)
        page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                               timeout=BOOT_TIMEOUT_MS)
        return page

    def new_tab(self, route: str = "") -> Any:
        """Another tab of this context (the same storage) at ``route``, engine ready, watched like the first."""
        page = self.context.new_page()
        page.on("console", lambda message: self.watch.errors.append(message.text)
                if message.type == "error" else None)
        page.on("pageerror", lambda error: self.watch.errors.append(str(error)))
        page.watch = self.watch
        page.goto(self.site + route.lstrip("/"))
        page.wait_for_function("Boolean(window.gamebox)", timeout=APP_TIMEOUT_MS)
        page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                               timeout=BOOT_TIMEOUT_MS)
        return page

    def check(self) -> None:
        """What the page did that it must not, so far: fails the test that did it (then forgets it)."""
        errors, foreign = list(self.watch.errors), list(self.watch.foreign)
        self.watch.errors.clear()
        self.watch.foreign.clear()
        assert foreign == [], f"requests to other origins: {foreign}"
        assert errors == [], f"console errors: {errors}"

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def shared_page(browser: Any, site: str) -> Iterator[SharedPage]:
    """A booted page for the module, at 1200x860 with a mouse (see SharedPage). Each test should end with
    ``shared_page.check()``, or use the ``game_page`` fixture, which does."""
    shared = SharedPage(browser, site)
    yield shared
    shared.close()


@pytest.fixture
def game_page(shared_page: SharedPage) -> Iterator[SharedPage]:
    """The module's booted page for one test, at the module's screen size (a test may have narrowed it); at its
    end, no console error and no request to another origin."""
    shared_page.page.set_viewport_size(shared_page.viewport)
    yield shared_page
    shared_page.check()


def settled(page: Any) -> None:
    """Two animation frames: whatever the game's first drawing changes in the layout has been laid out."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_new_game(app: Any, game: str, seats: str, *, seed: str, players: int = 2) -> None:
    """Open a new game of ``game`` on the page (or an embed's frame) ``app``, from its seed, with ``seats``
    ("human,easy"), as a link would, and wait until it is drawn."""
    app.evaluate("document.body.dataset.fingerprint = ''")
    app.evaluate("([game, players, seed, seats]) => window.gamebox.request({op: 'new', game, players, seed})"
                 ".then((reply) => window.gamebox.open(reply.resume, seats))", [game, players, seed, seats])
    app.wait_for_function("(game) => window.gamebox.table() && window.gamebox.table().game === game"
                          " && document.body.dataset.fingerprint", arg=game)
    settled(app)


def targets(page: Any) -> list[dict[str, Any]]:
    """What the person can do now, in CSS pixels (window.gamebox.targets())."""
    return list(page.evaluate("window.gamebox.targets()"))


# A second tap near the first within the kit's DOUBLE_TAP_MS (web/games/kit.js, 350 ms) is a double tap: it carries the
# first tap's table, so a move it makes after a bot's quick reply is refused as stale. A person's two moves at one point
# are further apart than that; the tests' taps keep to a person's pace there.
DOUBLE_TAP_S = 0.4
DOUBLE_TAP_PX = 40
LAST_TAPS: dict[int, tuple[float, float, float]] = {}


def at_a_persons_pace(page: Any, x: float, y: float) -> None:
    """Wait, before a tap at (x, y), until it can't be taken as the second tap of a double tap."""
    last = LAST_TAPS.get(id(page))
    if last is not None and math.hypot(x - last[1], y - last[2]) < DOUBLE_TAP_PX:
        wait = DOUBLE_TAP_S - (time.monotonic() - last[0])
        if wait > 0:
            time.sleep(wait)
    LAST_TAPS[id(page)] = (time.monotonic(), x, y)


def tap_at(page: Any, point: dict[str, Any], touch: bool = False) -> None:
    """A tap (touch) or a click (mouse) at a point of the viewport, such as a target's, at a person's pace."""
    at_a_persons_pace(page, point["x"], point["y"])
    if touch:
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


# -- the engine worker, as the boot tests and bench/boot.py see it -------------------------------------------------
SNAPSHOT_WAIT_S = 240


def engine_worker(page: Any) -> Any:
    """The page's engine worker (its snapshot maker, when there is one, is named)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for worker in page.workers:
            try:
                if worker.url.split("?")[0].endswith("/web/worker.mjs") and worker.evaluate("self.name") == "":
                    return worker
            except playwright_sync.Error:
                continue  # a worker of a page that went away
        time.sleep(0.1)
    raise AssertionError("the page has no engine worker")


def boot_state(page: Any) -> dict[str, Any]:
    """What the engine worker says of its boot: boot ("fresh" or "snapshot"), fallback, snapshot (the maker)."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while True:
        try:
            state = engine_worker(page).evaluate("self.gameboxBoot")
        except playwright_sync.Error:
            state = None  # the worker went away while asked (a reload)
        if state and state["boot"]:
            return dict(state)
        if time.monotonic() > deadline:
            raise TimeoutError("the engine did not boot")
        time.sleep(0.1)


def snapshot_made(page: Any) -> dict[str, Any]:
    """Wait until the engine's snapshot maker has finished; its outcome."""
    deadline = time.monotonic() + SNAPSHOT_WAIT_S
    while time.monotonic() < deadline:
        outcome = boot_state(page)["snapshot"]
        if outcome and outcome.get("reason") != "making":
            return dict(outcome)
        time.sleep(0.25)
    raise TimeoutError(f"the snapshot maker did not finish in {SNAPSHOT_WAIT_S} s")


def wait_for(page: Any, expression: str, arg: Any = None, *, timeout: float = 30_000) -> Any:
    """page.wait_for_function that also works under the page's CSP: it polls with page.evaluate (run by the
    browser's DevTools protocol, which the policy does not govern) instead of eval in the page. The expression
    may be a function of `arg`. Returns its first truthy value."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            value = page.evaluate(expression, arg)
        except playwright_sync.Error as error:  # a navigation destroyed the context: try again
            if "context was destroyed" not in str(error) and "navigation" not in str(error):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} ms for {expression}")
        time.sleep(0.1)


def moves_played(page: Any) -> int:
    """How many actions the game on screen has had."""
    return int(page.evaluate("document.body.dataset.moves || '0'"))


def choose_seats(page: Any, seats: list[str]) -> None:
    """On the set-up screen, once the engine is ready: as many players as ``seats``, each "human" or a bot level."""
    page.wait_for_selector("#screen-setup:not([hidden])")
    page.wait_for_selector("#setup-start:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    page.select_option("#setup-players", str(len(seats)))
    for index, sitter in enumerate(seats):
        row = page.locator("#setup-seats li").nth(index)
        row.locator("select.kind").select_option("human" if sitter == "human" else "bot")
        if sitter != "human":
            row.locator("select.level").select_option(sitter)


def start_set_up_game(page: Any) -> None:
    """Press Start on the set-up screen and wait until the game is on screen."""
    page.click("#setup-start")
    page.wait_for_selector("#screen-game:not([hidden])")
    page.wait_for_function("document.body.dataset.fingerprint")


def copied_link(page: Any) -> str:
    """Press "Copy link" and return the link, from the site's root (for ``open_page``)."""
    page.click("#btn-copy")
    page.wait_for_function("document.getElementById('btn-copy').dataset.link")
    return str(page.evaluate("document.getElementById('btn-copy').dataset.link")).split("/", 3)[3]


def shoot(target: Any, name: str, *, full_page: bool = False) -> None:
    """A screenshot of a page or a locator as screenshots/<name>.png, when screenshots are asked for (SHOOTING)."""
    if not SHOOTING:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    if full_page:
        target.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    else:
        target.screenshot(path=str(SHOTS / f"{name}.png"))


def screenshot(page: Any, name: str) -> None:
    shoot(page, name, full_page=True)
