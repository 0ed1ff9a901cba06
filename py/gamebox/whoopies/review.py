"""Reviewing a finished Whoopies game: each grab's time beside the bots' levels, wrong creatures and body grabs, and
the rounds won and lost (docs/rules/whoopies.md, "Review").

A grab is measured against people, as the bots model them (people.py): for the throw the person saw and the
creature the call asked of them, the **typical** player of each level (easy: a child of about ten, medium: a
grown-up new to the game, hard: a practised grown-up) is played through the same model as the bots, with the
level's median reaction time, no slip, an even tempo and a perfect aim: the moment each would have closed the hand
on the right ball of *this* throw. Nothing is drawn, so a review does not depend on luck or on the effort.

The scale is time (``ms``, turned so that more is better): a right catch at ``t`` is worth minus ``t`` read on the
taught axis, on which this throw's hard, medium and easy times fall on the taught 1.4 s, 1.6 s and 2.0 s
(timing.TAUGHT; straight lines between them, ms for ms after the easy one). So the verdicts say where a catch
stands among the levels on this throw: as fast as the hard player or faster is "best"; slower than the medium
player, an inaccuracy; slower than the easy player, a mistake. The best move is the hard player's grab: the right
ball where it lies at the hard player's time (a point and a time, as a person grabs, which the page draws).

- A grab that closes on nothing (a miss) is judged as a catch one practised reaction later (seeing the empty hand
  and closing it again), and at least an inaccuracy: the ball was there.
- ``pass`` (no grab in the window) is worth a catch at the end of the 10 s window: a mistake (the round is lost,
  as it is to a slow catch, but it costs no gem).
- A catch that costs gems (a wrong creature, a body, the spared one on "all but one") is worth twice the window:
  a blunder, the one verdict that is more than a lost round.
- Moves before the throw have no speed: a roll and a throw have no choice; the roller's call, the joker's action
  and a pick are each as good as another before the throw is known (the roller grabs too, and the model gives
  everyone the same slips): all "best". A steal is a blunder when another steal would have won the game at once.

The chart (``values``) is each seat's standing: its gems against the goal (classic, youngest players), or its
share of the gems held (petty theft); 1 for the winner at the end.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from gamebox.core.game import State
from gamebox.core.review import Judgement, Scale
from gamebox.core.rng import Rng
from gamebox.whoopies.actions import Grab, NamedGrab, Pass, parse
from gamebox.whoopies.people import LEVELS as PEOPLE
from gamebox.whoopies.people import LN2, REST, aim, choices_in, search_ms
from gamebox.whoopies.rules import THEFT, WhoopiesState
from gamebox.whoopies.throw import HEIGHT, WIDTH, WINDOW_MS, Throw
from gamebox.whoopies.timing import TAUGHT

LEVELS: Final = ("easy", "medium", "hard")
# The taught axis: where each level's time on a throw is read (ms after the throw started).
TAUGHT_MS: Final = {level: round(TAUGHT[level] * 1000) for level in LEVELS}
# A miss costs at least the practised player's simple reaction time (mu + the tail's median) before the hand can
# close again.
REGRAB_MS: Final = round(PEOPLE["hard"].reaction_ms + PEOPLE["hard"].reaction_tail_ms * LN2)
PASS_MS: Final = WINDOW_MS  # no catch in the window: as if caught at its very end
COSTLY_MS: Final = 2 * WINDOW_MS  # a catch that costs gems: worse than any catch or none
# Slower than the medium player: an inaccuracy; slower than the easy player: a mistake (the taught gaps, 200 and
# 600 ms); a blunder: a loss of more than the whole window, which only a catch that costs gems has.
SCALE: Final = Scale("ms", TAUGHT_MS["medium"] - TAUGHT_MS["hard"], TAUGHT_MS["easy"] - TAUGHT_MS["hard"], WINDOW_MS)
BEST_VALUE: Final = -float(TAUGHT_MS["hard"])
_KEPT: dict[tuple[str, tuple[str, ...], str | None, int], dict[str, tuple[int, str]]] = {}


def _nearest(throw: Throw, names: list[str], x: float, y: float, ms: int) -> str:
    def distance2(name: str) -> float:
        bx, by = throw.ball_at(name, ms)
        return (bx - x) * (bx - x) + (by - y) * (by - y)

    return min(names, key=lambda name: (distance2(name), names.index(name)))


def level_times(state: WhoopiesState, seat: int, rng: Rng) -> dict[str, tuple[int, str]]:
    """Each level's typical player on this throw, for what ``seat`` must catch: (the ms its hand closes on the
    right ball, that creature). People.py's grab, without its draws: the median reaction (mu plus the tail's
    median), the Hick-Hyman search, the hand from the middle of the table, an even tempo, a perfect aim, no slip.
    The times are made to rise from hard to easy (a millisecond apart at least), so the taught axis is read
    between them."""
    throw = state.throw
    assert throw is not None
    wanted = state.wanted(seat)
    key = (throw.key, tuple(wanted), state.action, len(state.in_play))
    found = _KEPT.get(key)
    if found is not None:
        return found
    view = {"creatures": list(state.in_play), "action": state.action}
    found = {}
    earliest = -1
    for level in ("hard", "medium", "easy"):
        person = PEOPLE[level]
        typical = replace(person, tempo_sd=0.0, spread=0.0)  # aim's draws are multiplied by nothing
        ready = person.reaction_ms + person.reaction_tail_ms * LN2 + search_ms(person, choices_in(view))
        seen = max(int(ready) - person.delay_ms, 0)
        target = _nearest(throw, wanted, REST[0], REST[1], seen) if len(wanted) > 1 else wanted[0]
        ms, _, _ = aim(throw, target, REST, ready, typical, rng.fork(f"whoopies-review/{level}"))
        earliest = max(ms, earliest + 1)
        found[level] = (earliest, target)
    if len(_KEPT) > 256:
        _KEPT.clear()
    _KEPT[key] = found
    return found


def taught_ms(ms: float, times: dict[str, tuple[int, str]]) -> float:
    """``ms`` on this throw read on the taught axis: 0 at the throw, each level's time at its taught time, straight
    lines between, and ms for ms after the easy player's."""
    points = [(0.0, 0.0)] + [(float(times[level][0]), float(TAUGHT_MS[level])) for level in ("hard", "medium", "easy")]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if ms <= x1:
            return y0 + (y1 - y0) * (ms - x0) / (x1 - x0) if x1 > x0 else y1
    return points[-1][1] + ms - points[-1][0]


