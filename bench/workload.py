"""The engine workload, run the same way on CPython and (as source text) in Pyodide: random games."""

import time
from collections.abc import Callable

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


def exact_cover_rows(cells: tuple[tuple[int, int], ...], colour: str,
                     tiles: tuple[int, ...]) -> tuple[int, list[list[int]]]:
    """A puzzle as an exact-cover matrix, built from the tile table alone (not by our solver): a column for each
    board cell and each tile, a row for each placement of a tile (every distinct orientation, anchor on every
    board cell) that lies on the board. Returns the column count and each row's columns."""
    from gamebox.ubongo.tiles import ORIENTATIONS, TILES, place

    column = {cell: i for i, cell in enumerate(cells)}
    rows = []
    for index, number in enumerate(tiles):
        for orientation in ORIENTATIONS[colour][number]:
            for at in cells:
                covered = place(TILES[colour][number], orientation.rot, orientation.flip, at)
                if all(cell in column for cell in covered):
                    rows.append(sorted(column[cell] for cell in covered) + [len(cells) + index])
    return len(cells) + len(tiles), rows


def independent_solvers() -> dict[str, Callable[[int, list[list[int]]], Callable[[], int]]]:
    """The installed exact-cover libraries from PyPI: name -> prepare(columns, rows) -> count(). Preparing (the
    library's own matrix or links) is not timed; counting is."""
    solvers: dict[str, Callable[[int, list[list[int]]], Callable[[], int]]] = {}
    try:
        from algorithm_x import AlgorithmX  # type: ignore[import-not-found]  # pure Python dancing links

        def dancing_links(columns: int, rows: list[list[int]]) -> Callable[[], int]:
            solver = AlgorithmX(columns)
            for row in rows:
                solver.appendRow(row)
            return lambda: sum(1 for _ in solver.solve())

        solvers["algorithm_x"] = dancing_links
    except ImportError:
        pass
    try:
        import exact_cover  # type: ignore[import-not-found]  # C extension
        import numpy

        def c_extension(columns: int, rows: list[list[int]]) -> Callable[[], int]:
            matrix = numpy.zeros((len(rows), columns), dtype=numpy.int32)
            for r, row in enumerate(rows):
                matrix[r, row] = 1
            return lambda: int(exact_cover.get_solution_count(matrix))

        solvers["exact_cover"] = c_extension
    except ImportError:
        pass
    return solvers


def ubongo_solvers(cards: int = 12, deck_seed: str = "BENCH", repeats: int = 3,
                   runs: int = 10) -> dict[str, list[float]]:
    """Milliseconds to count every solution of the same puzzles (each colour of both sides of ``cards`` cards):
    ours from scratch (board, placements and search: a fresh Search each time), and each independent library's
    search alone. Per puzzle: the mean of ``runs`` solves in a row (a browser's clock ticks in 0.1 ms), best of
    ``repeats``, the solvers taking turns so that a noisy machine's load falls on all of them alike. Every
    library's count must equal ours."""
    from gamebox.ubongo.generator import card_side
    from gamebox.ubongo.solver import Board, Search

    libraries = independent_solvers()
    timings: dict[str, list[float]] = {"ours": [], **{name: [] for name in libraries}}
    for card in range(1, cards + 1):
        for side in ("hard", "easy"):
            board = card_side(deck_seed, card, side)
            for colour, tiles in board.tiles.items():
                columns, rows = exact_cover_rows(board.board, colour, tiles)
                count = Search(Board(board.board), colour, tiles).count()
                counters = {"ours": lambda cells=board.board, c=colour, t=tiles: Search(Board(cells), c, t).count()}
                counters.update((name, prepare(columns, rows)) for name, prepare in libraries.items())
                best = dict.fromkeys(timings, float("inf"))
                for _ in range(repeats):
                    for name, counter in counters.items():
                        started = time.perf_counter()
                        for _ in range(runs):
                            counted = counter()
                        best[name] = min(best[name], (time.perf_counter() - started) / runs)
                        assert counted == count, (name, board.board, colour, tiles, counted, count)
                for name, seconds in best.items():
                    timings[name].append(seconds * 1000)
    return timings
