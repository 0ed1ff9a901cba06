"""Every board on every screen (issues 12 and 22): each game is played through window.gamebox.targets(), with real
taps or clicks at the points it gives, on phones (upright and held sideways), a tablet, a laptop, desktops and in
narrow embed columns; and every guided game is shown at its first step, a middle one and its end.

In every case: a tap at a target plays exactly that target's action; the page never scrolls sideways; every canvas
keeps its drawing's aspect ratio within 2%; and the paint kit records no text that overflows its box, in English,
Portuguese and Ukrainian. On a phone held sideways (844x390, 740x360) the board is at least 75% of the window's
height, and whose turn it is and Undo are in view without scrolling (a lesson's board too, and its Next). The
states that a few moves seldom reach (a race's results, its final scores, a solved puzzle, a joker round) are
opened from codes the games' helpers give (STATES) and checked the same way, with the lessons, on the 360 phone and
the 844 phone held sideways. A screenshot of each case is saved
(screenshots/screen-<screen>-<game>-<lang>.png, learn-<screen>-<game>-<step>-<lang>.png,
state-<screen>-<name>-<lang>.png). On the laptop (1024 x 768) each game's screen, as played, is also shot under each
colour-vision deficiency Chromium emulates (screen-laptop-1024-<game>-<deficiency>.png, issue 26), for a person to
look at: every colour-coded thing must have a second cue (a letter, a shape, a pattern).

One booted page per screen (a class per screen; xdist's loadscope keeps a class on one worker).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from .conftest import (
    BOOT_TIMEOUT_MS,
    SHOOTING,
    TEST_PAGE,
    at_a_persons_pace,
    open_new_game,
    settled,
    shoot,
    site_file,
    site_games,
    watched_context,
    watched_page,
)

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False


def how_to_play(game: dict[str, Any]) -> tuple[int, str, int]:
    """Players, seats, and how many of the person's actions are enough for a long game: two players, the person
    against the game's first bot level, for ten actions. But a race that one may also play alone (everyone plays
    at once: Ubongo's puzzles, solved by dragging tiles) is played alone, once: against a bot, the bot's clock and
    not the person's taps would decide how much of it is played."""
    if game["simultaneous"] and game["min_players"] == 1:
        return 1, "human", 1
    return 2, f"human,{game['bot_levels'][0]}", 10


# every game of the site (games.json), the test games too: players, seats, and how many actions are enough
GAMES = {game["id"]: how_to_play(game) for game in site_games()}
# every game with a guided game: its script's file in the site
LESSONS = {game["id"]: game["files"]["learn"] for game in site_games() if game["files"].get("learn")}
# steps of a guided game shown besides its first, middle and last (a game helper's wish: Ubongo's free step)
LESSON_STEPS = {"ubongo": (3,)}
LANGUAGES = ("en", "pt", "uk")
TARGET_WAIT_S = 30
# Chromium's Emulation.setEmulatedVisionDeficiency: the red-green pair, blue-yellow, and no colour at all
VISION_DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia", "achromatopsia")


@dataclass(frozen=True)
class Screen:
    name: str
    width: int
    height: int
    touch: bool = False
    column: int | None = None  # an embed: the app in an iframe this wide, on a wider host page
    vision: bool = False  # each game's screen shot under every colour-vision deficiency too (one screen: cheap)

    @property
    def landscape(self) -> bool:
        """A phone held sideways (web/style.css's landscape block: wider than 4:3, at most 560 px tall)."""
        return not self.column and self.width * 3 >= self.height * 4 and self.height <= 560


SCREENS = [
    Screen("phone-360", 360, 740, touch=True),
    Screen("phone-390", 390, 844, touch=True),
    Screen("tablet-768", 768, 1024, touch=True),
    Screen("laptop-1024", 1024, 768, vision=True),
    Screen("desktop-1280", 1280, 800),
    Screen("desktop-1920", 1920, 1080),
    Screen("embed-480", 1200, 900, column=480),
    Screen("embed-640", 1200, 900, column=640),
    Screen("phone-844-sideways", 844, 390, touch=True),
    Screen("phone-740-sideways", 740, 360, touch=True),
]
# the least part of the window's height a board takes on a phone held sideways (issue 22)
SIDEWAYS_BOARD = 0.75


