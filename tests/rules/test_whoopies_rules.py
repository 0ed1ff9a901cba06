"""Whoopies: one named test per rule of the rulebook (seeds/004), and per interpretation in docs/rules/whoopies.md.

A grab is a point of the table (``grab <x>,<y> @<ms>``). To keep the rules readable, these tests write a catch as
``grab <whoopie> tail|body @<ms>`` (edition 1's notation) and ``hand`` turns it into a point where a hand closing
at that moment catches exactly that creature by that part, hit-tested by the engine like any click."""

from __future__ import annotations

import re
from typing import Any

import pytest

import gamebox
from gamebox import IllegalAction, InvalidSetup
from gamebox.core import share
from gamebox.whoopies.creatures import CREATURES, with_puff
from gamebox.whoopies.rules import WhoopiesState, goal_for
from gamebox.whoopies.throw import BALL_HIT_RADIUS, BODY_RADIUS, HEIGHT, REST_MS, WIDTH, WINDOW_MS, simulate

GAME = gamebox.get("whoopies")
ALL = ("phanteus", "octopus", "torteus", "marsupus", "ursinus")


def new(players: int = 2, seed: str = "W1", **options: Any) -> WhoopiesState:
    state = GAME.new(seed, players, **options)
    assert isinstance(state, WhoopiesState)
    return state


def at_face(face: int, players: int = 2, **options: Any) -> WhoopiesState:
    """A fresh game whose first roll shows ``face`` (searching seeds; the die is the state's generator)."""
    for i in range(400):
        state = new(players, f"face{face}-{i}", **options)
        state.apply(state.roller, "roll")
        if state.face == face:
            return state
    raise AssertionError("no seed found")


def called(action: str, value: str, players: int = 2, **options: Any) -> WhoopiesState:
    """A game in its grab phase after face 1/2/3/4 and the roller's choice."""
    face = {"colour": 1, "puff": 2, "name": 3, "spare": 4}[action]
    state = at_face(face, players, **options)
    state.apply(state.roller, f"{action} {value}")
    state.apply(state.roller, "throw")
    assert state.phase == "grab"
    return state


def holding(state: WhoopiesState, gems: list[int], supply: int) -> WhoopiesState:
    """``state``'s game with these gems per seat and this supply (Game.restore): its die rolls on as it would."""
    restored = GAME.restore({**state.snapshot(), "gems": gems, "supply": supply}, seed=state.seed,
                            players=state.players, options=state.options, edition=state.edition,
                            history=state.history, rng=state.rng)
    assert isinstance(restored, WhoopiesState)
    return restored


def give(state: WhoopiesState, seat: int, gems: int) -> WhoopiesState:
    """Test set-up: ``state``'s game with gems moved from the supply to a seat (keeps the 20 conserved)."""
    return holding(state, [held + gems if owner == seat else held for owner, held in enumerate(state.gems)],
                   state.supply - gems)


SHORTHAND = re.compile(r"grab ([a-z]+) (tail|body) @([0-9]+)")
NEAR = sorted(((dx, dy) for dx in range(-BODY_RADIUS, BODY_RADIUS + 1) for dy in range(-BODY_RADIUS, BODY_RADIUS + 1)
               if dx * dx + dy * dy <= BODY_RADIUS * BODY_RADIUS), key=lambda d: (d[0] ** 2 + d[1] ** 2, d))


def hand(state: WhoopiesState, action: str) -> str:
    """``action`` as a hand makes it: a catch written ``grab <whoopie> tail|body @<ms>`` becomes the nearest point
    to that ball (or body) where a hand closing at that moment catches exactly that (the engine's hit-test)."""
    found = SHORTHAND.fullmatch(action)
    if found is None:
        return action
    name, part, ms = found.group(1), found.group(2), int(found.group(3))
    throw = state.throw
    assert throw is not None
    cx, cy = throw.ball_at(name, ms) if part == "tail" else throw.body_at(name, ms)
    for dx, dy in NEAR:
        x, y = round(cx) + dx, round(cy) + dy
        if 0 <= x <= WIDTH and 0 <= y <= HEIGHT and throw.hit(x, y, ms) == (name, part):
            return f"grab {x},{y} @{ms}"
    raise AssertionError(f"no point catches {name} by the {part} at {ms} ms in this throw")


def catch(state: WhoopiesState, seat: int, action: str) -> None:
    state.apply(seat, hand(state, action))


def grabs(state: WhoopiesState, actions: dict[int, str]) -> None:
    """Every seat in the round acts: the given action (a catch written by name becomes a point), or pass."""
    for seat in list(state.participants):
        if state.phase == "grab" and seat in state.to_move:
            catch(state, seat, actions.get(seat, "pass"))


def outcome(state: WhoopiesState, seat: int) -> str:
    assert state.last is not None
    return next(str(row["outcome"]) for row in state.last["grabs"] if row["seat"] == seat)


