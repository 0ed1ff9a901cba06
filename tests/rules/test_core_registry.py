"""The box (core/registry.py), positions from snapshots (Game.restore), copies, and the daily challenges each game
declares (Game.daily, the bridge's daily op and the daily and deal fields of its replies)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamebox
from gamebox.core import bridge, registry, share
from gamebox.core.rng import Rng

from .conftest import FIXTURE_GAMES

DAY = "2026-12-01"
ALONE = [{"kind": "human", "level": ""}]


@pytest.fixture(autouse=True)
def fresh_table():
    bridge.reset()
    yield
    bridge.reset()


def played(game: gamebox.Game, seed: str, steps: int) -> gamebox.State:
    state = game.new(seed, max(2, game.min_players))
    rng = Rng(f"registry/{game.id}")
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_every_games_folder_is_named_as_the_game_is_called() -> None:
    # registry.get looks in the folder of the name it is asked for first, so that one game is imported, not the box
    for game in registry.games():
        assert type(game).__module__.split(".")[:2] == ["gamebox", game.id], game.id
        assert sys.modules[f"gamebox.{game.id}"].GAME is game
        assert registry.get(game.id) is game


# In a fresh Python: the engine's boot (hello without the box), then a link's game opened; prints the games imported
# after each step.
LINK_OPENED = """import json, sys
from gamebox.core import bridge
games = json.loads(sys.argv[1])
imported = lambda: sorted(name for name in games if f"gamebox.{name}" in sys.modules)
assert bridge.handle({"op": "hello", "build": "a build", "box": False}) == {"ok": True}
print(json.dumps(imported()))
assert bridge.handle({"op": "open", "code": sys.argv[2]})["ok"]
print(json.dumps(imported()))"""


def test_the_engines_boot_imports_no_game_and_a_link_imports_its_own_game_alone() -> None:
    """A first visit's engine answers its boot's hello without the box, and opening a link imports that game and no
    other (docs/architecture.md, "Where a first visit's time goes"); the full hello still lists every game."""
    code = bridge.handle({"op": "new", "game": "upthrust", "players": 2, "seed": "K7Q2M"})["share"]
    games = registry.ids()
    source = str(Path(gamebox.__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", LINK_OPENED, json.dumps(games), code], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": source})
    after_hello, after_open = (json.loads(line) for line in done.stdout.splitlines())
    assert after_hello == [] and after_open == ["upthrust"]
    assert len(games) > 1


def test_the_manifest_describes_every_game_with_its_order_fixture_and_daily() -> None:
    games = registry.manifest()["games"]
    assert [game["id"] for game in games] == registry.ids()
    for described in games:
        assert isinstance(described["order"], int) and isinstance(described["fixture"], bool)
        assert described["daily"] is None or isinstance(described["daily"]["lower"], bool)
    hello = bridge.handle({"op": "hello"})
    assert hello["ok"] and hello["ids"] == registry.ids() and hello["games"] == games


@pytest.mark.parametrize("game_id", registry.ids())
def test_restore_rebuilds_a_position_from_its_snapshot(game_id: str) -> None:
    game = gamebox.get(game_id)
    state = played(game, "RESTORE", 9)
    again = game.restore(state.snapshot(), seed=state.seed, players=state.players, options=state.options,
                         history=state.history)
    assert again.snapshot() == state.snapshot()
    assert again.to_move == state.to_move and again.scores() == state.scores()
    for seat in state.to_move:  # what the last action did (an animation's events) is not part of a position
        assert again.legal_actions(seat) == state.legal_actions(seat) and again.targets(seat) == state.targets(seat)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_copy_shares_nothing_the_rules_change(game_id: str) -> None:
    game = gamebox.get(game_id)
    state = played(game, "COPY", 5)
    before = state.fingerprint()
    twin = state.copy()
    assert twin.fingerprint() == before
    rng = Rng("copy")
    for _ in range(30):
        if twin.is_over:
            break
        seat = twin.to_move[0]
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert state.fingerprint() == before


def test_upthrusts_daily_is_score_up_dealt_from_the_date_and_keeps_the_higher_score() -> None:
    game = gamebox.get("upthrust")
    assert game.daily(DAY) == {"seed": DAY, "players": 1, "options": {"start": "dealt"}}
    reply = bridge.handle({"op": "daily", "game": "upthrust", "day": DAY, "seats": ALONE})
    assert reply["ok"] and reply["seed"] == DAY and reply["options"]["start"] == "dealt"
    assert reply["daily"] == {"day": DAY, "result": None, "lower": False}
    while not reply["is_over"]:
        action = bridge.handle({"op": "legal", "seat": 0})["actions"][0]
        reply = bridge.handle({"op": "apply", "seat": 0, "action": action})
    final = share.decode(reply["resume"])
    assert game.daily_day(final) == DAY and game.daily_result(final) == final.scores()[0] == reply["scores"][0]
    assert reply["daily"] == {"day": DAY, "result": final.scores()[0], "lower": False}


def test_ubongos_daily_is_the_days_easy_puzzle_and_keeps_the_faster_solve() -> None:
    game = gamebox.get("ubongo")
    assert game.daily(DAY) == {"seed": DAY, "players": 1, "options": {"side": "easy"}}
    state = game.new(DAY, 1, side="easy")
    assert game.daily_day(state) == DAY and game.daily_result(state) is None
    assert game.daily_day(game.new(DAY, 1, side="hard")) is None
    assert game.daily_day(game.new("K7Q2M", 1, side="easy")) is None
    state.apply(0, "solution")  # shown: the puzzle ends unsolved, no result to keep
    assert state.is_over and game.daily_result(state) is None


def test_upples_daily_is_the_days_training_and_keeps_the_fewer_turns() -> None:
    game = gamebox.get("upples")
    assert game.daily(DAY) == {"seed": f"training-{DAY}", "players": 1, "options": {"mode": "training"}}
    state = game.new(f"training-{DAY}", 1, mode="training")
    assert game.daily_day(state) == DAY
    assert game.daily_day(game.new(f"training-{DAY}", 1, mode="glutton")) is None
    assert game.daily_day(game.new("training-someday", 1, mode="training")) is None
    reply = bridge.handle({"op": "daily", "game": "upples", "day": DAY, "seats": ALONE})
    assert reply["ok"] and reply["daily"] == {"day": DAY, "result": None, "lower": True}


def test_a_daily_is_only_a_daily_for_one_person_playing_alone() -> None:
    reply = bridge.handle({"op": "daily", "game": "upthrust", "day": DAY, "seats": [{"kind": "bot", "level": "easy"}]})
    assert reply["ok"] and reply["daily"] is None


def test_games_without_a_daily_and_bad_days_are_refused() -> None:
    for request in ({"game": "upcombine", "day": DAY}, {"game": "upthrust", "day": "tomorrow"},
                    {"game": "upthrust", "day": "2026-12-01x"}):
        reply = bridge.handle({"op": "daily", **request})
        assert not reply["ok"] and reply["error"]["key"] == "daily.unknown"
    assert not bridge.handle({"op": "daily", "game": "chess", "day": DAY})["ok"]


def test_the_deal_names_a_game_s_seed_without_giving_it_away() -> None:
    first = bridge.handle({"op": "new", "game": "upcombine", "seed": "SECRET", "players": 2})
    again = bridge.handle({"op": "new", "game": "upcombine", "seed": "SECRET", "players": 3})
    other = bridge.handle({"op": "new", "game": "upcombine", "seed": "OTHER", "players": 2})
    assert first["deal"] == again["deal"] != other["deal"] and "SECRET" not in first["deal"]
    assert bridge.handle({"op": "check", "code": first["resume"]})["deal"] == first["deal"]


def test_the_package_has_no_import_cycles() -> None:
    """Rules never import their bots, nor anything that imports the rules (tools/import_cycles.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import import_cycles

    assert import_cycles.import_cycles([FIXTURE_GAMES]) == []
    assert import_cycles.import_cycles([FIXTURE_GAMES], typing=True) == []  # not even in type hints


def test_the_page_has_no_import_cycles(tmp_path: Path) -> None:
    """No ES module of web/ imports, through others, one that imports it (tools/import_cycles.py, which the build
    runs too); and the check does see a cycle where there is one."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import import_cycles

    assert import_cycles.page_cycles() == []
    page = tmp_path / "web"
    (page / "screens").mkdir(parents=True)
    (page / "screens" / "game.js").write_text('import { renderMenu } from "./menu.js";\n', encoding="utf-8")
    (page / "screens" / "menu.js").write_text('import {\n  seatName,\n} from "./game.js";\n', encoding="utf-8")
    (page / "seats.js").write_text('/** @type {import("./screens/game.js").X} */\nexport const x = 1;\n',
                                   encoding="utf-8")
    assert import_cycles.page_cycles(page) == [["web/screens/game.js", "web/screens/menu.js"]]
