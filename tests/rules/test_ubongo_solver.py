"""Ubongo Extreme's puzzle engine: the tiles, the exact-cover solver (against a slow reference), the card
generator, the pinned deck and its golden file."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core.rng import Rng
from gamebox.ubongo import TILES, generator, puzzle
from gamebox.ubongo.generator import (
    DECK_SIZE,
    board_shape,
    card_side,
    deck,
    extent,
    has_hole,
    is_connected,
    make_side,
    parse_code,
    puzzle_code,
)
from gamebox.ubongo.solver import Board, Placement, Search, count, covering_sets, covers, hint, solve
from gamebox.ubongo.tiles import COLOURS, canonical_turns, orient, orientations
from tests.playing import first_moves

from .golden_files import assert_matches_golden

PINNED_DECK = "PIN"  # every card of this deck, both sides, is checked
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


# -- a slow, independent reference: cube coordinates, sets, tile by tile --------------------------------
def ref_orientations(cells):
    """The 12 rotations and reflections of a shape, via cube coordinates, each as a frozenset normalized to
    its smallest (r, q) cell."""
    shapes = set()
    for mirror in (False, True):
        cube = [(q, -q - r, r) for q, r in cells]
        if mirror:
            cube = [(y, x, z) for x, y, z in cube]
        for _ in range(6):
            cube = [(-z, -x, -y) for x, y, z in cube]
            axial = [(x, z) for x, _, z in cube]
            r0, q0 = min((r, q) for q, r in axial)
            shapes.add(frozenset((q - q0, r - r0) for q, r in axial))
    return shapes


def ref_count(board, shapes):
    """Count the ways to put every shape on the board once, covering it exactly (brute force)."""
    board = frozenset(board)
    options = []
    for cells in shapes:
        spots = set()
        for shape in ref_orientations(cells):
            for bq, br in board:
                placed = frozenset((q + bq, r + br) for q, r in shape)
                if placed <= board:
                    spots.add(placed)
        options.append(spots)

    def go(i, free):
        if i == len(options):
            return 1 if not free else 0
        return sum(go(i + 1, free - spot) for spot in options[i] if spot <= free)

    return go(0, board)


def check_solution(board, colour, tiles, solution):
    assert sorted(p.tile for p in solution) == sorted(tiles)
    covered = [c for p in solution for c in p.cells(colour)]
    assert len(covered) == len(set(covered)), "no overlap"
    assert set(covered) == set(board), "covers exactly"
    assert covers(board, colour, solution)


# -- the tiles --------------------------------------------------------------------------------------------
def test_there_are_13_tiles_in_each_of_4_colours():
    assert list(TILES) == list(COLOURS) == ["red", "blue", "green", "yellow"]
    for colour in COLOURS:
        assert list(TILES[colour]) == list(range(1, 14))


def test_tiles_have_4_5_or_6_hexes():
    for colour in COLOURS:
        sizes = [len(TILES[colour][n]) for n in range(1, 14)]
        assert sizes == [4] * 5 + [5] * 5 + [6] * 3


def test_tiles_1_to_8_are_the_same_in_every_colour_and_9_to_13_differ():
    def free(cells):
        return min(sorted(tuple(sorted(s)) for s in ref_orientations(cells)))

    for n in range(1, 9):
        assert len({free(TILES[c][n]) for c in COLOURS}) == 1
    own = [free(TILES[c][n]) for c in COLOURS for n in range(9, 14)]
    shared = [free(TILES["red"][n]) for n in range(1, 9)]
    assert len(set(own)) == 20 and not set(own) & set(shared) and len(set(shared)) == 8


def test_tiles_are_connected_include_their_anchor_and_have_no_hole():
    for colour in COLOURS:
        for cells in TILES[colour].values():
            assert (0, 0) in cells and is_connected(set(cells)) and not has_hole(set(cells))


# -- the solver ---------------------------------------------------------------------------------------------
def parallelogram(width, height):
    return {(q, r) for q in range(width) for r in range(height)}


SMALL = [
    # (board, colour, tiles): several solutions, one, and none
    (parallelogram(3, 3), "red", [1, 6]),
    (parallelogram(3, 3), "red", [2, 10]),
    (parallelogram(4, 3), "green", [2, 4, 5]),
    (parallelogram(5, 3), "green", [2, 9, 13]),
    (parallelogram(5, 3), "green", [6, 9, 10]),
    (parallelogram(4, 2), "red", [1, 5]),
    (parallelogram(3, 3) - {(2, 2)}, "blue", [2, 3]),
]


@pytest.mark.parametrize("board, colour, tiles", SMALL)
def test_solution_counts_agree_with_brute_force_on_small_boards(board, colour, tiles):
    expected = ref_count(board, [TILES[colour][t] for t in tiles])
    assert count(board, colour, tiles) == expected
    solutions = solve(board, colour, tiles)
    assert len(solutions) == expected
    assert len({frozenset((p.tile, p.cells(colour)) for p in s) for s in solutions}) == expected
    for solution in solutions:
        check_solution(board, colour, tiles, solution)


def test_some_small_boards_have_several_solutions_and_some_none():
    counts = [count(b, c, t) for b, c, t in SMALL]
    assert max(counts) >= 4 and 0 in counts


@st.composite
def boards(draw):
    """A board made of 2-3 random tiles laid next to each other (so usually solvable), sometimes with a hex
    added or removed (so sometimes not), and a tile set that is the tiles used or a random one."""
    colour = draw(st.sampled_from(COLOURS))
    numbers = draw(st.lists(st.integers(1, 13), min_size=2, max_size=3, unique=True))
    rng = Rng(f"hyp/{draw(st.integers(0, 10**6))}")
    cells: set = set()
    for n in numbers:
        shape = sorted(rng.choice(sorted(ref_orientations(TILES[colour][n]), key=sorted)))
        if not cells:
            cells |= set(shape)
            continue
        frontier = sorted({(q + dq, r + dr) for q, r in cells for dq, dr in NEIGHBOURS} - cells)
        for _ in range(50):
            fq, fr = rng.choice(frontier)
            cq, cr = rng.choice(shape)
            placed = {(q + fq - cq, r + fr - cr) for q, r in shape}
            if not placed & cells:
                cells |= placed
                break
    tweak = draw(st.sampled_from(["none", "none", "add", "remove"]))
    if tweak == "add":
        cells.add(sorted({(q + 1, r) for q, r in cells} - cells)[0])
    elif tweak == "remove" and len(cells) > 1:
        cells.discard(sorted(cells)[0])
    tiles = numbers if draw(st.booleans()) else draw(
        st.lists(st.integers(1, 13), min_size=2, max_size=3, unique=True))
    return cells, colour, tiles


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_solver_agrees_with_a_slow_reference_on_random_boards_and_tile_sets(case):
    board, colour, tiles = case
    expected = ref_count(board, [TILES[colour][t] for t in tiles])
    solutions = solve(board, colour, tiles)
    assert len(solutions) == count(board, colour, tiles) == expected
    for solution in solutions:
        check_solution(board, colour, tiles, solution)


def test_hint_gives_the_next_correct_tile_given_the_placed_ones():
    p = puzzle("K7Q2M-05HY")
    solutions = p.solutions()
    first = solutions[0]
    placed = [first[0]]
    nxt = hint(p.board, p.colour, p.own_tiles, placed)
    assert nxt is not None and nxt.tile != first[0].tile
    assert any(first[0] in s and nxt in s for s in solutions)
    assert hint(p.board, p.colour, p.own_tiles, list(first)) is None


def test_covering_sets_finds_every_colours_sets():
    side = card_side("K7Q2M", 3, "hard")
    found = covering_sets(Board(side.board), 4)
    for colour in COLOURS:
        assert side.tiles[colour] in found[colour]
        for tiles in found[colour][:5]:
            assert count(side.board, colour, tiles) >= 1


# -- the generator and the deck -------------------------------------------------------------------------------
def test_puzzle_codes_name_deck_card_side_and_colour():
    assert puzzle_code("K7Q2M", 7, "hard", "blue") == "K7Q2M-07HB"
    assert parse_code("K7Q2M-07HB") == ("K7Q2M", 7, "hard", "blue")
    assert parse_code("2026-12-01-54ER") == ("2026-12-01", 54, "easy", "red")
    for bad in ("", "K7Q2M", "K7Q2M-00HB", "K7Q2M-55HB", "K7Q2M-07XB", "K7Q2M-07HX", "a b-07HB"):
        with pytest.raises(ValueError):
            parse_code(bad)


def test_a_puzzle_gives_its_board_every_colours_tiles_and_its_solutions():
    p = gamebox.ubongo.puzzle("K7Q2M-07HB")
    assert p.code == "K7Q2M-07HB" and p.colour == "blue" and p.side == "hard" and p.card == 7
    assert set(p.tiles) == set(COLOURS) and all(len(t) == 4 for t in p.tiles.values())
    for colour in COLOURS:
        for solution in p.solutions(colour):
            check_solution(p.board, colour, p.tiles[colour], solution)


def test_an_edition_1_card_is_made_from_the_deck_seed_and_its_number_alone():
    side = make_side(Rng("gamebox/1/ubongo/card/K7Q2M/9/easy"), "K7Q2M", 9, "easy")
    assert side == card_side("K7Q2M", 9, "easy", edition=1)
    card_side("K7Q2M", 10, "hard", edition=1)
    generator.forget()  # made again, in another order, it is the same card
    assert card_side("K7Q2M", 9, "easy", edition=1) == side


def test_an_edition_2_card_is_made_from_the_deck_seed_and_the_cards_before_it():
    side = card_side("K7Q2M", 30, "easy")
    generator.forget()
    card_side("K7Q2M", 12, "hard")
    assert card_side("K7Q2M", 30, "easy") == side


# -- "Each puzzle card has a different arrangement of white hexes" (edition 2) --------------------------------
def test_a_boards_shape_is_the_same_turned_flipped_or_moved():
    board = card_side("K7Q2M", 3, "easy").board
    shape = board_shape(board)
    for flip in (False, True):
        for rot in range(6):
            assert board_shape([(q + 5, r - 2) for q, r in orient(board, rot, flip)]) == shape
    assert board_shape(board[1:]) != shape
    assert board_shape(card_side("K7Q2M", 4, "easy").board) != shape


def shapes_repeat(sides) -> bool:
    return len({board_shape(s.board) for s in sides}) < len(sides)


# Easy boards (13-16 hexes) repeat far more often than hard ones: most edition-1 easy decks hold a repeat.
DECK_SEEDS = {"easy": [f"D{n}" for n in range(16)], "hard": [f"D{n}" for n in range(4)]}


@pytest.mark.parametrize("side", ["easy", "hard"])
def test_every_deck_holds_54_boards_of_54_shapes(side):
    repeating = 0
    for seed in DECK_SEEDS[side]:
        old, new = deck(seed, side, edition=1), deck(seed, side, edition=2)
        repeating += shapes_repeat(old)
        assert not shapes_repeat(new)
        # a card changes only where edition 1 repeated an earlier card's shape
        seen: set = set()
        for before, after in zip(old, new, strict=True):
            assert (before == after) == (board_shape(before.board) not in seen)
            seen.add(board_shape(after.board))
    if side == "easy":
        assert repeating >= len(DECK_SEEDS[side]) // 2  # the test would fail on edition 1's decks


def test_a_board_and_its_tiles_no_longer_come_back_in_a_later_round():
    """Seed S23, edition 1: round 3's seat-1 card (9, blue) and round 4's seat-0 card (38, blue) were one puzzle."""
    boards = {}
    for edition in (1, 2):
        state = gamebox.get("ubongo").new("S23", 2, edition=edition)
        for _ in range(3):
            state.apply(0, "timeout")
            state.apply(1, "timeout")
        assert state.round == 4 and state.puzzle_code(0) == "S23-38EB"
        boards[edition] = board_shape(state.card_side(0).board)
    round_3 = board_shape(card_side("S23", 9, "easy").board)
    assert boards[1] == round_3 != boards[2]


# In a fresh Python: the box opened and hello answered (what the snapshot maker does, and the menu's first requests:
# docs/architecture.md "Where a first visit's time goes"), then how many tiles' turns have been worked out.
OPENED_BOX = """import json, sys
from gamebox.core import bridge
assert json.loads(bridge.handle_json('{"op": "hello"}'))["ok"]
from gamebox.ubongo import tiles
print(tiles.orientations.cache_info().currsize, tiles.canonical_turns.cache_info().currsize)"""


def test_a_tiles_turns_are_worked_out_when_first_asked_for_not_when_the_box_is_opened():
    """Opening the box finds every game (importing Ubongo's modules) and answers hello; the tiles' turns wait
    until a game of Ubongo needs them, and are then the same as ever (the test above)."""
    source = str(Path(gamebox.__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", OPENED_BOX], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": source})
    assert done.stdout.split() == ["0", "0"]


def test_every_turn_of_a_tile_is_written_one_way():
    """The notation writes a tile on some hexes one way: the first of its distinct turns with that shape."""
    for colour in COLOURS:
        for number in TILES[colour]:
            firsts = {(o.rot, o.flip) for o in orientations(colour, number)}
            for (rot, flip), (rot2, flip2, dq, dr) in canonical_turns(colour, number).items():
                p = Placement(number, rot, flip, (3, 1))
                written = p.canonical(colour)
                assert written == Placement(number, rot2, flip2, (3 + dq, 1 + dr))
                assert written.cells(colour) == p.cells(colour) and (rot2, flip2) in firsts
                assert written.canonical(colour) == written
                assert ((rot, flip) in firsts) == (written == p)


@pytest.fixture(scope="module")
def pinned():
    return deck(PINNED_DECK, "easy") + deck(PINNED_DECK, "hard")


def test_every_puzzle_of_the_pinned_deck_is_solvable_by_each_colours_tiles(pinned):
    assert len(pinned) == 2 * DECK_SIZE
    for side in pinned:
        for colour in COLOURS:
            solutions = Search(Board(side.board), colour, side.tiles[colour]).solutions()
            assert len(solutions) == side.solution_counts[colour] >= 1
            check_solution(side.board, colour, side.tiles[colour], solutions[0])


def test_the_four_colour_sets_of_every_card_differ(pinned):
    for side in pinned:
        assert len(set(side.tiles.values())) == 4


def test_boards_are_connected_without_holes_at_real_sizes(pinned):
    for side in pinned:
        cells = set(side.board)
        assert is_connected(cells) and not has_hole(cells)
        low, high = (13, 16) if side.side == "easy" else (18, 21)
        assert low <= len(cells) <= high
        assert len(side.tiles["red"]) == (3 if side.side == "easy" else 4)
        width, height = extent(cells)
        assert width <= 8 and height <= 6


def test_difficulty_is_rated_from_1_to_10_and_hard_sides_rate_higher(pinned):
    easy = [d for s in pinned if s.side == "easy" for d in s.difficulty.values()]
    hard = [d for s in pinned if s.side == "hard" for d in s.difficulty.values()]
    assert all(1 <= d <= 10 for d in easy + hard)
    assert sum(hard) / len(hard) > sum(easy) / len(easy)


def deck_digest(sides) -> str:
    text = json.dumps([[s.card, s.side, s.board, s.tiles] for s in sides], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def golden_data(pinned) -> dict:
    """Edition 2's pinned deck and games (the newest edition), and edition 1's deck by its digest."""
    games = []
    for seed, players, options in [("GOLDEN", 3, {}), ("K7Q2M", 2, {"side": "hard"}), ("K7Q2M-07HB", 1, {})]:
        state = gamebox.get("ubongo").new(seed, players, **options)
        entry = {"seed": seed, "players": players, "options": options,
                 "puzzles": [state.puzzle_code(s) for s in range(players)],
                 "start": state.fingerprint(), "moves": []}
        entry["moves"] = first_moves(state, 6 if players > 1 else 2,
                                     lambda state, seat: gamebox.bots.choose(state, seat, "normal", 10, "golden"))
        games.append(entry)
    first = [s for s in pinned if s.card in (1, 54)]
    return {
        "deck_seed": PINNED_DECK,
        "deck_digest": deck_digest(pinned),
        "deck_digest_edition_1": deck_digest(deck(PINNED_DECK, "easy", 1) + deck(PINNED_DECK, "hard", 1)),
        "cards": [{"card": s.card, "side": s.side, "board": s.board, "tiles": s.tiles,
                   "solution_counts": s.solution_counts, "difficulty": s.difficulty} for s in first],
        "games": games,
    }


def test_deck_and_games_match_the_golden_file(pinned):
    assert_matches_golden("ubongo", golden_data(pinned))


# Search steps of the pinned deck's first cards (card, side E/H, colour R/B/G/Y), from the solver that made the
# first decks. Difficulty is rated by them, so a faster solver must take exactly the same steps.
PINNED_STEPS = {
    "1ER": 43, "1EB": 68, "1EG": 48, "1EY": 89, "1HR": 141, "1HB": 186, "1HG": 85, "1HY": 67,
    "2ER": 19, "2EB": 14, "2EG": 18, "2EY": 21, "2HR": 57, "2HB": 24, "2HG": 9, "2HY": 45,
    "3ER": 15, "3EB": 17, "3EG": 20, "3EY": 17, "3HR": 386, "3HB": 243, "3HG": 344, "3HY": 129,
}


@pytest.mark.parametrize("key", sorted(PINNED_STEPS))
def test_search_steps_never_change_because_difficulty_is_rated_by_them(key):
    card, side = int(key[0]), "easy" if key[1] == "E" else "hard"
    colour = next(c for c in COLOURS if c[0].upper() == key[2])
    this_side = generator.card_side(PINNED_DECK, card, side, edition=1)
    search = Search(Board(this_side.board), colour, this_side.tiles[colour])
    assert search.count() == this_side.solution_counts[colour]
    assert search.nodes == PINNED_STEPS[key]