# -- the creatures -----------------------------------------------------------------------------------------
def test_the_five_creatures_have_a_name_a_body_colour_and_a_puff_colour() -> None:
    table = {(c.name, c.body, c.puff) for c in CREATURES}
    assert table == {("phanteus", "orange", "purple"), ("octopus", "blue", "pink"),
                     ("torteus", "pink", "green"), ("marsupus", "purple", "orange"),
                     ("ursinus", "green", "blue")}
    assert [c["name"] for c in new().view(0)["creatures"]] == list(ALL)


def test_each_body_colour_is_another_creatures_puff_colour() -> None:
    for c in CREATURES:
        other = with_puff(c.body)
        assert other != c.name


# -- turns and the die -------------------------------------------------------------------------------------
def test_players_roll_the_die_in_turn() -> None:
    state = called("name", "octopus", players=3)
    first = state.roller
    grabs(state, {0: "grab octopus tail @800"})
    assert state.phase == "roll" and state.roller == (first + 1) % 3 and state.to_move == [state.roller]


def test_the_die_has_six_faces_drawn_from_the_state_generator() -> None:
    faces = set()
    for i in range(60):
        state = new(2, f"die{i}")
        state.apply(0, "roll")
        assert state.face is not None and 1 <= state.face <= 6
        faces.add(state.face)
        again = new(2, f"die{i}")
        again.apply(0, "roll")
        assert again.face == state.face
    assert faces == {1, 2, 3, 4, 5, 6}


def test_a_roll_reveals_chance_so_undo_cannot_go_back_past_it() -> None:
    state = new()
    state.apply(0, "roll")
    assert state.undo_floor == 1


def test_the_roller_makes_the_choice_the_face_asks_for() -> None:
    for face, verb in ((1, "colour"), (2, "puff"), (3, "name"), (4, "spare")):
        state = at_face(face)
        legal = state.legal_actions(state.roller)
        assert all(a.startswith(verb + " ") for a in legal)
        other = 1 - state.roller
        assert state.legal_actions(other) == []
        with pytest.raises(IllegalAction):
            state.apply(other, legal[0])


def test_face_1_the_roller_chooses_one_of_the_five_body_colours() -> None:
    state = at_face(1)
    assert state.legal_actions(0) == [f"colour {c}" for c in ("orange", "blue", "pink", "purple", "green")]
    state.apply(0, "colour orange")
    assert state.wanted(0) == ["phanteus"] and state.phase == "throw"


def test_face_2_the_roller_chooses_one_of_the_five_puff_colours() -> None:
    state = at_face(2)
    state.apply(0, "puff orange")
    assert state.wanted(1) == ["marsupus"]


def test_face_3_the_roller_chooses_one_of_the_five_names() -> None:
    state = at_face(3)
    assert state.legal_actions(0) == [f"name {n}" for n in ALL]
    state.apply(0, "name octopus")
    assert state.wanted(1) == ["octopus"]


def test_creatures_are_called_by_their_names_only() -> None:
    state = at_face(4)
    fingerprint = state.fingerprint()
    for other in ("spare 5", "spare Ursinus", "spare URSINUS"):
        with pytest.raises(IllegalAction):
            state.apply(0, other)
        assert state.fingerprint() == fingerprint
    state.apply(0, "spare ursinus")
    assert state.value == "ursinus"


# -- the grab ----------------------------------------------------------------------------------------------
def test_the_roller_throws_then_everybody_grabs_at_the_same_time() -> None:
    state = at_face(3, players=4)
    state.apply(state.roller, "name torteus")
    assert state.to_move == [state.roller]
    state.apply(state.roller, "throw")
    assert state.to_move == [0, 1, 2, 3]
    assert state.undo_floor == len(state.history)


def test_first_to_catch_the_right_creature_by_its_ball_wins_a_gem() -> None:
    state = called("name", "torteus", players=3)
    grabs(state, {1: "grab torteus tail @900"})
    assert outcome(state, 1) == "won" and state.gems == [0, 1, 0] and state.supply == 19


def test_grabs_are_ordered_by_their_times_not_by_the_order_of_the_calls() -> None:
    state = called("name", "torteus", players=3)
    catch(state, 2, "grab torteus tail @950")
    catch(state, 1, "grab torteus tail @700")
    state.apply(0, "pass")
    assert state.gems == [0, 1, 0]
    assert outcome(state, 2) == "late"


def test_the_round_closes_only_once_every_player_has_grabbed_or_passed() -> None:
    state = called("name", "torteus", players=3)
    catch(state, 1, "grab torteus tail @700")
    assert state.phase == "grab" and state.to_move == [0, 2] and state.gems == [0, 0, 0]
    state.apply(0, "pass")
    state.apply(2, "pass")
    assert state.gems == [0, 1, 0]



