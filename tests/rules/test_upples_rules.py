"""Upples: one named test per rule of the rulebook (seed 000), built from set positions."""

from __future__ import annotations

from typing import Any

import pytest

import gamebox
from gamebox.core import bots, bridge, share
from gamebox.core.errors import IllegalAction, InvalidSetup
from gamebox.core.rng import Rng
from gamebox.upples.board import parse_square
from gamebox.upples.bots import solitaire
from gamebox.upples.deck import CODES, DECK_SIZE, DECK_TABLE, count_of, points
from gamebox.upples.rules import EMPTY, SQUARE_NAMES, UpplesState, opposite

GAME = gamebox.get("upples")
ID = {code: CODES.index(code) for code in set(CODES)}


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def new(players: int = 1, **options: object) -> UpplesState:
    state = GAME.new("test", players, **options)
    assert isinstance(state, UpplesState)
    return state


def position(cards: dict[str, str], tokens: list[str | tuple[str, str, str]], *, mode: str = "glutton",
             rest: str | None = "rock", pile: list[str] | None = None, current: int = 0,
             teams: bool = False) -> UpplesState:
    """A set position: ``cards`` by square, every other square ``rest``; tokens per seat (square, body, hair)."""
    state = new(len(tokens), mode=mode, teams=teams)
    snapshot = state.snapshot()
    board = [ID[rest] if rest else EMPTY] * 49
    for seat, spec in enumerate(tokens):
        square, body, hair = (spec, "white", "white") if isinstance(spec, str) else spec
        snapshot["seats"][seat][:3] = [body, hair, sq(square)]
        board[sq(square)] = EMPTY
    for name, code in cards.items():
        board[sq(name)] = EMPTY if code == "" else ID[code]
    snapshot["pile"] = [ID["wg"]] * 60 if pile is None else [ID[c] for c in pile]
    return restored({**snapshot, "board": board, "current": current}, state)


def restored(snapshot: dict[str, Any], state: UpplesState, edition: int | None = None) -> UpplesState:
    """The position ``snapshot`` in ``state``'s game (Game.restore), of its edition unless given."""
    again = GAME.restore(snapshot, seed=state.seed, players=state.players, options=state.options,
                         edition=state.edition if edition is None else edition, history=state.history,
                         rng=state.rng)
    assert isinstance(again, UpplesState)
    return again


def changed(state: UpplesState, *, kept: dict[int, list[str]] | None = None,
            stuck: dict[int, bool] | None = None, edition: int | None = None) -> UpplesState:
    """``state``'s game with the cards these seats have ``kept``, whether they are ``stuck``, or another
    ``edition`` of the rules."""
    snapshot = state.snapshot()
    for seat, codes in (kept or {}).items():
        snapshot["seats"][seat][3] = [ID[code] for code in codes]
    for seat, flag in (stuck or {}).items():
        snapshot["seats"][seat][5] = flag
    return restored(snapshot, state, edition)


def put(state: UpplesState, name: str, code: str) -> UpplesState:
    """``state``'s game with card ``code`` ("" none) on square ``name``."""
    snapshot = state.snapshot()
    snapshot["board"][sq(name)] = EMPTY if code == "" else ID[code]
    return restored(snapshot, state)


def view_targets(state: UpplesState, seat: int) -> list[dict[str, object]]:
    return [dict(target) for target in state.targets(seat)]


def landings(state: UpplesState) -> set[str]:
    return {a.split()[2] for a in state.legal_actions(state.current) if a != "pass"}


def card(state: UpplesState, name: str) -> str | None:
    c = state.board[sq(name)]
    return None if c == EMPTY else CODES[c]


# -- the deck --------------------------------------------------------------------------------------------
def test_deck_has_124_cards() -> None:
    assert DECK_SIZE == 124 == len(CODES) == sum(copies for _code, copies in DECK_TABLE)


def test_deck_classic_upples_are_four_kinds_of_twenty() -> None:
    assert [count_of(code) for code in ("wg", "wr", "rg", "rr")] == [20, 20, 20, 20]


def test_deck_special_upples_are_four_of_each() -> None:
    assert [count_of(code) for code in ("multi", "rock", "bomb", "tunnel")] == [4, 4, 4, 4]


