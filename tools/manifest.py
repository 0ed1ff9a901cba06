"""The build's game step: the manifest of the games (games.json), the merged word catalogues, and the test games.

    python tools/manifest.py wheel WHEEL   # the test switch only: the test games' Python into the gamebox wheel
    python tools/manifest.py site DIST     # DIST/games.json, DIST/web/i18n/<lang>.json merged, the test games' pages,
                                           # and the menu's cards in DIST/index.html (tools/first_paint.py)

build.sh runs `wheel` after building the wheel (before it is precompiled, so the test games get bytecode and a
RECORD line like every other module) and `site` after the site is copied into DIST (before tools/offline.py, so
games.json and the catalogues are precached and hashed into the build id).

A game is one folder of Python (py/gamebox/<id>/, found by gamebox.core.registry) and one folder of page files
(web/games/<id>/: renderer.js, art.svg, rules.json, learn.json, and i18n/<lang>.json, its words). Nothing here
names a game: the manifest is the registry's, and the page folders are whatever web/games/ holds.

The test switch, GAMEBOX_TEST_GAMES=1 (./build.sh test sets it): every package in tests/games/py/ goes into the
wheel as gamebox/<name>/, every folder in tests/games/web/ into the site as web/games/<name>/, and the registry
(told by GAMEBOX_GAME_PATHS, as on CPython in tests/rules/conftest.py) lists those games in games.json. Without
the switch none of them is in the site.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import first_paint

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SHARED_WORDS = WEB / "i18n"
TEST_GAMES = ROOT / "tests" / "games"
# The page files a game may have, by the name games.json gives each (contract 2 of issue 19).
PAGE_FILES = {"renderer": "renderer.js", "art": "art.svg", "rules": "rules.json", "learn": "learn.json"}


class DuplicateKey(ValueError):
    """Two catalogues give words for the same key: which words the page shows would depend on the merge order."""


def test_games_wanted() -> bool:
    return os.environ.get("GAMEBOX_TEST_GAMES") == "1"


def languages() -> list[str]:
    """The languages there are words for: one shared catalogue each (web/i18n/<lang>.json)."""
    return sorted(path.stem for path in SHARED_WORDS.glob("*.json"))


def page_folders(*, test_games: bool) -> list[Path]:
    """Each game's folder of page files: web/games/<id>/, and with test games tests/games/web/<id>/ too."""
    roots = [WEB / "games"] + ([TEST_GAMES / "web"] if test_games else [])
    return [folder for root in roots if root.is_dir() for folder in sorted(root.iterdir()) if folder.is_dir()]


def catalogue(lang: str, *, test_games: bool = True) -> dict[str, str]:
    """The words of one language as the page reads them: the shared catalogue, then each game's, merged.
    Raises DuplicateKey where two of them give the same key."""
    shared = SHARED_WORDS / f"{lang}.json"
    merged: dict[str, str] = json.loads(shared.read_text(encoding="utf-8"))
    where = dict.fromkeys(merged, shared)
    for folder in page_folders(test_games=test_games):
        path = folder / "i18n" / f"{lang}.json"
        if not path.exists():
            continue
        own: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        for key, text in own.items():
            if key in merged:
                raise DuplicateKey(f"{key!r} is in both {_shown(where[key])} and {_shown(path)}")
            merged[key] = text
            where[key] = path
    return merged


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def describe_games(*, test_games: bool) -> list[dict[str, Any]]:
    """describe() of every game the registry finds, in menu order (the test games only with the switch)."""
    # Set, not added to: the registry reads it when it first looks, and the site has the test games only when asked.
    os.environ["GAMEBOX_GAME_PATHS"] = str(TEST_GAMES / "py") if test_games else ""
    sys.path.insert(0, str(ROOT / "py"))  # this tree's gamebox, whichever one the venv has installed
    from gamebox.core import registry

    games: list[dict[str, Any]] = registry.manifest()["games"]
    return [game for game in games if test_games or not game.get("fixture")]


def manifest(dist: Path, *, test_games: bool) -> dict[str, Any]:
    """games.json: the registry's manifest, plus where each game's page files are in the site (null if none)."""
    games = describe_games(test_games=test_games)
    for game in games:
        folder = f"web/games/{game['id']}"
        game["files"] = {name: f"{folder}/{file}" if (dist / folder / file).is_file() else None
                         for name, file in PAGE_FILES.items()}
    known = {game["id"] for game in games}
    strays = sorted(folder.name for folder in (dist / "web" / "games").iterdir()
                    if folder.is_dir() and folder.name not in known)
    if strays:
        raise SystemExit(f"web/games/ has page folders of games the registry does not know: {strays}")
    return {"games": games}


def site(dist: Path) -> None:
    """Write DIST/games.json and DIST/web/i18n/<lang>.json (merged), with the test games' pages if switched on."""
    test_games = test_games_wanted()
    games_dir = dist / "web" / "games"
    for folder in page_folders(test_games=test_games):
        if folder.parent != WEB / "games":
            shutil.copytree(folder, games_dir / folder.name)
    catalogues = {}
    for lang in languages():
        try:
            words = catalogues[lang] = catalogue(lang, test_games=test_games)
        except DuplicateKey as duplicate:
            raise SystemExit(f"the catalogues clash: {duplicate}") from None
        (dist / "web" / "i18n" / f"{lang}.json").write_text(json.dumps(words, ensure_ascii=False, indent=1) + "\n",
                                                             encoding="utf-8")
    for folder in games_dir.glob("*/i18n"):
        shutil.rmtree(folder)  # merged into web/i18n/<lang>.json: the page never reads them
    games = manifest(dist, test_games=test_games)
    (dist / "games.json").write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    # the menu's cards, the first picture's preload and the other languages' menu words, into index.html
    try:
        first_paint.write(dist, games["games"], catalogues)
    except first_paint.FirstPaintError as error:
        raise SystemExit(str(error)) from None


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def add_test_games(wheel: Path) -> list[str]:
    """Put every package of tests/games/py/ into the wheel as gamebox/<name>/, each file listed in the RECORD
    (pip and micropip check it). Returns the packages added."""
    packages = sorted(folder for folder in (TEST_GAMES / "py").iterdir() if (folder / "__init__.py").is_file())
    added: dict[str, bytes] = {}
    for package in packages:
        for path in sorted(package.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                added[f"gamebox/{package.name}/{path.relative_to(package).as_posix()}"] = path.read_bytes()
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    clashes = sorted({info.filename for info, _ in entries} & set(added))
    if clashes:
        raise SystemExit(f"the test games would replace files of the wheel: {clashes}")
    with tempfile.NamedTemporaryFile(dir=wheel.parent, suffix=".whl", delete=False) as handle:
        staged = Path(handle.name)
    with zipfile.ZipFile(staged, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                own = lines.pop()  # the RECORD's own line (no hash), which stays last
                lines += [_record_line(name, content) for name, content in added.items()] + [own]
                data = ("\n".join(lines) + "\n").encode()
                for name, content in added.items():
                    member = zipfile.ZipInfo(name, date_time=info.date_time)
                    member.external_attr = 0o644 << 16
                    target.writestr(member, content, zipfile.ZIP_DEFLATED)
            target.writestr(info, data)
    staged.replace(wheel)
    return [package.name for package in packages]


def main() -> None:
    command, where = sys.argv[1], Path(sys.argv[2])
    if command == "wheel":
        if test_games_wanted():
            print(", ".join(add_test_games(where)) or "none")
    elif command == "site":
        site(where)
    else:
        sys.exit(f"unknown command {command!r}: wheel WHEEL or site DIST")


if __name__ == "__main__":
    main()