def test_other_seats_grabs_stay_out_of_the_log_until_the_grab_is_resolved() -> None:
    state = called("name", "torteus", players=3)
    before = len(state.log)
    catch(state, 1, "grab torteus tail @700")
    state.apply(2, "pass")
    assert len(state.log_for(0)) == before
    assert [(e["seat"], e["key"]) for e in state.log_for(1)[before:]] == [(1, "whoopies.grabbed")]
    assert [(e["seat"], e["key"]) for e in state.log_for(2)[before:]] == [(2, "whoopies.passed")]
    state.apply(0, "pass")
    assert state.log_for(0) == state.log_for(1) == state.log
    assert [e["key"] for e in state.log[before:before + 3]] == ["whoopies.grabbed", "whoopies.passed",
                                                                "whoopies.passed"]

def test_exact_time_ties_go_to_the_seat_nearest_the_rollers_left() -> None:
    state = called("name", "torteus", players=3)
    assert state.roller == 0
    grabs(state, {2: "grab torteus tail @800", 1: "grab torteus tail @800"})
    assert outcome(state, 1) == "won" and outcome(state, 2) == "late"


def test_a_wrong_creature_costs_two_gems() -> None:
    state = called("name", "torteus")
    state = give(state, 1, 3)
    grabs(state, {1: "grab octopus tail @600"})
    assert outcome(state, 1) == "wrong" and state.gems[1] == 1 and state.supply == 19


def test_the_right_creature_caught_by_its_body_costs_two_gems() -> None:
    state = called("name", "torteus")
    state = give(state, 1, 2)
    grabs(state, {1: "grab torteus body @600"})
    assert outcome(state, 1) == "body" and state.gems[1] == 0


def test_a_penalty_takes_only_the_gems_a_player_has() -> None:
    state = called("name", "torteus")
    state = give(state, 1, 1)
    grabs(state, {0: "grab ursinus tail @500", 1: "grab ursinus body @400"})
    assert state.gems == [0, 0] and state.supply == 20


def test_face_1_trap_the_creature_whose_puff_has_the_colour_is_wrong() -> None:
    state = called("colour", "orange")
    state = give(state, 1, 2)
    grabs(state, {1: "grab marsupus tail @500", 0: "grab phanteus tail @900"})
    assert outcome(state, 1) == "wrong" and outcome(state, 0) == "won" and state.gems == [1, 0]


def test_face_2_trap_the_creature_whose_body_has_the_colour_is_wrong() -> None:
    state = called("puff", "orange")
    state = give(state, 0, 2)
    grabs(state, {0: "grab phanteus tail @500", 1: "grab marsupus tail @900"})
    assert outcome(state, 0) == "wrong" and outcome(state, 1) == "won" and state.gems == [0, 1]


def test_grabs_after_the_round_is_won_come_too_late_and_cost_nothing() -> None:
    state = called("name", "torteus", players=3)
    state = give(state, 2, 2)
    grabs(state, {1: "grab torteus tail @600", 2: "grab octopus tail @700"})
    assert outcome(state, 2) == "late" and state.gems == [0, 1, 2]


def test_a_creature_already_in_a_hand_cannot_be_caught_again() -> None:
    state = called("name", "torteus", players=3)
    state = give(state, 1, 2)
    grabs(state, {1: "grab torteus body @500", 2: "grab torteus tail @700"})
    assert outcome(state, 1) == "body" and outcome(state, 2) == "taken"
    assert state.last is not None and state.last["winner"] is None and state.gems == [0, 0, 0]


def test_passing_on_faces_1_to_3_costs_nothing() -> None:
    state = called("name", "torteus")
    state = give(state, 0, 2)
    state = give(state, 1, 2)
    grabs(state, {})
    assert state.gems == [2, 2] and outcome(state, 0) == "none"


# -- face 4: all but one -----------------------------------------------------------------------------------
def test_face_4_catching_any_creature_but_the_spared_one_is_safe_and_wins_nothing() -> None:
    state = called("spare", "octopus", players=3)
    state = give(state, 0, 1)
    grabs(state, {0: "grab torteus tail @700", 1: "grab ursinus tail @800", 2: "grab phanteus tail @900"})
    assert [outcome(state, s) for s in range(3)] == ["safe"] * 3 and state.gems == [1, 0, 0]


def test_face_4_players_who_catch_nothing_lose_one_gem() -> None:
    state = called("spare", "octopus", players=3)
    state = give(state, 1, 3)
    grabs(state, {0: "grab torteus tail @700"})
    assert outcome(state, 1) == "none" and state.gems[1] == 2


def test_face_4_catching_the_spared_creature_loses_two_gems() -> None:
    state = called("spare", "octopus")
    state = give(state, 1, 3)
    grabs(state, {1: "grab octopus tail @700", 0: "grab torteus tail @800"})
    assert outcome(state, 1) == "spared" and state.gems[1] == 1


