"""Share codes: versioned, URL-safe, and they reopen exactly the same game."""

from __future__ import annotations

import re

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core import share
from tests.catalogues import CATALOGUES
from tests.playing import first_legal_action, first_moves

pytestmark = pytest.mark.skipif("upthrust" not in gamebox.ready_ids(), reason="needs Upthrust")


def played(seed: str = "K7Q2M", players: int = 2, moves: int = 6):
    game = gamebox.get("upthrust")
    state = game.new(seed, players)
    first_moves(state, moves, first_legal_action)
    return state


def test_share_code_is_versioned_and_url_safe():
    code = share.encode(played())
    assert code.startswith("v2.upthrust.K7Q2M.2.")
    assert re.fullmatch(r"[A-Za-z0-9._~+@:,=-]*", code)


def test_share_code_round_trips_the_fingerprint():
    state = played(moves=10)
    assert share.decode(share.encode(state)).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("seed", ["2026-12-01", "olá mundo", "a.b_c", "~tilde", "x" * 64])
def test_any_seed_text_survives_a_share_code(seed):
    state = played(seed=seed, moves=3)
    decoded = share.decode(share.encode(state))
    assert decoded.seed == seed and decoded.fingerprint() == state.fingerprint()


@pytest.mark.parametrize(
    "code",
    ["", "v9.upthrust.K.2.", "v1.chess.K.2.", "v1.upthrust.K.two.", "v1.upthrust", "v1.upthrust.K.9.",
     "v1.upthrust.K.2.zz", "v1.upthrust.~!!!.2.", "v1.upthrust.K.2..0zz99", "v1.upthrust.K.2..9a1"],
)
def test_bad_share_codes_raise_bad_share_code(code):
    with pytest.raises(gamebox.BadShareCode):
        share.decode(code)


def test_a_tampered_history_is_refused():
    code = share.encode(played(moves=4))
    head, _, last = code.rpartition(".")
    with pytest.raises(gamebox.BadShareCode):
        share.decode(f"{head}.{last[0]}d11")


def a_game_or_refused(text: str) -> bool:
    """Whether ``text`` opens a game. Either it is refused with BadShareCode, worded by a message key, or what it
    opens is a whole game of the box: the game its own history replays to, whose code opens it again."""
    try:
        state = share.decode(text)
    except gamebox.BadShareCode as refused:
        assert refused.key in CATALOGUES["en"], (text, refused.key)
        return False
    assert state.game.id in gamebox.ids()
    replayed = state.game.replay(state.seed, state.players, state.options, state.history, state.edition)
    assert replayed.fingerprint() == state.fingerprint(), text
    assert share.decode(share.encode(state)).fingerprint() == state.fingerprint(), text
    return True


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_a_game_or_a_bad_share_code(text):
    a_game_or_refused(text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_codes_are_a_game_or_a_bad_share_code(data):
    code = share.encode(played(moves=5))
    position = data.draw(st.integers(0, len(code) - 1))
    replacement = data.draw(st.text(alphabet="v1.upthrust0123456789abcdK~_-", max_size=3))
    event("opens a game" if a_game_or_refused(code[:position] + replacement + code[position + 1 :]) else "refused")


def test_the_check_of_a_game_or_a_refusal_sees_both() -> None:
    """The two tests above can tell a game from a refusal: a real code opens, a cut one is refused."""
    code = share.encode(played(moves=5))
    assert a_game_or_refused(code) and a_game_or_refused(code.rpartition(".")[0])
    assert not a_game_or_refused(code[:7]) and not a_game_or_refused(code + "~")


@pytest.mark.parametrize("code", ["garbage", "%%%", "upthrust.K7Q2M.2", "x1.upthrust.K7Q2M.2.-", "v.upthrust.a.2.-"])
def test_a_garbled_code_is_damaged_or_not_a_game_not_from_another_version(code: str) -> None:
    """Issue 22: `#/play?code=garbage` was explained as "a version of Gamebox this page does not know"."""
    with pytest.raises(gamebox.BadShareCode) as refused:
        share.decode(code)
    assert refused.value.key == "share.not_a_game"


def test_a_code_of_a_later_version_is_said_to_be_one() -> None:
    code = share.encode(played())
    later = "v999" + code[code.index("."):]
    with pytest.raises(gamebox.BadShareCode) as refused:
        share.decode(later)
    assert refused.value.key == "share.bad_version"
