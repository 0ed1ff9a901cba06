"""The page's shape (issue 26, docs/architecture.md "The renderer kit"): a game's page folder is about its game.
The kit owns input, frames, timers and resizing, so no file of a game's folder adds a listener or starts a loop or
a timer; and no module of web/ is over 800 lines, so a big renderer is split by concern in its folder.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
GAME_FOLDERS = [folder for root in (WEB / "games", ROOT / "tests" / "games" / "web")
                for folder in sorted(root.iterdir()) if folder.is_dir()]
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# what only the kit may do: listen, loop, time
KIT_ONLY = re.compile(r"\b(addEventListener|requestAnimationFrame|setInterval|setTimeout|ResizeObserver)\b"
                      r"|\.listen\(|\bonresize\b")
MOST_LINES = 800


def test_a_games_page_folder_adds_no_listener_and_starts_no_loop_or_timer() -> None:
    found = {}
    for folder in GAME_FOLDERS:
        for path in sorted(folder.rglob("*.js")):
            code = COMMENT.sub(" ", path.read_text(encoding="utf-8"))
            if hits := sorted(set(match.group(0) for match in KIT_ONLY.finditer(code))):
                found[path.relative_to(ROOT).as_posix()] = hits
    assert found == {}


def test_no_module_of_the_page_is_over_800_lines() -> None:
    long = {path.relative_to(ROOT).as_posix(): lines for path in sorted(WEB.rglob("*.js"))
            if "vendor" not in path.relative_to(WEB).parts
            and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_every_module_of_a_game_is_type_checked() -> None:
    """jsconfig.json's include takes every renderer's folder, and each module asks tsc to check it."""
    config = (ROOT / "jsconfig.json").read_text(encoding="utf-8")
    assert '"web/games/**/*.js"' in config
    unchecked = [path.relative_to(ROOT).as_posix() for path in sorted((WEB / "games").rglob("*.js"))
                 if not path.read_text(encoding="utf-8").startswith("// @ts-check")]
    assert unchecked == []
