"""Ubongo Extreme: every rule of the rulebook, by name (the puzzle engine is in test_ubongo_solver.py)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import gamebox
from gamebox.core import bridge
from gamebox.core.errors import IllegalAction, InvalidSetup
from gamebox.core.game import State
from gamebox.core.rng import Rng
from gamebox.ubongo import GAME
from gamebox.ubongo.bots import HANDS_MS, HANDS_MS_PER_TILE, SECONDS_PER_POINT, solve_time_ms, spread
from gamebox.ubongo.rules import (
    DEFAULT_TIMER,
    DISPLAY_START,
    GEM_POINTS,
    GEM_TOTALS,
    ROUNDS,
    UbongoState,
    first_solution,
    parse_placement,
    placements_notation,
    solution_notation,
    split_time,
)
from gamebox.ubongo.solver import Placement, covers
from gamebox.ubongo.tiles import COLOURS, canonical_turns

T = DEFAULT_TIMER * 1000


def new(players: int = 2, seed: str = "GEMS", edition: int = 2, **options: object) -> UbongoState:
    state = GAME.new(seed, players, edition=edition, **options)
    assert isinstance(state, UbongoState)
    return state


def with_gems(state: UbongoState, gems: dict[int, dict[str, int]]) -> UbongoState:
    """``state``'s game with these seats' gem counts changed ({seat: {gem: count}}), by Game.restore."""
    snapshot = state.snapshot()
    snapshot["gems"] = [{**counts, **gems.get(seat, {})} for seat, counts in enumerate(snapshot["gems"])]
    restored = GAME.restore(snapshot, seed=state.seed, players=state.players, options=state.options,
                            edition=state.edition, history=state.history, rng=state.rng)
    assert isinstance(restored, UbongoState)
    return restored


def solve(state: UbongoState, seat: int, ms: int) -> str:
    return f"solve {solution_notation(first_solution(state.card_side(seat), state.colour(seat)))} @{ms}"


def play_round(state: UbongoState, times: dict[int, int | None]) -> None:
    """Every active seat reports: a solve at its time, or a timeout (None)."""
    for seat, ms in times.items():
        state.apply(seat, "timeout" if ms is None else solve(state, seat, ms))


def all_gems(state: UbongoState) -> Counter[str]:
    total: Counter[str] = Counter(state.display)
    total.update(state.bag)
    for gems in state.gems:
        total.update(gems)
    return total


def bag_total(state: UbongoState) -> int:
    return sum(state.bag.values())


# -- components and set-up ------------------------------------------------------------------------------
def test_there_are_54_gems_9_rubies_18_sapphires_9_emeralds_18_amber():
    assert GEM_TOTALS == {"ruby": 9, "sapphire": 18, "emerald": 9, "amber": 18}
    assert sum(GEM_TOTALS.values()) == 54
    assert all_gems(new()) == Counter(GEM_TOTALS)


def test_gem_values_are_ruby_4_sapphire_3_emerald_2_amber_1():
    assert GEM_POINTS == {"ruby": 4, "sapphire": 3, "emerald": 2, "amber": 1}


def test_display_holds_9_sapphires_and_9_amber_and_the_bag_the_rest():
    state = new()
    assert state.display == DISPLAY_START == {"sapphire": 9, "amber": 9}
    assert state.bag == {"ruby": 9, "sapphire": 9, "emerald": 9, "amber": 9}


def test_easy_side_is_the_default_and_shows_3_tiles_per_colour():
    state = new()
    assert state.side == "easy"
    for seat in range(2):
        assert len(state.own_tiles(seat)) == 3
        assert 13 <= len(state.card_side(seat).board) <= 16


def test_hard_side_shows_4_tiles_per_colour():
    state = new(side="hard")
    for seat in range(2):
        assert len(state.own_tiles(seat)) == 4
        assert 18 <= len(state.card_side(seat).board) <= 21


def test_each_player_draws_a_different_colour_token():
    state = new(4)
    assert sorted(c for c in state.colours if c) == sorted(COLOURS)
    state = new(2)
    assert len({state.colour(0), state.colour(1)}) == 2


def test_tokens_go_back_in_the_bag_so_a_colour_may_repeat():
    state = new(2, seed="REPEAT")
    repeated = False
    for _ in range(ROUNDS - 1):
        before = list(state.colours)
        play_round(state, {0: None, 1: None})
        repeated |= any(before[s] == state.colours[s] for s in range(2))
    assert repeated


def test_each_player_takes_the_top_card_of_the_shuffled_deck():
    state = new(4, seed="DECK")
    seen: list[int] = []
    for _ in range(ROUNDS):
        cards = [state.cards[s] for s in range(4)]
        assert cards == state.deck[state.deck_pos - 4:state.deck_pos]
        seen += [c for c in cards if c is not None]
        play_round(state, {s: None for s in range(4)})
    assert len(seen) == len(set(seen)) == 36


def test_the_sand_timer_is_an_option_with_a_default_of_two_minutes():
    assert GAME.options["timer"]["default"] == 120
    assert new(timer=60).timer_ms == 60_000


def test_all_players_race_at_once():
    state = new(3)
    assert state.to_move == [0, 1, 2]
    state.apply(1, solve(state, 1, 5000))
    assert state.to_move == [0, 2]



def test_other_seats_hand_ins_stay_out_of_the_log_until_the_round_is_over():
    state = new(3)
    state.apply(1, solve(state, 1, 40_000))  # a bot hands in at the start of the round, with a later time
    state.apply(2, "timeout")
    assert [e["key"] for e in state.log_for(0)] == []
    assert [(e["seat"], e["key"]) for e in state.log_for(1)] == [(1, "ubongo.solved")]
    assert state.log_for(None) == []
    state.apply(0, solve(state, 0, 30_000))
    revealed = [(e["seat"], e["key"]) for e in state.log_for(0)]
    assert revealed[:3] == [(0, "ubongo.solved"), (1, "ubongo.solved"), (2, "ubongo.timeout")]
    assert state.log_for(0) == state.log_for(2) == state.log


def test_the_round_results_are_logged_fastest_first_whoever_handed_in_first():
    """The bots hand in when the round starts; the log lists the round's results as the table saw them: by time,
    exact ties as the round ranked them, give-ups last (issue 22: Bot 2's 42 s was listed before your 27.5 s)."""
    state = new(4)
    state.apply(3, "timeout")
    state.apply(2, solve(state, 2, 42_000))
    state.apply(1, solve(state, 1, 90_000))
    state.apply(0, solve(state, 0, 27_500))
    hand_ins = [(e["seat"], e["params"].get("time")) for e in state.log
                if e["key"] in ("ubongo.solved", "ubongo.timeout")]
    assert hand_ins == [(0, 27_500), (2, 42_000), (1, 90_000), (3, None)]
    assert [e["key"] for e in state.log[4:]][-1] == "ubongo.round_over"  # then the gems and the round's end
    # an exact tie: in the order of the ranks the round drew for it
    state = new(2, seed="TIE")
    state.apply(1, solve(state, 1, 30_000))
    state.apply(0, solve(state, 0, 30_000))
    ranks = {r["seat"]: r["rank"] for r in state.last_round["results"]}
    assert [e["seat"] for e in state.log[:2]] == sorted(ranks, key=ranks.__getitem__)
    # the second round's hand-ins leave the first round's lines where they were
    first = list(state.log)
    state.apply(0, "timeout")
    state.apply(1, solve(state, 1, 5_000))
    assert state.log[:len(first)] == first
    assert [e["seat"] for e in state.log[len(first):len(first) + 2]] == [1, 0]

# -- the race -------------------------------------------------------------------------------------------
def test_the_game_lasts_nine_rounds():
    state = new(2)
    for number in range(1, ROUNDS + 1):
        assert state.round == number and not state.is_over
        play_round(state, {0: 1000, 1: None})
    assert state.is_over and state.phase == "over"


def test_first_solver_takes_a_sapphire_from_the_display_and_a_gem_from_the_bag():
    state = new(3)
    bag = bag_total(state)
    play_round(state, {0: 30_000, 1: None, 2: None})
    assert state.gems[0]["sapphire"] >= 1 and sum(state.gems[0].values()) == 2
    assert state.display["sapphire"] == 8
    assert bag_total(state) == bag - 1 + 1  # one drawn, one amber put in (only one solved)


def test_second_solver_takes_an_amber_from_the_display_and_a_gem_from_the_bag():
    state = new(3)
    bag = bag_total(state)
    play_round(state, {0: 30_000, 1: 20_000, 2: None})
    assert sum(state.gems[0].values()) == 2 and state.gems[0]["amber"] >= 1
    assert sum(state.gems[1].values()) == 2 and state.gems[1]["sapphire"] >= 1
    assert state.display == {"sapphire": 8, "amber": 8}
    assert bag_total(state) == bag - 2


def test_third_and_fourth_solvers_draw_one_gem_from_the_bag():
    state = new(4)
    bag = bag_total(state)
    play_round(state, {0: 4000, 1: 3000, 2: 2000, 3: 1000})
    assert [sum(g.values()) for g in state.gems] == [1, 1, 2, 2]
    assert state.display == {"sapphire": 8, "amber": 8}
    assert bag_total(state) == bag - 4
    assert [r["rank"] for r in state.last_round["results"]] == [4, 3, 2, 1]


def test_order_comes_from_the_times_not_from_the_order_of_the_actions():
    state = new(2)
    state.apply(0, solve(state, 0, 50_000))
    state.apply(1, solve(state, 1, 10_000))
    results = {r["seat"]: r for r in state.last_round["results"]}
    assert results[1]["rank"] == 1 and results[0]["rank"] == 2
    assert state.gems[1]["sapphire"] >= 1


def test_if_only_one_solves_an_amber_goes_from_the_display_into_the_bag():
    state = new(2)
    play_round(state, {0: None, 1: 42_000})
    assert state.display == {"sapphire": 8, "amber": 8}
    assert state.last_round["to_bag"] == ["amber"]
    assert all_gems(state) == Counter(GEM_TOTALS)


def test_if_nobody_solves_a_sapphire_and_an_amber_go_from_the_display_into_the_bag():
    state = new(2)
    bag = dict(state.bag)
    play_round(state, {0: None, 1: None})
    assert state.display == {"sapphire": 8, "amber": 8}
    assert state.bag["sapphire"] == bag["sapphire"] + 1 and state.bag["amber"] == bag["amber"] + 1
    assert state.last_round["second_chance"] is True
    assert state.last_round["to_bag"] == ["sapphire", "amber"]


def test_second_chance_first_solver_takes_one_gem_from_the_bag_only():
    state = new(3)
    play_round(state, {0: T + 9000, 1: T + 4000, 2: None})
    assert sum(state.gems[1].values()) == 1  # from the bag (display gems went into the bag)
    assert sum(state.gems[0].values()) == 0  # nobody else wins anything in the second chance
    assert state.display == {"sapphire": 8, "amber": 8}
    assert all_gems(state) == Counter(GEM_TOTALS)


def test_second_chance_with_nobody_solving_gives_no_gems():
    state = new(2)
    play_round(state, {0: None, 1: None})
    assert all(sum(g.values()) == 0 for g in state.gems)
    assert state.round == 2


def test_a_solve_after_the_timer_wins_nothing_when_someone_solved_in_time():
    state = new(2)
    play_round(state, {0: T - 1, 1: T + 1})
    assert sum(state.gems[0].values()) == 2 and sum(state.gems[1].values()) == 0
    assert state.last_round["second_chance"] is False


def test_a_solve_after_the_second_sand_timer_is_illegal():
    state = new(2)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(0, solve(state, 0, 2 * T))
    assert state.fingerprint() == before


def test_display_loses_one_sapphire_and_one_amber_every_round():
    for times in ({0: 1, 1: 2}, {0: 1, 1: None}, {0: None, 1: None}, {0: T + 1, 1: None}):
        state = new(2)
        play_round(state, times)
        assert state.display == {"sapphire": 8, "amber": 8}


def test_after_nine_rounds_the_display_is_empty():
    state = new(3)
    for r in range(ROUNDS):
        play_round(state, {0: 1000 + r, 1: None, 2: None if r % 2 else 500})
    assert state.display == {"sapphire": 0, "amber": 0}
    assert all_gems(state) == Counter(GEM_TOTALS)


def test_final_score_adds_up_gem_values():
    state = new(2)
    state = with_gems(state, {0: {"ruby": 1, "sapphire": 1, "emerald": 3, "amber": 3}})  # the rulebook's example
    assert state.scores()[0] == 16


def test_most_points_wins():
    state = new(2)
    for _ in range(ROUNDS):
        play_round(state, {0: 1000, 1: None})
    assert state.is_over and state.winners() == [0]


# -- a human's solve is checked -------------------------------------------------------------------------
def test_a_solve_must_cover_the_board_exactly():
    state = new(2)
    solution = first_solution(state.card_side(0), state.colour(0))
    moved = [p._replace(at=(p.at[0] + 1, p.at[1])) for p in solution]
    assert not covers(state.card_side(0).board, state.colour(0), moved)
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(0, f"solve {solution_notation(tuple(moved))} @1000")
    assert error.value.key == "ubongo.not_covered"
    assert state.fingerprint() == before


def test_a_solve_must_use_exactly_the_players_tiles():
    state = new(2)
    solution = first_solution(state.card_side(0), state.colour(0))
    with pytest.raises(IllegalAction) as error:
        state.apply(0, f"solve {solution_notation(solution[:-1])} @1000")
    assert error.value.key == "ubongo.wrong_tiles"


def test_a_solve_carries_its_time():
    state = new(2)
    with pytest.raises(IllegalAction):
        state.apply(0, solve(state, 0, 1000).split(" @")[0])
    with pytest.raises(IllegalAction):
        state.apply(0, "timeout @5")


def test_a_solve_lists_its_placements_by_tile_number():
    state = new(2)
    solution = first_solution(state.card_side(0), state.colour(0))
    text = solution_notation(solution)
    assert [int(part.split()[0]) for part in text.split(", ")] == sorted(state.own_tiles(0))
    state.apply(0, f"solve {text} @1000")
    assert state.reports[0] == {"time": 1000, "solution": text}


def test_edition_1_links_still_read_placements_in_any_order_and_any_equivalent_turn():
    """Links made before actions were canonical hold solves as people's pages wrote them; they open as they did."""
    state = new(2, edition=1)
    solution = first_solution(state.card_side(0), state.colour(0))
    shuffled = tuple(reversed(solution))
    state.apply(0, f"solve {placements_notation(shuffled)} @1000")
    assert state.reports[0] == {"time": 1000, "solution": placements_notation(shuffled)}
    listed = placements_notation(first_solution(state.card_side(1), state.colour(1)))  # the solver's order
    assert state.legal_actions(1)[0] == f"solve {listed} @0"


# -- the play-off ---------------------------------------------------------------------------------------
def tie_at_the_end(players: int = 2) -> UbongoState:
    state = new(players, seed="TIE")
    for _ in range(ROUNDS):
        play_round(state, {s: None for s in range(players)})
    return state


def test_a_tie_for_most_points_is_decided_by_a_play_off():
    state = tie_at_the_end(2)
    assert state.phase == "playoff" and state.to_move == [0, 1] and not state.is_over
    assert all(state.colours[s] and state.cards[s] for s in (0, 1))
    state.apply(0, solve(state, 0, 90_000))
    state.apply(1, solve(state, 1, 30_000))
    assert state.is_over and state.winners() == [1]
    assert state.scores() == [0, 0]


def test_only_the_tied_leaders_play_off():
    state = new(3, seed="TIE3")
    for _ in range(ROUNDS - 1):
        play_round(state, {0: None, 1: None, 2: None})
    state = with_gems(state, {0: {"ruby": 2}, 1: {"ruby": 2}, 2: {"amber": 1}})
    play_round(state, {0: None, 1: None, 2: None})
    assert state.phase == "playoff" and state.to_move == [0, 1]
    assert state.cards[2] is None


def test_the_play_off_is_played_again_if_nobody_solves():
    state = tie_at_the_end(2)
    cards = list(state.cards)
    play_round(state, {0: None, 1: None})
    assert state.phase == "playoff" and state.playoffs == 2 and state.cards != cards
    play_round(state, {0: 5000, 1: None})
    assert state.winners() == [0]


def test_the_play_off_has_no_sand_timer():
    state = tie_at_the_end(2)
    state.apply(0, solve(state, 0, 10 * T))
    state.apply(1, "timeout")
    assert state.winners() == [0]


# -- bots -----------------------------------------------------------------------------------------------
def test_bots_solve_after_a_time_drawn_from_the_state_so_games_replay():
    state = new(2, seed="BOT")
    a = gamebox.bots.choose(state, 0, "normal", 10, "x")
    b = gamebox.bots.choose(state, 0, "normal", 10, "y")
    assert a == b  # the time comes from the state's generator, not the caller's seed
    state.apply(0, a)
    assert state.reports[0] is not None


def test_harder_bots_are_faster_and_easy_bots_sometimes_fail():
    from gamebox.core.rng import Rng

    rng = Rng("levels")
    times = {level: [solve_time_ms(level, 6, rng) for _ in range(400)] for level in ("easy", "normal", "hard")}
    means = {level: sum(t for t in ts if t) / len([t for t in ts if t]) for level, ts in times.items()}
    assert means["hard"] < means["normal"] < means["easy"]
    assert any(t is None for t in times["easy"])
    state = new(2, seed="SLOW", side="hard", timer=60)
    actions = [gamebox.bots.choose(state, 0, "easy", 10, "s")]
    for _ in range(30):
        state.apply(1, "timeout")
        state.apply(0, actions[-1])
        if state.is_over:
            break
        actions.append(gamebox.bots.choose(state, 0, "easy", 10, "s"))
    assert "timeout" in actions


# -- puzzle mode (1 player) -------------------------------------------------------------------------------
def test_one_player_is_puzzle_mode_opened_by_a_puzzle_code():
    state = new(1, seed="K7Q2M-07HB")
    view = state.view(0)
    assert view["mode"] == "puzzle" and view["puzzle"] == "K7Q2M-07HB"
    p = gamebox.ubongo.puzzle("K7Q2M-07HB")
    assert view["board"] == [list(c) for c in p.board]
    assert [t["number"] for t in view["tiles"]] == list(p.tiles["blue"])


def test_puzzle_of_the_day_is_seeded_by_the_date():
    a, b = new(1, seed="2026-12-01"), new(1, seed="2026-12-01")
    assert a.view(0)["puzzle"] == b.view(0)["puzzle"] != new(1, seed="2026-12-02").view(0)["puzzle"]
    assert a.view(0)["puzzle"].startswith("2026-12-01-")


def test_a_bad_puzzle_code_is_a_clear_setup_error():
    with pytest.raises(InvalidSetup) as error:
        new(1, seed="K7Q2M-99HB")
    assert error.value.key == "ubongo.bad_puzzle_code"


def test_placing_all_tiles_correctly_solves_the_puzzle_with_its_time():
    state = new(1, seed="K7Q2M-03ER")
    solution = gamebox.ubongo.puzzle("K7Q2M-03ER").solutions()[0]
    for i, p in enumerate(solution):
        assert not state.is_over
        state.apply(0, f"place {p.notation()} @{1000 * (i + 1)}")
    assert state.is_over and state.view(0)["solved"] and state.view(0)["time_ms"] == 1000 * len(solution)
    assert state.scores() == [1]


def test_a_tile_must_lie_on_white_hexes_without_overlap():
    state = new(1, seed="K7Q2M-03ER")
    p = gamebox.ubongo.puzzle("K7Q2M-03ER").solutions()[0][0]
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(0, f"place {p._replace(at=(p.at[0] + 40, p.at[1])).notation()}")
    assert error.value.key == "ubongo.off_board" and state.fingerprint() == before
    state.apply(0, f"place {p.notation()}")
    other = [t for t in state.own_tiles(0) if t != p.tile][0]
    overlapping = [a for a in state.legal_actions(0) if a.startswith(f"place {other} ")]
    assert overlapping  # legal placements avoid the placed tile...
    with pytest.raises(IllegalAction):  # ...and one on top of it is refused
        state.apply(0, f"place {other} q{p.at[0]}r{p.at[1]} rot0")


def test_a_tile_can_be_taken_off_again():
    state = new(1, seed="K7Q2M-03ER")
    state.apply(0, state.legal_actions(0)[0])
    tile = next(iter(state.placed))
    state.apply(0, f"remove {tile}")
    assert state.placed == {}


def test_a_hint_places_one_correct_tile():
    state = new(1, seed="K7Q2M-12HG")
    solutions = gamebox.ubongo.puzzle("K7Q2M-12HG").solutions()
    state.apply(0, "hint")
    assert state.hints == 1 and len(state.placed) == 1
    (tile, p), = state.placed.items()
    assert any(q.cells("green") == p.cells("green") for s in solutions for q in s if q.tile == tile)


def test_a_hint_corrects_a_wrongly_placed_tile():
    state = new(1, seed="K7Q2M-12HG")
    solutions = gamebox.ubongo.puzzle("K7Q2M-12HG").solutions()
    right = {(q.tile, q.cells("green")) for s in solutions for q in s}
    wrong = next(a for a in state.legal_actions(0) if a.startswith("place ")
                 and (int(a.split()[1]), gamebox.ubongo.rules.parse_placement(a[6:]).cells("green")) not in right)
    state.apply(0, wrong)
    for _ in range(len(state.own_tiles(0))):
        if state.is_over:
            break
        state.apply(0, "hint")
    assert state.is_over and state.view(0)["solved"]


def test_a_bot_in_puzzle_mode_takes_a_wrong_tile_off_and_solves():
    state = new(1, seed="K7Q2M-01ER")
    state.apply(0, state.legal_actions(0)[3])  # a tile where it does not belong
    for _ in range(12):
        if state.is_over:
            break
        state.apply(0, gamebox.bots.choose(state, 0, "hard", 10, "x"))
    assert state.is_over and state.view(0)["solved"]
    assert any(action.startswith("remove ") for _, action in state.history)


def test_show_solution_ends_the_puzzle_unsolved():
    state = new(1, seed="K7Q2M-12HG")
    state.apply(0, "solution")
    assert state.is_over and state.view(0)["solution_shown"] and state.scores() == [0]
    assert covers(state.card_side(0).board, "green", list(state.placed.values()))


# -- the view -----------------------------------------------------------------------------------------------
def test_view_shows_bag_counts_but_never_the_deck_order_or_generator():
    state = new(3)
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        text = json.dumps(view)
        assert "deck\"" not in text and "rng" not in text
        assert view["bag"] == state.bag and view["display"] == state.display
        assert view["round"] == 1 and view["timer_ms"] == T
        seat = view["seats"][0]
        assert {"colour", "board", "tiles", "gems", "score", "puzzle", "reported", "time_ms"} <= set(seat)


# -- canonical actions: one move, one text ---------------------------------------------------------------------
def other_writings(colour: str, p: Placement) -> list[Placement]:
    """The same tile on the same hexes written with another turn (symmetric tiles only)."""
    found = []
    for (rot, flip), (rot2, flip2, dq, dr) in canonical_turns(colour, p.tile).items():
        if (rot2, flip2) == (p.rot, p.flip) and (rot, flip) != (p.rot, p.flip):
            found.append(Placement(p.tile, rot, flip, (p.at[0] - dq, p.at[1] - dr)))
    return found


def refused_without_a_trace(state: State, seat: int, action: str) -> str:
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    assert state.fingerprint() == before
    assert error.value.key
    return error.value.key


def variants(action: str, may_carry_time: bool = False) -> list[str]:
    """Texts that a lenient reader would take for ``action``."""
    words = action.split(" ")
    out = [f" {action}", f"{action} ", f"{action}\n", action.replace(" ", "  ", 1), action.upper(),
           action.swapcase(), action.replace("q", "Q"), action.capitalize()]
    out += [action.replace(f"{word}", f"{word[0]}0{word[1:]}", 1) for word in words if word[:1] in "@q"]
    out += [action.replace(f" {word}", f" 0{word}", 1) for word in words if word.isdigit()]
    out += [action.replace(", ", ",", 1), action.replace(", ", " , ", 1), action.replace(" @", "@", 1),
            action.replace(" @", " @ ", 1), action.replace(" @", " @+", 1), action.replace(" @", " @-", 1)]
    if "@" not in action and not may_carry_time:
        out.append(f"{action} @5")
    return [text for text in out if text != action]


@pytest.mark.parametrize("players, side", [(2, "easy"), (3, "hard"), (4, "easy")])
def test_every_listed_race_action_is_accepted(players, side):
    state = new(players, seed=f"CANON{players}", side=side)
    for seat in range(players):
        for action in state.legal_actions(seat):
            twin = state.copy()
            twin.apply(seat, action)
            assert twin.history[-1] == (seat, action)


def test_every_listed_puzzle_action_is_accepted():
    """Every action a puzzle lists is played in exactly its text; a place or a hint may also carry the clock of the
    person's move (``@ms``), and then is the same move: the same puzzle after it, but for the stopwatch."""
    state = new(1, seed="K7Q2M-12HG")
    state.apply(0, "hint")
    before = state.fingerprint()
    listed = state.legal_actions(0)
    for action in listed:
        twin = state.copy()
        twin.apply(0, action)
        assert twin.history[-1] == (0, action)
    place = listed[0]
    assert place.startswith("place ")
    for untimed, timed in ((place, f"{place} @1500"), ("hint", "hint @1200")):
        plain, clocked = state.copy(), state.copy()
        plain.apply(0, untimed)
        clocked.apply(0, timed)
        assert clocked.history[-1] == (0, timed) and state.same_move(timed, untimed)
        plain_view, clocked_view = plain.view(0), clocked.view(0)
        assert {key for key in plain_view if plain_view[key] != clocked_view[key]} == {"stopwatch_ms"}, timed
    assert state.fingerprint() == before


def test_a_race_action_is_accepted_only_in_its_one_text():
    state = new(2, seed="CANON")
    solve = state.legal_actions(0)[5]
    for action in variants(solve) + variants("timeout"):
        refused_without_a_trace(state, 0, action)
    solution = first_solution(state.card_side(0), state.colour(0))
    reordered = f"solve {placements_notation(tuple(reversed(sorted(solution, key=lambda p: p.tile))))} @5000"
    assert refused_without_a_trace(state, 0, reordered) == "ubongo.not_canonical"


def test_a_symmetric_tile_is_written_in_its_first_turn_only():
    """Turned half-way round, a symmetric tile covers the same hexes: the notation writes it one way."""
    for number in range(40):
        state = new(2, seed=f"SYM{number}")
        colour = state.colour(0)
        solution = first_solution(state.card_side(0), colour)
        turned = [(i, other) for i, p in enumerate(solution) for other in other_writings(colour, p)]
        if turned:
            break
    else:  # pragma: no cover
        raise AssertionError("no symmetric tile in 40 deals")
    index, other = turned[0]
    written = list(solution)
    written[index] = other
    assert covers(state.card_side(0).board, colour, written)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, f"solve {solution_notation(tuple(written))} @7000")
    assert error.value.key == "ubongo.not_canonical"
    assert error.value.params["canonical"] == f"solve {solution_notation(solution)} @7000"
    state.apply(0, error.value.params["canonical"])  # the suggested text is the one that is accepted