def test_face_4_a_creature_already_taken_leaves_the_slower_hand_empty() -> None:
    state = called("spare", "octopus", players=3)
    state = give(state, 2, 3)
    grabs(state, {0: "grab torteus tail @700", 1: "grab ursinus tail @750", 2: "grab torteus tail @800"})
    assert outcome(state, 2) == "taken" and state.gems[2] == 2


def test_face_4_the_right_creature_by_the_body_still_costs_two_gems() -> None:
    state = called("spare", "octopus")
    state = give(state, 0, 3)
    grabs(state, {0: "grab torteus body @700", 1: "grab phanteus tail @750"})
    assert outcome(state, 0) == "body" and state.gems[0] == 1


# -- face 5: a Whoopie for everyone ------------------------------------------------------------------------
def test_face_5_every_player_picks_a_creature_before_the_throw() -> None:
    state = at_face(5, players=3)
    assert state.phase == "pick" and state.to_move == [0, 1, 2]
    state.apply(2, "pick octopus")
    state.apply(0, "pick torteus")
    assert state.to_move == [1]
    with pytest.raises(IllegalAction):
        state.apply(0, "throw")
    state.apply(1, "pick octopus")  # a creature may be picked by several players
    assert state.phase == "throw" and state.picks == ["torteus", "octopus", "octopus"]


def test_face_5_the_first_to_catch_their_own_creature_wins() -> None:
    state = at_face(5, players=3)
    for seat, name in enumerate(("torteus", "octopus", "ursinus")):
        state.apply(seat, f"pick {name}")
    state.apply(state.roller, "throw")
    state = give(state, 0, 2)
    grabs(state, {0: "grab octopus tail @500", 1: "grab octopus tail @600", 2: "grab ursinus tail @700"})
    assert outcome(state, 0) == "wrong" and outcome(state, 1) == "taken" and outcome(state, 2) == "won"
    assert state.gems == [0, 0, 1]


# -- the joker ---------------------------------------------------------------------------------------------
def test_joker_the_roller_chooses_one_of_the_five_actions() -> None:
    state = at_face(6)
    assert state.legal_actions(0) == ["joker colour", "joker puff", "joker name", "joker spare", "joker own"]
    state.apply(0, "joker puff")
    assert state.legal_actions(0)[0] == "puff orange" and state.joker and state.stake == 2
    own = at_face(6)
    own.apply(0, "joker own")
    assert own.phase == "pick"


def test_joker_win_is_worth_two_gems() -> None:
    state = at_face(6, players=2)
    state.apply(0, "joker name")
    state.apply(0, "name ursinus")
    state.apply(0, "throw")
    grabs(state, {1: "grab ursinus tail @600"})
    assert state.gems == [0, 2] and state.supply == 18


def test_joker_doubles_the_penalties() -> None:
    state = at_face(6, players=2)
    state.apply(0, "joker name")
    state.apply(0, "name ursinus")
    state.apply(0, "throw")
    state = give(state, 0, 5)
    grabs(state, {0: "grab octopus tail @600"})
    assert state.gems[0] == 1


def test_joker_doubles_the_face_4_loss_for_catching_nothing() -> None:
    state = at_face(6, players=2)
    state.apply(0, "joker spare")
    state.apply(0, "spare ursinus")
    state.apply(0, "throw")
    state = give(state, 0, 5)
    grabs(state, {1: "grab octopus tail @600"})
    assert state.gems[0] == 3


def test_joker_second_gem_cannot_be_the_one_that_wins_the_game() -> None:
    state = at_face(6, players=2)  # goal 8
    state.apply(0, "joker name")
    state.apply(0, "name ursinus")
    state.apply(0, "throw")
    state = give(state, 1, 6)
    grabs(state, {1: "grab ursinus tail @600"})
    assert state.gems[1] == 7 and not state.is_over


def test_joker_can_still_bring_the_last_single_gem() -> None:
    state = at_face(6, players=2)
    state.apply(0, "joker name")
    state.apply(0, "name ursinus")
    state.apply(0, "throw")
    state = give(state, 1, 7)
    grabs(state, {1: "grab ursinus tail @600"})
    assert state.gems[1] == 8 and state.is_over and state.winners() == [1]


# -- winning -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "goal"), [(2, 8), (3, 5), (4, 4), (5, 4), (6, 3), (7, 3), (8, 3)])
def test_gems_needed_to_win_depend_on_the_number_of_players(players: int, goal: int) -> None:
    assert goal_for(players) == goal
    assert new(players).view(None)["goal"] == goal


def test_the_first_player_to_reach_the_goal_wins_the_game() -> None:
    state = called("name", "torteus", players=6)
    state = give(state, 4, 2)
    grabs(state, {4: "grab torteus tail @600"})
    assert state.is_over and state.to_move == [] and state.winners() == [4] and state.scores()[4] == 3


def test_gems_come_from_a_supply_of_twenty_and_go_back_to_it() -> None:
    state = new(4)
    assert state.supply == 20 and state.gems == [0, 0, 0, 0]