@dataclass(frozen=True)
class State:
    """A game-specific state that playing a few moves seldom reaches (a race's results, a joker round), opened from
    its code, as a link opens it, then readied by `then`: "" (nothing), "gate:<value>" (until Ubongo's board is at
    that gate: results, final; "gate:" for none, a round being played) or "click:<selector>" (a button, if it
    shows: a finished game opened from a link shows no game-over dialog). The games' helpers give these (issue
    22)."""

    name: str
    game: str
    code: str
    seats: str
    then: str = ""


STATES = [
    # round 1's results: you 27.5 s first, Bot 2 47 s; "Start round 2"
    State("ubongo-race-results", "ubongo", "v2.ubongo.RACE9.2.02.1solve_2_q-1r3_rot3,_4_q0r1_rot4,_10_q3r0_rot5_@47000"
          ".0solve_3_q2r1_rot1,_4_q-2r5_rot3,_13_q-1r5_rot3_@27500", "human,hard", "gate:results"),
    # four players' results (one gave up), the longest bot names
    State("ubongo-race-results-4", "ubongo", "v2.ubongo.WORDS.4.02.3solve_4_q0r3_rot2,_10_q2r0_rot0,_13_q-1r4_rot5_flip"
          "_@57000.2solve_5_q4r2_rot1,_9_q1r1_rot1_flip,_11_q2r0_rot5_@52000.1timeout.0solve_5_q1r2_rot1,_9_q2r1_rot5,"
          "_13_q3r1_rot2_flip_@27500", "human,easy,normal,hard", "gate:results"),
    # a running four-player round: the sand timer, the players
    State("ubongo-race-running-4", "ubongo", "v2.ubongo.WORDS.4.02", "human,easy,normal,hard", "gate:"),
    # the final scores panel on the board, after nine rounds
    State("ubongo-race-final", "ubongo",
          "v2.ubongo.FINAL9.3.02.2solve_1_q-1r4_rot2,_2_q1r2_rot3,_8_q2r2_rot0_@60000.1solve_5_q2r0_rot1,_9_q2r1_ro"
          "t0,_11_q3r0_rot5_@45000.0solve_5_q2r3_rot1,_6_q1r2_rot0,_13_q3r0_rot0_@30000.2solve_2_q1r2_rot1,_3_q2r3_"
          "rot0,_13_q1r3_rot3_flip_@61000.1solve_1_q0r0_rot4,_10_q2r1_rot5,_11_q1r3_rot1_@45500.0solve_2_q3r2_rot4_"
          "flip,_10_q-1r3_rot4,_12_q3r0_rot0_@30700.2solve_1_q1r2_rot1,_5_q2r1_rot2,_11_q0r3_rot5_flip_@62000.1solv"
          "e_2_q2r3_rot4_flip,_5_q2r2_rot1,_8_q2r0_rot0_@46000.0solve_1_q2r0_rot4,_6_q2r1_rot5,_13_q0r4_rot2_@31400"
          ".2solve_2_q1r1_rot0,_5_q3r1_rot0,_9_q1r3_rot2_@63000.1solve_2_q2r0_rot1_flip,_5_q3r2_rot2,_11_q-1r3_rot4"
          "_@46500.0solve_3_q0r4_rot1,_6_q1r4_rot3_flip,_13_q3r3_rot2_@32100.2solve_1_q-2r5_rot3,_3_q3r1_rot1,_9_q2"
          "r4_rot3_flip_@64000.1solve_2_q3r0_rot2_flip,_4_q2r1_rot1,_9_q0r3_rot4_@47000.0solve_2_q-1r2_rot5_flip,_5"
          "_q0r3_rot1,_9_q1r3_rot4_flip_@32800.2solve_1_q-1r4_rot5_flip,_7_q0r1_rot5,_11_q0r0_rot4_@65000.1solve_2_"
          "q0r1_rot5_flip,_6_q2r4_rot3_flip,_12_q1r4_rot1_@47500.0solve_2_q0r4_rot1,_6_q1r3_rot3,_13_q0r3_rot3_@335"
          "00.2solve_2_q0r3_rot3_flip,_8_q3r3_rot1,_9_q0r0_rot4_@66000.1solve_2_q3r2_rot1_flip,_7_q-1r3_rot3,_9_q1r"
          "3_rot4_flip_@48000.0solve_1_q2r4_rot4_flip,_9_q3r0_rot0,_11_q2r3_rot1_@34200.2solve_2_q1r3_rot3_flip,_6_"
          "q0r5_rot3_flip,_7_q4r1_rot1_@67000.1solve_1_q2r0_rot5,_7_q-1r3_rot5,_11_q1r5_rot2_@48500.0solve_5_q4r2_r"
          "ot2,_12_q3r0_rot1_flip,_13_q0r4_rot2_@34900.2solve_3_q3r3_rot0,_11_q2r2_rot1,_13_q2r3_rot3_flip_@68000.1"
          "solve_2_q0r2_rot4_flip,_5_q2r1_rot0,_10_q-2r4_rot4_@49000.0solve_2_q2r0_rot5,_5_q2r3_rot1,_8_q0r3_rot2_@"
          "35600",
          "human,easy,hard", "click:#btn-over-close"),
    # Whoopies' joker (seed J4 rolls it first): the person chooses what the joker asks (the five die choices, the
    # longest words in Ukrainian), picks their own Whoopie, throws with the joker's prompt, and grabs
    State("whoopies-joker-choose", "whoopies", "v2.whoopies.J4.2.00.0roll", "human,easy"),
    State("whoopies-joker-choose-4", "whoopies", "v2.whoopies.J4.4.00.0roll", "human,easy,medium,hard"),
    State("whoopies-joker-own-pick", "whoopies", "v2.whoopies.J4.2.00.0roll.0joker_own", "human,easy"),
    State("whoopies-joker-throw", "whoopies", "v2.whoopies.J4.2.00.0roll.0joker_own.0pick_phanteus.1pick_octopus",
          "human,easy"),
    State("whoopies-joker-grab", "whoopies",
          "v2.whoopies.J4.2.00.0roll.0joker_own.0pick_phanteus.1pick_octopus.0throw", "human,easy"),
    # puzzle mode solved: "Ubongo! Solved in 0:15.0", Next puzzle highlighted
    State("ubongo-puzzle-solved", "ubongo", "v2.ubongo.K7Q2M-07EB.1.02.0place_5_q4r1_rot2_@5000.0place_13_q3r2_rot1"
          "_@10000.0place_1_q-1r3_rot4_@15000", "human", "click:#btn-over-close"),
]

