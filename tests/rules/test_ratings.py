# ruff: noqa: E501
"""Ratings (docs/ratings.md): Glicko-2 as Glickman gives it (web/glicko2.js, the one implementation, run on Node),
the rating rules of web/profile-store.js, and the bots' table each game ships (its folder's ratings.json)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import gamebox

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node runs the page's module")


def run_module(script: str) -> object:
    """Run ``script`` (an ES module importing the page's modules from web/) on Node; its printed JSON."""
    done = subprocess.run([NODE or "node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          cwd=ROOT, check=True, timeout=60)
    return json.loads(done.stdout)


@needs_node
def test_glicko2_gives_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 (lost) and
    # 1700/300 (lost), tau 0.5, becomes 1464.06 / 151.52 / 0.05999 (the paper rounds its steps: 1464.05 unrounded)
    after = run_module("""
      import { ratePeriod } from "./web/glicko2.js";
      console.log(JSON.stringify(ratePeriod({rating: 1500, deviation: 200, volatility: 0.06}, [
        {rating: 1400, deviation: 30, score: 1}, {rating: 1550, deviation: 100, score: 0},
        {rating: 1700, deviation: 300, score: 0}])));""")
    assert isinstance(after, dict)
    assert after["rating"] == pytest.approx(1464.06, abs=0.02)
    assert after["deviation"] == pytest.approx(151.52, abs=0.01)
    assert after["volatility"] == pytest.approx(0.05999, abs=0.00001)


@needs_node
def test_glicko2_starts_where_glickman_says_and_a_period_without_games_only_widens() -> None:
    found = run_module("""
      import { ratePeriod, START, TAU } from "./web/glicko2.js";
      console.log(JSON.stringify({START, TAU, idle: ratePeriod({rating: 1500, deviation: 200, volatility: 0.06}, [])}));""")
    assert isinstance(found, dict)
    assert found["START"] == {"rating": 1500, "deviation": 350, "volatility": 0.06}
    assert found["TAU"] == 0.5
    assert found["idle"]["rating"] == 1500
    assert found["idle"]["deviation"] == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5, abs=0.01)


RULES = """
  globalThis.window = { localStorage: null };
  const store = await import("./web/profile-store.js");
  const bots = { easy: { rating: 1500, deviation: 30 }, hard: { rating: 1800, deviation: 100 } };
  const table = (over) => ({ game: "g", deal: "D", players: 2, history: [], daily: null, scores: [1, 0],
    seats: [{ kind: "human", level: "" }, { kind: "bot", level: "easy" }], winners: [0], view: {}, ...over });
  const sitting = { deal: "D", undo: false, hint: false };
  console.log(JSON.stringify({
    rated: store.notRatedReason(table({}), sitting, false),
    undo: store.notRatedReason(table({}), { ...sitting, undo: true }, false),
    hint: store.notRatedReason(table({}), { ...sitting, hint: true }, false),
    link: store.notRatedReason(table({}), undefined, false),
    other_deal: store.notRatedReason(table({ deal: "E" }), sitting, false),
    replay: store.notRatedReason(table({}), sitting, true),
    daily: store.notRatedReason(table({ daily: { day: "2026-12-03" } }), sitting, false),
    two_people: store.notRatedReason(table({ seats: [{ kind: "human" }, { kind: "human" }] }), sitting, false),
    no_bots: store.notRatedReason(table({ seats: [{ kind: "human" }, { kind: "remote" }] }), sitting, false),
    again: store.notRatedReason(table({}), { ...sitting, done: true }, false),
    four: store.pairings(table({ players: 4, winners: [2], scores: [5, 3, 9, 5], seats: [{ kind: "human", level: "" },
      { kind: "bot", level: "easy" }, { kind: "bot", level: "hard" }, { kind: "bot", level: "easy" }] }), bots),
    teams: store.pairings(table({ players: 4, winners: [0, 2], scores: [4, 1, 4, 1], view: { teams: [[0, 2], [1, 3]] },
      seats: [{ kind: "human", level: "" }, { kind: "bot", level: "easy" }, { kind: "bot", level: "hard" },
        { kind: "bot", level: "hard" }] }), bots),
    remote: store.pairings(table({ players: 3, winners: [1], scores: [2, 5, 1], seats: [{ kind: "human", level: "" },
      { kind: "remote", level: "" }, { kind: "bot", level: "hard" }] }), bots),
    checksum: store.checksum("gamebox"),
    newer: store.readFile(JSON.stringify({ kind: "gamebox-profile", version: 99, body: {}, checksum: "0" })).error.key,
    not_profile: store.readFile("{\\"hello\\": 1}").error.key,
    damaged: store.readFile(JSON.stringify({ kind: "gamebox-profile", version: 1, body: { profile: {} }, checksum: "0" })).error.key,
    migrate_newer: store.migrate({ format: 2, ratings: {}, bests: {} }),
  }));
"""


@pytest.fixture(scope="module")
def rules() -> dict[str, object]:
    if NODE is None:
        pytest.skip("node runs the page's module")
    found = run_module(RULES)
    assert isinstance(found, dict)
    return found


def test_a_new_deal_against_bots_without_undo_or_hint_is_rated(rules: dict[str, object]) -> None:
    assert rules["rated"] is None


@pytest.mark.parametrize("case", ["undo", "hint", "link", "replay", "daily", "two_people", "no_bots", "again"])
def test_a_game_is_not_rated_for_each_worded_reason(rules: dict[str, object], case: str) -> None:
    assert rules[case] == case
    words = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert f"rating.not.{case}" in words


def test_a_game_from_another_deal_counts_as_opened_from_a_link(rules: dict[str, object]) -> None:
    assert rules["other_deal"] == "link"


def test_in_a_game_of_four_the_person_is_paired_with_every_bot_scored_by_rank(rules: dict[str, object]) -> None:
    # the winner (seat 2) above; seat 1 scored below the person; seat 3 tied with the person
    assert [(g["seat"], g["level"], g["score"]) for g in rules["four"]] == [  # type: ignore[attr-defined]
        (1, "easy", 1), (2, "hard", 0), (3, "easy", 0.5)]


def test_in_team_upples_the_person_is_paired_with_the_other_teams_seats(rules: dict[str, object]) -> None:
    assert [(g["seat"], g["score"]) for g in rules["teams"]] == [(1, 1), (3, 1)]  # type: ignore[attr-defined]


def test_a_person_on_another_device_is_no_opponent(rules: dict[str, object]) -> None:
    assert [(g["seat"], g["score"]) for g in rules["remote"]] == [(2, 1)]  # type: ignore[attr-defined]


def test_a_profile_file_that_is_not_one_damaged_or_newer_is_refused(rules: dict[str, object]) -> None:
    assert rules["not_profile"] == "profile.refused.not_profile"
    assert rules["damaged"] == "profile.refused.damaged"
    assert rules["newer"] == "profile.refused.newer"
    assert rules["migrate_newer"] is None


@pytest.mark.parametrize("game_id", [i for i in gamebox.ready_ids() if not gamebox.get(i).fixture])
def test_each_game_ships_a_rating_for_every_bot_level(game_id: str) -> None:
    game = gamebox.get(game_id)
    table = game.describe()["bot_ratings"]
    assert isinstance(table, dict)
    assert set(table["levels"]) == set(game.bot_levels)
    easy = game.bot_levels[0]
    assert table["anchor"] == {"level": easy, "rating": 1500.0}
    assert table["levels"][easy]["rating"] == 1500.0
    for row in table["levels"].values():
        assert 0 < row["deviation"] <= 350
    assert table["games"] > 0


def test_the_bench_fit_puts_a_level_that_wins_most_games_above_the_anchor() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    import ratings  # type: ignore[import-not-found]

    results = [("hard", "easy", 1.0)] * 15 + [("hard", "easy", 0.0)] * 5
    table = ratings.fit(["easy", "hard"], results)
    assert table["easy"]["rating"] == ratings.ANCHOR
    # 15.5 of 21 with the prior's draw: log(15.5 / 5.5) * 400 / ln 10 = 180 points
    assert table["hard"]["rating"] == pytest.approx(1500 + 180, abs=1)