def test_two_to_eight_players() -> None:
    for players in (1, 9):
        with pytest.raises(InvalidSetup):
            GAME.new("x", players)


# -- petty theft -------------------------------------------------------------------------------------------
def test_petty_theft_can_be_played_from_three_to_six_players_only() -> None:
    for players in range(2, 9):
        offered = GAME.offered_choices(players)["variant"]
        assert ("petty-theft" in offered) == (3 <= players <= 6)
        assert "classic" in offered and "youngest" in offered
    assert GAME.describe()["offered"]["2"]["variant"] == ["classic", "youngest"]
    for players in (2, 7, 8):
        with pytest.raises(InvalidSetup):
            GAME.new("x", players, variant="petty-theft")
    assert new(2).variant == "classic"


def test_petty_theft_links_of_edition_1_at_two_seven_or_eight_players_still_open() -> None:
    """Edition 1 offered petty theft for 2-8 players (2 players 7 gems, 7 and 8 players 2): its links open as
    they did."""
    for players, start in ((2, 7), (7, 2), (8, 2)):
        state = GAME.new("OLD", players, edition=1, variant="petty-theft")
        assert isinstance(state, WhoopiesState)
        assert state.gems == [start] * players and state.supply == 20 - start * players
        state.apply(0, "roll")
        code = share.encode(state)
        assert code.startswith("v1.") and share.decode(code).fingerprint() == state.fingerprint()


@pytest.mark.parametrize(("players", "start"), [(3, 6), (4, 5), (5, 4), (6, 3)])
def test_petty_theft_starting_gems(players: int, start: int) -> None:
    state = new(players, variant="petty-theft")
    assert state.gems == [start] * players and state.supply == 20 - start * players and state.goal is None


def test_petty_theft_the_winner_steals_a_gem_from_a_player_of_their_choice() -> None:
    state = called("name", "torteus", players=4, variant="petty-theft")
    grabs(state, {1: "grab torteus tail @600"})
    assert state.phase == "steal" and state.to_move == [1]
    assert state.legal_actions(1) == ["steal 0", "steal 2", "steal 3"]
    with pytest.raises(IllegalAction):
        state.apply(1, "steal 1")
    state.apply(1, "steal 3")
    assert state.gems == [5, 6, 5, 4] and state.supply == 0 and state.phase == "roll"


def test_petty_theft_cannot_steal_from_a_player_without_gems() -> None:
    state = called("name", "torteus", players=3, variant="petty-theft")
    state = holding(state, [0, state.gems[1], 0], state.supply + 6 + 6)
    grabs(state, {1: "grab torteus tail @600"})
    assert state.is_over  # nobody left to rob: someone has no gem, so the game is over
    assert state.winners() == [1]


def test_petty_theft_game_ends_when_a_player_has_no_gem_and_most_gems_wins() -> None:
    state = called("name", "torteus", players=3, variant="petty-theft")
    state = holding(state, [1, 6, 6], 7)
    grabs(state, {1: "grab torteus tail @600"})
    state.apply(1, "steal 0")
    assert state.is_over and state.gems == [0, 7, 6] and state.winners() == [1]


def test_petty_theft_a_penalty_can_end_the_game() -> None:
    state = called("name", "torteus", players=3, variant="petty-theft")
    state = holding(state, [2, 6, 5], 7)
    grabs(state, {0: "grab octopus tail @600"})
    assert state.is_over and state.winners() == [1]


def test_petty_theft_joker_steals_two_gems() -> None:
    state = at_face(6, players=3, variant="petty-theft")
    state.apply(0, "joker name")
    state.apply(0, "name ursinus")
    state.apply(0, "throw")
    grabs(state, {2: "grab ursinus tail @600"})
    state.apply(2, "steal 0")
    assert state.gems == [4, 6, 8]


def test_petty_theft_a_tie_for_most_gems_leads_to_a_throw_off() -> None:
    state = called("name", "torteus", players=4, variant="petty-theft")
    state = holding(state, [1, 6, 4, 5], 4)
    grabs(state, {3: "grab torteus tail @600"})
    state.apply(3, "steal 0")
    assert not state.is_over and state.throwoff == [1, 3] and state.participants == [1, 3]
    assert state.roller in (1, 3) and state.phase == "roll"
    gems = list(state.gems)
    # the throw-off: the tied players alone play rounds until one of them wins a round; gems do not change
    while not state.is_over:
        seat = state.to_move[0]
        assert seat in (1, 3)
        if state.phase == "grab":
            wanted = state.wanted(seat)
            catch(state, seat, f"grab {wanted[0]} tail @{500 + 100 * seat}" if seat == 3 else "pass")
        else:
            state.apply(seat, state.legal_actions(seat)[0])
        assert state.gems == gems
    assert state.winners() == [3]


