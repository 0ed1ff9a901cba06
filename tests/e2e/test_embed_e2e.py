"""Embedding (web/embed.js, docs/embed.md): a page on another origin embeds a game with one script tag, hears
its events, drives it with commands, and nothing from a third origin gets through, in either direction.

Three origins, all on 127.0.0.1 (a different port is a different origin): the app (the `site` fixture), a
host page, and a third page (an "ad" framed by the host page, and a page that frames the app while claiming
to be the host). Each context allows exactly these three origins; every other request is aborted and fails
the test, as in conftest.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gamebox

from . import conftest
from .conftest import BOOT_TIMEOUT_MS, KEEPING_SNAPSHOT, Watch, screenshot

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

SEED = "K7Q2M"

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page</title></head>
<body>
<h1>A page on another site</h1>
<script>
  window.received = [];
  for (const type of ["ready", "start", "move", "undo", "gameover", "resize", "error"]) {
    document.addEventListener(`gamebox:${type}`, (event) => window.received.push({ type, detail: event.detail }));
  }
  window.frameOf = () => document.querySelector("iframe.gamebox-embed");
  window.send = (command) => window.GameboxEmbed.send(window.frameOf(), command);
</script>
<div id="slot"><script src="@APP@web/embed.js" @ATTRS@></script></div>
<iframe id="ad" src="@THIRD@ad.html" title="An advert" style="height:60px"></iframe>
</body></html>
"""

# A frame from a third origin on the host page: it writes to the game's frame and to the host page.
AD_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An advert</title></head>
<body>
<p>An advert</p>
<script>
  window.got = [];
  addEventListener("message", (event) => window.got.push(event.data));
  window.attack = (index, action) => {
    const game = parent.frames[index];
    const forged = [
      { type: "new", game: "upthrust", players: 2, seats: "human,human", seed: "EVIL1" },
      { type: "open", code: "v1.upthrust.EVIL2.2." },
      { type: "play", action },
    ];
    for (const command of forged) {
      game.postMessage({ ...command, gamebox: 1, id: 1 }, "*");
      game.postMessage({ ...command, gamebox: 1, id: 2 }, "@APPORIGIN@");
    }
    parent.postMessage({ gamebox: 1, type: "move", game: "upthrust", seat: 0, action: "forged" }, "*");
    parent.postMessage({ gamebox: 1, type: "resize", height: 7 }, "*");
    parent.postMessage({ gamebox: 1, type: "gameover", scores: [9, 9], winners: [0, 1] }, "*");
    parent.postMessage({ gamebox: 1, type: "reply", id: 1, ok: true }, "*");
  };
</script>
</body></html>
"""

# A third-origin page that frames the app in embed mode while naming the host's origin as its parent.
IMPOSTOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not the host</title></head>
<body>
<script>
  window.got = [];
  addEventListener("message", (event) => window.got.push({ origin: event.origin, data: event.data }));
  window.attack = () => document.getElementById("app").contentWindow.postMessage(
    { gamebox: 1, type: "new", id: 1, game: "upthrust", players: 2, seats: "human,human", seed: "EVIL3" }, "*");
</script>
<iframe id="app" title="Gamebox" style="width:900px;height:700px"
        src="@APP@index.html?embed=1&amp;parent=@HOSTORIGIN@#/upthrust"></iframe>
</body></html>
"""


# Every placement docs/embed.md documents, on one page: data-target (an element before the tag, and one further down
# the page), the default (right after the tag; a tag in <head> puts it at the end of the page), and from script
# GameboxEmbed.create(element, ...) (into it) and GameboxEmbed.create({after: element}, ...) (after it).
PLACEMENTS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Every placement</title>
<script src="@APP@web/embed.js" data-game="upthrust" data-title="in-head"></script>
<script>
  window.readyFrom = [];
  document.addEventListener("gamebox:ready", (event) => window.readyFrom.push(event.target.title));
</script>
</head>
<body>
<h1>Every placement</h1>
<div id="slot"></div>
<script src="@APP@web/embed.js" data-game="upthrust" data-target="#slot" data-title="target"></script>
<script src="@APP@web/embed.js" data-game="upthrust" data-title="default" id="default-tag"></script>
<script src="@APP@web/embed.js" data-game="upthrust" data-target="#later" data-title="target-later"></script>
<div id="into"></div>
<p id="anchor">An embed comes after this paragraph.</p>
<script>
  window.created = [
    GameboxEmbed.create(document.getElementById("into"), { game: "upthrust", title: "into" }),
    GameboxEmbed.create({ after: document.getElementById("anchor") }, { game: "upthrust", title: "after" }),
  ].map((iframe) => iframe.tagName);
