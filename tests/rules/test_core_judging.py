"""Judging the moves of a game while it is played (core/judging.py, the bridge's ``judging``), for every game in
the box: a move judged during play gets exactly the record the review of the finished game gives it, undo throws
away the verdicts of the moves it takes back, a reload keeps what was judged, and nothing of it reaches a seat
before the game is over."""

from __future__ import annotations

from typing import Any

import pytest

import gamebox
from gamebox.core import bots, bridge, judging, registry, review, share, viewer
from gamebox.core.game import State

SEED = "JUDGE"
REVIEWED = [game.id for game in registry.games() if game.reviewer is not None]


def ask(**request: Any) -> dict[str, Any]:
    return bridge.handle(request)


@pytest.fixture(autouse=True)
def closed_bridge() -> Any:
    bridge.reset()
    yield
    bridge.reset()


def seats_of(players: int) -> list[dict[str, str]]:
    """Seat 0 is the person here; the others are bots."""
    level = "easy"
    return [{"kind": "human", "level": ""}] + [{"kind": "bot", "level": level}] * (players - 1)


def players_of(game: Any) -> int:
    return max(game.min_players, min(2, game.max_players))


def judge_while_idle() -> str | None:
    """Ask for pieces until the engine says nothing is left, as the page does while it is idle; the text to save,
    if the run gave one. Each reply holds nothing but whether more is left (and that text)."""
    text = None
    while True:
        reply = ask(op="judging")
        assert reply["ok"], reply
        assert set(reply) <= {"ok", "more", "judged"}, reply
        text = reply.get("judged", text)
        if not reply["more"]:
            return text


def in_play() -> State[Any]:
    table = bridge.current_table()
    assert table is not None
    return table.state


def play_one(level: str) -> dict[str, Any]:
    """The next move of the game in play, through the bridge as the page asks it: a bot's (``bot``, a short budget),
    else the person's (``apply``: the move ``level``'s bot would choose)."""
    state = in_play()
    seats = bridge.current_table().seats  # type: ignore[union-attr]
    if any(seats[seat]["kind"] == "bot" for seat in state.to_move):
        reply = ask(op="bot", budget_ms=30)
    else:
        action = bots.choose(state, 0, level, 30, f"{state.seed}/{len(state.history)}")
        reply = ask(op="apply", seat=0, action=action)
    assert reply["ok"], reply
    return reply


# The review of each finished game from nothing, at once, by its share code: both tests of a game below play the same
# game (the same seed, seats and bots), so the second compares with the first's review instead of making it again.
_REVIEWED_AT_ONCE: dict[str, dict[str, Any]] = {}


def review_at_once(state: State[Any]) -> dict[str, Any]:
    """The finished game's review for seat 0 as ``review.review`` gives it, judged from nothing at once (each
    game's once per test process)."""
    code = share.encode(state)
    found = _REVIEWED_AT_ONCE.get(code)
    if found is None:
        found = _REVIEWED_AT_ONCE[code] = review.review(state, state.game.reviewer, [0])
    return found


# A short game of each: a few creatures, the quickest mode; Upthrust's race for two is the slowest review of all
# (about 15 s of CPython a game), so its solitaire (Score Up) stands for it here and in bench/judging_browser.py
# its race is measured in the browser.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {"upthrust": (1, {}), "whoopies": (2, {"creatures": 2})}