# -- for the youngest players ------------------------------------------------------------------------------
def test_youngest_each_player_chooses_their_own_creature_at_the_start() -> None:
    state = new(3, variant="youngest")
    assert state.phase == "own" and state.to_move == [0, 1, 2]
    state.apply(1, "pick octopus")
    state.apply(0, "pick octopus")
    state.apply(2, "pick ursinus")
    assert state.phase == "roll" and state.view(None)["picks"] == ["octopus", "octopus", "ursinus"]


def youngest_rolled(face: int, players: int = 2, **options: Any) -> WhoopiesState:
    """A youngest players' game, every player with their own Whoopie (seat s: the s-th creature), whose first
    roll shows ``face``."""
    for i in range(400):
        state = new(players, f"young{face}-{i}", variant="youngest", **options)
        for seat in range(players):
            state.apply(seat, f"pick {ALL[seat]}")
        state.apply(state.roller, "roll")
        if state.face == face:
            return state
    raise AssertionError("no seed found")


def test_youngest_after_each_die_roll_the_aim_is_ones_own_creature() -> None:
    """"After each die roll, the aim for each player is to catch their WHOOPIE": the die is rolled every round,
    and whatever its face, each player catches their own."""
    for face in range(1, 6):
        state = youngest_rolled(face)
        assert state.phase == "throw" and state.action == "own" and state.value is None
        assert not state.joker and state.stake == 1
        assert state.wanted(0) == ["phanteus"] and state.wanted(1) == ["octopus"]
    state = youngest_rolled(3)
    state.apply(0, "throw")
    grabs(state, {1: "grab phanteus tail @700", 0: "grab phanteus tail @600"})
    assert outcome(state, 0) == "won" and outcome(state, 1) == "late" and state.gems == [1, 0]
    assert state.phase == "roll" and state.roller == 1 and state.to_move == [1]
    state.apply(1, "roll")
    assert state.phase == "throw" and state.action == "own"


def test_youngest_the_joker_doubles_the_stakes() -> None:
    """Face 6: "Twice as many points can be won" (its choice of action has nothing to choose from here)."""
    state = youngest_rolled(6)
    assert state.joker and state.stake == 2 and state.phase == "throw" and state.view(0)["stake"] == 2
    state.apply(0, "throw")
    state = give(state, 0, 3)
    grabs(state, {0: "grab octopus tail @600", 1: "grab octopus tail @700"})
    assert outcome(state, 0) == "wrong" and outcome(state, 1) == "taken"
    assert state.gems == [0, 0]  # a wrong catch costs 4 (here all 3 of seat 0's gems)
    won = youngest_rolled(6)
    won.apply(0, "throw")
    grabs(won, {1: "grab octopus tail @600"})
    assert won.gems == [0, 2] and won.last is not None and won.last["gain"] == 2


def test_youngest_in_edition_1_has_no_die() -> None:
    """Links made before edition 2 open as they were: no die, so no joker, in the youngest players' variant."""
    state = GAME.new("W1", 2, edition=1, variant="youngest")
    assert isinstance(state, WhoopiesState)
    state.apply(0, "pick torteus")
    state.apply(1, "pick phanteus")
    assert state.phase == "throw" and state.legal_actions(0) == ["throw"]
    state.apply(0, "throw")
    assert state.face is None and state.wanted(0) == ["torteus"] and state.wanted(1) == ["phanteus"]
    grabs(state, {1: "grab phanteus tail @700", 0: "grab phanteus tail @600"})
    assert outcome(state, 0) == "wrong" and outcome(state, 1) == "taken" and state.gems == [0, 0]
    assert state.phase == "throw" and state.roller == 1


def test_youngest_can_play_with_fewer_creatures() -> None:
    state = new(2, variant="youngest", creatures=3)
    assert [c["name"] for c in state.view(0)["creatures"]] == ["phanteus", "octopus", "torteus"]
    assert state.legal_actions(0) == ["pick phanteus", "pick octopus", "pick torteus"]
    with pytest.raises(IllegalAction):
        state.apply(0, "pick ursinus")
    state.apply(0, "pick phanteus")
    state.apply(1, "pick torteus")
    state.apply(0, "roll")
    state.apply(0, "throw")
    throw = state.view(0)["throw"]
    assert sorted(throw["order"]) == ["octopus", "phanteus", "torteus"]


def test_with_fewer_creatures_only_their_colours_and_names_can_be_called() -> None:
    state = at_face(1, creatures=3)
    assert state.legal_actions(0) == ["colour orange", "colour blue", "colour pink"]
    with pytest.raises(IllegalAction):
        state.apply(0, "colour green")
    puff = at_face(2, creatures=3)
    assert puff.legal_actions(0) == ["puff pink", "puff purple", "puff green"]


