"""A tiny game for testing the core without any real game: Nim with one heap, take 1-3, last take wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamebox.core.bots import mcts, random_action
from gamebox.core.errors import IllegalAction
from gamebox.core.game import Game, LogEntry, State, log_entry
from gamebox.core.rng import Rng
from gamebox.core.targets import Target, button


class NimState(State):
    def __init__(self, game: Game, seed: str, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, seed, players, options, rng)
        self.heap = 5 + rng.below(int(options["size"]))
        self.turn = 0

    @property
    def to_move(self) -> list[int]:
        return [] if self.heap == 0 else [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        return [f"take {n}" for n in range(1, min(3, self.heap) + 1)] if seat in self.to_move else []

    def _play(self, seat: int, action: str) -> list[LogEntry]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not a legal take.", "nim.bad_take")
        taken = int(action.split()[1])
        self.heap -= taken
        self.last = seat
        self.turn = 1 - self.turn
        return [log_entry(seat, "nim.took", f"Took {taken}.", taken=taken)]

    def target_of(self, action: str) -> Target:
        return button(action, "nim.take")

    def scores(self) -> list[int]:
        if self.heap:
            return [0, 0]
        return [1 if seat == self.last else 0 for seat in range(2)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"heap": self.heap}

    def snapshot(self) -> Any:
        return {"heap": self.heap, "turn": self.turn}

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        self.heap, self.turn = snapshot["heap"], snapshot["turn"]


class Nim(Game):
    id = "nim"
    title = "Nim"
    order = 0
    min_players = 2
    max_players = 2
    options = {"size": {"choices": [10, 20], "default": 10}}
    bot_levels = ["random", "mcts"]

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> State:
        return NimState(self, seed, players, options, rng)


NIM = Nim({"random": random_action,
           "mcts": lambda state, seat, budget, rng: mcts(state, seat, budget, rng, max_iterations=3000)})