def test_deck_super_upples_worth_one_to_four_in_this_editions_counts() -> None:
    for colour in "wr":
        assert [count_of(f"{colour}{value}") for value in (1, 2, 3, 4)] == [4, 3, 2, 1]
        assert [points(f"{colour}{value}") for value in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_deck_four_golden_super_upples_worth_five() -> None:
    assert count_of("g5") == 4 and points("g5") == 5


def test_deck_four_character_cards() -> None:
    assert sum(1 for code in CODES if code.startswith("char")) == 4


# -- set-up ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_field_is_49_minus_players_cards_plus_tokens(players: int) -> None:
    state = new(players, mode="training" if players == 1 else "glutton")
    on_field = [c for c in state.board if c != EMPTY]
    assert len(on_field) == 49 - players
    token_squares = {p.square for p in state.seats}
    assert len(token_squares) == players
    assert all(state.board[s] == EMPTY for s in token_squares if s is not None)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_golden_upples_only_in_the_draw_pile(players: int) -> None:
    state = new(players)
    assert not any(CODES[c] == "g5" for c in state.board if c != EMPTY)
    assert sum(1 for c in state.pile if CODES[c] == "g5") == 4
    assert len(state.pile) == 116 - (49 - players) + 4


def test_setup_character_cards_are_replaced_by_tokens_and_set_aside() -> None:
    state = new(3)
    assert sorted(CODES[c] for c in state.aside) == ["char-blue", "char-green", "char-pink", "char-yellow"]
    assert not any(CODES[c].startswith("char") for c in state.board + state.pile if c != EMPTY)
    assert state.card_count() == 124


def test_setup_everyone_starts_white_with_white_hair() -> None:
    state = new(4)
    assert all((p.body, p.hair) == ("white", "white") for p in state.seats)
    assert [p.colour for p in state.seats] == ["blue", "pink", "green", "yellow"]


def test_setup_every_deal_comes_from_the_seed() -> None:
    a, b, c = GAME.new("K7Q2M", 2), GAME.new("K7Q2M", 2), GAME.new("K7Q2N", 2)
    assert a.fingerprint() == b.fingerprint() != c.fingerprint()


# -- turn order ------------------------------------------------------------------------------------------
def test_first_seat_starts_then_play_goes_round_in_seat_order() -> None:
    state = position({"a2": "wg", "g6": "wg", "d2": "wg"}, ["a1", "g7", "d1"])
    assert state.to_move == [0]
    state.apply(0, "jump a1 a2")
    assert state.to_move == [1]
    state.apply(1, "jump g7 g6")
    assert state.to_move == [2]


def test_first_seat_rotates_with_the_first_option() -> None:
    assert new(3, first=2).to_move == [2]
    assert new(2, first=1).to_move == [1]
    with pytest.raises(InvalidSetup):
        new(2, first=3)  # only a seat of this game may start


def test_in_subsequent_games_the_first_person_rotates() -> None:
    state = new(3, mode="survival")
    starters = []
    for _ in range(4):
        options = GAME.rematch_options(state)
        state = GAME.new("next", 3, **options)
        starters.append(state.to_move[0])
    assert starters == [1, 2, 0, 1]  # round the table in turn order, and round again
    assert state.options["mode"] == "survival"


def test_rotating_the_first_person_keeps_the_other_options_and_leaves_the_game_alone() -> None:
    state = new(4, mode="naughty", teams=True, first=3)
    options = GAME.rematch_options(state)
    assert options == {"mode": "naughty", "teams": True, "first": 0}
    assert state.options["first"] == 3  # the finished game is not changed
    assert GAME.new("next", 4, **options).to_move == [0]  # the other team starts this time


def test_a_solo_game_is_always_started_by_its_one_player() -> None:
    state = new(1, mode="training")
    assert GAME.rematch_options(state) == {"mode": "training", "teams": False, "first": 0}


def test_play_again_from_a_finished_table_starts_with_the_next_seat() -> None:
    state = new(2, mode="survival", first=1)
    chooser = Rng("play-again")
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[chooser.below(len(actions))])
    bridge.reset()
    finished = bridge.handle({"op": "open", "code": share.encode(state)})
    assert finished["ok"] and finished["rematch"] == {"mode": "survival", "teams": False, "first": 0}
    # what the page's "Play again" sends: the same seats, the rematch options, a fresh seed
    again = bridge.handle({"op": "new", "game": "upples", "players": 2, "options": finished["rematch"]})
    assert again["ok"], again
    assert again["to_move"] == [0] and again["options"]["first"] == 0
    bridge.reset()


def test_menu_offers_training_solo_and_teams_only_for_four() -> None:
    offered = GAME.offered_choices
    assert offered(1)["mode"] == ["glutton", "training"] and offered(3)["mode"] == ["glutton", "naughty", "survival"]
    assert offered(4)["teams"] == [False, True] and offered(2)["teams"] == [False]
    with pytest.raises(InvalidSetup):
        GAME.new("X", 2, mode="training")


# -- jumps -----------------------------------------------------------------------------------------------
def test_shy_komupple_jumps_in_a_cross_one_or_two_cards() -> None:
    state = position({}, ["d4"], rest="wg")
    assert landings(state) == {"d5", "d6", "e4", "f4", "d3", "d2", "c4", "b4"}