def best_grab(throw: Throw, name: str, ms: int) -> str:
    """A grab of ``name``'s ball at ``ms`` (or the first 10 ms after it where the point catches that ball): the
    point the page draws."""
    for at in range(ms, WINDOW_MS + 1, 10):
        bx, by = throw.ball_at(name, at)
        x, y = min(max(round(bx), 0), WIDTH), min(max(round(by), 0), HEIGHT)
        if throw.hit(x, y, at) == (name, "tail"):
            return str(Grab(x, y, at))
    bx, by = throw.ball_at(name, ms)
    return str(Grab(min(max(round(bx), 0), WIDTH), min(max(round(by), 0), HEIGHT), ms))


def caught(state: WhoopiesState, action: str) -> tuple[str, str] | None:
    """What a grab catches: (creature, tail|body), or None for a miss."""
    move = parse(action, state.rules)
    if isinstance(move, NamedGrab):
        return move.name, move.part
    assert isinstance(move, Grab)
    throw = state.throw
    assert throw is not None
    return throw.hit(move.x, move.y, move.ms)


def costs_gems(state: WhoopiesState, seat: int, catch: tuple[str, str]) -> bool:
    """A catch that costs gems whenever it comes first: a body, the spared one, or a creature not asked for."""
    name, part = catch
    if part == "body":
        return True
    if state.action == "spare":
        return name == state.value
    return name not in state.wanted(seat)