</script>
<div id="later"></div>
<p id="last">The end of the page.</p>
</body></html>
"""

PLACED = {  # each embed's title: where its iframe must be
    "in-head": "frame.parentElement === document.body && frame.previousElementSibling.id === 'last'",
    "target": "frame.parentElement.id === 'slot'",
    "default": "frame.previousElementSibling.id === 'default-tag'",
    "target-later": "frame.parentElement.id === 'later'",
    "into": "frame.parentElement.id === 'into'",
    "after": "frame.previousElementSibling.id === 'anchor'",
}


class Origins:
    def __init__(self, app: str, host: str, third: str) -> None:
        self.app, self.host, self.third = app, host, third

    @staticmethod
    def origin(url: str) -> str:
        return url.rstrip("/")


class EmbedWatch(Watch):
    """conftest's Watch, allowing the host's and the third origin as well (for these pages only)."""

    def __init__(self, origins: Origins) -> None:
        super().__init__(Origins.origin(origins.app))
        self.allowed = (origins.app, origins.host, origins.third)

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.allowed) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


def fill(template: str, origins: Origins, attrs: str = "") -> str:
    return (template.replace("@APP@", origins.app).replace("@THIRD@", origins.third)
            .replace("@APPORIGIN@", Origins.origin(origins.app))
            .replace("@HOSTORIGIN@", Origins.origin(origins.host)).replace("@ATTRS@", attrs))


def opening_code() -> str:
    return str(gamebox.share.encode(gamebox.get("upthrust").new(seed=SEED, players=2)))


def last_move_position() -> tuple[str, str, Any]:
    """A share code one move before the end of a game, that last move, and the finished state."""
    game = gamebox.get("upthrust")
    state = game.new(seed=SEED, players=2)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    history = list(state.history)
    before = game.replay(SEED, 2, state.options, history[:-1])
    return str(gamebox.share.encode(before)), history[-1][1], state


@pytest.fixture(scope="module")
def origins(site: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Origins]:
    host_dir = tmp_path_factory.mktemp("host")
    third_dir = tmp_path_factory.mktemp("third")
    host_server, host_url = conftest.serve.start(host_dir)
    third_server, third_url = conftest.serve.start(third_dir)
    found = Origins(site, host_url, third_url)
    assert len({Origins.origin(url) for url in (site, host_url, third_url)}) == 3
    code_attrs = f'data-code="{opening_code()}" data-seats="human,human" data-lang="en"'
    Path(host_dir, "host-code.html").write_text(fill(HOST_PAGE, found, code_attrs))
    Path(host_dir, "host-game.html").write_text(fill(HOST_PAGE, found, 'data-game="upthrust" data-seats="human,hard"'))
    Path(host_dir, "host-placements.html").write_text(fill(PLACEMENTS_PAGE, found))
    Path(third_dir, "ad.html").write_text(fill(AD_PAGE, found))
    Path(third_dir, "impostor.html").write_text(fill(IMPOSTOR_PAGE, found))
    yield found
    host_server.shutdown()
    third_server.shutdown()


class EmbedContext:
    """One browser context for a module's pages of the host and third origins (each test opens its own pages in
    it). It first boots the app on its own origin until the engine's memory snapshot is stored: the three origins
    are one site (127.0.0.1), so every embedded app of the module shares that storage and boots from the snapshot
    in about half a second instead of three. Before each test the app's localStorage is emptied, as in a new
    context. Bots and animations run at test speed (window.GAMEBOX_TEST_SPEED, every frame)."""

    def __init__(self, browser: Any, origins: Origins) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})
        self.context.add_init_script(KEEPING_SNAPSHOT)
        self.watch = EmbedWatch(origins)
        self.context.route("**/*", self.watch.route)
        self.app = self.open(origins.app)
        conftest.wait_for(self.app, "document.getElementById('engine-status').classList.contains('done')",
                          timeout=BOOT_TIMEOUT_MS)
        conftest.snapshot_stored(self.app)

    def open(self, url: str) -> Any:
        page = self.context.new_page()
        page.on("console", lambda message: self.watch.errors.append(message.text)
                if message.type == "error" else None)
        page.on("pageerror", lambda error: self.watch.errors.append(str(error)))
        page.goto(url)
        return page

    def forget(self) -> None:
        """Empty the app's localStorage (saved games, remembered set-ups), shared by all its frames."""
        self.app.evaluate("localStorage.clear()")

    def check(self) -> None:
        foreign, errors = list(self.watch.foreign), list(self.watch.errors)
        self.watch.foreign.clear()
        self.watch.errors.clear()
        assert foreign == [], f"requests to other origins: {foreign}"
        assert errors == [], f"console errors: {errors}"


