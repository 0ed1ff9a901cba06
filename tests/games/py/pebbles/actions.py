"""Pebbles' actions as values: a take is its count of pebbles; ``take <n>`` is its text."""

from __future__ import annotations

from typing import Any

from gamebox.core.errors import IllegalAction

MOST = 3  # pebbles one take may hold


def take(count: int) -> str:
    """The text of taking ``count`` pebbles."""
    return f"take {count}"


def parse(text: str) -> int:
    """The count of pebbles a take's text names; IllegalAction for any other text."""
    for count in range(1, MOST + 1):
        if text == take(count):
            return count
    raise IllegalAction(f"{text!r} is not a take of 1 to {MOST} pebbles.", "pebbles.bad_take", action=text[:20])


def move_data(count: int) -> dict[str, Any]:
    """A take as data for the page to draw (State.move_data): ``{"kind": "take", "count": 2}``."""
    return {"kind": "take", "count": count}
