"""The golden files, tests/rules/golden/<game id>.json: a few seeds' deals and first moves, pinned so that a change
that would break shared links fails. Rewrite one only on purpose (after bumping the share-code or generator
version): ``UPDATE_GOLDEN=<game id> pytest tests/rules``. A missing file fails; it is never written silently."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent / "golden"


def assert_matches_golden(game_id: str, current: Any) -> None:
    path = FOLDER / f"{game_id}.json"
    as_json = json.loads(json.dumps(current))
    if os.environ.get("UPDATE_GOLDEN") == game_id:
        path.write_text(json.dumps(as_json, indent=1) + "\n")
    assert path.exists(), f"{path} is missing; write it on purpose with UPDATE_GOLDEN={game_id}"
    assert as_json == json.loads(path.read_text())