def test_cross_is_cut_by_the_edges() -> None:
    state = position({}, ["a1"], rest="wg")
    assert landings(state) == {"a2", "a3", "b1", "c1"}


def test_angry_komupple_jumps_in_an_l_eight_ways() -> None:
    state = position({}, [("d4", "red", "red")], rest="rr")
    assert landings(state) == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}


def test_l_is_cut_by_the_edges() -> None:
    state = position({}, [("a1", "red", "white")], rest="rr")
    assert landings(state) == {"b3", "c2"}
    state = position({}, [("g7", "red", "red")], rest="rr")
    assert landings(state) == {"f5", "e6"}


def test_empty_spaces_are_never_landing_places() -> None:
    state = position({"a2": "", "a3": "wg"}, ["a1"])
    assert landings(state) == {"a3"}  # jumping over an empty space is fine
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2")
    assert err.value.key == "upples.empty"


def test_rocks_are_never_landing_places_but_can_be_jumped_over() -> None:
    state = position({"a2": "rock", "a3": "wg"}, ["a1"], rest="")
    assert landings(state) == {"a3"}
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2")
    assert err.value.key == "upples.rock"


def test_jump_must_start_on_your_square_and_stay_in_reach() -> None:
    state = position({}, ["d4"], rest="wg")
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump d3 d5")
    assert err.value.key == "upples.not_your_square"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump d4 e5")
    assert err.value.key == "upples.out_of_reach_white"


def test_komupples_never_land_on_each_other_outside_naughty() -> None:
    state = position({"a3": "wg"}, ["a1", "a2"])
    assert landings(state) == {"a3"}
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2")
    assert err.value.key == "upples.occupied"


# -- what may be eaten -----------------------------------------------------------------------------------
def test_white_body_eats_only_white_upples() -> None:
    state = position({"a2": "rr", "a3": "wg", "b1": "r3", "c1": "w2"}, [("a1", "white", "red")])
    assert landings(state) == {"a3", "c1"}
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2")
    assert err.value.key == "upples.wrong_colour_white"


def test_red_body_eats_only_red_upples() -> None:
    state = position({"b3": "wg", "c2": "rg"}, [("a1", "red", "white")])
    assert landings(state) == {"c2"}
    state = position({"b3": "w4", "c2": "r1"}, [("a1", "red", "red")])
    assert landings(state) == {"c2"}


def test_golden_upple_is_eaten_by_anyone() -> None:
    assert landings(position({"a2": "g5"}, [("a1", "white", "white")])) == {"a2"}
    assert landings(position({"b3": "g5"}, [("a1", "red", "red")])) == {"b3"}


def test_state_cycle_goes_through_all_four_states_one_way() -> None:
    state = position({"a2": "wr"}, ["a1"])
    seen = [("white", "white")]
    state.apply(0, "jump a1 a2")  # white with red spots: the hair turns red
    seen.append((state.seats[0].body, state.seats[0].hair))
    state = put(state, "a3", "wr")
    state.apply(0, "jump a2 a3")  # the second one: the body turns red too
    seen.append((state.seats[0].body, state.seats[0].hair))
    state = put(state, "b5", "rg")
    state.apply(0, "jump a3 b5")  # red with grey spots: the hair turns white
    seen.append((state.seats[0].body, state.seats[0].hair))
    state = put(state, "c7", "rg")
    state.apply(0, "jump b5 c7")  # the second one: the body turns white too
    seen.append((state.seats[0].body, state.seats[0].hair))
    assert seen == [("white", "white"), ("white", "red"), ("red", "red"), ("red", "white"), ("white", "white")]


def test_same_spotted_upples_do_not_change_the_state() -> None:
    state = position({"a2": "wg"}, [("a1", "white", "red")])
    state.apply(0, "jump a1 a2")
    assert (state.seats[0].body, state.seats[0].hair) == ("white", "red")
    state = position({"b3": "rr"}, [("a1", "red", "white")])
    state.apply(0, "jump a1 b3")
    assert (state.seats[0].body, state.seats[0].hair) == ("red", "white")


def test_classic_upple_ends_the_turn_and_is_discarded() -> None:
    state = position({"a2": "wg", "a4": "wg"}, ["a1", "g7"])
    state.apply(0, "jump a1 a2")
    assert state.to_move == [1] and not state.in_chain
    assert CODES[state.discard[-1]] == "wg" and state.seats[0].kept == []


def test_super_upple_is_kept_and_gives_an_extra_jump() -> None:
    state = position({"a2": "w3", "a4": "wg"}, ["a1", "g7"])
    state.apply(0, "jump a1 a2")
    assert state.to_move == [0] and state.in_chain
    assert [CODES[c] for c in state.seats[0].kept] == ["w3"] and state.scores() == [3, 0]
    assert state.legal_actions(0) == ["jump a2 a4"]


