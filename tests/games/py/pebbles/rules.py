"""Pebbles' rules: the pile, the takes, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamebox.pebbles.actions import MOST, move_data, parse, take
from gamebox.pebbles.views import PebblesView

from gamebox.core.errors import IllegalAction
from gamebox.core.game import JSON, Game, LogEntry, Refusal, State, log_entry, refusal
from gamebox.core.rng import Rng
from gamebox.core.targets import Target, button, thing

FEWEST_DEALT = 15
MOST_DEALT = 25


class PebblesState(State[PebblesView]):
    def __init__(self, game: Game[PebblesView], seed: str, players: int, options: dict[str, Any], rng: Rng,
                 edition: int) -> None:
        super().__init__(game, seed, players, options, rng, edition)
        self.dealt = FEWEST_DEALT + rng.below(MOST_DEALT - FEWEST_DEALT + 1)
        self.pile = self.dealt
        self.current = 0
        self.last_take: int | None = None
        self.winner: int | None = None

    @property
    def to_move(self) -> list[int]:
        return [] if self.winner is not None else [self.current]

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move:
            return []
        return [take(count) for count in range(1, min(MOST, self.pile) + 1)]

    def _play(self, seat: int, action: str) -> list[LogEntry]:
        count = parse(action)
        self._check_take(count)
        self.pile -= count
        self.last_take = count
        entries = [log_entry(seat, "pebbles.took", f"Seat {seat} takes {count}; {self.pile} left.",
                             count=count, left=self.pile)]
        if self.pile == 0:
            self.winner = seat
            entries.append(log_entry(seat, "pebbles.won", f"Seat {seat} takes the last pebble and wins."))
        else:
            self.current = 1 - seat
        return entries

    def scores(self) -> list[int]:
        return [1 if seat == self.winner else 0 for seat in range(self.players)]

    def _check_take(self, count: int) -> None:
        if count > self.pile:
            raise IllegalAction(f"Only {self.pile} pebbles are left.", "pebbles.too_many", left=self.pile)

    def target_of(self, action: str) -> Target:
        return button(action, "pebbles.action.take", params={"count": parse(action)})

    def move_data(self, action: str) -> dict[str, Any]:
        return move_data(parse(action))

    def view(self, seat: int | None) -> PebblesView:
        return {"pile": self.pile, "dealt": self.dealt, "current": None if self.is_over else self.current,
                "last_take": self.last_take, "winner": self.winner, "refusals": self.refusals(seat)}

    def refusals(self, seat: int | None) -> list[Refusal]:
        """For the seat to move: each take button it may not press (more than the pile holds), with the rules'
        reason (the button is named by its take, as a target's button is)."""
        if seat is None or seat not in self.to_move:
            return []
        found: list[Refusal] = []
        for count in range(1, MOST + 1):
            try:
                self._check_take(count)
            except IllegalAction as error:
                found.append(refusal(error, thing("button", take(count))))
        return found

    def snapshot(self) -> JSON:
        return {"dealt": self.dealt, "pile": self.pile, "current": self.current, "last_take": self.last_take,
                "winner": self.winner}

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        self.dealt, self.pile, self.current = snapshot["dealt"], snapshot["pile"], snapshot["current"]
        self.last_take, self.winner = snapshot["last_take"], snapshot["winner"]


class Pebbles(Game[PebblesView]):
    id = "pebbles"
    title = "Pebbles"
    order = 90
    fixture = True
    min_players = 2
    max_players = 2
    bot_levels = ["easy"]
    default_bot_level = "easy"
    chance = True  # the pile is dealt

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> PebblesState:
        return PebblesState(self, seed, players, options, rng, edition)
