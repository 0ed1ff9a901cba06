"""Up Combine: one test per rule of the rulebook (seed 001), plus the edition's interpretations."""

from __future__ import annotations

from collections import Counter

import pytest

import gamebox
from gamebox import IllegalAction, InvalidSetup, share
from gamebox.core.rng import Rng
from gamebox.upcombine import GAME, UpCombineState, bots
from gamebox.upcombine.pieces import COLOURS, COPIES, SYMBOLS, full_set, sorted_pieces
from gamebox.upcombine.rules import BASE_PAIRS, TARGET, bases_chooser


def new(players: int = 2, seed: str = "RULES", edition: int = 2) -> UpCombineState:
    """A new game, its bases still to be chosen (edition 2) or drawn (edition 1)."""
    state = GAME.new(seed, players, edition=edition)
    assert isinstance(state, UpCombineState)
    return state


def started(players: int = 2, seed: str = "RULES", bases: str = "bases B O") -> UpCombineState:
    """A new game after the oldest player chose the bases."""
    state = new(players, seed)
    state.apply(state.to_move[0], bases)
    return state


def arrange(state: UpCombineState, hands: list[list[str]], stacks: list[list[str]],
            pile: list[str] | None = None, current: int = 0, totals: list[int] | None = None) -> UpCombineState:
    """``state``'s game with this position on the table (Game.restore). The pile gets every other piece unless
    given (then the rest vanish)."""
    if pile is None:
        rest = Counter(full_set())
        rest.subtract(Counter(c for h in hands for c in h))
        rest.subtract(Counter(c for s in stacks for c in s))
        assert all(n >= 0 for n in rest.values()), "position uses more copies than the box has"
        pile = list(rest.elements())
    position = {"hands": [sorted_pieces(h) for h in hands], "stacks": stacks, "used": [False] * len(stacks),
                "placed": 0, "passes": 0, "choosing_bases": False, "current": current, "pile": sorted_pieces(pile)}
    if totals is not None:
        position["totals"] = totals
    restored = GAME.restore({**state.snapshot(), **position}, seed=state.seed, players=state.players,
                            options=state.options, history=state.history)
    assert isinstance(restored, UpCombineState)
    return restored


def unchanged_after_illegal(state: UpCombineState, seat: int, action: str) -> IllegalAction:
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert state.fingerprint() == before
    return caught.value


# -- components and set-up ------------------------------------------------------------------------------
def test_box_is_five_colours_by_five_symbols_by_three_copies() -> None:
    box = full_set()
    assert len(box) == 75 == len(COLOURS) * len(SYMBOLS) * COPIES
    assert set(COLOURS.values()) == {"blue", "orange", "purple", "green", "red"}
    assert all(n == COPIES for n in Counter(box).values())