def test_a_puzzle_action_is_accepted_only_in_its_one_text():
    state = new(1, seed="K7Q2M-12HG")
    place = next(a for a in state.legal_actions(0) if a.startswith("place "))
    for action in variants(place, True) + variants(f"{place} @1500") + variants("hint", True) + \
            variants("hint @1500") + variants("solution"):
        refused_without_a_trace(state, 0, action)
    state.apply(0, place)
    tile = place.split(" ")[1]
    for action in variants(f"remove {tile}") + [f"remove {tile} @5", "solution @5"]:
        refused_without_a_trace(state, 0, action)
    colour = state.colour(0)
    for p in (parse_placement(a[len("place "):]) for a in state.legal_actions(0) if a.startswith("place ")):
        for other in other_writings(colour, p):
            assert refused_without_a_trace(state, 0, f"place {other.notation()}") == "ubongo.not_canonical"


def test_a_huge_action_is_refused_and_the_parser_reads_it_in_one_pass():
    state = new(2)
    huge = "solve " + "1 q0r0 rot0, " * 7692 + "@1"
    assert len(huge) > 100_000
    assert refused_without_a_trace(state, 0, huge) == "error.action_too_long"
    assert refused_without_a_trace(new(1, seed="K7Q2M-12HG"), 0, "place " + " " * 100_000 + "@1")
    # the game's own reader, given the text directly, answers at once too (it scans; it does not backtrack)
    for edition in (1, 2):
        body, at = split_time(" " * 100_000 + "@1", edition)
        assert at == 1
        with pytest.raises(IllegalAction):
            split_time("@" * 100_000 + "x", edition)
        with pytest.raises(IllegalAction):
            parse_placement("1 q0r0 rot0" * 10_000, edition)


