"""What the page is shown of a Pebbles game (everything: Pebbles hides nothing)."""

from __future__ import annotations

from typing import TypedDict

from gamebox.core.game import Refusal


class PebblesView(TypedDict):
    pile: int  # pebbles left
    dealt: int  # pebbles at the start
    current: int | None  # the seat to take, None once the game is over
    last_take: int | None  # pebbles the last take held
    winner: int | None  # the seat that took the last pebble
    refusals: list[Refusal]  # for the seat to move: the take buttons it may not press, and why