@pytest.fixture(scope="module")
def embed_context(browser: Any, origins: Origins) -> Iterator[EmbedContext]:
    shared = EmbedContext(browser, origins)
    yield shared
    shared.context.close()


@pytest.fixture
def open_embed(embed_context: EmbedContext) -> Iterator[Any]:
    """Open a page of the host or third origin (in the module's context, with the app's storage emptied); checks
    requests and console errors at teardown, and closes the test's pages."""
    made: list[Any] = []
    embed_context.forget()

    def opener(url: str) -> Any:
        made.append(embed_context.open(url))
        return made[-1]

    yield opener
    for page in made:
        page.close()
    embed_context.check()


def frame_at(page: Any, prefix: str) -> Any:
    return next(frame for frame in page.frames if frame.url.startswith(prefix))


def events(page: Any, kind: str) -> list[dict[str, Any]]:
    return list(page.evaluate("(kind) => window.received.filter((e) => e.type === kind).map((e) => e.detail)", kind))


def wait_event(page: Any, kind: str, count: int = 1, timeout: int = 30_000) -> dict[str, Any]:
    page.wait_for_function(
        "([kind, count]) => window.received.filter((e) => e.type === kind).length >= count", arg=[kind, count],
        timeout=timeout)
    return events(page, kind)[count - 1]


def test_host_page_hears_events_and_drives_the_game(open_embed, origins):
    code = opening_code()
    page = open_embed(origins.host + "host-code.html")
    ready = wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    assert ready["screen"] == "game"
    assert ready["share"] == code and ready["moves"] == 0 and ready["seats"] == "human,human"

    # One iframe, right after the script tag, on the app's origin, told the host's origin.
    src = page.evaluate("window.frameOf().src")
    assert src.startswith(origins.app + "index.html?embed=1")
    assert page.evaluate("new URL(window.frameOf().src).searchParams.get('parent')") == Origins.origin(origins.host)
    assert page.evaluate("window.frameOf().previousElementSibling.tagName") == "SCRIPT"
    app = frame_at(page, origins.app)
    assert app.evaluate("document.body.classList.contains('embed')")
    assert app.locator(".brand").is_hidden()
    assert app.locator("#screen-game .controls a[href='#/']").is_hidden()
    assert app.locator("#board").is_visible()

    # Sized to its content: the iframe's height is the last height the app reported.
    page.wait_for_function("window.received.filter((e) => e.type === 'resize').some((e) => e.detail.height > 400)")
    page.wait_for_function("() => { const sizes = window.received.filter((e) => e.type === 'resize');"
                           " return Math.round(window.frameOf().getBoundingClientRect().height)"
                           " === sizes[sizes.length - 1].detail.height; }")
    assert app.evaluate("document.documentElement.scrollHeight") <= page.evaluate(
        "Math.ceil(window.frameOf().getBoundingClientRect().height)")

    # A move made inside the frame (as a player would) reaches the host as a move event.
    first = app.evaluate("window.gamebox.legal()")[0]
    assert app.evaluate("(action) => window.gamebox.play(action)", first)
    move = wait_event(page, "move")
    assert (move["game"], move["seat"], move["action"], move["moves"]) == ("upthrust", 0, first, 1)
    assert move["fingerprint"] == app.evaluate("document.body.dataset.fingerprint")

    # A move sent by the host as a command: the reply, then the event, agree with CPython's rules.
    second = app.evaluate("window.gamebox.legal()")[0]
    reply = page.evaluate("(action) => window.send({ type: 'play', action })", second)
    assert reply["ok"] and reply["command"] == "play" and reply["moves"] == 2
    move = wait_event(page, "move", 2)
    assert (move["seat"], move["action"]) == (1, second)
    game = gamebox.get("upthrust")
    expected = game.replay(SEED, 2, game.new(seed=SEED, players=2).options, [(0, first), (1, second)])
    assert move["fingerprint"] == expected.fingerprint()
    assert move["share"] == gamebox.share.encode(expected)
    assert "view" not in move, "events carry no view: it can hold what a seat may not know"

    # A third origin (an advert framed by the host page) writes to the game and to the host page: nothing
    # happens on either side, and it hears nothing back.
    height = page.evaluate("window.frameOf().style.height")
    counts = page.evaluate("window.received.length")
    ad = frame_at(page, origins.third)
    ad.evaluate("(action) => window.attack(0, action)", app.evaluate("window.gamebox.legal()")[0])
    page.wait_for_timeout(1500)
    assert app.evaluate("document.body.dataset.moves") == "2"
    assert app.evaluate("document.body.dataset.fingerprint") == move["fingerprint"]
    assert app.evaluate("window.gamebox.table().seed") == SEED
    assert page.evaluate("window.received.length") == counts
    assert page.evaluate("window.frameOf().style.height") == height
    assert ad.evaluate("window.got") == []

    # open: a position one move from the end; play the last move; the game-over event has the scores.
    near_end, last, finished = last_move_position()
    starts = len(events(page, "start"))
    reply = page.evaluate("(code) => window.send({ type: 'open', code, seats: ['human', 'human'] })", near_end)
    assert reply["ok"] and reply["share"] == near_end
    assert wait_event(page, "start", starts + 1)["share"] == near_end
    reply = page.evaluate("(action) => window.send({ type: 'play', action })", last)
    assert reply["ok"] and reply["is_over"]
    over = wait_event(page, "gameover")
    assert over["scores"] == finished.scores() and over["winners"] == finished.winners()
    assert over["fingerprint"] == finished.fingerprint()
    screenshot(page, "embed-game-over")

    # new: a fresh game with a bot; a bad share code gets an error reply (and a notice in the frame).
    reply = page.evaluate("() => window.send({ type: 'new', game: 'upthrust', players: 2,"
                          " seats: ['human', 'easy'], seed: 'EMBED' })")
    assert reply["ok"] and reply["share"].startswith("v2.upthrust.EMBED.2.") and reply["seats"] == "human,easy"
    assert app.evaluate("window.gamebox.table().seed") == "EMBED"
    reply = page.evaluate("() => window.send({ type: 'play', action: 'z99' })")
    assert not reply["ok"] and reply["error"]["text"]
    assert app.evaluate("document.body.dataset.moves") == "0"
    reply = page.evaluate("() => window.send({ type: 'open', code: 'v1.upthrust.X.9.' })")
    assert not reply["ok"] and reply["error"]["key"].startswith("share.")
    assert app.locator("#notice").is_visible()
    reply = page.evaluate("() => window.send({ type: 'dance' })")
    assert not reply["ok"]