def test_extra_jump_is_mandatory() -> None:
    state = position({"a2": "w1", "a4": "wg"}, ["a1", "g7"])
    state.apply(0, "jump a1 a2")
    assert "pass" not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "pass")
    assert err.value.key == "upples.must_jump"


def test_first_jump_is_mandatory_when_possible() -> None:
    state = position({"a2": "wg"}, ["a1"])
    with pytest.raises(IllegalAction):
        state.apply(0, "pass")


def test_turn_ends_when_the_extra_jump_has_no_landing() -> None:
    state = position({"a2": "w1"}, ["a1", "g7"])
    state.apply(0, "jump a1 a2")
    assert state.to_move == [1] and not state.in_chain


def test_multicolour_lets_you_choose_white_or_red_and_gives_an_extra_jump() -> None:
    for choice, follow in (("red", "b4"), ("white", "a4")):
        state = position({"a2": "multi", "b4": "rr", "a4": "wg"}, [("a1", "white", "red"), "g7"])
        assert state.legal_actions(0) == ["jump a1 a2 white", "jump a1 a2 red"]
        state.apply(0, f"jump a1 a2 {choice}")
        assert (state.seats[0].body, state.seats[0].hair) == (choice, choice)
        assert state.in_chain and state.legal_actions(0) == [f"jump a2 {follow}"]


def test_multicolour_needs_the_choice_in_the_notation() -> None:
    state = position({"a2": "multi"}, ["a1"])
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2")
    assert err.value.key == "upples.choose"


# -- bombs -----------------------------------------------------------------------------------------------
def test_bomb_clears_its_8_neighbours_eats_supers_spares_tunnels_flips_characters() -> None:
    cards = {"d4": "bomb", "c3": "w3", "e3": "r2", "c4": "tunnel", "c5": "rock", "d3": "wg", "e4": "rr",
             "e5": "g5", "b4": "wg"}
    state = position(cards, ["d2", ("d5", "red", "red")], rest="rock")
    state.apply(0, "jump d2 d4")
    me, other = state.seats
    assert sorted(CODES[c] for c in me.kept) == ["g5", "r2", "w3"]  # any colour, from the blast
    assert card(state, "c4") == "tunnel"
    for name in ("c3", "e3", "c5", "d3", "e4", "e5", "d4"):
        assert card(state, name) is None  # rocks too: only bombs clear them
    assert (other.body, other.hair) == ("white", "white")
    assert {"rock", "wg", "rr", "bomb"} <= {CODES[c] for c in state.discard}
    assert card(state, "c6") == "rock"  # not a neighbour


def test_bomb_gives_an_extra_jump() -> None:
    state = position({"d4": "bomb", "b4": "wg"}, ["d2", "g7"])
    state.apply(0, "jump d2 d4")
    assert state.in_chain and state.legal_actions(0) == ["jump d4 b4"]


def test_character_flip_by_a_bomb_is_white_to_red_and_red_to_white() -> None:
    state = position({"d4": "bomb"}, ["d2", ("c5", "white", "red")])
    state.apply(0, "jump d2 d4")
    assert (state.seats[1].body, state.seats[1].hair) == ("red", "red")


# -- tunnels ---------------------------------------------------------------------------------------------
def test_tunnel_takes_you_to_another_tunnel_of_your_choice_with_an_extra_jump() -> None:
    state = position({"a2": "tunnel", "g7": "tunnel", "d4": "tunnel", "g6": "wg", "d6": "wg"}, ["a1"])
    assert sorted(state.legal_actions(0)) == ["jump a1 a2 exit d4", "jump a1 a2 exit g7"]
    state.apply(0, "jump a1 a2 exit g7")
    assert SQUARE_NAMES[state.seats[0].square or 0] == "g7" and state.in_chain
    assert "jump g7 g6" in state.legal_actions(0)


def test_tunnel_without_a_following_jump_may_not_be_used() -> None:
    state = position({"a2": "tunnel", "g7": "tunnel", "d4": "tunnel", "g6": "wg", "a3": "wg"}, ["a1"])
    assert sorted(state.legal_actions(0)) == ["jump a1 a2 exit g7", "jump a1 a3"]  # d4 has no way on
    state = position({"a2": "tunnel", "g7": "tunnel"}, ["a1"])
    assert state.legal_actions(0) == ["pass"]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a1 a2 exit g7")
    assert err.value.key == "upples.tunnel_no_exit"