@pytest.mark.parametrize("game_id", REVIEWED)
def test_the_moves_judged_during_play_are_the_records_of_the_finished_game_s_review(game_id: str) -> None:
    game = gamebox.get(game_id)
    players, options = SETUPS.get(game_id, (players_of(game), {}))
    seats = seats_of(players)
    level = game.bot_levels[0]
    assert ask(op="new", game=game_id, seed=SEED, players=players, options=options, seats=seats)["ok"]
    undone = reloaded = False
    for _ in range(3000):
        state = in_play()
        if state.is_over:
            break
        text = judge_while_idle()
        judged, _ = judging.judged_for(state, [0])
        assert len(judged) <= viewer.public_moves(state)  # a secret move still hidden is not judged
        if not undone and len(state.history) >= 6 and state.undo_floor == 0:
            # moves played and judged, then taken back: their verdicts go, and other moves take their place
            undone = True
            before = len(state.history)
            table = play_one(game.bot_levels[-1])
            while table["to_move"] and 0 not in table["to_move"] and not table["is_over"]:
                table = play_one(level)
            judge_while_idle()
            ahead = in_play()
            back = ask(op="undo")
            if back["ok"]:
                text = judge_while_idle()
                assert len(judging.judged_for(ahead, [0])[0]) <= len(back["history"]) <= before
            continue
        if not reloaded and len(state.history) >= 12 and text is not None:
            # a reload: the page opens its saved game with what was judged, on a fresh engine
            reloaded = True
            kept = len(judging.judged_for(state, [0])[0])
            bridge.reset()
            assert ask(op="open", code=share.encode(state), seats=seats, judged=text)["ok"]
            assert len(judging.judged_for(state, [0])[0]) == kept
        play_one(level)
    state = in_play()
    assert state.is_over
    judge_while_idle()
    judged, start = judging.judged_for(state, [0])
    whole = review_at_once(state)
    assert len(judged) == len(state.history)
    assert judged == whole["moves"]
    assert start == whole["start"]
    # the bridge's review of the finished game starts from them, and gives the same as a review from nothing
    reply = ask(op="review", code=share.encode(state), seats=seats)
    assert reply["ok"], reply
    assert reply["done"] and reply["moves"] == whole["moves"] and reply["start"] == whole["start"]


def test_undo_throws_away_the_verdicts_of_the_moves_it_takes_back() -> None:
    seats = seats_of(2)
    first = ask(op="new", game="pebbles", seed="WON", players=2, seats=seats)
    assert first["ok"]
    assert ask(op="apply", seat=0, action="take 1")["ok"] and ask(op="bot")["ok"]
    text = judge_while_idle()
    state = bridge.current_table().state  # type: ignore[union-attr]
    assert len(judging.judged_for(state, [0])[0]) == 2 and text
    undone = ask(op="undo")
    assert undone["ok"] and undone["history"] == []
    after = judge_while_idle()  # the run that drops them gives the text to save again, without them
    assert after is not None and after != text
    assert judging.judged_for(state, [0])[0] == []
    bridge.reset()
    assert ask(op="open", code=share.encode(state), seats=seats, judged=after)["ok"]
    assert judging.judged_for(state, [0])[0] == []


def test_saved_verdicts_are_read_back_only_for_the_same_game_and_the_same_rules() -> None:
    seats = seats_of(2)
    assert ask(op="new", game="pebbles", seed="WON", players=2, seats=seats)["ok"]
    assert ask(op="apply", seat=0, action="take 1")["ok"] and ask(op="bot")["ok"]
    text = judge_while_idle()
    state = bridge.current_table().state  # type: ignore[union-attr]
    other = gamebox.get("pebbles").new("LOST", 2)
    for step in state.history:
        other.apply(*step)
    bridge.reset()
    assert ask(op="open", code=share.encode(other), seats=seats, judged=text)["ok"]  # another deal
    assert judging.judged_for(other, [0])[0] == []
    for bad in ("not base64!", "", 12, text[:-8]):
        bridge.reset()
        assert ask(op="open", code=share.encode(state), seats=seats, judged=bad)["ok"]  # ignored, never refused
        assert judging.judged_for(state, [0])[0] == []
    bridge.reset()
    assert ask(op="hello", build="another build")["ok"]
    assert ask(op="open", code=share.encode(state), seats=seats, judged=text)["ok"]
    assert judging.judged_for(state, [0])[0] == []
    judging.set_build("")


def test_a_guest_may_not_ask_for_judging() -> None:
    seats = [{"kind": "human", "level": ""}, {"kind": "remote", "level": ""}]
    assert ask(op="new", game="pebbles", seed="WON", players=2, seats=seats)["ok"]
    reply = ask(op="judging", guest=True, viewer=1)
    assert not reply["ok"] and reply["error"]["key"] == "error.guest_op"