def test_setup_embed_and_a_page_that_pretends_to_be_the_host(open_embed, origins):
    page = open_embed(origins.host + "host-game.html")
    ready = wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    assert ready["screen"] == "setup"
    app = frame_at(page, origins.app)
    assert app.locator("#screen-setup").is_visible()
    assert app.locator("#setup-title").inner_text() == "Upthrust"
    # data-seats presets the seats; the Back link to the whole box is not offered in an embed of one game.
    second = app.locator("#setup-seats li").nth(1)
    assert second.locator("select.kind").input_value() == "bot"
    assert second.locator("select.level").input_value() == "hard"
    assert app.locator("#setup-form a[href='#/']").is_hidden()
    app.click("#setup-start")
    start = wait_event(page, "start")
    assert start["seats"] == "human,hard" and start["moves"] == 0
    screenshot(page, "embed-setup-started")

    # A third-origin page frames the app, naming the host's origin as its parent: the app talks to nobody
    # (no events reach the framer, and no console errors from messages the browser would drop) and takes
    # no commands.
    impostor = open_embed(origins.third + "impostor.html")
    framed = frame_at(impostor, origins.app)
    framed.wait_for_function(
        "() => window.gamebox && document.getElementById('engine-status').classList.contains('done')",
        timeout=BOOT_TIMEOUT_MS)
    assert framed.evaluate("document.body.dataset.screen") == "setup"
    impostor.evaluate("window.attack()")
    impostor.wait_for_timeout(1500)
    assert framed.evaluate("document.body.dataset.screen") == "setup"
    assert framed.evaluate("window.gamebox.table()") is None
    assert impostor.evaluate("window.got") == []


def test_every_documented_placement_puts_a_working_game_there(open_embed, origins):
    page = open_embed(origins.host + "host-placements.html")
    assert page.evaluate("window.created") == ["IFRAME", "IFRAME"]
    assert page.evaluate("document.querySelectorAll('iframe.gamebox-embed').length") == len(PLACED)
    for title, where in PLACED.items():
        placed = page.evaluate(f"(title) => {{ const frame = [...document.querySelectorAll('iframe.gamebox-embed')]"
                               f".find((each) => each.title === title); return Boolean(frame) && {where}; }}", title)
        assert placed, f"{title}: not where docs/embed.md says"
    # each one is the app, on its set-up screen, and its engine loads
    page.wait_for_function("(count) => new Set(window.readyFrom).size === count", arg=len(PLACED),
                           timeout=BOOT_TIMEOUT_MS)
    for frame in (frame for frame in page.frames if frame.url.startswith(origins.app)):
        assert frame.locator("#screen-setup").is_visible()
        assert frame.locator("#setup-title").inner_text() == "Upthrust"
    screenshot(page, "embed-placements")