def test_single_tunnel_is_a_bounce() -> None:
    state = position({"a2": "tunnel", "a4": "wg"}, ["a1"])
    assert state.legal_actions(0) == ["jump a1 a2"]
    state.apply(0, "jump a1 a2")
    assert SQUARE_NAMES[state.seats[0].square or 0] == "a2" and state.legal_actions(0) == ["jump a2 a4"]
    state.apply(0, "jump a2 a4")
    assert card(state, "a2") == "tunnel"


def test_single_tunnel_without_a_following_jump_may_not_be_used() -> None:
    state = position({"a2": "tunnel"}, ["a1"])
    assert state.legal_actions(0) == ["pass"]


def test_tunnels_are_never_removed() -> None:
    state = position({"a2": "tunnel", "g7": "tunnel", "g6": "w1", "g4": "wg"}, ["a1"])
    state.apply(0, "jump a1 a2 exit g7")
    state.apply(0, "jump g7 g6")
    state.apply(0, "jump g6 g4")
    assert card(state, "a2") == card(state, "g7") == "tunnel"
    assert state.card_count() != 0 and CODES[state.discard[-1]] == "wg"


def test_each_tunnel_is_entered_at_most_once_a_turn() -> None:
    state = position({"a3": "tunnel", "c3": "tunnel", "c5": "w1", "c7": "wg", "a5": "wg"}, ["a1"])
    state.apply(0, "jump a1 a3 exit c3")
    assert state.legal_actions(0) == ["jump c3 c5"]  # not back into a3
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump c3 a3")
    assert err.value.key in ("upples.tunnel_used", "upples.choose")


def test_tunnel_exit_under_another_komupple_is_not_offered() -> None:
    state = position({"a2": "tunnel", "g7": "tunnel", "d4": "tunnel", "g5": "wg", "d6": "wg"},
                     ["a1", "g7"])
    state = put(state, "g7", "tunnel")
    assert state.legal_actions(0) == ["jump a1 a2 exit d4"]


# -- no legal move ---------------------------------------------------------------------------------------
def test_no_legal_move_ends_the_turn_and_flips_the_state() -> None:
    state = position({}, ["a1", "g7"], rest="rock")
    assert state.legal_actions(0) == ["pass"]
    state.apply(0, "pass")
    assert (state.seats[0].body, state.seats[0].hair) == ("red", "red") and state.to_move == [1]
    state = position({}, [("a1", "red", "white"), "g7"])
    state.apply(0, "pass")
    assert (state.seats[0].body, state.seats[0].hair) == ("white", "white")


def test_stuck_again_swaps_with_the_card_opposite_through_the_centre_and_loses_the_turn() -> None:
    state = position({"g7": "w2"}, ["a1"], rest="rock")
    state.apply(0, "pass")  # flip to red
    assert state.legal_actions(0) == ["pass"]  # red from a1: b3 and c2 are rocks
    state.apply(0, "pass")  # swap: a1 <-> g7
    me = state.seats[0]
    assert SQUARE_NAMES[me.square or 0] == "g7" and card(state, "a1") == "w2" and card(state, "g7") is None
    assert (me.body, me.hair) == ("red", "red") and state.turn == 3
    state.apply(0, "pass")  # stuck a third time: flip again
    assert (me.body, me.hair) == ("white", "white")


def test_opposite_square_is_through_the_centre() -> None:
    assert SQUARE_NAMES[opposite(sq("a1"))] == "g7"
    assert SQUARE_NAMES[opposite(sq("b6"))] == "f2"
    assert SQUARE_NAMES[opposite(sq("d4"))] == "d4"


def test_swap_in_the_centre_stays_put() -> None:
    state = position({}, ["d4"], rest="rock")
    state.apply(0, "pass")
    state.apply(0, "pass")
    assert SQUARE_NAMES[state.seats[0].square or 0] == "d4"


def test_swap_with_a_komupple_opposite_swaps_the_two_tokens() -> None:
    state = position({}, ["a1", "g7"], rest="rock")
    state = changed(state, stuck={0: True})
    state.apply(0, "pass")
    assert [SQUARE_NAMES[p.square or 0] for p in state.seats] == ["g7", "a1"]


def test_nobody_able_to_move_ends_the_game() -> None:
    state = position({}, ["a1"], rest="rock")
    for _ in range(4):
        state.apply(0, "pass")
    assert state.is_over and state.end_reason == "nobody_can_move"


# -- refill and the end ----------------------------------------------------------------------------------
def test_refill_fills_every_empty_space_at_the_end_of_the_turn() -> None:
    state = position({"a2": "w1", "a4": "wg"}, ["a1", "g7"], pile=["rr"] * 10 + ["w4", "r4", "rg"])
    state.apply(0, "jump a1 a2")
    assert card(state, "a1") is None and card(state, "a2") is None  # not during the chain
    state.apply(0, "jump a2 a4")
    assert [card(state, name) for name in ("a1", "a2", "a4")] == ["rg", "r4", None]  # a4: our token
    assert len(state.pile) == 11 and state.undo_floor == len(state.history)


