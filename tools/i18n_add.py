"""Add or change words in the catalogues (web/i18n/<lang>.json), under a file lock, keeping each file's order.

    python tools/i18n_add.py words.json

words.json: {"<key>": {"en": "...", "pt": "...", "uk": "..."}, ...}. New keys go at the end; a key that is
there already gets the new words. Every language of the catalogues must be given for every key.
Several people (or helpers) may run it at once: the lock makes each run a whole read-change-write.
"""

from __future__ import annotations

import fcntl
import json
import sys
from pathlib import Path

I18N = Path(__file__).resolve().parents[1] / "web" / "i18n"


def add(words: dict[str, dict[str, str]]) -> None:
    languages = sorted(path.stem for path in I18N.glob("*.json"))
    for key, texts in words.items():
        missing = [lang for lang in languages if not str(texts.get(lang, "")).strip()]
        if missing:
            raise SystemExit(f"{key}: no words for {missing}")
    with open(I18N / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in languages:
            path = I18N / f"{lang}.json"
            catalogue = json.loads(path.read_text(encoding="utf-8"))
            for key, texts in words.items():
                catalogue[key] = texts[lang]
            path.write_text(json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    add(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")))