ASPECTS = """() => [...document.querySelectorAll('canvas')].filter((canvas) => canvas.getClientRects().length)
  .map((canvas) => { const box = canvas.getBoundingClientRect();
    return {id: canvas.id, shown: box.width / box.height, drawn: canvas.width / canvas.height, left: box.left,
            right: box.right}; })"""


class Device:
    """A booted app on one screen: the page (or, in an embed, the host page and the app's frame)."""

    def __init__(self, browser: Any, site: str, screen: Screen) -> None:
        self.screen = screen
        self.context, self.watch = watched_context(browser, site, viewport={"width": screen.width,
                                                   "height": screen.height}, has_touch=screen.touch)
        self.context.add_init_script(TEST_PAGE)
        self.page = watched_page(self.context, self.watch)
        if screen.column:
            self.page.set_content(
                f'<body style="margin:0;background:#e9e4da"><main style="width:{screen.column}px;margin:0 auto">'
                f'<iframe id="app" src="{site}index.html?embed=1" style="width:{screen.column}px;height:880px;'
                'border:0;display:block"></iframe></main></body>')
            self.page.wait_for_selector("#app")
            self.app = self.page.locator("#app").element_handle().content_frame()
            self.app.wait_for_function("window.gamebox && window.gamebox.ready", timeout=30_000)
        else:
            self.page.goto(site)
            self.app = self.page.main_frame
        self.app.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                                   timeout=BOOT_TIMEOUT_MS)

    def offset(self) -> tuple[float, float]:
        """Where the app's viewport is on the page (an embed's frame), in CSS px."""
        if not self.screen.column:
            return 0.0, 0.0
        box = self.page.locator("#app").bounding_box()
        return box["x"], box["y"]

    def forget_overflows(self) -> None:
        """Each case answers for its own text: what the paint kit could not fit so far is forgotten."""
        self.app.evaluate("import('./web/games/kit.js').then((kit) => kit.clearTextOverflows())")

    def open(self, game: str) -> None:
        players, seats, _ = GAMES[game]
        self.forget_overflows()
        open_new_game(self.app, game, seats, seed="SCREENS", players=players)
        self.app.evaluate("window.scrollTo(0, 0)")

    def language(self, lang: str) -> None:
        # the language menu (hidden in an embed, which takes its language from the host page)
        self.app.evaluate("(lang) => { const menu = document.getElementById('lang-select'); menu.value = lang;"
                          " menu.dispatchEvent(new Event('change')); }", lang)
        self.app.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)

    def tap(self, x: float, y: float) -> None:
        dx, dy = self.offset()
        at_a_persons_pace(self.page, x + dx, y + dy)
        if self.screen.touch:
            self.page.touchscreen.tap(x + dx, y + dy)
        else:
            self.page.mouse.click(x + dx, y + dy)

    def drag(self, x: float, y: float, x2: float, y2: float) -> None:
        dx, dy = self.offset()
        mouse = self.page.mouse
        mouse.move(x + dx, y + dy)
        mouse.down()
        for step in range(1, 9):
            mouse.move(x + dx + (x2 - x) * step / 8, y + dy + (y2 - y) * step / 8)
        mouse.up()

    def shoot_as_seen_without_colour(self, name: str) -> None:
        """A screenshot of the page as a person with each colour-vision deficiency sees it (Chromium's emulation,
        through a CDP session), then the page as it was."""
        cdp = self.page.context.new_cdp_session(self.page)
        try:
            for deficiency in VISION_DEFICIENCIES:
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
                shoot(self.page, f"{name}-{deficiency}")
        finally:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
            cdp.detach()

    def close(self) -> None:
        self.context.close()