def test_glutton_ends_when_the_field_cannot_be_refilled_and_most_points_win() -> None:
    state = position({"a2": "w1", "a4": "wg"}, ["a1", "g7"], pile=["rr"])
    state = changed(state, kept={1: ["r4"]})
    state.apply(0, "jump a1 a2")
    state.apply(0, "jump a2 a4")  # two empty spaces, one card
    assert state.is_over and state.end_reason == "field_not_refilled"
    assert state.scores() == [1, 4] and state.winners() == [1] and state.to_move == []


def test_glutton_tie_shares_the_win() -> None:
    state = position({"a2": "wg"}, ["a1", "g7"], pile=[])
    state.apply(0, "jump a1 a2")
    assert state.is_over and state.winners() == [0, 1]


# -- Naughty ---------------------------------------------------------------------------------------------
def test_naughty_bounce_on_a_player_steals_one_random_super_upple() -> None:
    state = position({"a4": "wg"}, ["a1", "a2"], mode="naughty")
    state = changed(state, kept={1: ["w3", "r2"]})
    assert "jump a1 a2" in state.legal_actions(0)
    state.apply(0, "jump a1 a2")
    assert len(state.seats[0].kept) == 1 and len(state.seats[1].kept) == 1
    assert state.in_chain and state.legal_actions(0) == ["jump a2 a4"]
    assert state.undo_floor == len(state.history)


def test_naughty_bounce_on_a_player_with_nothing_steals_nothing() -> None:
    state = position({"a4": "wg"}, ["a1", "a2"], mode="naughty")
    state.apply(0, "jump a1 a2")
    assert state.seats[0].kept == [] and state.in_chain


def test_naughty_bounce_at_most_once_on_the_same_player_a_turn() -> None:
    state = position({"a4": "w1", "a5": "wg"}, ["a1", "a2"], mode="naughty")
    state.apply(0, "jump a1 a2")
    state.apply(0, "jump a2 a4")
    assert state.legal_actions(0) == ["jump a4 a5"]  # a2 holds the same komupple
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "jump a4 a2")
    assert err.value.key == "upples.bounced_twice"


def test_naughty_nobody_ends_a_turn_on_another_player() -> None:
    state = position({}, ["a1", "a2"], mode="naughty")
    assert state.legal_actions(0) == ["pass"]  # no jump would follow the bounce
    with pytest.raises(IllegalAction):
        state.apply(0, "jump a1 a2")


def test_naughty_ends_like_glutton_when_the_field_cannot_be_refilled() -> None:
    state = position({"a4": "wg"}, ["a1", "a2"], mode="naughty", pile=[])
    state = changed(state, kept={1: ["r4"]})
    state.apply(0, "jump a1 a2")
    state.apply(0, "jump a2 a4")
    assert state.is_over and state.end_reason == "field_not_refilled"
    assert state.scores() == [4, 0] and state.winners() == [0]


def test_survival_has_the_naughty_bounce_too() -> None:
    state = position({"a4": "wg"}, ["a1", "a2", "g7"], mode="survival")
    assert "jump a1 a2" in state.legal_actions(0)


# -- Survival --------------------------------------------------------------------------------------------
def test_survival_golden_upple_calls_a_tally_and_the_lowest_is_eliminated() -> None:
    state = position({"a2": "g5"}, ["a1", "g7", "g1"], mode="survival")
    state = changed(state, kept={0: ["w1"]})
    state = changed(state, kept={1: ["w2"]})
    state = changed(state, kept={2: ["w1"]})
    pile = len(state.pile)
    state.apply(0, "jump a1 a2")
    assert [p.eliminated for p in state.seats] == [False, False, True]
    assert state.seats[2].kept == [] and state.seats[2].square is None
    assert len(state.pile) == pile + 1 - 2  # its card went back in; a1 and g1 were refilled
    assert card(state, "g1") is not None and state.to_move == [1]


def test_survival_ties_for_lowest_are_all_eliminated_and_the_last_player_wins() -> None:
    state = position({"a2": "g5"}, ["a1", "g7", "g1"], mode="survival")
    state = changed(state, kept={1: ["w1"]})
    state = changed(state, kept={2: ["r1"]})
    state.apply(0, "jump a1 a2")
    assert state.is_over and state.end_reason == "last_standing" and state.winners() == [0]


def test_survival_when_everyone_ties_nobody_is_eliminated() -> None:
    state = position({"a2": "g5"}, ["a1", "g7"], mode="survival")
    state = changed(state, kept={1: ["g5"]})
    state.apply(0, "jump a1 a2")
    assert not any(p.eliminated for p in state.seats) and not state.is_over


