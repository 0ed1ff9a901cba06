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


def ubongo_timings(cards: int = 12, deck_seed: str = "BENCH") -> dict[str, list[float]]:
    """Milliseconds to generate one card side (4-tile hard side, 3-tile easy side) and to count all
    solutions of each colour's puzzle on it. Card sides are derived from the deck seed and card number alone."""
    from gamebox.ubongo.generator import card_side
    from gamebox.ubongo.solver import Board, Search

    timings: dict[str, list[float]] = {"generate_hard": [], "generate_easy": [], "solve_hard": [], "solve_easy": []}
    for card in range(1, cards + 1):
        for side in ("hard", "easy"):
            started = time.perf_counter()
            board = card_side(deck_seed, card, side)
            timings[f"generate_{side}"].append((time.perf_counter() - started) * 1000)
            for colour, tiles in board.tiles.items():
                started = time.perf_counter()
                Search(Board(board.board), colour, tiles).count()
                timings[f"solve_{side}"].append((time.perf_counter() - started) * 1000)
    return timings


def ubongo_against_exact_cover(cards: int = 12, deck_seed: str = "BENCH") -> dict[str, list[float]]:
    """The same puzzles counted by our solver and by the independent `exact_cover` library (a C extension on
    PyPI), in milliseconds. The library's time excludes building its input matrix; ours includes our set-up."""
    import exact_cover  # type: ignore[import-not-found]
    import numpy

    from gamebox.ubongo.generator import card_side
    from gamebox.ubongo.solver import Board, Search

    ours: list[float] = []
    theirs: list[float] = []
    for card in range(1, cards + 1):
        for side in ("hard", "easy"):
            board = card_side(deck_seed, card, side)
            for colour, tiles in board.tiles.items():
                started = time.perf_counter()
                search = Search(Board(board.board), colour, tiles)
                count = search.count()
                ours.append((time.perf_counter() - started) * 1000)
                index = {bit: i for i, bit in enumerate(sorted(search.board.bit_cell))}
                rows = []
                for candidates in search.by_low.values():
                    for tile_index, mask, _ in candidates:
                        row = [0] * (len(index) + len(tiles))
                        while mask:
                            low = mask & -mask
                            mask ^= low
                            row[index[low.bit_length() - 1]] = 1
                        row[len(index) + tile_index] = 1
                        rows.append(row)
                matrix = numpy.array(rows, dtype=numpy.int32)
                started = time.perf_counter()
                assert exact_cover.get_solution_count(matrix) == count
                theirs.append((time.perf_counter() - started) * 1000)
    return {"ours": ours, "exact_cover": theirs}
