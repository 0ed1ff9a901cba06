"""The engine's memory snapshot (web/worker.mjs, docs/offline-and-csp.md), in Chromium.

Pyodide's snapshot options (`_makeSnapshot`, `makeMemorySnapshot()`, `_loadSnapshot`) are private and
experimental: these tests pin what Gamebox relies on. A first visit boots fresh and then, in a separate runtime,
makes a snapshot with every gamebox module imported; a second visit boots from it and plays exactly as a fresh
boot does. A damaged snapshot, one of another build and a refusal to store one all end in an ordinary boot that
the player does not notice.

One first visit (the module's `first_visit`) makes the snapshot; the other tests copy its bytes (damaged, or
as they are) into a new context before the app loads, so that only one test waits for the snapshot maker.
This module serves its own copy of the site, so that a test may serve another build or add headers.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import struct
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import (
    BOOT_TIMEOUT_MS,
    DIST,
    ROOT,
    TEST_GAMES,
    WORKERS_MADE,
    Watch,
    boot_state,
    engine_workers_made,
    snapshot_made,
    wait_for,
)
from .test_embed_e2e import (  # noqa: F401 - its host pages, against this site
    embed_context,
    open_embed,
    origins,
    wait_event,
)
from .test_offline_e2e import (  # noqa: F401 - served, site, first_build: its copy of the site, served afresh
    CSP_RECORDER,
    POLICY,
    Served,
    first_build,
    play_link,
    registered_games,
    served,
    site,
    wait_until_offline_ready,
)

# Its subject: every page here makes the memory snapshot, as a person's does (conftest.SNAPSHOT)
MEMORY_SNAPSHOT = True
# Not about judging nor the review: the games opened are not judged while in play, so no page spends its idle time
# on it beside the other tests (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False
MOVES_PER_GAME = 3
# where the page remembers that a snapshot is stored (web/engine.js), for index.html's first paint script
SNAPSHOT_REMEMBERED = "gamebox/snapshot"
QUIET_PAGE = "web/icons/icon.svg"  # a document of the site that boots nothing: storage is set up from it

READ_SNAPSHOT = """async () => {
  const name = (await caches.keys()).find((key) => key.startsWith("gamebox-snapshot:"));
  if (!name) return null;
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  if (!request) return null;
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name, url: request.url, meta: response.headers.get("x-gamebox-snapshot"), body: btoa(binary) };
}"""
WRITE_SNAPSHOT = """async ({ name, url, meta, body }) => {
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  const cache = await caches.open(name);
  await cache.put(url, new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-gamebox-snapshot": meta } }));
}"""
SNAPSHOT_URLS = """async () => {
  const urls = [];
  for (const name of (await caches.keys()).filter((key) => key.startsWith("gamebox-snapshot:"))) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""
# Games opened by link, then a few moves as the first seat to move, through the bridge itself (no clock, no
# bots: the same requests give the same tables on any boot). Returns each game's fingerprints.
PLAY = """async (links) => {
  const all = [];
  for (const [code, seats] of links) {
    const prints = [];
    all.push(prints);
    let table = await window.gamebox.request({ op: "open", code, seats: seats.split(",").map((kind) => ({ kind })) });
    if (!table.ok) throw new Error(`${code}: ${JSON.stringify(table.error)}`);
    prints.push(table.fingerprint);
    for (let i = 0; i < MOVES && !table.is_over; i++) {
      const seat = table.to_move[0];
      const legal = await window.gamebox.request({ op: "legal", seat });
      if (!legal.ok || !legal.actions.length) break;
      table = await window.gamebox.request({ op: "apply", seat, action: legal.actions[0] });
      if (!table.ok) throw new Error(`${code}: ${JSON.stringify(table.error)}`);
      prints.push(table.fingerprint);
    }
  }
  return all;
}""".replace("MOVES", str(MOVES_PER_GAME))



def game_links(games: list[str]) -> list[list[str]]:
    """[code, seats] of each game's link."""
    links = []
    for game in games:
        query = play_link(game).split("?", 1)[1]
        params = dict(part.split("=", 1) for part in query.split("&"))
        links.append([params["code"], params["seats"]])
    return links


def played(page: Any, games: list[str]) -> dict[str, list[str]]:
    """Each game opened by link and played a few moves through the bridge: its fingerprints, move by move."""
    return dict(zip(games, page.evaluate(PLAY, game_links(games)), strict=True))


def wait_engine_ready(page: Any) -> None:
    """The page's engine is ready (polled through the DevTools protocol, so it also works under the CSP)."""
    wait_for(page, "window.gamebox && window.gamebox.ready", timeout=30_000)
    wait_for(page, "document.getElementById('engine-status').classList.contains('done')", timeout=BOOT_TIMEOUT_MS)


def quiet(page: Any) -> None:
    """The player was told nothing: no notice, no failure."""
    assert page.locator("#notice").is_hidden()
    assert not page.evaluate("document.getElementById('engine-status').classList.contains('failed')")


class FirstVisit:
    """A first visit's page, the fingerprints its fresh boot gave, the maker's outcome and the stored entry."""

    def __init__(self, page: Any, prints: dict[str, list[str]], outcome: dict[str, Any],
                 stored: dict[str, Any]) -> None:
        self.page, self.prints, self.outcome, self.stored = page, prints, outcome, stored


@pytest.fixture(scope="module")
def first_visit(browser: Any, site: str) -> Iterator[FirstVisit]:
    """A first visit: a fresh boot that plays every game, then the snapshot its maker stored (bytes included)."""
    context = browser.new_context(bypass_csp=True)
    context.add_init_script(TEST_GAMES)
    watch = Watch(site.rstrip("/"))
    watch.guard(context)
    page = context.new_page()
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.goto(site)
    wait_engine_ready(page)
    assert boot_state(page)["boot"] == "fresh"
    prints = played(page, registered_games())
    outcome = snapshot_made(page)
    assert outcome["stored"], outcome
    stored = page.evaluate(READ_SNAPSHOT)
    assert stored, "the maker said it stored a snapshot, but the cache holds none"
    yield FirstVisit(page, prints, outcome, stored)
    context.close()
    assert watch.foreign == [], f"requests to other origins: {watch.foreign}"
    assert watch.errors == [], f"console errors: {watch.errors}"


def open_with_snapshot(open_page: Any, snapshot: dict[str, Any], path: str = "", **options: Any) -> Any:
    """A new context whose storage holds `snapshot` before the app first loads; the app, booted."""
    page = open_page(QUIET_PAGE, wait_ready=False, **options)
    page.evaluate(WRITE_SNAPSHOT, snapshot)
    page.goto(page.url.removesuffix(QUIET_PAGE) + path)
    wait_engine_ready(page)
    return page


PAGE_BYTES = 4096
PYODIDE_SNAPSHOT_MAGIC = 1886286592  # the first 32-bit word of a Pyodide memory snapshot


def without_zero_pages(raw: bytes) -> bytes:
    """The worker's "pages" packing: length, count, the index of each page kept, the pages kept."""
    kept = [page for page in range(-(-len(raw) // PAGE_BYTES)) if any(raw[page * PAGE_BYTES:(page + 1) * PAGE_BYTES])]
    pages = b"".join(raw[page * PAGE_BYTES:(page + 1) * PAGE_BYTES].ljust(PAGE_BYTES, b"\0") for page in kept)
    return struct.pack(f"<II{len(kept)}I", len(raw), len(kept), *kept) + pages


def with_zero_pages(packed: bytes) -> bytes:
    length, count = struct.unpack_from("<II", packed)
    kept = struct.unpack_from(f"<{count}I", packed, 8)
    raw = bytearray(length)
    header = 8 + 4 * count
    for index, page in enumerate(kept):
        start = page * PAGE_BYTES
        size = min(PAGE_BYTES, length - start)
        raw[start:start + size] = packed[header + index * PAGE_BYTES:header + index * PAGE_BYTES + size]
    return bytes(raw)


def repacked(snapshot: dict[str, Any], raw: bytes) -> dict[str, Any]:
    """`snapshot` holding `raw` instead, packed and described so that Gamebox's own checks pass."""
    meta = json.loads(snapshot["meta"])
    packed = without_zero_pages(raw)
    meta.update(bytes=len(packed), rawBytes=len(raw), sha256=hashlib.sha256(packed).hexdigest())
    return {**snapshot, "meta": json.dumps(meta), "body": base64.b64encode(packed).decode()}


def damaged(snapshot: dict[str, Any], how: str) -> dict[str, Any]:
    body = bytearray(base64.b64decode(snapshot["body"]))
    if how == "bytes flipped":  # caught by the sha256 the maker recorded
        for offset in range(len(body) // 3, len(body) // 3 + 64):
            body[offset] ^= 0xFF
        return {**snapshot, "body": base64.b64encode(bytes(body)).decode()}
    if how == "cut short":
        return {**snapshot, "body": base64.b64encode(bytes(body[: len(body) // 2])).decode()}
    if how == "not a snapshot":  # passes Gamebox's checks; Pyodide refuses it (its magic number)
        return repacked(snapshot, bytes(range(256)) * 4096)
    if how == "another Pyodide build":  # a real snapshot whose runtime build id is not this runtime's
        raw = bytearray(with_zero_pages(bytes(body)))
        raw[16:48] = bytes(32)
        return repacked(snapshot, bytes(raw))
    raise ValueError(how)


def test_a_second_visit_boots_from_the_snapshot_and_plays_the_same_games(first_visit):
    page = first_visit.page
    meta = json.loads(first_visit.stored["meta"])
    assert first_visit.stored["url"].endswith(f"/snapshot/{meta['build']}/pyodide-{meta['pyodide']}")
    assert meta["build"] == (DIST / "BUILD_ID").read_text().strip()
    assert meta["packing"] == "pages" and meta["bytes"] < meta["rawBytes"]
    raw = with_zero_pages(base64.b64decode(first_visit.stored["body"]))
    assert len(raw) == meta["rawBytes"] and struct.unpack_from("<I", raw)[0] == PYODIDE_SNAPSHOT_MAGIC
    wait_until_offline_ready(page)

    page.reload()
    wait_engine_ready(page)
    state = boot_state(page)
    assert (state["boot"], state["fallback"]) == ("snapshot", None)
    # No game in the snapshot: the first visit played every game, the snapshot boot has none open.
    nothing = page.evaluate("window.gamebox.request({ op: 'view' })")
    assert not nothing["ok"] and nothing["error"]["key"] == "error.no_game"
    assert played(page, registered_games()) == first_visit.prints
    quiet(page)
    # The page itself, opened on a link, shows the same table as after a fresh boot.
    page.evaluate("link => { location.hash = link; }", play_link("upthrust"))
    page.wait_for_selector("body[data-fingerprint]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.fingerprint") == first_visit.prints["upthrust"][0]

    # Offline, the service worker serves the build id and every file: the snapshot boot still works.
    page.context.set_offline(True)
    try:
        page.reload()
        wait_engine_ready(page)
        assert boot_state(page)["boot"] == "snapshot"
        assert played(page, ["ubongo"])["ubongo"] == first_visit.prints["ubongo"]
    finally:
        page.context.set_offline(False)


def test_a_repeat_visits_engine_worker_starts_before_the_app_which_takes_it_over(first_visit, open_page):
    # A snapshot stored (the page remembers it from what the worker said: the first visit's page did): index.html's
    # first paint script starts the engine's worker beside the app, under the page's own policy (its hash), and
    # web/engine.js takes it over with what it said meanwhile: one engine worker, booted from the snapshot, and the
    # link's game as the first visit's fresh boot gave it.
    assert first_visit.page.evaluate(f"localStorage.getItem('{SNAPSHOT_REMEMBERED}')") == "1"  # the maker's outcome
    page = open_page(QUIET_PAGE, wait_ready=False, enforce_csp=True)
    page.context.add_init_script(WORKERS_MADE)
    page.evaluate(WRITE_SNAPSHOT, first_visit.stored)
    page.evaluate(f"localStorage.setItem('{SNAPSHOT_REMEMBERED}', '1')")
    page.goto(page.url.removesuffix(QUIET_PAGE) + play_link("upthrust"))
    wait_engine_ready(page)
    wait_for(page, "document.body.dataset.fingerprint")
    made = engine_workers_made(page)
    assert len(made) == 1 and not made[0]["by_app"], made
    assert page.evaluate("window.gameboxEarlyEngine") is None
    assert boot_state(page)["boot"] == "snapshot"
    assert page.evaluate("document.body.dataset.fingerprint") == first_visit.prints["upthrust"][0]
    assert played(page, ["whoopies"])["whoopies"] == first_visit.prints["whoopies"]
    quiet(page)


def test_the_menus_early_engine_worker_starts_after_its_first_paint(first_visit, open_page):
    # the menu paints before any script (docs/offline-and-csp.md): with a snapshot stored, the first paint script
    # starts the engine's worker after the first contentful paint, never before it
    page = open_page(QUIET_PAGE, wait_ready=False)
    page.context.add_init_script(WORKERS_MADE)
    page.evaluate(WRITE_SNAPSHOT, first_visit.stored)
    page.evaluate(f"localStorage.setItem('{SNAPSHOT_REMEMBERED}', '1')")
    page.goto(page.url.removesuffix(QUIET_PAGE))
    wait_engine_ready(page)
    made = engine_workers_made(page)
    assert len(made) == 1 and not made[0]["by_app"], made
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert made[0]["at"] > paint
    assert boot_state(page)["boot"] == "snapshot"
    quiet(page)


@pytest.mark.parametrize(("how", "caught_by"), [
    ("bytes flipped", "corrupt snapshot"),  # Gamebox: the sha256 the maker recorded
    ("cut short", "corrupt snapshot"),
    ("not a snapshot", "invalid magic number"),  # Pyodide's own checks, which these tests pin
    ("another Pyodide build", "build id mismatch"),
])
def test_a_damaged_snapshot_is_dropped_and_the_engine_boots_as_usual(first_visit, open_page, how, caught_by):
    page = open_with_snapshot(open_page, damaged(first_visit.stored, how))
    state = boot_state(page)
    assert state["boot"] == "fresh" and caught_by in state["fallback"], state
    assert page.evaluate(SNAPSHOT_URLS) == [], "the damaged snapshot is still stored"
    assert played(page, ["upthrust"])["upthrust"] == first_visit.prints["upthrust"]
    quiet(page)


def test_a_snapshot_of_another_build_is_not_used_and_goes_away(first_visit, open_page, served, tmp_path):
    # The next build: the same site with a changed index.html, through the same offline step as build.sh.
    second = tmp_path / "dist"
    shutil.copytree(served.first, second)  # type: ignore[attr-defined]
    index = second / "index.html"
    index.write_text(index.read_text().replace("<title>", '<meta name="gamebox-test-build" content="2">\n  <title>'))
    new_build = subprocess.run([sys.executable, str(ROOT / "tools" / "offline.py"), str(second),
                                str(ROOT / "web" / "sw.js")], check=True, capture_output=True, text=True).stdout.strip()
    assert new_build not in first_visit.stored["url"]
    served.serve(second)
    page = open_with_snapshot(open_page, first_visit.stored)
    assert page.locator("meta[name=gamebox-test-build]").count() == 1
    state = boot_state(page)
    assert (state["boot"], state["fallback"]) == ("fresh", "stale snapshot")
    wait_for(page, f"({SNAPSHOT_URLS})().then((urls) => urls.length === 0)")
    assert played(page, ["upthrust"])["upthrust"] == first_visit.prints["upthrust"]
    quiet(page)


def test_the_app_plays_when_storage_refuses_the_snapshot(open_page, site):
    # Once the service worker has cached the app, the origin's quota is cut to that and 2 MB more: the
    # snapshot (about 6 MB) no longer fits, and Cache Storage refuses it (QuotaExceededError). Chromium's
    # estimate() does not show such a quota, so it is the refusal itself that this exercises. The service worker
    # is installed first from a document that boots no engine, so that no snapshot can be stored before the quota
    # is cut (on a busy machine the snapshot maker could finish before the precache).
    page = open_page(QUIET_PAGE, wait_ready=False)
    files = json.loads((DIST / "precache.json").read_text())["files"]
    page.evaluate("navigator.serviceWorker.register(new URL('../../sw.js', location.href).href).then(() => true)")
    wait_for(page, """async (count) => {
      const names = (await caches.keys()).filter((name) => name.startsWith("gamebox:"));
      return names.length === 1 && (await (await caches.open(names[0])).keys()).length === count; }""", len(files),
             timeout=BOOT_TIMEOUT_MS)
    app_bytes = sum((DIST / name).stat().st_size for name in files)
    session = page.context.new_cdp_session(page)
    session.send("Storage.overrideQuotaForOrigin", {"origin": site.rstrip("/"), "quotaSize": app_bytes + 2 * 2**20})
    page.goto("about:blank")
    page.goto(site + play_link("upthrust"))
    wait_engine_ready(page)
    assert boot_state(page)["boot"] == "fresh"
    outcome = snapshot_made(page)
    assert (outcome["stored"], outcome["reason"]) == (False, "quota"), outcome
    assert page.evaluate(SNAPSHOT_URLS) == []
    quiet(page)
    page.reload()
    wait_engine_ready(page)
    page.wait_for_selector("body[data-fingerprint]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert boot_state(page)["boot"] == "fresh"
    quiet(page)


def test_a_snapshot_boot_runs_under_the_content_security_policy(first_visit, open_page, served):
    """The policy as a response header reaches the worker too (see test_offline_e2e.py)."""
    served.headers = {"Content-Security-Policy": POLICY}
    page = open_page(QUIET_PAGE, wait_ready=False, enforce_csp=True)
    page.context.add_init_script(CSP_RECORDER)
    page.evaluate(WRITE_SNAPSHOT, first_visit.stored)
    page.goto(page.url.removesuffix(QUIET_PAGE) + play_link("upthrust"))
    wait_engine_ready(page)
    assert boot_state(page)["boot"] == "snapshot"
    wait_for(page, "document.body.dataset.fingerprint")
    assert page.evaluate("document.body.dataset.fingerprint") == first_visit.prints["upthrust"][0]
    assert played(page, ["whoopies"])["whoopies"] == first_visit.prints["whoopies"]
    assert page.evaluate("window.__csp") == []


def test_an_embedded_game_boots_from_its_snapshot_on_the_next_visit(first_visit, open_embed, origins):  # noqa: F811
    page = open_embed(origins.host + "host-code.html")
    first = wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    app = next(frame for frame in page.frames if frame.url.startswith(origins.app))
    # The iframe's storage is its own (partitioned by the host's site): the snapshot goes there.
    app.evaluate(WRITE_SNAPSHOT, first_visit.stored)
    page.reload()
    again = wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    assert (again["share"], again["fingerprint"]) == (first["share"], first["fingerprint"])
    assert boot_state(page)["boot"] == "snapshot"