class WhoopiesReviewer:
    """Whoopies' REVIEWER (core/review.py's Reviewer)."""

    scale: Scale = SCALE

    def values(self, state: State[Any], rng: Rng, effort: int) -> list[float]:
        """Each seat's standing: gems against the goal, or (petty theft) its share of the gems held; the winner of
        a finished game 1."""
        assert isinstance(state, WhoopiesState)
        winners = state.winners()
        if state.variant == THEFT:
            total = sum(state.gems)
            standing = [gems / total if total else 1.0 / state.players for gems in state.gems]
        else:
            goal = state.goal or 1
            standing = [min(1.0, gems / goal) for gems in state.gems]
        return [1.0 if seat in winners else value for seat, value in enumerate(standing)]

    def judge(self, before: State[Any], seat: int, action: str, rng: Rng, effort: int) -> Judgement | None:
        """A grab or a pass by its time beside the levels' on this throw (or as a catch that costs gems); a steal by
        whether it missed a win at once; any other move is the only one or as good as another: best."""
        assert isinstance(before, WhoopiesState)
        after = before.copy()
        after.apply(seat, action)
        values = self.values(after, rng, effort)
        if before.phase == "grab":
            return self._judge_grab(before, seat, action, rng, values)
        if before.phase == "steal":
            return self._judge_steal(before, after, seat, action, values)
        # a roll, a throw, the roller's call, the joker's action, a pick: no speed, and no choice better than another
        return Judgement(action, 0.0, 0.0, values, {})

    def _judge_grab(self, before: WhoopiesState, seat: int, action: str, rng: Rng,
                    values: list[float]) -> Judgement:
        """The value of a grab on the taught axis (module docstring); the better move is the hard player's grab,
        never before the seat's last miss."""
        wanted = before.wanted(seat)
        throw = before.throw
        if not wanted or throw is None:
            return Judgement(action, 0.0, 0.0, values, {})
        times = level_times(before, seat, rng)
        hard_ms, hard_target = times["hard"]
        floor = max((int(a["ms"]) for a in before.attempts[seat]), default=0)
        best = best_grab(throw, hard_target, max(hard_ms, floor))
        notes: dict[str, Any] = {"wanted": wanted, "levels": {level: times[level][0] for level in LEVELS}}
        move = parse(action, before.rules)
        if isinstance(move, Pass):
            played = -float(PASS_MS)
            notes.update(outcome="pass")
        else:
            assert isinstance(move, Grab | NamedGrab)
            catch = caught(before, action)
            notes.update(time_ms=move.ms, first=not before.attempts[seat])
            if catch is None:
                played = min(-taught_ms(move.ms + REGRAB_MS, times), BEST_VALUE - SCALE.inaccuracy)
                notes.update(outcome="miss")
            elif costs_gems(before, seat, catch):
                played = -float(COSTLY_MS)
                notes.update(outcome="body" if catch[1] == "body" else "wrong", creature=catch[0], part=catch[1])
            else:
                played = -taught_ms(move.ms, times)
                notes.update(outcome="right", creature=catch[0], part=catch[1])
        if played >= BEST_VALUE:
            return Judgement(action, played, played, values, notes)
        return Judgement(best, played, BEST_VALUE, values, notes)

    def _judge_steal(self, before: WhoopiesState, after: WhoopiesState, seat: int, action: str,
                     values: list[float]) -> Judgement:
        """A steal that wins the game at once, when there is one, is the best; any other steal is as good as another
        (the bots rob the richest; which of the others loses a gem does not change this seat's own gems)."""
        if after.winners() != [seat]:
            for other in before.legal_actions(seat):
                trial = before.copy()
                trial.apply(seat, other)
                if trial.winners() == [seat]:
                    return Judgement(other, -float(COSTLY_MS), 0.0, values, {"winning": other})
        return Judgement(action, 0.0, 0.0, values, {})

    def summary(self, final: State[Any], people: list[int]) -> dict[str, Any]:
        """Per throw: the call, each seat's outcome and the round's winner, and for each person what they had to
        catch, each grab (its time, what it caught and whether that was right), the first grab's time (the
        reaction), the catch, and the levels' times on that throw for them. Per seat: the rounds won, lost (another
        seat won) and paid for (gems lost to a penalty); the final gems and winners."""
        assert isinstance(final, WhoopiesState)
        replay = final.game.new(final.seed, final.players, edition=final.edition, **final.options)
        assert isinstance(replay, WhoopiesState)
        rng = Rng(f"gamebox/review/whoopies/{final.seed}/summary")
        throws: list[dict[str, Any]] = []
        current: dict[str, Any] | None = None
        tally = [{"seat": seat, "won": 0, "lost": 0, "paid": 0} for seat in range(final.players)]
        for seat, action in final.history:
            record = current["people"].get(str(seat)) if current is not None and replay.phase == "grab" else None
            move = parse(action, replay.rules)
            if record is not None and isinstance(move, Grab | NamedGrab):
                catch = caught(replay, action)
                right = catch is not None and not costs_gems(replay, seat, catch)
                record["grabs"].append({"action": action, "ms": move.ms, "creature": catch[0] if catch else None,
                                        "part": catch[1] if catch else None, "right": right})
                if record["reaction_ms"] is None:
                    record["reaction_ms"] = move.ms
                if catch is not None:
                    record["catch"] = {"ms": move.ms, "creature": catch[0], "part": catch[1], "right": right}
            last = replay.last
            replay.apply(seat, action)
            if action == "throw":
                current = {"round": replay.round, "action": replay.action, "value": replay.value,
                           "joker": replay.joker, "people": {}, "winner": None, "outcomes": []}
                for person in people:
                    if person in replay.participants and replay.wanted(person):
                        times = level_times(replay, person, rng)
                        current["people"][str(person)] = {
                            "wanted": replay.wanted(person), "grabs": [], "reaction_ms": None, "catch": None,
                            "levels": {level: times[level][0] for level in LEVELS}}
                throws.append(current)
            elif replay.last is not last and replay.last is not None and current is not None:
                rows = replay.last["grabs"]
                current["winner"] = replay.last["winner"]
                current["outcomes"] = [{"seat": row["seat"], "outcome": row["outcome"], "creature": row["creature"],
                                        "part": row["part"], "ms": row["ms"], "gems": row["gems"]} for row in rows]
                for row in rows:
                    entry = tally[row["seat"]]
                    if row["outcome"] == "won":
                        entry["won"] += 1
                    elif replay.last["winner"] is not None:
                        entry["lost"] += 1
                    if row["gems"] < 0:
                        entry["paid"] += 1
                current = None
        return {"throws": throws, "seats": tally, "gems": list(final.gems), "winners": final.winners()}


REVIEWER: Final = WhoopiesReviewer()

__all__ = ["REVIEWER", "SCALE", "WhoopiesReviewer", "level_times"]
