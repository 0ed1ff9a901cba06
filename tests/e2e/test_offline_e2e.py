"""Offline and installable (service worker, manifest, icons) and the Content-Security-Policy, in Chromium.

This module serves its own copy of the site (a module-scoped `site` that overrides conftest's), so that a
test can swap what the server serves (a rebuild) or add the policy as a response header, and leave the
session's server alone. Every page still goes through conftest's `open_page`: any console error or request
to another origin fails the test.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import gamebox

from .conftest import (
    BOOT_TIMEOUT_MS,
    DIST,
    ROOT,
    TEST_GAMES,
    screenshot,
    serve,
    site_game_ids,
    wait_for,
    watched_context,
    watched_page,
)

# A reload offline, a rebuild, a new tab: its tests come back to the site, as a person's page, and boot from the
# memory snapshot their first visit made (conftest.SNAPSHOT)
MEMORY_SNAPSHOT = True
# Not about judging nor the review: the games opened are not judged while in play, so no page spends its idle time
# on it beside the other tests (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False
SEED = "K7Q2M"
POLICY = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"',
                   (DIST / "index.html").read_text()).group(1) if (DIST / "index.html").exists() else ""
CSP_RECORDER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


def registered_games() -> list[str]:
    """Every game of the site (games.json), the ones the menu lets you play."""
    return site_game_ids()


def play_link(game: str) -> str:
    info = gamebox.get(game)
    players = max(info.min_players, min(2, info.max_players))
    return f"#/play?code=v1.{game}.{SEED}.{players}.&seats={','.join(['human'] * players)}"


class Served:
    """A static server for one copy of the site whose directory and headers a test may change."""

    def __init__(self, directory: Path) -> None:
        self.server, self.url = serve.start(directory)
        self.headers: dict[str, str] = {}
        self.serve(directory)

    def serve(self, directory: Path) -> None:
        served = self

        class Handler(serve.Handler):
            def end_headers(self) -> None:
                for name, value in served.headers.items():
                    self.send_header(name, value)
                super().end_headers()

        self.server.RequestHandlerClass = functools.partial(Handler, directory=str(directory))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if not (DIST / "sw.js").exists():
        pytest.fail("dist/ is not built: run ./build.sh test")
    first = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(DIST, first)
    site = Served(first)
    site.first = first  # type: ignore[attr-defined]
    yield site
    site.server.shutdown()


@pytest.fixture(scope="module")
def site(served: Served) -> str:
    return served.url


@pytest.fixture(autouse=True)
def first_build(served: Served) -> Iterator[None]:
    served.serve(served.first)  # type: ignore[attr-defined]
    served.headers = {}
    yield


def wait_booted(page: Any) -> None:
    """Wait (without eval in the page, so also under the CSP) until the engine is ready."""
    wait_for(page, "window.gamebox && window.gamebox.ready", timeout=30_000)
    wait_for(page, "document.getElementById('engine-status').classList.contains('done')", timeout=BOOT_TIMEOUT_MS)


def wait_until_offline_ready(page: Any) -> str:
    """Wait until the service worker controls the page and its cache holds every precached file; the cache's name."""
    wait_for(page, "navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    listing = json.loads((DIST / "precache.json").read_text())
    cached = page.evaluate("""async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("gamebox:"));
      const result = {};
      for (const name of names) {
        const keys = await (await caches.open(name)).keys();
        result[name] = keys.map((request) => request.url);
      }
      return result;
    }""")
    assert len(cached) == 1, cached
    [(name, urls)] = cached.items()
    scope = page.evaluate("new URL('.', location.href).href")
    assert name == f"gamebox:{scope}:{listing['build']}"
    assert sorted(url.removeprefix(scope) for url in urls) == sorted(listing["files"])
    return name


def play_each_game(page: Any) -> None:
    """Open every registered game by link, wait for its board, and make one move as a human."""
    for game in registered_games():
        page.evaluate("document.body.removeAttribute('data-fingerprint')")
        page.evaluate("link => { location.hash = link; }", play_link(game))
        page.wait_for_selector("body[data-fingerprint]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("window.gamebox.table().game") == game
        before = page.evaluate("document.body.dataset.fingerprint")
        actions = page.evaluate("window.gamebox.legal()")
        assert actions, f"{game}: no legal action at the start"
        assert page.evaluate("action => window.gamebox.play(action)", actions[0]), f"{game}: {actions[0]} failed"
        # (the move count may stay: in a race on one device, the next player does not see the hand-in)
        wait_for(page, f"document.body.dataset.fingerprint !== {before!r}")
        assert page.locator("#screen-game").is_visible()


def test_the_tests_watch_aborts_and_counts_every_request_to_another_origin(browser, site):
    # Every page the tests open is watched (conftest.Watch): a request to another origin never leaves the browser
    # and is counted, so the tests' "nothing but the site" checks mean something; the site's own requests pass.
    context, watch = watched_context(browser, site)
    page = watched_page(context, watch)
    page.goto(site + "web/icons/icon.svg")
    elsewhere = ["http://192.0.2.1:9/x", "https://example.invalid/y"]
    outcome = page.evaluate("""async (addresses) => {
      const refused = [];
      for (const address of addresses) { try { await fetch(address); } catch { refused.push(address); } }
      return { refused, own: (await fetch("../../BUILD_ID")).ok };
    }""", elsewhere)
    context.close()
    assert outcome == {"refused": elsewhere, "own": True}
    assert watch.foreign == elsewhere


def test_the_build_lists_the_whole_app_for_the_cache():
    listing = json.loads((DIST / "precache.json").read_text())
    files = set(listing["files"])
    assert listing["build"] == (DIST / "BUILD_ID").read_text().strip()
    assert f'const BUILD_ID = "{listing["build"]}";' in (DIST / "sw.js").read_text()
    assert {"index.html", "web/app.js", "web/worker.mjs", "web/manifest.webmanifest", "web/i18n/en.json",
            "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.wasm"} <= files
    assert {path.name for path in (DIST / "pyodide").iterdir()} == {
        name.removeprefix("pyodide/") for name in files if name.startswith("pyodide/")}
    assert any(name.startswith("pyodide/gamebox-") and name.endswith(".whl") for name in files)
    # the menu reads games.json before Python boots, and every game's page files come from it
    games = json.loads((DIST / "games.json").read_text())["games"]
    assert "games.json" in files and games
    assert {path for game in games for path in game["files"].values() if path} <= files
    assert not files & {"sw.js", "precache.json", "BUILD_ID", "web/sw.js"}
    assert all((DIST / name).is_file() for name in files)


def test_the_app_is_installable(open_page, site):
    page = open_page("", wait_ready=False)
    assert page.evaluate("document.querySelector('meta[name=theme-color]').content") == "#2b3a55"
    manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
    manifest = page.evaluate("async (url) => (await fetch(url)).json()", manifest_url)
    assert manifest["theme_color"] == "#2b3a55"
    assert manifest["display"] == "standalone"
    assert page.evaluate("([src, base]) => new URL(src, base).href", [manifest["start_url"], manifest_url]) == site
    sizes = {}
    for icon in manifest["icons"]:
        url = page.evaluate("([src, base]) => new URL(src, base).href", [icon["src"], manifest_url])
        path = DIST / url.removeprefix(site)
        assert path.is_file(), url
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", path.read_bytes()[16:24])
            sizes[icon["sizes"]] = (width, height)
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}


def test_after_one_visit_a_reload_offline_plays_every_game(open_page):
    page = open_page("")
    wait_until_offline_ready(page)
    page.context.set_offline(True)
    try:
        assert page.evaluate("navigator.onLine") is False
        page.reload()
        wait_booted(page)
        assert page.locator("#screen-menu").is_visible()
        play_each_game(page)
        screenshot(page, "offline-game")
    finally:
        page.context.set_offline(False)


def test_after_a_rebuild_with_a_change_the_new_version_is_served(open_page, served, tmp_path):
    # The rebuild: the same site with a changed index.html, through the same offline step as build.sh.
    second = tmp_path / "dist"
    shutil.copytree(served.first, second)
    index = second / "index.html"
    index.write_text(index.read_text().replace("<title>", '<meta name="gamebox-test-build" content="2">\n  <title>'))
    new_build = subprocess.run([sys.executable, str(ROOT / "tools" / "offline.py"), str(second),
                                str(ROOT / "web" / "sw.js")], check=True, capture_output=True, text=True).stdout.strip()
    old_build = (served.first / "BUILD_ID").read_text().strip()
    assert new_build != old_build

    page = open_page("")
    old_cache = wait_until_offline_ready(page)
    assert old_cache.endswith(old_build)
    served.serve(second)
    # The old build still serves this reload whole (no mix of builds), while the new one installs; the page
    # then offers the update.
    page.reload()
    page.wait_for_selector("#notice-reload:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("meta[name=gamebox-test-build]").count() == 0
    screenshot(page, "offline-update-offered")
    page.click("#notice-reload")
    page.wait_for_selector("meta[name=gamebox-test-build]", state="attached", timeout=60_000)
    wait_booted(page)
    names = page.evaluate("async () => (await caches.keys()).filter((name) => name.startsWith('gamebox:'))")
    assert len(names) == 1 and names[0].endswith(new_build), names
    # And offline, the new build is what the cache serves.
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("meta[name=gamebox-test-build]", state="attached", timeout=30_000)
        wait_booted(page)
    finally:
        page.context.set_offline(False)


def test_a_new_tab_after_a_rebuild_gets_the_new_version(open_page, served, browser, tmp_path):
    second = tmp_path / "dist"
    shutil.copytree(served.first, second)
    (second / "index.html").write_text((second / "index.html").read_text().replace(
        "<title>", '<meta name="gamebox-test-build" content="3">\n  <title>'))
    subprocess.run([sys.executable, str(ROOT / "tools" / "offline.py"), str(second), str(ROOT / "web" / "sw.js")],
                   check=True, capture_output=True)
    page = open_page("")
    wait_until_offline_ready(page)
    served.serve(second)
    # The new worker installs in the background and waits; once the last old tab is gone it takes over.
    page.reload()
    page.wait_for_selector("#notice-reload:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    context = page.context
    fresh = context.new_page()
    page.close()
    # The old tab's engine worker is a client too and may take a moment to go; until then a visit is still
    # the old build (with the offer), so visit again, as a person opening the app later would.
    # A visit while the new worker takes over may wait long for its page's load (a loaded machine took over 30 s):
    # that visit counts as one more try, not as a failure.
    def visit() -> None:
        with contextlib.suppress(PlaywrightTimeoutError):
            fresh.goto(served.url, timeout=45_000)

    deadline = time.monotonic() + 90
    visit()
    while not fresh.locator("meta[name=gamebox-test-build]").count() and time.monotonic() < deadline:
        time.sleep(2)
        fresh.goto("about:blank")
        visit()
    fresh.wait_for_selector("meta[name=gamebox-test-build]", state="attached", timeout=60_000)
    wait_booted(fresh)
    fresh.close()


@pytest.mark.parametrize("delivery", ["meta", "header"])
def test_every_game_runs_under_the_content_security_policy(open_page, served, delivery):
    """The meta tag covers the page; as a response header, the same policy also covers the module worker
    that runs Pyodide and the service worker (which get their policy from their own response)."""
    assert "'unsafe-eval'" not in POLICY and "'unsafe-inline'" not in POLICY
    if delivery == "header":
        served.headers = {"Content-Security-Policy": POLICY}
    page = open_page("", wait_ready=False, enforce_csp=True)
    page.context.add_init_script(CSP_RECORDER)
    page.reload()
    wait_booted(page)
    for game in registered_games():  # the set-up screen of each game
        page.evaluate("game => { location.hash = `#/${game}`; }", game)
        page.wait_for_selector("#screen-setup:not([hidden]) #setup-start:not([disabled])")
    play_each_game(page)
    wait_until_offline_ready(page)  # the service worker, under the same policy
    assert page.evaluate("window.__csp") == []
    assert page.watch.errors == []


def test_the_page_works_where_service_workers_are_unavailable(browser, site):
    """A context that blocks service workers stands for http on another host: the page plays, quietly."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(TEST_GAMES)
    errors: list[str] = []
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(site + play_link(registered_games()[0]))
        page.wait_for_selector("body[data-fingerprint]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        context.close()
    assert errors == []

