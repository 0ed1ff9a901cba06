"""Links made before a rules change still open exactly the same game: share codes of edition 1 (``v1.``), pinned
with the fingerprint each one opened to before editions existed. A game that changes what a seed or a history
means starts a new edition and keeps the old way for edition 1 (core/game.py EDITION), so these stay green.

Rewrite the file only if a v1 link may honestly open something else: ``UPDATE_GOLDEN=links_v1 pytest ...``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import gamebox
from gamebox.core import share

from .golden_files import FOLDER, assert_matches_golden

# (game, seed, players, options, how many random moves)
LINKS = [
    ("upthrust", "K7Q2M", 2, {}, 12), ("upthrust", "links-1", 1, {}, 8),
    ("ubongo", "K7Q2M", 2, {}, 6), ("ubongo", "links-2", 1, {}, 3), ("ubongo", "links-3", 3, {"side": "hard"}, 4),
    ("upples", "K7Q2M", 2, {}, 20), ("upples", "links-4", 4, {}, 20),
    ("upcombine", "K7Q2M", 2, {}, 20), ("upcombine", "links-5", 3, {}, 20),
    ("whoopies", "K7Q2M", 2, {}, 30), ("whoopies", "links-6", 4, {"variant": "petty-theft"}, 30),
    ("whoopies", "links-7", 3, {"variant": "youngest"}, 30),
]


def record() -> list[dict[str, Any]]:
    recorded = []
    for game_id, seed, players, options, moves in LINKS:
        state = gamebox.get(game_id).new(seed, players, edition=1, **options)
        chooser = random.Random(f"{game_id}/{seed}")
        for _ in range(moves):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        recorded.append({"code": share.encode(state), "fingerprint": state.fingerprint()})
    return recorded


def pinned() -> list[dict[str, Any]]:
    return list(json.loads((FOLDER / "links_v1.json").read_text()))


def test_v1_links_are_pinned() -> None:
    """The pinned codes are edition-1 codes (the file is written from edition-1 games)."""
    for link in pinned():
        assert link["code"].startswith("v1.")


@pytest.mark.parametrize("index", range(len(LINKS)))
def test_a_link_made_before_a_rules_change_opens_the_same_game(index: int) -> None:
    link = pinned()[index]
    assert share.decode(link["code"]).fingerprint() == link["fingerprint"]


def test_new_games_follow_the_newest_edition() -> None:
    state = gamebox.get("upthrust").new("K7Q2M", 2)
    assert share.encode(state).startswith(share.VERSION + ".")
    assert share.decode(share.encode(state)).edition == state.edition


def test_the_v1_file_matches_edition_one() -> None:
    assert_matches_golden("links_v1", record())