def human_actions(app: Any) -> list[str]:
    return list(app.evaluate("""() => { const table = window.gamebox.table();
        return table.history.filter(([seat]) => table.seats[seat].kind === 'human').map(([, action]) => action); }"""))


def bring_into_view(device: Device, target: dict[str, Any]) -> dict[str, Any]:
    """Scroll so that the target is on screen (a tall phone layout); returns the target with fresh points."""
    height = device.app.evaluate("window.innerHeight")
    if 0 <= target["y"] <= height - 4 and (target["kind"] != "drag" or 0 <= target["y2"] <= height - 4):
        return target
    device.app.evaluate("(y) => window.scrollBy(0, y - window.innerHeight / 2)", target["y"])
    fresh = [t for t in device.app.evaluate("window.gamebox.targets()") if t.get("label") == target.get("label")
             and t.get("action") == target.get("action") and t["kind"] == target["kind"]]
    return fresh[0] if fresh else target


def play(device: Device, game: str, rng: random.Random) -> int:
    """Play the person's side through targets(): returns how many of the person's actions were played."""
    app = device.app
    wanted = GAMES[game][2]
    played = 0
    deadline = time.monotonic() + 120
    while played < wanted and time.monotonic() < deadline:
        if app.evaluate("window.gamebox.table().is_over"):
            break
        waited = time.monotonic()
        targets: list[dict[str, Any]] = []
        while time.monotonic() - waited < TARGET_WAIT_S:
            targets = app.evaluate("window.gamebox.targets()")
            if targets or app.evaluate("window.gamebox.table().is_over"):
                break
            time.sleep(0.05)
        if not targets:
            break
        with_action = [t for t in targets if t.get("action")]
        target = rng.choice(with_action or targets)
        target = bring_into_view(device, target)
        before = human_actions(app)
        if target["kind"] == "drag":
            device.drag(target["x"], target["y"], target["x2"], target["y2"])
        else:
            device.tap(target["x"], target["y"])
        if not target.get("action"):
            time.sleep(0.05)
            continue
        app.wait_for_function("(count) => { const table = window.gamebox.table(); return table.history.filter("
                              "([seat]) => table.seats[seat].kind === 'human').length > count; }",
                              arg=len(before), timeout=15_000)
        after = human_actions(app)
        action = after[len(before)]
        # a timed target is completed by the page in the game's notation: its point and clock ("grab 499,489 @4000")
        assert action == target["action"] or action.startswith((target["action"] + " ", target["action"] + "@")), (
            f"{game}: tapped {target} but played {action!r}")
        played += 1
    return played


