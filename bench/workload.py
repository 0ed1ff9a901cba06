"""The engine workload, run the same way on CPython and (as source text) in Pyodide: random games."""

import time

import gamebox
from gamebox.core.rng import Rng


def random_games(game_id: str = "upthrust", games: int = 60) -> dict[str, float]:
    game = gamebox.get(game_id)
    rng = Rng("bench/workload")
    actions = 0
    started = time.perf_counter()
    for index in range(games):
        players = game.min_players + index % (game.max_players - game.min_players + 1)
        state = game.new(f"B{index}", players)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            state.view(seat)
            actions += 1
    elapsed = time.perf_counter() - started
    return {"games": games, "actions": actions, "seconds": elapsed, "us_per_action": elapsed / actions * 1e6}