def test_legal_actions_offer_a_sample_of_grabs_and_any_grab_is_legal() -> None:
    """The sample: the right ball at five moments, the trap's ball and the right body at 1.5 s, and pass. Any
    point at any whole ms of the window is a legal grab."""
    state = called("colour", "orange")
    throw = state.throw
    assert throw is not None
    legal = state.legal_actions(1)
    assert len(legal) == 8 and legal[-1] == "pass"
    caught = []
    for action, ms in zip(legal[:-1], (600, 900, 1200, 1500, 1800, 1500, 1500), strict=True):
        found = re.fullmatch(r"grab (\d+),(\d+) @(\d+)", action)
        assert found and int(found.group(3)) == ms
        caught.append(throw.hit(int(found.group(1)), int(found.group(2)), ms))
    assert caught[:5] == [("phanteus", "tail")] * 5 and caught[5] == ("marsupus", "tail")
    assert caught[6] is not None and caught[6][0] == "phanteus"
    state.apply(1, "grab 5,5 @4321")
    assert not state.done[1]
    state.apply(1, "grab 5,5 @4321")  # the same instant again: another try
    catch(state, 1, "grab ursinus body @4400")
    assert state.done[1]


def test_edition_1_grabs_name_the_creature_and_the_part() -> None:
    """Links made before edition 2 carry grabs by name (``grab octopus tail @900``): they still open and play."""
    for edition in (1, 2):
        state = GAME.new("W10", 2, edition=edition)  # its first roll is a 3
        assert isinstance(state, WhoopiesState)
        state.apply(0, "roll")
        assert state.face == 3
        state.apply(0, "name torteus")
        state.apply(0, "throw")
        if edition == 1:
            assert state.legal_actions(1)[0] == "grab torteus tail @600"
            state.apply(1, "grab torteus tail @600")
            state.apply(0, "pass")
            assert outcome(state, 1) == "won"
        else:
            with pytest.raises(IllegalAction):
                state.apply(1, "grab torteus tail @600")


# -- the throw ---------------------------------------------------------------------------------------------
def test_the_throw_is_a_deterministic_simulation_from_the_seed() -> None:
    a, b = called("name", "octopus"), called("name", "octopus")
    assert a.throw_key == b.throw_key and a.view(0)["throw"] == b.view(1)["throw"]
    key = a.throw_key
    assert key is not None
    assert simulate(key, ALL) == simulate(key, ALL)
    other = at_face(4)
    assert other.seed != a.seed
    other.apply(0, "spare octopus")
    other.apply(0, "throw")
    assert other.throw_key != a.throw_key and other.view(0)["throw"] != a.view(0)["throw"]


def test_the_throw_falls_for_two_to_three_seconds_then_rests() -> None:
    state = called("name", "octopus")
    throw = state.throw
    assert throw is not None
    for name in ALL:
        frames = throw.bodies[name]
        assert len(frames) * 40 - 40 == REST_MS
        assert frames[0][:2] != frames[-1][:2]  # it fell
        assert throw.body_at(name, REST_MS) == throw.body_at(name, REST_MS + 5000)
        x, y = throw.body_at(name, REST_MS)
        assert BODY_RADIUS - 1 <= x <= 800 - BODY_RADIUS + 1 and y <= 500 - BODY_RADIUS + 1


def test_the_throw_is_not_shown_before_it_is_thrown() -> None:
    state = at_face(3)
    state.apply(0, "name octopus")
    assert state.view(0)["throw"] is None and state.throw_key is None
    state.apply(0, "throw")
    assert state.view(0)["throw"] is not None


def _clear_ball_times(state: WhoopiesState, name: str) -> list[int]:
    """Times at which ``name``'s ball is farther than two hit radii from every other ball."""
    throw = state.throw
    assert throw is not None
    times = []
    for ms in range(0, REST_MS + 400, 40):
        x, y = throw.ball_at(name, ms)
        if all((x - bx) ** 2 + (y - by) ** 2 > (2 * BALL_HIT_RADIUS) ** 2
               for bx, by in (throw.ball_at(n, ms) for n in ALL if n != name)):
            times.append(ms)
    return times


def test_hit_test_a_point_on_a_ball_catches_that_creature_by_the_tail() -> None:
    state = called("name", "octopus")
    throw = state.throw
    assert throw is not None
    times = _clear_ball_times(state, "octopus")
    assert len(times) > 10
    for ms in times:
        x, y = throw.ball_at("octopus", ms)
        assert throw.hit(round(x), round(y), ms) == ("octopus", "tail")
        assert throw.hit(round(x) + BALL_HIT_RADIUS - 3, round(y), ms) == ("octopus", "tail")


def _clear_body_point(state: WhoopiesState, ms: int) -> tuple[str, int, int]:
    throw = state.throw
    assert throw is not None
    for name in reversed(throw.order):
        x, y = throw.body_at(name, ms)
        far = all((x - bx) ** 2 + (y - by) ** 2 > (BALL_HIT_RADIUS + 2) ** 2
                  for bx, by in (throw.ball_at(n, ms) for n in ALL))
        if far and throw.hit(round(x), round(y), ms) == (name, "body"):
            return name, round(x), round(y)
    raise AssertionError("no clear body")


