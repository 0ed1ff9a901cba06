"""What every rules test shares."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The fixture games (tests/games/py: Pebbles) join the box for the rules tests: set before the registry first looks.
FIXTURE_GAMES = Path(__file__).resolve().parent.parent / "games" / "py"
os.environ["GAMEBOX_GAME_PATHS"] = os.pathsep.join(
    path for path in (os.environ.get("GAMEBOX_GAME_PATHS", ""), str(FIXTURE_GAMES)) if path)

from gamebox.whoopies import rules as whoopies_rules  # noqa: E402  (after the fixture games are in the box)

# No example has a deadline: on a loaded two-core machine (CI's, or tests run beside other work) one example's time
# says nothing of the code; speed is measured in bench/.
settings.register_profile("gamebox", deadline=None)
settings.load_profile("gamebox")


@pytest.fixture(autouse=True)
def every_throw_kept() -> Iterator[None]:
    """Whoopies' throws are pure functions of their key; the engine keeps the last 16 (a page needs no more). Games
    dealt from one seed, and share codes mutated from one game, throw the same keys in the same order (only the die
    and the throw draw from the state's generator), so in tests every throw is kept for the length of a test
    (whoopies.rules.every_throw_kept)."""
    with whoopies_rules.every_throw_kept():
        yield
