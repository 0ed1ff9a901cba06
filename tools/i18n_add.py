"""Add or change words in the catalogues, under a file lock, keeping each file's order.

    python tools/i18n_add.py words.json

words.json: {"<key>": {"en": "...", "pt": "...", "uk": "..."}, ...}. A key that names a game (one of its
dot-separated parts is the id of a folder in web/games/ or tests/games/web/: "<id>.moved",
"rules.<id>.goal.body", "daily.best.<id>") goes to that game's catalogue, <folder>/i18n/<lang>.json; every
other key to the shared one, web/i18n/<lang>.json (the build merges them: tools/manifest.py). New keys go at the
end; a key that is there already gets the new words. Every language of the catalogues must be given for every key.
Several people (or helpers) may run it at once: the lock makes each run a whole read-change-write.
"""

from __future__ import annotations

import fcntl
import json
import sys
from pathlib import Path

from manifest import SHARED_WORDS, languages, page_folders


def catalogue_of(key: str, lang: str) -> Path:
    """The catalogue that holds ``key``: the game's it names, else the shared one."""
    folders = {folder.name: folder for folder in page_folders(test_games=True)}
    named = [part for part in key.split(".") if part in folders]
    return folders[named[0]] / "i18n" / f"{lang}.json" if named else SHARED_WORDS / f"{lang}.json"


def add(words: dict[str, dict[str, str]]) -> None:
    langs = languages()
    for key, texts in words.items():
        missing = [lang for lang in langs if not str(texts.get(lang, "")).strip()]
        if missing:
            raise SystemExit(f"{key}: no words for {missing}")
    with open(SHARED_WORDS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in langs:
            changed: dict[Path, dict[str, str]] = {}
            for key, texts in words.items():
                path = catalogue_of(key, lang)
                if path not in changed:
                    changed[path] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
                changed[path][key] = texts[lang]
            for path, catalogue in changed.items():
                path.parent.mkdir(exist_ok=True)
                path.write_text(json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    add(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")))