def test_judging_with_no_table_or_a_replay_does_nothing() -> None:
    assert ask(op="judging") == {"ok": True, "more": False}
    final = gamebox.get("pebbles").new("WON", 2)
    while not final.is_over:
        final.apply(final.to_move[0], "take 1")
    assert ask(op="replay", code=share.encode(final), step=2)["ok"]
    assert ask(op="judging") == {"ok": True, "more": False}


@pytest.fixture
def least_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every piece does the least work it can: one step, to the next pause point of the work in hand."""
    monkeypatch.setattr(judging, "PIECE_MS", 0)


@pytest.mark.parametrize("game_id", REVIEWED)
def test_judgements_cut_at_every_pause_point_are_the_records_of_the_review_judged_at_once(
        game_id: str, least_pieces: None) -> None:
    game = gamebox.get(game_id)
    players, options = SETUPS.get(game_id, (players_of(game), {}))
    seats = seats_of(players)
    level = game.bot_levels[0]
    assert ask(op="new", game=game_id, seed=SEED, players=players, options=options, seats=seats)["ok"]
    pieces = 0
    for _ in range(3000):
        if in_play().is_over:
            break
        while True:
            pieces += 1
            if not ask(op="judging")["more"]:
                break
        play_one(level)
    state = in_play()
    ask(op="judging")  # one step of the last moves' judging: the review of the finished game goes on from it
    pieces += 1
    assert pieces > len(state.history)  # a piece a step: at least one for each move and one for the start
    reply = ask(op="review", code=share.encode(state), seats=seats)
    moves = list(reply["moves"])
    while not reply["done"]:
        reply = ask(op="review", code=share.encode(state), seats=seats, **{"from": reply["next"]})
        moves += reply["moves"]
    whole = review_at_once(state)
    assert moves == whole["moves"] and reply["summary"] == whole["summary"]
    while True:  # and the moves judged during play are the review's, judged to the end in pieces
        if not ask(op="judging")["more"]:
            break
    judged, start = judging.judged_for(state, [0])
    assert judged == whole["moves"] and start == whole["start"]


@pytest.mark.parametrize("options", [{}, {"same_colour_ban": "every-row"}])
def test_score_up_s_summary_searched_during_play_is_the_summary_searched_at_the_end(
        options: dict[str, Any], least_pieces: None) -> None:
    from gamebox.upthrust import review as upthrust_review

    upthrust_review.forget()
    seats = seats_of(1)
    assert ask(op="new", game="upthrust", seed=SEED, players=1, options=options, seats=seats)["ok"]
    play_one("easy")
    assert not judging.prepared()
    judge_while_idle()  # the move, then the summary's search from the start, a pause point a piece
    assert judging.prepared()
    while not in_play().is_over:
        play_one("easy")
    state = in_play()
    reply = ask(op="review", code=share.encode(state), seats=seats)
    while not reply["done"]:
        reply = ask(op="review", code=share.encode(state), seats=seats, **{"from": reply["next"]})
    upthrust_review.forget()  # the summary searched again from nothing, at once
    assert reply["summary"] == gamebox.get("upthrust").reviewer.summary(state, [0])


def test_an_undo_drops_the_judgement_in_progress_of_the_move_it_takes_back(least_pieces: None) -> None:
    from gamebox.upthrust import review as upthrust_review

    upthrust_review.forget()
    seats = seats_of(1)
    assert ask(op="new", game="upthrust", seed=SEED, players=1, options={"same_colour_ban": "every-row"},
               seats=seats)["ok"]
    for _ in range(3):
        play_one("easy")
    judge_while_idle()
    play_one("easy")
    assert ask(op="judging")["more"]
    assert judging.working_on() == 3  # the fourth move's judgement, stopped at its first pause point
    assert ask(op="undo")["ok"]
    assert ask(op="judging")["ok"]
    assert judging.working_on() is None
    play_one("hard")
    judge_while_idle()
    state = in_play()
    judged, _ = judging.judged_for(state, [0])
    assert [move["action"] for move in judged] == [action for _, action in state.history]
    assert judged == [review.judged_move(gamebox.get("upthrust").reviewer, position, ply, seat, action)
                      for ply, (seat, action, position) in enumerate(positions_of(state))]


def positions_of(state: State[Any]) -> list[tuple[int, str, State[Any]]]:
    """Each move of ``state`` with the position before it, from the game's start."""
    position = state.game.new(state.seed, state.players, edition=state.edition, **state.options)
    out = []
    for seat, action in state.history:
        out.append((seat, action, position.copy()))
        position.apply(seat, action)
    return out