def check_screen(device: Device, game: str, lang: str) -> None:
    app = device.app
    width = device.screen.column or device.screen.width
    assert app.evaluate("document.documentElement.scrollWidth") <= width, f"{game}/{lang}: the page scrolls sideways"
    for canvas in app.evaluate(ASPECTS):
        assert abs(canvas["shown"] / canvas["drawn"] - 1) <= 0.02, f"{game}/{lang}: canvas squeezed {canvas}"
        assert canvas["left"] >= 0 and canvas["right"] <= width, f"{game}/{lang}: canvas out of view {canvas}"
    overflows = app.evaluate("window.gamebox.overflows()")
    assert overflows == [], f"{game}/{lang}: text overflows its box: {overflows[:5]}"
    if device.screen.landscape:
        check_sideways(device, game, lang)


# Where things are (by CSS selector), in CSS px of the window, and how far the page is scrolled: the board (the
# game's or the lesson's), and the things that must be in view with it.
SIDEWAYS = """(selectors) => {
    const box = (selector) => {
        const node = document.querySelector(selector);
        if (!node || node.hidden || !node.getClientRects().length) return null;
        const b = node.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height};
    };
    const boxes = Object.fromEntries(selectors.map((selector) => [selector, box(selector)]));
    return {boxes, width: innerWidth, height: innerHeight, scrolled: scrollY};
}"""


def check_sideways(device: Device, game: str, lang: str) -> None:
    """A phone held sideways: the board takes at least 75% of the window's height, and (with the page scrolled to
    its top) whose turn it is and Undo on the game screen, the lesson's step and its first button on a guided game,
    are wholly in view."""
    app = device.app
    app.evaluate("window.scrollTo(0, 0)")
    learn = app.evaluate("document.body.dataset.screen") == "learn"
    board, needed = (("#learn-board", ["#learn-count", "#learn-buttons > :first-child"]) if learn
                     else ("#board", ["#turn", "#btn-undo"]))
    seen = app.evaluate(SIDEWAYS, [board, *needed])
    where = f"{game}/{lang} on {device.screen.name}"
    shown = seen["boxes"][board]
    assert shown, f"{where}: no board"
    ratio = shown["height"] / seen["height"]
    assert ratio >= SIDEWAYS_BOARD, f"{where}: the board is {ratio:.0%} of the window's height"
    assert seen["scrolled"] == 0, seen
    for name in needed:
        box = seen["boxes"][name]
        assert box, f"{where}: {name} is not shown"
        inside = box["top"] >= 0 and box["left"] >= 0
        assert inside and box["bottom"] <= seen["height"] and box["right"] <= seen["width"], (
            f"{where}: {name} is out of view: {box}")


