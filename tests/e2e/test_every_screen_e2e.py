"""Every board on every screen (issue 12): each game is played through window.gamebox.targets(), with real taps or
clicks at the points it gives, on phones, a tablet, a laptop, desktops and in narrow embed columns.

In every case: a tap at a target plays exactly that target's action; the page never scrolls sideways; every canvas
keeps its drawing's aspect ratio within 2%; and the paint kit records no text that overflows its box, in English,
Portuguese and Ukrainian. A screenshot of each case is saved (screenshots/screen-<screen>-<game>-<lang>.png).

One booted page per screen (a class per screen; xdist's loadscope keeps a class on one worker).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from .conftest import BOOT_TIMEOUT_MS, SHOTS, TEST_PAGE, open_new_game, site_games, watched_context, watched_page


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
LANGUAGES = ("en", "pt", "uk")
TARGET_WAIT_S = 30


@dataclass(frozen=True)
class Screen:
    name: str
    width: int
    height: int
    touch: bool = False
    column: int | None = None  # an embed: the app in an iframe this wide, on a wider host page


SCREENS = [
    Screen("phone-360", 360, 740, touch=True),
    Screen("phone-390", 390, 844, touch=True),
    Screen("tablet-768", 768, 1024, touch=True),
    Screen("laptop-1024", 1024, 768),
    Screen("desktop-1280", 1280, 800),
    Screen("desktop-1920", 1920, 1080),
    Screen("embed-480", 1200, 900, column=480),
    Screen("embed-640", 1200, 900, column=640),
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

    def open(self, game: str) -> None:
        players, seats, _ = GAMES[game]
        open_new_game(self.app, game, seats, seed="SCREENS", players=players)
        self.app.evaluate("window.scrollTo(0, 0)")

    def language(self, lang: str) -> None:
        # the language menu (hidden in an embed, which takes its language from the host page)
        self.app.evaluate("(lang) => { const menu = document.getElementById('lang-select'); menu.value = lang;"
                          " menu.dispatchEvent(new Event('change')); }", lang)
        self.app.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)

    def tap(self, x: float, y: float) -> None:
        dx, dy = self.offset()
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
        SHOTS.mkdir(exist_ok=True)
        for lang in LANGUAGES:
            device.language(lang)
            device.app.evaluate("window.scrollTo(0, 0)")
            check_screen(device, game, lang)
            if lang == "en" or lang == ("pt", "uk")[SCREENS.index(self.screen) % 2]:
                device.page.screenshot(path=str(SHOTS / f"screen-{self.screen.name}-{game}-{lang}.png"))
        device.language("en")


class TestPhone360(ScreenCase):
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