# -- hints and secrets ----------------------------------------------------------------------------------------
def test_hints_are_offered_in_puzzle_mode_only():
    """A hint is free and unrecorded, so in a race against others it would be an unseen helping hand."""
    race = new(3)
    assert not any(race.hints_allowed(seat) for seat in range(3))
    assert new(1, seed="K7Q2M-12HG").hints_allowed(0)
    bridge.reset()
    try:
        opened = bridge.handle({"op": "new", "game": "ubongo", "players": 2, "seed": "H",
                                "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]})
        assert opened["ok"]
        reply = bridge.handle({"op": "hint", "seat": 0})
        assert not reply["ok"] and reply["error"]["key"] == "error.no_hints"
        assert bridge.handle({"op": "new", "game": "ubongo", "players": 1, "seed": "K7Q2M-12HG"})["ok"]
        assert bridge.handle({"op": "hint", "seat": 0})["ok"]
    finally:
        bridge.reset()


def test_the_running_rounds_hand_ins_are_the_secret_end_of_the_history():
    state = new(3)
    assert state.secret_run_start() == 0
    state.apply(1, solve(state, 1, 40_000))
    state.apply(2, "timeout")
    assert state.secret_run_start() == 0  # two hand-ins, still secret
    state.apply(0, solve(state, 0, 30_000))
    assert state.round == 2 and state.secret_run_start() == 3  # resolved: all public
    state.apply(2, solve(state, 2, 1000))
    assert state.secret_run_start() == 3
    puzzle = new(1, seed="K7Q2M-12HG")
    puzzle.apply(0, "hint")
    assert puzzle.secret_run_start() == 1  # puzzle mode has no secrets


def test_a_solve_is_seen_at_its_time_and_a_give_up_when_the_second_timer_runs_out():
    state = new(2, timer=60)
    assert state.reveal_ms(1, solve(state, 1, 42_000)) == 42_000
    assert state.reveal_ms(1, "timeout") == 120_000
    playoff = tie_at_the_end(2)
    assert playoff.reveal_ms(1, solve(playoff, 1, 500_000)) == 500_000
    assert playoff.reveal_ms(1, "timeout") is None  # no sand timer: seen when the play-off is resolved
    v1 = new(2, edition=1)
    assert v1.reveal_ms(0, "solve 1 q0r0 rot0@1234") == 1234


def test_a_late_solve_is_legal_whatever_the_others_handed_in():
    """Whether another seat solved in time is secret until the clock gets there, so a late solve is never refused
    for it (a refusal would tell). It wins nothing: the page ends the player's round when the timer runs out."""
    a, b = new(2), new(2)
    a.apply(1, solve(a, 1, 30_000))
    b.apply(1, "timeout")
    for state in (a, b):
        state.apply(0, solve(state, 0, T + 5000))
    assert sum(a.gems[0].values()) == 0 and sum(b.gems[0].values()) == 1


# -- bots against people ----------------------------------------------------------------------------------------
NEWCOMER_SECONDS_PER_POINT = 16.0  # docs/rules/ubongo.md: a newcomer's median, about 1 minute on an easy card
PRACTISED_SECONDS_PER_POINT = 6.0  # a strong, practised player: about 20-25 s on an easy card


def person_ms(seconds_per_point: float, difficulty: int, rng: Rng, fails: float = 0.1) -> int | None:
    """A person of the reference models in the docs: the same log-normal spread as the bots, a 10% chance to
    be stuck."""
    if rng.unit() < fails:
        return None
    return int(1000 * seconds_per_point * difficulty * spread(rng.unit()))


def bot_times(level: str, side: str, games: int = 4) -> list[tuple[int, int | None]]:
    """(difficulty, the bot's chosen @ms or None) for every puzzle of the rounds of some 4-player games of bots."""
    out = []
    for number in range(games):
        state = new(4, seed=f"BOTS{number}", side=side)
        while not state.is_over and state.phase == "round":
            for seat in range(4):
                action = gamebox.bots.choose(state, seat, level, 10, "x")
                out.append((state.card_side(seat).difficulty[state.colour(seat)], split_time(action)[1]))
                state.apply(seat, action)
    return out


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def test_a_newcomer_beats_the_easy_bot_in_most_rounds():
    rng = Rng("newcomer")
    rounds = bot_times("easy", "easy")
    won = 0
    for difficulty, bot in rounds:
        person = person_ms(NEWCOMER_SECONDS_PER_POINT, difficulty, rng)
        won += person is not None and (bot is None or person < bot)
    assert won / len(rounds) >= 0.55
    assert median([bot / 1000 for _, bot in rounds if bot is not None]) >= 60


def test_the_hard_bot_is_as_fast_as_a_strong_practised_player():
    easy = [at / 1000 for _, at in bot_times("hard", "easy") if at is not None]
    hard = [at / 1000 for _, at in bot_times("hard", "hard") if at is not None]
    assert 15 <= median(easy) <= 30 and 35 <= median(hard) <= 70
    rng = Rng("practised")
    rounds = bot_times("hard", "easy")
    won = sum(1 for d, bot in rounds if (p := person_ms(PRACTISED_SECONDS_PER_POINT, d, rng, 0.02)) is not None
              and (bot is None or p < bot))
    assert 0.35 <= won / len(rounds) <= 0.65  # an even match


def test_levels_are_ordered_and_nobody_is_faster_than_their_hands():
    medians = {level: median([at for _, at in bot_times(level, "easy") if at is not None])
               for level in ("easy", "normal", "hard")}
    assert medians["easy"] > medians["normal"] > medians["hard"]
    assert SECONDS_PER_POINT["easy"] > NEWCOMER_SECONDS_PER_POINT
    rng = Rng("floor")
    for tiles in (3, 4):
        times = [solve_time_ms("hard", 2, rng, tiles) for _ in range(300)]
        assert min(t for t in times if t is not None) >= HANDS_MS + HANDS_MS_PER_TILE * tiles
        assert all(t is None or t % 1000 == 0 for t in times)  # whole seconds: a listed action


def test_one_player_is_puzzle_mode_and_its_set_up_asks_for_no_sand_timer() -> None:
    described = GAME.describe()
    assert described["notes"] == {"1": "ubongo.setup.puzzle_mode"}
    assert described["unused"]["1"] == ["timer"] and described["unused"]["2"] == []
    # a link that names a sand timer for a puzzle still opens: the option means nothing there, it is not refused
    assert GAME.new("NOTE", 1, timer=60).options["timer"] == 60