@pytest.fixture(scope="class")
def device(request: Any, browser: Any, site: str) -> Iterator[Device]:
    """The booted app on the screen of the test's class."""
    device = Device(browser, site, request.cls.screen)
    yield device
    device.close()
    assert device.watch.foreign == [] and device.watch.errors == [], (device.watch.foreign, device.watch.errors)


class ScreenCase:
    screen: Screen

    @pytest.mark.parametrize("game", list(GAMES))
    def test_every_game_plays_by_its_targets_and_fits_in_every_language(self, device: Device, game: str) -> None:
        device.language("en")
        device.open(game)
        played = play(device, game, random.Random(f"{self.screen.name}-{game}"))
        over = device.app.evaluate("window.gamebox.table().is_over")
        assert played >= GAMES[game][2] or over, f"{game} on {self.screen.name}: only {played} actions by targets"
        for lang in LANGUAGES:
            device.language(lang)
            device.app.evaluate("window.scrollTo(0, 0)")
            check_screen(device, game, lang)
            if lang == "en" or lang == ("pt", "uk")[SCREENS.index(self.screen) % 2]:
                shoot(device.page, f"screen-{self.screen.name}-{game}-{lang}")
        device.language("en")
        if self.screen.vision and SHOOTING:
            device.app.evaluate("window.scrollTo(0, 0)")
            settled(device.app)
            device.shoot_as_seen_without_colour(f"screen-{self.screen.name}-{game}")


    def test_a_dialog_over_the_board_offers_only_its_own_controls(self, device: Device) -> None:
        """The devices panel open over a game with a seat on another device: targets() lists the panel's own
        controls, each inside the panel, and no point of the board under it; once it is closed, the board's."""
        app = device.app
        app.evaluate("document.body.dataset.fingerprint = ''")
        app.evaluate("window.gamebox.request({op: 'new', game: 'upthrust', players: 2, seed: 'DIALOG'})"
                     ".then((reply) => window.gamebox.open(reply.resume, 'human,remote'))")
        app.wait_for_function("document.body.dataset.fingerprint && !document.getElementById('devices')?.hidden",
                              timeout=60_000)
        # the seat's invite made and shown (the panel is drawn again then), and the panel's Done scrolled to
        app.wait_for_function("window.gamebox.peers()[0]?.invite === true", timeout=30_000)
        # and its QR code drawn at its size: drawn later, it would push Done out of the view scrolled to below
        app.wait_for_function("Boolean(document.querySelector('#devices canvas.qr')?.style.width)", timeout=30_000)
        settled(app)
        app.evaluate("document.getElementById('devices-close').scrollIntoView({block: 'nearest'})")
        panel = app.evaluate("(() => { const b = document.querySelector('#devices .panel').getBoundingClientRect();"
                             " return {x: b.x, y: b.y, right: b.right, bottom: b.bottom}; })()")
        shown = app.evaluate("window.gamebox.targets()")
        assert shown and all(target["key"].startswith("dialog:") for target in shown), shown
        assert all(panel["x"] <= t["x"] <= panel["right"] and panel["y"] <= t["y"] <= panel["bottom"] for t in shown)
        done = next(target for target in shown if target["key"] == "dialog:devices-close")
        device.tap(done["x"], done["y"])
        app.wait_for_function("document.getElementById('devices').hidden")
        assert not any(t.get("key", "").startswith("dialog:") for t in app.evaluate("window.gamebox.targets()"))