def test_survival_the_collector_can_be_eliminated_and_loses_the_rest_of_the_turn() -> None:
    state = position({"a2": "g5", "a4": "wg"}, ["a1", "g7", "g1"], mode="survival")
    state = changed(state, kept={1: ["w4", "w3"]})
    state = changed(state, kept={2: ["r4", "r3"]})
    state.apply(0, "jump a1 a2")
    assert state.seats[0].eliminated and state.to_move == [1]
    assert card(state, "a4") == "wg"


def two_golden_upples_by_a_bomb(kept: list[list[str]]) -> UpplesState:
    """Seat 0 on a1 jumps onto the bomb on a2, whose blast takes the golden upples on b2 and b3 (10 points)."""
    state = position({"a2": "bomb", "b2": "g5", "b3": "g5"}, ["a1", "g7", "g1", "d7"], mode="survival")
    return changed(state, kept=dict(enumerate(kept)))


def test_survival_a_bomb_that_blasts_two_golden_upples_calls_two_tallies() -> None:
    state = two_golden_upples_by_a_bomb([[], ["w4"], ["w1"], ["w2"]])
    state.apply(0, "jump a1 a2")
    assert state.seats[0].points == 10
    # the first tally puts out green (1 point), the second, among those still in, yellow (2 points)
    assert [p.eliminated for p in state.seats] == [False, False, True, True]
    assert [e["key"] for e in state.log].count("upples.tally") == 2
    assert state.to_move == [1]


def test_survival_every_golden_upple_of_a_blast_is_tallied_even_after_the_collector_is_out() -> None:
    kept = [[], ["w4", "w3", "w3", "w2"], ["r4", "r3", "r3", "r1"], ["g5", "g5", "w2", "w2"]]  # 0, 12, 11, 14
    state = two_golden_upples_by_a_bomb(kept)
    state.apply(0, "jump a1 a2")
    # blue's 10 points are the lowest: blue is out, then the second tally puts out green (11) among the others
    assert [p.eliminated for p in state.seats] == [True, False, True, False]
    assert state.to_move == [1]


def test_survival_edition_1_calls_one_tally_for_a_bomb_however_many_golden_upples_it_takes() -> None:
    state = two_golden_upples_by_a_bomb([[], ["w4"], ["w1"], ["w2"]])
    state = changed(state, edition=1)  # links made before edition 2 replay as they did
    state.apply(0, "jump a1 a2")
    assert [p.eliminated for p in state.seats] == [False, False, True, False]
    assert [e["key"] for e in state.log].count("upples.tally") == 1


def test_survival_eliminated_players_are_skipped() -> None:
    state = position({"a2": "g5", "g6": "wg"}, ["a1", "g1", "g7"], mode="survival")
    state = changed(state, kept={0: ["w1"]})
    state = changed(state, kept={2: ["w1"]})
    state.apply(0, "jump a1 a2")
    assert state.seats[1].eliminated and state.to_move == [2]


# -- Training --------------------------------------------------------------------------------------------
def test_training_keeps_only_the_last_upple_eaten_each_turn() -> None:
    state = position({"a2": "w1", "a4": "wg"}, ["a1"], mode="training")
    state.apply(0, "jump a1 a2")
    state.apply(0, "jump a2 a4")
    assert [CODES[c] for c in state.seats[0].kept] == ["wg"]
    assert CODES[state.discard[-1]] == "w1"
    assert state.scores() == [1]


def test_training_score_counts_turns_and_the_game_ends_when_the_field_cannot_be_refilled() -> None:
    state = position({"a2": "wg", "a4": "wg"}, ["a1"], mode="training", pile=["wg"])
    state.apply(0, "jump a1 a2")  # a1 refilled with the last card
    assert not state.is_over and state.scores() == [1]
    state.apply(0, "jump a2 a4")
    assert state.is_over and state.scores() == [2] and state.winners() == [0]


def test_modes_are_offered_only_for_their_player_counts() -> None:
    """Training is a one-player mode, Naughty and Survival need opponents (Game.offered_choices)."""
    assert GAME.new("x", 1).options["mode"] == "glutton"  # a solo Glutton score attack
    for players, mode in [(1, "naughty"), (1, "survival"), (2, "training"), (4, "training")]:
        with pytest.raises(InvalidSetup):
            GAME.new("x", players, mode=mode)


def test_training_of_the_day_is_seeded_by_the_date() -> None:
    daily = GAME.daily("2026-12-01")
    assert daily is not None
    seed = daily["seed"]
    assert seed == "training-2026-12-01"
    assert GAME.new(seed, 1, mode="training").fingerprint() == GAME.new(seed, 1, mode="training").fingerprint()