def test_hit_test_a_point_on_a_body_away_from_any_ball_catches_by_the_body() -> None:
    state = called("name", "octopus")
    name, x, y = _clear_body_point(state, 1200)
    state.apply(1, f"grab {x},{y} @1200")
    grabs(state, {})
    assert state.last is not None
    row = next(r for r in state.last["grabs"] if r["seat"] == 1)
    assert (row["creature"], row["part"]) == (name, "body")


def test_hit_test_the_same_point_at_another_time_can_miss() -> None:
    state = called("name", "octopus")
    throw = state.throw
    assert throw is not None
    assert throw.hit(5, 5, 2000) is None  # the top-left corner of the table is empty once they have fallen
    x, y = throw.ball_at("octopus", 100)
    assert throw.hit(round(x), round(y), 100) is not None
    rest = throw.hit(round(x), round(y), REST_MS)
    assert rest is None or rest != ("octopus", "tail")


def test_a_point_grab_on_the_right_ball_wins() -> None:
    state = called("name", "octopus")
    throw = state.throw
    assert throw is not None
    ms = _clear_ball_times(state, "octopus")[-1]
    x, y = throw.ball_at("octopus", ms)
    state.apply(1, f"grab {round(x)},{round(y)} @{ms}")
    grabs(state, {})
    assert state.gems == [0, 1] and outcome(state, 1) == "won"


def test_a_miss_lets_the_player_grab_again_but_only_later() -> None:
    state = called("name", "octopus")
    state.apply(1, "grab 5,5 @2000")
    assert state.phase == "grab" and 1 in state.to_move and state.view(1)["my_grabs"] == [
        {"ms": 2000, "x": 5, "y": 5}]
    with pytest.raises(IllegalAction):
        catch(state, 1, "grab octopus tail @1999")
    assert all(a == "pass" or int(a.split("@")[1]) >= 2000 for a in state.legal_actions(1))
    catch(state, 1, "grab octopus tail @2100")
    assert 1 not in state.to_move


def test_a_grab_must_come_within_the_window_and_on_the_table() -> None:
    state = called("name", "octopus")
    fingerprint = state.fingerprint()
    for bad in (f"grab octopus tail @{WINDOW_MS + 1}", "grab 801,10 @500", "grab 10,521 @500",
                "grab -1,10 @500", "grab octopus foot @500", "grab dragon tail @500", "grab octopus tail 500",
                "grab octopus tail @", "grab", "roll"):
        with pytest.raises(IllegalAction):
            state.apply(1, bad)
        assert state.fingerprint() == fingerprint


def test_each_grab_fixes_the_undo_floor_so_a_grab_cannot_be_retried() -> None:
    state = called("name", "octopus", players=3)
    catch(state, 1, "grab octopus tail @900")
    assert state.undo_floor == len(state.history)


# -- views, notation, bots ---------------------------------------------------------------------------------
def test_during_the_grab_a_view_hides_other_players_grabs() -> None:
    state = called("name", "octopus", players=3)
    state.apply(1, "grab 5,5 @300")
    catch(state, 1, "grab octopus tail @900")
    mine = state.view(1)["my_grabs"]
    assert [(g["ms"], g.get("creature"), g.get("part")) for g in mine] == [(300, None, None), (900, "octopus", "tail")]
    for viewer in (0, 2, None):
        view = state.view(viewer)
        assert view["my_grabs"] == [] and "900" not in str(view) and view["done"] == [False, True, False]
    assert all("octopus" not in str(entry["params"]) for entry in state.log[-2:])


def test_after_the_round_every_grab_and_outcome_is_shown() -> None:
    state = called("colour", "blue", players=2)
    grabs(state, {0: "grab ursinus tail @500", 1: "grab octopus tail @650"})
    last = state.view(None)["last"]
    assert last["winner"] == 1 and last["action"] == "colour" and last["value"] == "blue"
    assert last["grabs"][0] == {"seat": 0, "creature": "ursinus", "part": "tail", "ms": 500,
                                "outcome": "wrong", "wanted": ["octopus"], "misses": 0, "gems": 0}


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = new(3)
    fingerprint = state.fingerprint()
    for seat, bad in ((1, "roll"), (0, "throw"), (0, "colour orange"), (0, ""), (0, "roll 2")):
        with pytest.raises(IllegalAction):
            state.apply(seat, bad)
        assert state.fingerprint() == fingerprint


def test_every_action_fits_the_share_code_alphabet_and_shares() -> None:
    state = called("spare", "octopus", players=3)
    grabs(state, {0: "grab 5,5 @400", 1: "grab torteus tail @800"})
    catch(state, 0, "grab phanteus body @900")
    pattern = re.compile(r"[A-Za-z0-9 @+\-:,=]+")
    for _, action in state.history:
        assert pattern.fullmatch(action) and "_" not in action
    assert share.decode(share.encode(state)).fingerprint() == state.fingerprint()