class LessonCase(ScreenCase):
    """A screen on which the guided games and the rare states are checked too: the narrowest phone and the phones held
    sideways, where room is short (a desktop's lessons are tests/e2e/test_learn_e2e.py's)."""

    @pytest.mark.parametrize("state", STATES, ids=[state.name for state in STATES])
    def test_every_rare_state_fits_in_every_language(self, device: Device, state: State) -> None:
        """A state the games' own helpers name (a race's results, a joker round), opened from its code and checked
        like a game in each language."""
        device.language("en")
        device.forget_overflows()
        app = device.app
        app.evaluate("document.body.dataset.fingerprint = ''")
        app.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [state.code, state.seats])
        app.wait_for_function("(game) => window.gamebox.table()?.game === game && document.body.dataset.fingerprint",
                              arg=state.game, timeout=60_000)
        kind, _, value = state.then.partition(":")
        if kind == "gate":
            app.wait_for_function("(gate) => document.getElementById('board').dataset.gate === gate",
                                  arg=value, timeout=30_000)
        settled(app)
        if kind == "click" and app.locator(value).is_visible():
            app.click(value)
            settled(app)
        app.evaluate("window.scrollTo(0, 0)")
        for index, lang in enumerate(LANGUAGES):
            device.language(lang)
            settled(app)
            check_screen(device, state.name, lang)
            if index == 0 or index == 1 + (STATES.index(state) + SCREENS.index(self.screen)) % 2:
                shoot(device.page, f"state-{self.screen.name}-{state.name}-{lang}")
        device.language("en")

    @pytest.mark.parametrize("game", LESSONS)
    def test_every_lesson_fits_at_its_start_middle_and_end_in_every_language(self, device: Device, game: str) -> None:
        """A guided game at its first step, a middle one and its end (as a returning visit rebuilds it from the
        progress kept on this device), checked like a game in each language."""
        steps = len(site_file(LESSONS[game])["steps"])
        for index, step in enumerate(sorted({0, steps // 2, steps, *LESSON_STEPS.get(game, ())})):
            device.language("en")
            open_lesson(device, game, step, steps)
            for lang in LANGUAGES:
                device.language(lang)
                settled(device.app)
                check_screen(device, game, lang)
                # a screenshot in each language, at one step each (rotating), and of every step in English
                if lang == "en" or lang == LANGUAGES[1 + (index + SCREENS.index(self.screen)) % 2]:
                    name = "done" if step == steps else f"step{step}"
                    shoot(device.page, f"learn-{self.screen.name}-{game}-{name}-{lang}")
        device.language("en")
        device.app.evaluate("localStorage.removeItem('gamebox/v1/learn'); location.hash = '#/'")


def open_lesson(device: Device, game: str, step: int, steps: int) -> None:
    """The guided game of ``game`` at ``step`` (``steps``: its end), as a returning visit finds it: the progress
    kept on this device (web/learn.js, localStorage gamebox/v1/learn) says where it was left."""
    app = device.app
    device.forget_overflows()
    app.evaluate("""([game, step, steps]) => {
        const items = {[game]: {step, steps, done: false}};
        localStorage.setItem('gamebox/v1/learn', JSON.stringify({version: 1, items}));
        location.hash = '#/'; }""", [game, step, steps])
    app.wait_for_selector("#screen-menu:not([hidden])")
    app.evaluate("(game) => { location.hash = '#/learn/' + game; }", game)
    app.wait_for_function("(want) => document.body.dataset.learnStep === want",
                          arg="done" if step >= steps else str(step), timeout=60_000)
    settled(app)
    app.evaluate("window.scrollTo(0, 0)")


class TestPhone360(LessonCase):
    screen = SCREENS[0]


class TestPhone390(ScreenCase):
    screen = SCREENS[1]


class TestTablet768(ScreenCase):
    screen = SCREENS[2]


class TestLaptop1024(ScreenCase):
    screen = SCREENS[3]


class TestDesktop1280(ScreenCase):
    screen = SCREENS[4]


class TestDesktop1920(ScreenCase):
    screen = SCREENS[5]


class TestEmbed480(ScreenCase):
    screen = SCREENS[6]


class TestEmbed640(ScreenCase):
    screen = SCREENS[7]


class TestPhone844Sideways(LessonCase):
    screen = SCREENS[8]


class TestPhone740Sideways(ScreenCase):
    """The smaller phone held sideways plays every game; its lessons and rare states are the 844's (the same layout,
    a little less room: the games' own e2e files check their sideways drawings at 740 x 360 too), to keep the
    suite's time."""

    screen = SCREENS[9]
