"""Up Combine's actions are values (actions.py): parse reads exactly the notation, str writes it back, and the
editions of the rules sit behind one table (editions.py)."""

from __future__ import annotations

import time

import pytest

from gamebox.core import game as core_game
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upcombine import GAME, UpCombineState
from gamebox.upcombine.actions import BASES, DRAWS, PASS, Bases, Draw, Place, parse, places_on
from gamebox.upcombine.editions import EDITIONS
from gamebox.upcombine.pieces import COLOUR_ORDER


def legal_texts_of_random_games(games: int) -> list[str]:
    """Every legal action text met in seeded random games of every player count (a player that mostly places)."""
    seen: list[str] = []
    for players in (2, 3, 5):
        for game in range(games):
            state = GAME.new(f"actions-{game}", players)
            assert isinstance(state, UpCombineState)
            rng = Rng(f"actions/{players}/{game}")
            for _ in range(300):
                if state.is_over:
                    break
                seat = state.to_move[0]
                legal = state.legal_actions(seat)
                assert [place.text for place in state.places(seat)] == state.placements(seat)
                seen += legal
                placements = state.placements(seat)
                state.apply(seat, rng.choice(placements) if placements and rng.below(4) else rng.choice(legal))
    return seen


def test_every_legal_action_reads_back_as_the_value_that_writes_it() -> None:
    """The round trip: parse(text) is a value whose text is that text, and parse(str(value)) == value."""
    texts = legal_texts_of_random_games(2)
    kinds = set()
    for text in texts:
        action = parse(text)
        assert str(action) == action.text == text
        assert parse(str(action)) == action
        kinds.add(type(action).__name__)
    assert len(texts) > 1000 and kinds >= {"Place", "Draw", "Bases"}


def test_the_four_kinds_of_action() -> None:
    assert parse("Rs 3") == Place("Rs", 3) == places_on(3)["Rs"]
    assert parse("draw G") == Draw("G") == DRAWS["G"]
    assert parse("pass") == PASS
    assert parse("bases B O") == Bases("B", "O") == BASES[0]
    assert len(BASES) == 10 and all(COLOUR_ORDER.index(b.first) < COLOUR_ORDER.index(b.second) for b in BASES)


def test_a_text_of_the_right_shape_is_an_action_even_of_no_piece_of_the_set() -> None:
    """The rules, not the notation, say that 'Xx 1' names no piece and 'Bc 0' no stack (their own keys)."""
    assert parse("Xx 1") == Place("Xx", 1) and parse("Bc 0") == Place("Bc", 0)
    assert parse("draw X") == Draw("X") and parse("bases O B") == Bases("O", "B")


@pytest.mark.parametrize("text", ["rs 3", "RS 3", "Rs 03", "Rs +3", "Rs  3", " Rs 3", "Rs 3 ", "Rs3", "Rs 1000",
                                  "Draw G", "draw g", "draw  G", "draw Gr", "draw", "PASS", "pass ", "Bases B O",
                                  "bases B", "bases b o", "bases B O P", "place Bc 1", ""])
def test_only_the_exact_notation_is_an_action(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse(text)
    assert refused.value.key == "upcombine.bad_action"


def test_a_huge_text_is_refused_in_linear_time() -> None:
    started = time.perf_counter()
    with pytest.raises(IllegalAction):
        parse("Rs 3 " * 200_000)
    assert time.perf_counter() - started < 0.5


def test_values_hold_only_what_the_notation_can_write() -> None:
    for make in (lambda: Place("rs", 3), lambda: Place("Rs", -1), lambda: Draw("g"), lambda: Bases("B", "")):
        with pytest.raises(ValueError):
            make()


def test_edition_one_has_no_choice_of_bases() -> None:
    """Edition 1 draws the bases: 'bases B O' is refused as it always was (the bases are on the table)."""
    assert parse("bases B O", 2) == Bases("B", "O")
    with pytest.raises(IllegalAction) as refused:
        parse("bases B O", 1)
    assert refused.value.key == "upcombine.bases_done"
    assert parse("Rs 3", 1) == Place("Rs", 3)


def test_every_edition_of_the_box_has_its_switches() -> None:
    assert sorted(EDITIONS) == list(core_game.EDITIONS)
    assert [EDITIONS[n].oldest_chooses_bases for n in core_game.EDITIONS] == [False, True]
    assert all(EDITIONS[n].number == n for n in EDITIONS)
