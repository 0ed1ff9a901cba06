"""A game is declared once, in its own folders (docs/new-game.md): the page's shared code (web/ but each game's own
folder web/games/<id>/ and the vendored packages) names no game. What a game tells the page (that it has a
real-time phase and its lead-in, its guest view, its refusals, its moves as data) comes from games.json, and the
renderers' kit, the screens, the net layer and the lessons read it from there.
"""

from __future__ import annotations

import re
from pathlib import Path

import gamebox

WEB = Path(__file__).resolve().parents[2] / "web"
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def shared_modules() -> list[Path]:
    games = {folder for folder in (WEB / "games").iterdir() if folder.is_dir()}
    return [path for path in sorted(WEB.rglob("*.js"))
            if "vendor" not in path.relative_to(WEB).parts and not any(folder in path.parents for folder in games)]


def code_of(path: Path) -> str:
    """The module's code without its comments (a comment may show an example, such as an embed's data-game)."""
    return COMMENT.sub(" ", path.read_text(encoding="utf-8"))


def test_the_shared_page_code_names_no_game() -> None:
    ids = gamebox.ids()
    assert ids
    named = {path.relative_to(WEB).as_posix(): sorted(game for game in ids if re.search(rf"\b{game}\b", code_of(path)))
             for path in shared_modules()}
    assert {module: games for module, games in named.items() if games} == {}


def test_the_check_sees_a_game_named_in_code(tmp_path: Path) -> None:
    module = tmp_path / "room.js"
    module.write_text('// the whoopies countdown\nconst LEAD_IN_MS = { whoopies: 2100 };\n', encoding="utf-8")
    assert re.search(r"\bwhoopies\b", code_of(module))
    module.write_text("// only the whoopies of a comment\nconst LEAD_IN_MS = {};\n", encoding="utf-8")
    assert not re.search(r"\bwhoopies\b", code_of(module))