# -- teams -----------------------------------------------------------------------------------------------
def test_teams_are_for_four_players() -> None:
    for players in (2, 3):
        with pytest.raises(InvalidSetup):
            new(players, teams=True)
    assert new(4, teams=True).teams and new(4, teams=True, mode="glutton").view(0)["teams"] is not None


def test_teams_pool_their_scores_and_win_together() -> None:
    state = position({"a2": "wg"}, ["a1", "g7", "g1", "a7"], teams=True, pile=[])
    state = changed(state, kept={0: ["w1"]})
    state = changed(state, kept={2: ["w4"]})
    state = changed(state, kept={1: ["r3"]})
    assert state.scores() == [5, 3, 5, 3]
    state.apply(0, "jump a1 a2")
    assert state.is_over and state.winners() == [0, 2]


def test_teams_bounce_on_a_partner_steals_nothing() -> None:
    state = position({"a4": "wg"}, ["a1", "g7", "a2", "g1"], mode="naughty", teams=True)
    state = changed(state, kept={2: ["w4"]})
    state.apply(0, "jump a1 a2")
    assert state.seats[0].kept == [] and len(state.seats[2].kept) == 1


def test_teams_survival_eliminates_a_whole_team() -> None:
    state = position({"a2": "g5"}, ["a1", "g7", "g1", "a7"], mode="survival", teams=True)
    state = changed(state, kept={1: ["w1"]})
    state.apply(0, "jump a1 a2")
    assert state.is_over and state.winners() == [0, 2]
    assert state.seats[1].eliminated and state.seats[3].eliminated


# -- the protocol ----------------------------------------------------------------------------------------
def test_illegal_actions_change_nothing() -> None:
    state = position({"a2": "multi", "a3": "rr", "c1": "wg"}, ["a1", "g7"])
    before = state.fingerprint()
    for bad in ("", "pass", "jump", "jump a1", "jump a1 z9", "jump a1 a2", "jump a1 a2 purple",
                "jump a1 a3", "jump a1 b2", "jump b1 c1", "hop a1 c1", "jump a1 c1 exit g7"):
        with pytest.raises(IllegalAction):
            state.apply(0, bad)
        assert state.fingerprint() == before
    with pytest.raises(IllegalAction):
        state.apply(1, "jump g7 g6")


def test_notation_goes_into_share_codes_and_replays() -> None:
    state = new(2, mode="naughty")  # share codes replay from the seed, so play a real game
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy", 50))
    code = share.encode(state)
    assert share.decode(code).fingerprint() == state.fingerprint()


def test_view_shows_the_field_and_hides_the_deck_order() -> None:
    state = new(2)
    view = state.view(0)
    assert len(view["cards"]) == 49 and view["draw_pile"] == len(state.pile)
    assert {t["thing"]["id"] for t in view_targets(state, 0)} == landings(state)
    twin = state.copy()
    twin.pile.reverse()
    assert twin.view(0) == view and twin.view(None) == {**view, "refusals": []}
    assert "pile" not in view and "rng" not in view


# -- bots ------------------------------------------------------------------------------------------------
def test_easy_bot_takes_the_chain_worth_most_points() -> None:
    state = position({"a2": "w1", "a4": "w2", "b1": "w4", "c1": "wg"}, ["a1", "g7"])
    # a2 (1) then a4 (2) = 3 points; b1 (4) then nothing = 4 points
    assert bots.choose(state, 0, "easy", 100) == "jump a1 b1"


def test_hard_bot_plans_a_chain_through_tunnels_and_bombs() -> None:
    cards = {"a2": "tunnel", "f7": "tunnel", "f5": "bomb", "e6": "w2", "g4": "w3", "b1": "w1"}
    state = position(cards, ["a1", "d1"])
    # the tunnel leads to a bomb next to two super upples: 5 points against 1
    assert bots.choose(state, 0, "hard", 300) == "jump a1 a2 exit f7"


def test_solitaire_hint_prefers_the_longest_chain_in_training() -> None:
    state = position({"a2": "wg", "b1": "w1", "b3": "w1", "b5": "wg", "c1": "wg"}, ["a1"], mode="training")
    # b1, b3, b5 clears three cards; b1, c1 or a2 alone fewer
    assert solitaire(state.copy(), 0, 200, Rng("t")) == "jump a1 b1"
    assert bots.choose(state, 0, "hard", 200) == "jump a1 b1"


def test_bots_do_not_peek_at_the_deck() -> None:
    state = new(2)
    twin = GAME.restore({**state.snapshot(), "pile": state.pile[::-1]}, seed=state.seed, players=state.players,
                        options=state.options, rng=Rng("other"))
    for level in ("easy", "hard"):
        assert bots.choose(state, 0, level, 5000, "s") == bots.choose(twin, 0, level, 5000, "s")