def play_upples_weighing(pieces_before: list[int]) -> State[Any]:
    """A game of Upples for two to its end, seat 0 the person: before each of the person's moves the engine gets the
    next number of ``pieces_before`` pieces (cycled; a piece a pause point), as a person who thinks a while or
    hardly at all; the bot's moves come at once."""
    seats = seats_of(2)
    assert ask(op="new", game="upples", seed=SEED, players=2, options={}, seats=seats)["ok"]
    turn = 0
    for _ in range(3000):
        state = in_play()
        if state.is_over:
            break
        if 0 in state.to_move:
            for _ in range(pieces_before[turn % len(pieces_before)]):
                if not ask(op="judging")["more"]:
                    break
            turn += 1
        play_one("easy")
    return in_play()


def reviewed(state: State[Any]) -> dict[str, Any]:
    """The bridge's review of the finished game, all of it."""
    seats = seats_of(state.players)
    reply = ask(op="review", code=share.encode(state), seats=seats)
    moves = list(reply["moves"])
    while not reply["done"]:
        reply = ask(op="review", code=share.encode(state), seats=seats, **{"from": reply["next"]})
        moves += reply["moves"]
    return {"moves": moves, "summary": reply["summary"]}


def test_a_person_s_move_weighed_in_part_or_in_full_before_it_is_played_is_judged_as_at_once_and_weighed_once(
        least_pieces: None, monkeypatch: pytest.MonkeyPatch) -> None:
    reviewer = gamebox.get("upples").reviewer
    weighed: list[int] = []
    weighing = type(reviewer).weighing

    def counted(self: Any, before: State[Any], seat: int, rng: Any, effort: int) -> Any:
        weighed.append(len(before.history))
        return (yield from weighing(self, before, seat, rng, effort))

    monkeypatch.setattr(type(reviewer), "weighing", counted)
    state = play_upples_weighing([0, 1, 3, 10_000, 40, 2, 10_000, 5])
    assert reviewed(state)["moves"] == review.review(state, reviewer, [0])["moves"]
    # every position a person moved in weighed once: before the move, in part or in full, or by its judgement; the
    # review of the finished game went on with what was begun (the review from nothing above weighed them again)
    person_moves = [ply for ply, (seat, _) in enumerate(state.history) if seat == 0]
    assert sorted(weighed[:len(person_moves)]) == person_moves


def test_an_undo_drops_the_weighing_of_a_position_it_takes_back(least_pieces: None) -> None:
    seats = seats_of(2)
    assert ask(op="new", game="upples", seed=SEED, players=2, options={}, seats=seats)["ok"]
    judge_while_idle()  # the person's first position weighed in full
    play_one("hard")  # a jump of a chain: the person is still to move, and may take it back
    assert in_play().to_move == [0]
    for _ in range(40):  # that jump judged, and the next position weighed in part
        ask(op="judging")
    assert ask(op="undo")["ok"]
    assert in_play().history == []
    for _ in range(6):
        play_one("easy")
    judge_while_idle()
    state = in_play()
    judged, _ = judging.judged_for(state, [0])
    reviewer = gamebox.get("upples").reviewer
    assert judged == [review.judged_move(reviewer, position, ply, seat, action, person=seat == 0)
                      for ply, (seat, action, position) in enumerate(positions_of(state))]