def test_game_is_registered_with_two_to_five_players() -> None:
    game = gamebox.get("upcombine")
    assert (game.min_players, game.max_players) == (2, 5)
    for bad in (1, 6):
        with pytest.raises(InvalidSetup):
            game.new("X", bad)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_is_dealt_two_pieces_of_each_colour(players: int) -> None:
    state = new(players)
    for hand in state.hands:
        assert len(hand) == 10
        assert Counter(code[0] for code in hand) == dict.fromkeys(COLOURS, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_oldest_player_chooses_two_bases_of_different_colours(players: int) -> None:
    """'o jogador mais velho escolhe duas peças de cores diferentes da pilha restante e as coloca viradas para
    cima': after the deal, the oldest (the seat before the first player) chooses two colours; those pieces,
    turned up, are the bases of stacks 1 and 2, and the youngest (the first player) begins."""
    state = new(players)
    assert state.choosing_bases and state.stacks == [] and len(state.pile) == 75 - 10 * players
    oldest = bases_chooser(state.starter, players)
    assert oldest == players - 1 and state.to_move == [oldest]
    assert state.legal_actions(oldest) == [f"bases {a} {b}" for a, b in BASE_PAIRS]
    assert len(BASE_PAIRS) == 10 and all(a != b for a, b in BASE_PAIRS)
    assert all(state.legal_actions(seat) == [] for seat in range(players) if seat != oldest)
    state.apply(oldest, "bases P R")
    assert [[code[0] for code in stack] for stack in state.stacks] == [["P"], ["R"]]
    assert not state.choosing_bases and state.to_move == [state.starter] == [0]
    assert len(state.pile) == 75 - 10 * players - 2
    assert [entry["key"] for entry in state.log] == ["upcombine.base", "upcombine.base"]
    assert state.log[0]["params"] == {"colour": "P", "symbol": SYMBOLS[state.stacks[0][0][1]], "stack": 1}


def test_the_bases_are_two_different_colours_named_in_the_colour_order() -> None:
    """One text per choice: 'bases B O', two different colours in the order B O P G R; the choice comes
    first, from the oldest player only, once per round."""
    state = new(3)
    oldest = state.to_move[0]
    for action, key in [("bases B B", "upcombine.bases_same_colour"), ("bases O B", "upcombine.bases_order"),
                        ("bases B X", "upcombine.no_such_colour"), ("Bc 1", "upcombine.choose_bases_first"),
                        ("draw B", "upcombine.choose_bases_first"), ("pass", "upcombine.choose_bases_first")]:
        assert unchanged_after_illegal(state, oldest, action).key == key
    assert unchanged_after_illegal(state, 0, "bases B O").key == "error.not_your_turn"
    state.apply(oldest, "bases B O")
    assert unchanged_after_illegal(state, 0, "bases G R").key == "upcombine.bases_done"


def test_the_bases_symbols_are_drawn_from_the_pile_when_they_are_turned_up() -> None:
    """The pieces lie face down: the oldest chooses colours, and the symbols come from the seed's generator
    as the pieces are turned up (the history holds only the colours)."""
    symbols = set()
    for seed in ("A", "B", "C", "D", "E", "F", "G", "H"):
        state, again = started(3, seed), started(3, seed)
        assert state.fingerprint() == again.fingerprint()
        assert [stack[0][0] for stack in state.stacks] == ["B", "O"]
        assert state.history == [(2, "bases B O")]
        symbols.add((state.stacks[0][0][1], state.stacks[1][0][1]))
        everything = [c for h in state.hands for c in h] + [c for s in state.stacks for c in s] + state.pile
        assert sorted(everything) == sorted(full_set())
    assert len(symbols) > 1


def test_choosing_the_bases_shows_no_hidden_symbol() -> None:
    """During the choice the view shows no stack and no symbol but the viewer's own, the legal choices depend
    on public colours only, and the choice cannot be undone once the symbols are up."""
    state = new(3, "SECRET")
    oldest = state.to_move[0]
    view = state.view(oldest)
    assert view["choosing_bases"] and view["stacks"] == [] and view["current"] == oldest
    assert not view["may_end_turn"]
    assert all("pieces" not in hand for hand in view["hands"] if hand["seat"] != oldest)
    assert set(view["pile"]) == {"count", "colours"}
    other = bots.determinize(state, oldest, Rng("other world"))
    assert other.legal_actions(oldest) == state.legal_actions(oldest) and other.view(oldest) == view
    state.apply(oldest, "bases G R")
    assert state.undo_floor == len(state.history) and not state.view(0)["choosing_bases"]


def test_edition_one_draws_the_bases_at_random() -> None:
    """Links made before this rule (v1) open as before: the two bases are drawn, of different colours."""
    for seed in ("A", "B", "C", "D", "E", "F"):
        state = new(3, seed, edition=1)
        assert not state.choosing_bases and state.to_move == [0]
        assert [len(s) for s in state.stacks] == [1, 1]
        assert state.stacks[0][0][0] != state.stacks[1][0][0]
        assert len(state.pile) == 75 - 30 - 2
        assert not any(action.startswith("bases") for action in state.legal_actions(0))


def test_the_rest_of_the_pieces_form_the_draw_pile() -> None:
    state = started(5)
    everything = [c for h in state.hands for c in h] + [c for s in state.stacks for c in s] + state.pile
    assert sorted(everything) == sorted(full_set())
    assert len(state.pile) == 23


def test_deal_and_bases_come_from_the_seed() -> None:
    a, b, c = new(4, "SAME"), new(4, "SAME"), new(4, "OTHER")
    assert a.fingerprint() == b.fingerprint()
    assert (a.hands, a.stacks) != (c.hands, c.stacks)


def test_play_goes_clockwise() -> None:
    state = arrange(new(3), [["Bc", "Bq"], ["Gc"], ["Rc"]], [["Pt"], ["Od"]])
    state.apply(0, "draw B")
    assert state.to_move == [1]
    state.apply(1, "draw B")
    state.apply(2, "draw B")
    assert state.to_move == [0]


def test_starting_seat_rotates_each_round() -> None:
    state = arrange(new(3), [["Bc"], ["Gc", "Gq"], ["Rc", "Rq"]], [["Bt"], ["Od"]])
    assert state.starter == 0 and state.round == 1
    state.apply(0, "Bc 1")  # empties the hand: round 2
    assert state.round == 2 and state.starter == 1
    assert state.choosing_bases and state.to_move == [bases_chooser(1, 3)] == [0]  # the oldest chooses again
    state.apply(0, "bases O G")
    assert state.to_move == [1]


# -- placing --------------------------------------------------------------------------------------------
def test_piece_may_match_the_top_by_colour() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    assert "Bc 1" in state.legal_actions(0)
    state.apply(0, "Bc 1")
    assert state.stacks[0] == ["Bt", "Bc"]


def test_piece_may_match_the_top_by_symbol() -> None:
    state = arrange(new(), [["Gd", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    assert "Gd 2" in state.legal_actions(0)
    state.apply(0, "Gd 2")
    assert state.stacks[1] == ["Od", "Gd"]


def test_piece_matching_neither_colour_nor_symbol_may_not_be_placed() -> None:
    state = arrange(new(), [["Gq", "Gc"], ["Rc"]], [["Bt"], ["Od"]])
    assert not any(a.startswith("Gq") for a in state.legal_actions(0))
    error = unchanged_after_illegal(state, 0, "Gq 1")
    assert error.key == "upcombine.no_match"


def test_only_the_top_piece_counts_for_matching() -> None:
    state = arrange(new(), [["Gq", "Gc"], ["Rc"]], [["Gt", "Bt"], ["Od"]])
    assert unchanged_after_illegal(state, 0, "Gq 1").key == "upcombine.no_match"


def test_a_stack_never_holds_more_than_two_pieces_of_one_colour() -> None:
    state = arrange(new(), [["Rq", "Gc"], ["Bc"]], [["Rc", "Bt", "Rt"], ["Od"]])
    assert "Rq 1" not in state.legal_actions(0)
    assert unchanged_after_illegal(state, 0, "Rq 1").key == "upcombine.colour_cap"
    # a second piece of a colour is fine
    state = arrange(new(), [["Rq", "Gc"], ["Bc"]], [["Bq", "Rt"], ["Od"]])
    state.apply(0, "Rq 1")
    assert state.stacks[0] == ["Bq", "Rt", "Rq"]


def test_only_one_piece_per_stack_per_turn() -> None:
    state = arrange(new(), [["Bc", "Bq", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    state.apply(0, "Bc 1")
    assert not any(a.endswith(" 1") for a in state.legal_actions(0))
    assert unchanged_after_illegal(state, 0, "Bq 1").key == "upcombine.stack_used"


def test_a_turn_may_place_on_several_stacks() -> None:
    state = arrange(new(), [["Bc", "Od", "Gq"], ["Rc"]], [["Bt"], ["Oq"]])
    state.apply(0, "Bc 1")
    state.apply(0, "Od 2")
    assert state.to_move == [0] and state.placed == 2
    assert state.stacks == [["Bt", "Bc"], ["Oq", "Od"]]


def test_a_placed_piece_cannot_be_taken_back() -> None:
    state = arrange(new(), [["Bc", "Od", "Gq"], ["Rc"]], [["Bt"], ["Oq"]])
    state.apply(0, "Bc 1")
    assert state.undo_floor == len(state.history)  # undo may not go back past the placement
    assert all(a.startswith("draw") or a[0] in COLOURS for a in state.legal_actions(0))


def test_a_piece_not_in_hand_cannot_be_placed() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Bq"]], [["Bt"], ["Oq"]])
    assert unchanged_after_illegal(state, 0, "Bq 1").key == "upcombine.not_in_hand"
    assert unchanged_after_illegal(state, 0, "Bc 9").key == "upcombine.no_such_stack"


def test_only_the_seat_to_move_may_act() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Bq"]], [["Bt"], ["Oq"]])
    assert state.legal_actions(1) == []
    assert unchanged_after_illegal(state, 1, "Bq 1").key == "error.not_your_turn"


# -- splitting ------------------------------------------------------------------------------------------
def test_the_fifth_colour_splits_an_even_stack_in_halves() -> None:
    stack = ["Bc", "Oc", "Pc", "Pt", "Gt"]
    state = arrange(new(), [["Rt", "Bq"], ["Bd"]], [stack, ["Oq"]])
    state.apply(0, "Rt 1")
    assert state.stacks == [["Bc", "Oc", "Pc"], ["Pt", "Gt", "Rt"], ["Oq"]]


def test_the_fifth_colour_splits_an_odd_stack_and_the_bottom_keeps_the_extra_piece() -> None:
    stack = ["Bc", "Oc", "Pc", "Pt", "Gt", "Bt"]  # 7 with the red piece: bottom 4 stay, top 3 move
    state = arrange(new(), [["Rt", "Bq"], ["Bd"]], [["Oq"], stack])
    state.apply(0, "Rt 2")
    assert state.stacks == [["Oq"], ["Bc", "Oc", "Pc", "Pt"], ["Gt", "Bt", "Rt"]]


def test_four_colours_do_not_split() -> None:
    state = arrange(new(), [["Gt", "Bq"], ["Bd"]], [["Bc", "Oc", "Pc", "Pt"], ["Oq"]])
    state.apply(0, "Gt 1")
    assert len(state.stacks) == 2 and len(state.stacks[0]) == 5


def test_both_halves_of_a_split_may_take_a_piece_at_once() -> None:
    stack = ["Bc", "Oc", "Pc", "Pt", "Gt"]
    state = arrange(new(), [["Rt", "Pq", "Rd", "Bq"], ["Bd"]], [stack, ["Oq"]])
    state.apply(0, "Rt 1")
    legal = state.legal_actions(0)
    assert "Pq 1" in legal  # the bottom half (top Pc) although stack 1 was used before the split
    assert "Rd 2" in legal  # the new upper half (top Rt)
    state.apply(0, "Pq 1")
    state.apply(0, "Rd 2")
    assert state.stacks[:2] == [["Bc", "Oc", "Pc", "Pq"], ["Pt", "Gt", "Rt", "Rd"]]


def test_splits_chain_when_a_new_half_reaches_its_fifth_colour() -> None:
    # stack 1 splits into [Bc Oc Pc Gc] and [Gt Bt Ot Rt]; the upper half gets P: its 5th colour -> splits
    state = arrange(new(), [["Rt", "Pt", "Bq"], ["Bd"]],
                    [["Bc", "Oc", "Pc", "Gc", "Gt", "Bt", "Ot"], ["Od"]])
    state.apply(0, "Rt 1")
    assert state.stacks[:2] == [["Bc", "Oc", "Pc", "Gc"], ["Gt", "Bt", "Ot", "Rt"]]
    state.apply(0, "Pt 2")
    assert state.stacks == [["Bc", "Oc", "Pc", "Gc"], ["Gt", "Bt", "Ot"], ["Rt", "Pt"], ["Od"]]
    assert not state.used[1] and not state.used[2]  # and both new halves are open again
    assert "Bq 1" not in state.legal_actions(0)  # Bq matches the top Gc in neither way
    assert state.to_move == [0] and state.placed == 2


# -- ending the turn --------------------------------------------------------------------------------------
def test_the_turn_ends_by_drawing_a_piece_of_a_chosen_colour() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    state.apply(0, "Bc 1")
    pile_before = len(state.pile)
    state.apply(0, "draw G")
    assert len(state.pile) == pile_before - 1
    assert Counter(c[0] for c in state.hands[0]) == {"G": 2}
    assert state.to_move == [1] and state.undo_floor == len(state.history)


def test_a_player_who_placed_still_draws_to_end_the_turn() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    state.apply(0, "Bc 1")
    assert "pass" not in state.legal_actions(0)
    assert any(a.startswith("draw") for a in state.legal_actions(0))


def test_a_player_who_can_place_must_place_before_drawing() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Rc"]], [["Bt"], ["Od"]])
    assert not any(a.startswith("draw") for a in state.legal_actions(0))
    assert unchanged_after_illegal(state, 0, "draw R").key == "upcombine.must_place"


def test_a_player_who_cannot_place_draws() -> None:
    state = arrange(new(), [["Gq", "Gc"], ["Rc"]], [["Bt"], ["Od"]])
    assert all(a.startswith("draw") for a in state.legal_actions(0))
    state.apply(0, "draw O")
    assert len(state.hands[0]) == 3


def test_a_colour_missing_from_the_pile_cannot_be_drawn() -> None:
    state = arrange(new(), [["Gq"], ["Rc"]], [["Bt"], ["Od"]], pile=["Rq", "Rd"])
    assert state.legal_actions(0) == ["draw R"]
    assert unchanged_after_illegal(state, 0, "draw B").key == "upcombine.colour_gone"


def test_the_drawn_piece_is_random_among_that_colour() -> None:
    symbols = set()
    for seed in range(30):
        state = arrange(new(2, f"D{seed}"), [["Gq"], ["Rc"]], [["Bt"], ["Od"]], pile=["Rq", "Rd", "Rs", "Bc"])
        state.apply(0, "draw R")
        symbols.add(next(c for c in state.hands[0] if c[0] == "R"))
    assert symbols == {"Rq", "Rd", "Rs"}


def test_with_an_empty_pile_the_turn_ends_without_a_draw() -> None:
    state = arrange(new(), [["Bc", "Gq"], ["Rc"]], [["Bt"], ["Od"]], pile=[])
    state.apply(0, "Bc 1")
    assert state.legal_actions(0) == ["pass"]
    assert unchanged_after_illegal(state, 0, "draw G").key == "upcombine.pile_empty"
    state.apply(0, "pass")
    assert state.to_move == [1] and len(state.hands[0]) == 1


def test_pass_is_only_for_an_empty_pile() -> None:
    state = arrange(new(), [["Gq"], ["Rc"]], [["Bt"], ["Od"]])
    assert unchanged_after_illegal(state, 0, "pass").key == "upcombine.must_draw"


# -- rounds and scoring ----------------------------------------------------------------------------------------
def test_the_round_ends_when_a_hand_is_empty_and_the_others_score_a_point_per_piece() -> None:
    state = arrange(new(3), [["Bc", "Od"], ["Gc", "Gq", "Rq"], ["Rc"]], [["Bt"], ["Oq"]])
    state.apply(0, "Bc 1")
    assert state.round == 1
    state.apply(0, "Od 2")  # the last piece: the round ends at once, without a draw
    assert state.rounds[-1] == {"round": 1, "winner": 0, "blocked": False, "points": [0, 3, 1]}
    assert state.scores() == [0, 3, 1]
    assert state.round == 2


def test_a_new_round_deals_everything_again() -> None:
    state = arrange(new(2), [["Bc"], ["Gc", "Gq", "Rq"]], [["Bt"], ["Oq"]])
    state.apply(0, "Bc 1")
    assert all(len(h) == 10 for h in state.hands)
    assert state.stacks == [] and state.choosing_bases
    state.apply(state.to_move[0], "bases B R")
    assert [len(s) for s in state.stacks] == [1, 1]
    everything = [c for h in state.hands for c in h] + [c for s in state.stacks for c in s] + state.pile
    assert sorted(everything) == sorted(full_set())
    assert state.undo_floor == len(state.history)


def test_a_blocked_round_scores_every_hand() -> None:
    # the pile is empty and nobody can place: after every seat passes in a row the round ends
    state = arrange(new(2), [["Gq", "Gc"], ["Rq"]], [["Bt"], ["Od"]], pile=[])
    state.apply(0, "pass")
    assert state.round == 1
    state.apply(1, "pass")
    assert state.rounds[-1] == {"round": 1, "winner": None, "blocked": True, "points": [2, 1]}
    assert state.round == 2


def test_the_game_ends_when_someone_reaches_twelve_points() -> None:
    state = arrange(new(3), [["Bc"], ["Gc", "Gq"], ["Rc"]], [["Bt"], ["Oq"]], totals=[5, TARGET - 2, 3])
    state.apply(0, "Bc 1")
    assert state.is_over and state.to_move == []
    assert state.scores() == [5, TARGET, 4]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        state.apply(1, "draw B")


def test_below_twelve_the_game_goes_on() -> None:
    state = arrange(new(3), [["Bc"], ["Gc", "Gq"], ["Rc"]], [["Bt"], ["Oq"]], totals=[5, TARGET - 3, 3])
    state.apply(0, "Bc 1")
    assert not state.is_over and state.scores() == [5, TARGET - 1, 4]


def test_the_lowest_total_wins() -> None:
    state = arrange(new(3), [["Bc"], ["Gc", "Gq"], ["Rc"]], [["Bt"], ["Oq"]], totals=[5, 11, 3])
    state.apply(0, "Bc 1")
    assert state.scores() == [5, 13, 4] and state.winners() == [2]


def test_tied_lowest_totals_share_the_win() -> None:
    """'O jogador que tiver a pontuação total mais baixa será o grande vencedor' and no tie-break: the box's one
    policy (docs/rules/upcombine.md, rule 10): seats tied on the best total share the win, as in Upthrust."""
    state = arrange(new(3), [["Bc"], ["Gc", "Gq"], ["Rc"]], [["Bt"], ["Oq"]], totals=[4, 11, 3])
    state.apply(0, "Bc 1")
    assert state.scores() == [4, 13, 4] and state.winners() == [0, 2]
    assert state.log[-1]["key"] == "upcombine.game_over" and state.log[-1]["params"]["winners"] == [0, 2]


# -- hidden information, notation, bots ----------------------------------------------------------------------------
def test_view_shows_own_symbols_and_only_colours_of_other_hands_and_the_pile() -> None:
    state = new(3)
    view = state.view(1)
    assert "pieces" in view["hands"][1] and "pieces" not in view["hands"][0]
    assert view["hands"][0]["colours"] == [c[0] for c in state.hands[0]]
    assert set(view["pile"]) == {"count", "colours"}
    spectator = state.view(None)
    assert all("pieces" not in hand for hand in spectator["hands"])


def test_the_log_of_a_draw_names_only_the_colour() -> None:
    state = arrange(new(), [["Gq"], ["Rc"]], [["Bt"], ["Od"]], pile=["Rq"])
    state.apply(0, "draw R")
    entry = state.log[-1]
    assert entry["key"] == "upcombine.drew" and entry["params"] == {"colour": "R"}
    assert "square" not in entry["text"]


def test_bad_notation_is_refused() -> None:
    state = new()
    for action in ("", "draw", "Xx 1", "Bc", "draw blue", "place Bc 1", "Bc 0"):
        unchanged_after_illegal(state, 0, action)


def test_notation_fits_a_share_code_and_replays() -> None:
    state = new(3, "SHARE")
    rng = Rng("share")
    for _ in range(40):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    code = share.encode(state)
    assert share.decode(code).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_play_legal_moves(level: str) -> None:
    state = new(3, "BOTS")
    for _ in range(6):
        seat = state.to_move[0]
        action = gamebox.bots.choose(state, seat, level, budget_ms=30, seed="t")
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_easy_bot_places_while_it_can_and_prefers_a_split() -> None:
    stack = ["Bc", "Oc", "Pc", "Pt", "Gt"]
    state = arrange(new(), [["Rt", "Bq", "Oq"], ["Bd"]], [stack, ["Oc"]])
    assert bots.greedy(state, 0, 0, Rng("e")) == "Rt 1"


def test_the_table_says_why_undo_is_not_offered() -> None:
    """Issue 22: Undo was greyed on every turn with no reason. Every action of Up Combine sets the undo floor, so a
    person's placement, draw or choice of bases cannot be undone; the table reply says why (``undo_refusal``), in
    the words of the kind of action the person made last. Before a person moves there is nothing to explain."""
    from gamebox.core import bridge

    def ask(**request: object) -> dict[str, object]:
        return bridge.handle(dict(request))

    human, easy = {"kind": "human", "level": ""}, {"kind": "bot", "level": "easy"}
    reply = ask(op="new", game="upcombine", players=2, seed="UNDO1", seats=[easy, human])
    assert reply["undo_refusal"] is None and not reply["can_undo"]  # seat 1 (the oldest) chooses the bases
    seen: set[str] = set()
    for _ in range(60):
        if reply["to_move"] == [0]:
            reply = ask(op="bot", budget_ms=20)
            continue
        actions = [target["action"] for target in reply["view"]["targets"]]  # type: ignore[index]
        reply = ask(op="apply", seat=1, action=actions[0])
        last = reply["history"][-1][1]  # type: ignore[index]
        assert not reply["can_undo"]
        refusal = reply["undo_refusal"]
        expected = ("upcombine.undo.bases" if last.startswith("bases") else "upcombine.undo.drew"
                    if last.startswith("draw") else "upcombine.undo.placed")
        assert refusal == {"key": expected, "params": {}}
        seen.add(expected)
    assert seen >= {"upcombine.undo.bases", "upcombine.undo.placed", "upcombine.undo.drew"}
    assert ask(op="undo")["error"]["key"] == "error.nothing_to_undo"  # type: ignore[index]
    bridge.reset()
