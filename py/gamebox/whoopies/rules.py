"""Whoopies: roll the die, name the target, throw the creatures, and grab the right one by its tail ball.

One round: the roller ``roll``s the die, makes the choice the face asks for, then ``throw``s. Every player in
the round then grabs: a hand closes on a point of the table at a time in milliseconds after the throw started,
and the engine hit-tests it against the throw at that time. The engine orders the grabs by those times, never by
the order the calls came in. A round closes when every player in it has caught something or passed. Actions are
canonical: only the exact texts of the notation are accepted. See docs/rules/whoopies.md for every
interpretation, and for what edition 1 of the rules (links made before edition 2) does differently.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, cast

from gamebox.core.errors import BadRequest, IllegalAction
from gamebox.core.game import JSON, Game, LogEntry, Realtime, State, log_entry, sealed_from_others
from gamebox.core.rng import Rng
from gamebox.core.targets import Target
from gamebox.whoopies import actions, views
from gamebox.whoopies.actions import Call, Grab, Joker, NamedGrab, Pass, Pick, Roll, Steal, Throw
from gamebox.whoopies.creatures import BY_NAME, COLOURS, NAMES, with_body, with_puff
from gamebox.whoopies.editions import THEFT_START, Edition, rules_of
from gamebox.whoopies.throw import HEIGHT, WIDTH, WINDOW_MS, simulate
from gamebox.whoopies.throw import Throw as Flight
from gamebox.whoopies.views import GrabView, LastRound, Phase, WhoopiesView

SUPPLY = 20  # the gems in the box
ACTIONS = ("colour", "puff", "name", "spare", "own")  # die faces 1..5; face 6 is the joker
GRABS = ("whoopies.grabbed", "whoopies.passed")  # the log keys of a seat's grab, or of giving it up
# What the page shows before the throw: "3, 2, 1" (web/games/whoopies/renderer.js reads it from games.json,
# ``realtime.lead_in_ms``). The grab's clock starts when the countdown does; a grab's ms counts from the throw.
COUNTDOWN_MS = 2100
# legal_actions offers a sample of grabs (any point of the table at any whole ms in [0, WINDOW_MS] is legal):
# the right ball at several moments, the typical slips (the trap creature's ball, the right body) a little later,
# and pass. Edition 1 names the creature and the part instead of a point.
RIGHT_TIMES = (600, 900, 1200, 1500, 1800)
SLIP_TIME = 1500
CLASSIC, THEFT, YOUNGEST = "classic", "petty-theft", "youngest"


def theft_start(players: int, edition: int) -> int:
    """Petty theft's starting gems: 3 players 6, 4 players 5, 5 players 4, 6 players 3 (the rulebook); edition 1
    also had 2 players 7, 7 and 8 players 2."""
    return rules_of(edition).theft_start.get(players, 0)


def goal_for(players: int) -> int:
    """Gems needed to win: 2 players 8, 3 players 5, 4-5 players 4, 6-8 players 3."""
    if players == 2:
        return 8
    if players == 3:
        return 5
    if players <= 5:
        return 4
    return 3


THROWS_KEPT = 16  # the throws the engine keeps: a page needs no more (the one on the table, the one prepared)


def _thrown(key: str, in_play: tuple[str, ...]) -> Flight:
    return simulate(key, in_play)  # looked up when called: a test may stand in for simulate (test_core_prepare.py)


_kept = functools.lru_cache(maxsize=THROWS_KEPT)(_thrown)


def _simulated(key: str, in_play: tuple[str, ...]) -> Flight:
    """The throw for ``key``: simulated once, then kept (a state holds only the key, so copies stay cheap)."""
    return _kept(key, in_play)


@contextlib.contextmanager
def every_throw_kept() -> Iterator[None]:
    """While open, every throw simulated is kept, not only the last THROWS_KEPT; it opens with none kept, and on
    leaving the engine keeps what it kept before. For tests and tools that play many games: a throw is a pure
    function of its key and the creatures in play, and games dealt from one seed (or share codes mutated from one
    game) throw the same keys, so each is simulated once. Nothing a game does changes: only how often a throw is
    simulated (docs/rules/whoopies.md, "The throw")."""
    global _kept
    before = _kept
    _kept = functools.lru_cache(maxsize=None)(_thrown)
    try:
        yield
    finally:
        _kept = before


def _draw_key(rng: Rng) -> str:
    """A throw's key, drawn from the game's generator (what ``simulate`` starts from)."""
    return f"{rng.next_u64():016x}"


def grab_ms(action: str, edition: int = 1) -> int | None:
    """The time of a grab (``grab <x>,<y> @<ms>``, or edition 1's ``grab <whoopie> tail|body @<ms>``); None for
    anything else."""
    return actions.grab_ms(action, rules_of(edition))


class WhoopiesState(State[WhoopiesView]):
    game: Whoopies
    nested = frozenset({"attempts", "last"})

    def __init__(self, game: Whoopies, seed: str, players: int, options: dict[str, Any], rng: Rng,
                 edition: int) -> None:
        super().__init__(game, seed, players, options, rng, edition)
        self.variant: str = options["variant"]
        count = int(options["creatures"])
        self.in_play: tuple[str, ...] = NAMES[:count]
        self.goal: int | None = None if self.variant == THEFT else goal_for(players)
        start = theft_start(players, edition) if self.variant == THEFT else 0
        self.gems: list[int] = [start] * players
        self.supply: int = SUPPLY - start * players
        self.own: list[str | None] = [None] * players  # the youngest players' own creatures
        self.roller = 0
        self.round = 0
        self.phase = "own" if self.variant == YOUNGEST else "roll"
        self.face: int | None = None
        self.joker = False
        self.action: str | None = None  # colour / puff / name / spare / own
        self.value: str | None = None  # the colour or creature the roller chose
        self.picks: list[str | None] = [None] * players  # face 5: each player's creature this round
        self.participants: list[int] = list(range(players))
        self.throw_key: str | None = None
        self.attempts: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.done: list[bool] = [False] * players
        self.last: dict[str, Any] | None = None
        self.stealer: int | None = None
        self.steal_amount = 0
        self.throwoff: list[int] | None = None
        self.champion: int | None = None
        self.over = False
        if self.variant == YOUNGEST:
            self.round = 1
            self.action = "own"
        else:
            self._start_round(0)

    # -- helpers ---------------------------------------------------------------------------------------
    @property
    def stake(self) -> int:
        return 2 if self.joker else 1

    @property
    def throw(self) -> Flight | None:
        if self.throw_key is None:
            return None
        return _simulated(self.throw_key, self.in_play)

    def prepare(self) -> bool:
        """When the next action is the throw: simulate it now (State.prepare), so the throw's reply, whose view
        carries the throw, finds it kept. The throw draws its key from the state's generator and the simulation
        reads only that key and the creatures in play: a copy of the generator draws the same key, and the state's
        own generator is left as it is (the throw itself draws it again)."""
        if self.phase == "throw" and not self.over:
            _simulated(_draw_key(self.rng.__deepcopy__({})), self.in_play)
        return False

    def _start_round(self, roller: int) -> None:
        self.round += 1
        self.roller = roller
        self.face = None
        self.joker = False
        self.action = "own" if self.variant == YOUNGEST else None
        self.value = None
        self.picks = [None] * self.players
        self.participants = list(self.throwoff) if self.throwoff else list(range(self.players))
        self.throw_key = None
        self.attempts = [[] for _ in range(self.players)]
        self.done = [False] * self.players
        self.stealer = None
        self.steal_amount = 0
        self.phase = "throw" if self.die_free else "roll"

    @property
    def die_free(self) -> bool:
        """Edition 1's youngest players' variant had no die (edition 2 rolls it: "After each die roll...")."""
        return self.variant == YOUNGEST and self.rules.youngest_without_die

    @property
    def rules(self) -> Edition:
        """The rule switches of this game's edition (editions.py)."""
        return rules_of(self.edition)

    def _next_roller(self) -> int:
        seats = self.throwoff if self.throwoff else list(range(self.players))
        for step in range(1, self.players + 1):
            seat = (self.roller + step) % self.players
            if seat in seats:
                return seat
        return seats[0]

    def wanted(self, seat: int) -> list[str]:
        """The creatures that are right for ``seat`` this round (for face 4: every one but the spared one)."""
        if self.action == "colour" and self.value:
            return [with_body(self.value)]
        if self.action == "puff" and self.value:
            return [with_puff(self.value)]
        if self.action == "name" and self.value:
            return [self.value]
        if self.action == "spare" and self.value:
            return [name for name in self.in_play if name != self.value]
        if self.action == "own":
            mine = self.own[seat] if self.variant == YOUNGEST else self.picks[seat]
            return [mine] if mine else []
        return []

    def colours(self, action: str) -> list[str]:
        """The colours the roller may call: the bodies (face 1) or puffs (face 2) of the creatures in play."""
        part = "body" if action == "colour" else "puff"
        used = {getattr(BY_NAME[name], part) for name in self.in_play}
        return [colour for colour in COLOURS if colour in used]

    def trap_for(self, seat: int) -> str | None:
        """The wrong creature a hasty hand reaches for: the colour/puff twin, the spared one, or a neighbour."""
        wrong: str | None = None
        if self.action == "colour" and self.value:
            wrong = with_puff(self.value)
        elif self.action == "puff" and self.value:
            wrong = with_body(self.value)
        elif self.action == "spare":
            wrong = self.value
        else:
            wanted = self.wanted(seat)
            others = [name for name in self.in_play if name not in wanted]
            wrong = others[0] if others else None
        return wrong if wrong in self.in_play else None

    def catch_of(self, seat: int) -> dict[str, Any] | None:
        found: dict[str, Any] | None = None
        for attempt in self.attempts[seat]:
            if "creature" in attempt:
                found = attempt
        return found

    # -- protocol --------------------------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "own":
            return [seat for seat in range(self.players) if self.own[seat] is None]
        if self.phase == "pick":
            return [seat for seat in self.participants if self.picks[seat] is None]
        if self.phase == "grab":
            return [seat for seat in self.participants if not self.done[seat]]
        if self.phase == "steal":
            return [self.stealer] if self.stealer is not None else []
        return [self.roller]

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move:
            return []
        phase = self.phase
        if phase == "roll":
            return [str(Roll())]
        if phase == "throw":
            return [str(Throw())]
        if phase in ("own", "pick"):
            return [str(Pick(name)) for name in self.in_play]
        if phase == "choose":
            if self.action is None:
                return [str(Joker(action)) for action in ACTIONS]
            if self.action in ("colour", "puff"):
                return [str(Call(self.action, colour)) for colour in self.colours(self.action)]
            return [str(Call(self.action, name)) for name in self.in_play]
        if phase == "grab":
            return self._grab_sample(seat)
        if phase == "steal":
            return [str(Steal(other)) for other in range(self.players)
                    if other != seat and self.gems[other] > 0]
        return []

    def _grab_sample(self, seat: int) -> list[str]:
        floor = self._time_floor(seat)
        wanted = self.wanted(seat)
        slip = max(SLIP_TIME, floor)
        wrong = self.trap_for(seat)
        if self.rules.named_grabs:
            grabs = [str(NamedGrab(name, "tail", max(t, floor))) for t in RIGHT_TIMES for name in wanted]
            if wrong is not None:
                grabs.append(str(NamedGrab(wrong, "tail", slip)))
            if wanted:
                grabs.append(str(NamedGrab(wanted[0], "body", slip)))
            return [*dict.fromkeys(grabs), str(Pass())]
        throw = self.throw
        assert throw is not None
        points = [(throw.ball_at(name, max(t, floor)), max(t, floor)) for t in RIGHT_TIMES for name in wanted]
        if wrong is not None:
            points.append((throw.ball_at(wrong, slip), slip))
        if wanted:
            points.append((throw.body_at(wanted[0], slip), slip))
        grabs = [str(Grab(min(max(round(x), 0), WIDTH), min(max(round(y), 0), HEIGHT), ms)) for (x, y), ms in points]
        return [*dict.fromkeys(grabs), str(Pass())]

    def _time_floor(self, seat: int) -> int:
        return max((int(a["ms"]) for a in self.attempts[seat]), default=0)

    def _play(self, seat: int, action: str) -> list[LogEntry]:
        """Only the exact texts of the notation: lower case, single spaces, nothing around them, numbers without
        leading zeros (core/notation.py has checked the characters and the spaces already)."""
        phase = self.phase
        move = actions.parse(action, self.rules)
        if phase == "roll":
            self._expect(isinstance(move, Roll), "Roll the die first.", "whoopies.roll_first")
            return self._roll(seat)
        if phase == "throw":
            self._expect(isinstance(move, Throw), "Throw the Whoopies now.", "whoopies.throw_now")
            return self._throw_them(seat)
        if phase in ("own", "pick"):
            self._expect(isinstance(move, Pick), "Pick a Whoopie: pick <name>.", "whoopies.pick_now")
            assert isinstance(move, Pick)
            self._expect(move.name in self.in_play, f"There is no Whoopie {move.name!r} in this game.",
                         "whoopies.no_such_whoopie", token=move.name)
            return self._pick(seat, move.name)
        if phase == "choose":
            return self._choose(seat, move)
        if phase == "grab":
            return self._grab(seat, move)
        if phase == "steal":
            self._expect(isinstance(move, Steal), "Choose whom to steal a gem from: steal <seat>.",
                         "whoopies.steal_now")
            assert isinstance(move, Steal)
            victim = move.seat
            self._expect(0 <= victim < self.players and victim != seat,
                         "Steal from another player.", "whoopies.steal_other", victim=victim)
            self._expect(self.gems[victim] > 0, "That player has no gem to steal.",
                         "whoopies.steal_empty", victim=victim)
            return self._steal(seat, victim)
        raise IllegalAction("Nothing can be done now.", "whoopies.nothing_to_do")

    @staticmethod
    def _expect(ok: bool, message: str, key: str, **params: Any) -> None:
        if not ok:
            raise IllegalAction(message, key, **params)

    # -- the steps of a round ----------------------------------------------------------------------------
    def _roll(self, seat: int) -> list[LogEntry]:
        self.face = self.rng.between(1, 6)
        self.undo_floor = len(self.history) + 1
        if self.variant == YOUNGEST:  # every face aims at one's own Whoopie; the joker doubles the stakes
            self.joker = self.face == 6
            self.phase = "throw"
        elif self.face == 6:
            self.joker = True
            self.phase = "choose"
        else:
            self.action = ACTIONS[self.face - 1]
            self.phase = "pick" if self.action == "own" else "choose"
        return [log_entry(seat, "whoopies.rolled", f"Seat {seat} rolled a {self.face}.", face=self.face)]

    def _choose(self, seat: int, move: actions.Action | None) -> list[LogEntry]:
        if self.action is None:  # the joker: choose one of the five actions
            self._expect(isinstance(move, Joker) and move.kind in ACTIONS,
                         "Joker: choose an action: joker colour|puff|name|spare|own.", "whoopies.joker_now")
            assert isinstance(move, Joker)
            self.action = move.kind
            self.phase = "pick" if self.action == "own" else "choose"
            return [log_entry(seat, "whoopies.joker", f"Seat {seat} plays the joker as {self.action}.",
                              action=self.action)]
        self._expect(isinstance(move, Call) and move.kind == self.action,
                     f"Choose the {self.action}: {self.action} <choice>.", "whoopies.choose_now",
                     action=self.action)
        assert isinstance(move, Call)
        choice = move.value
        if self.action in ("colour", "puff"):
            self._expect(choice in self.colours(self.action),
                         f"No Whoopie in play has the {self.action} {choice!r}.", "whoopies.no_such_colour",
                         token=choice)
        else:
            self._expect(choice in self.in_play, f"There is no Whoopie {choice!r} in this game.",
                         "whoopies.no_such_whoopie", token=choice)
        value = choice
        self.value = value
        self.phase = "throw"
        return [log_entry(seat, "whoopies.chose", f"Seat {seat} chose {self.action} {value}.",
                          action=self.action, value=value)]

    def _pick(self, seat: int, name: str) -> list[LogEntry]:
        if self.phase == "own":
            self.own[seat] = name
            if all(self.own):
                self.phase = "throw" if self.die_free else "roll"
            return [log_entry(seat, "whoopies.own", f"Seat {seat} takes {name} as their Whoopie.",
                              whoopie=name)]
        self.picks[seat] = name
        if all(self.picks[s] for s in self.participants):
            self.phase = "throw"
        return [log_entry(seat, "whoopies.picked", f"Seat {seat} picks {name}.", whoopie=name)]

    def _throw_them(self, seat: int) -> list[LogEntry]:
        self.throw_key = _draw_key(self.rng)
        self.undo_floor = len(self.history) + 1
        self.phase = "grab"
        self.done = [False] * self.players
        self.attempts = [[] for _ in range(self.players)]
        return [log_entry(seat, "whoopies.thrown", f"Seat {seat} throws the Whoopies.")]

    def _grab(self, seat: int, move: actions.Action | None) -> list[LogEntry]:
        if isinstance(move, Pass):
            self.done[seat] = True
            self.undo_floor = len(self.history) + 1
            return self._maybe_resolve([log_entry(seat, "whoopies.passed", f"Seat {seat} grabs nothing.")])
        if self.rules.named_grabs:
            usage = "Grab like this: grab <whoopie> tail|body @<ms>, or grab <x>,<y> @<ms>, or pass."
        else:
            usage = "Grab like this: grab <x>,<y> @<ms> (a point of the table), or pass."
        self._expect(isinstance(move, Grab | NamedGrab), usage, "whoopies.grab_usage")
        assert isinstance(move, Grab | NamedGrab)
        ms = move.ms
        self._expect(ms <= WINDOW_MS, f"A grab must come within {WINDOW_MS} ms of the throw.",
                     "whoopies.grab_too_late", ms=ms, window=WINDOW_MS)
        floor = self._time_floor(seat)
        self._expect(ms >= floor, "Your grabs must come in the order you made them.",
                     "whoopies.grab_out_of_order", ms=ms, floor=floor)
        attempt: dict[str, Any] = {"ms": ms}
        if isinstance(move, NamedGrab):
            self._expect(move.name in self.in_play, f"There is no Whoopie {move.name!r} in this game.",
                         "whoopies.no_such_whoopie", token=move.name)
            attempt.update(creature=move.name, part=move.part)
        else:
            x, y = move.x, move.y
            self._expect(x <= WIDTH and y <= HEIGHT, "That point is off the table.", "whoopies.off_table")
            throw = self.throw
            assert throw is not None
            caught = throw.hit(x, y, ms)
            attempt.update(x=x, y=y)
            if caught is not None:
                attempt.update(creature=caught[0], part=caught[1])
        self.attempts[seat].append(attempt)
        self.undo_floor = len(self.history) + 1
        if "creature" not in attempt:
            return []  # a miss: the hand closed on nothing; the player may grab again, later
        self.done[seat] = True
        return self._maybe_resolve([log_entry(seat, "whoopies.grabbed", f"Seat {seat} has grabbed.")])

    def _maybe_resolve(self, entries: list[LogEntry]) -> list[LogEntry]:
        if all(self.done[seat] for seat in self.participants):
            entries.extend(self._resolve())
        return entries

    def _resolve(self) -> list[LogEntry]:
        """Order the catches by time and settle the round: who won, who pays, who caught nothing."""
        spare = self.action == "spare"
        stake = self.stake
        start = self.participants.index(self.roller) if self.roller in self.participants else 0
        seat_order = {seat: (i - start - 1) % len(self.participants) for i, seat in
                      enumerate(self.participants)}  # ties in ms: from the roller's left, roller last
        catches = []
        for seat in self.participants:
            caught = self.catch_of(seat)
            if caught is not None:
                catches.append((int(caught["ms"]), seat_order[seat], seat, str(caught["creature"]),
                                str(caught["part"])))
        catches.sort()
        outcomes: dict[int, dict[str, Any]] = {}
        held: set[str] = set()
        winner: int | None = None
        for ms, _, seat, name, part in catches:
            row: dict[str, Any] = {"seat": seat, "creature": name, "part": part, "ms": ms}
            wanted = self.wanted(seat)
            if winner is not None:
                row.update(outcome="late", loss=0)
            elif name in held:
                row.update(outcome="taken", loss=stake if spare else 0)
            else:
                held.add(name)
                if spare and name == self.value:
                    row.update(outcome="spared", loss=2 * stake)
                elif not spare and name not in wanted:
                    row.update(outcome="wrong", loss=2 * stake)
                elif part == "body":
                    row.update(outcome="body", loss=2 * stake)
                elif spare:
                    row.update(outcome="safe", loss=0)
                else:
                    row.update(outcome="won", loss=0)
                    winner = seat
            outcomes[seat] = row
        rows = []
        for seat in self.participants:
            row = outcomes.get(seat) or {"seat": seat, "creature": None, "part": None, "ms": None,
                                         "outcome": "none", "loss": stake if spare else 0}
            row["wanted"] = self.wanted(seat)
            row["misses"] = sum(1 for a in self.attempts[seat] if "creature" not in a)
            rows.append(row)
        entries: list[LogEntry] = []
        frozen = self.throwoff is not None  # a throw-off decides a tie; gems no longer change
        for row in rows:
            seat = row["seat"]
            lost = 0 if frozen else min(int(row.pop("loss")), self.gems[seat])
            row.pop("loss", None)
            self.gems[seat] -= lost
            self.supply += lost
            row["gems"] = -lost
            text = f"Seat {seat}: {row['outcome']}"
            if row["creature"]:
                text += f" ({row['creature']} by the {row['part']} at {row['ms']} ms)"
            if lost:
                text += f", loses {lost} gem{'s' if lost > 1 else ''}"
            entries.append(log_entry(seat, f"whoopies.outcome.{row['outcome']}", text + ".",
                                     whoopie=row["creature"], part=row["part"], ms=row["ms"], lost=lost,
                                     wanted=row["wanted"]))
        self.last = {"round": self.round, "action": self.action, "value": self.value, "joker": self.joker,
                     "stake": stake, "winner": winner, "grabs": rows, "gain": 0, "stolen": None}
        self.phase = "resolved"
        if winner is not None and not frozen:
            if self.variant == THEFT:
                if any(self.gems[s] > 0 for s in range(self.players) if s != winner):
                    self.stealer = winner
                    self.steal_amount = stake
                    self.phase = "steal"
                    return entries
            else:
                gain = stake
                goal = self.goal or 0
                if self.joker and self.gems[winner] + 2 >= goal:
                    gain = 1  # the joker's second gem may not be the one that wins the game
                gain = min(gain, self.supply)
                self.gems[winner] += gain
                self.supply -= gain
                self.last["gain"] = gain
                for row in rows:
                    if row["seat"] == winner:
                        row["gems"] = gain
                entries.append(log_entry(winner, "whoopies.won_gems",
                                         f"Seat {winner} wins {gain} gem{'s' if gain > 1 else ''}.",
                                         gems=gain))
        if frozen and winner is not None:
            self.champion = winner
            self.over = True
            self.phase = "over"
            entries.append(log_entry(winner, "whoopies.throwoff_won", f"Seat {winner} wins the throw-off."))
            return entries
        entries.extend(self._after_round())
        return entries

    def _steal(self, seat: int, victim: int) -> list[LogEntry]:
        taken = min(self.steal_amount, self.gems[victim])
        self.gems[victim] -= taken
        self.gems[seat] += taken
        assert self.last is not None
        self.last["stolen"] = {"from": victim, "gems": taken}
        self.last["gain"] = taken
        for row in self.last["grabs"]:
            if row["seat"] == victim:
                row["gems"] -= taken
            if row["seat"] == seat:
                row["gems"] += taken
        self.stealer = None
        self.steal_amount = 0
        entries = [log_entry(seat, "whoopies.stole", f"Seat {seat} steals {taken} gem(s) from seat {victim}.",
                             victim=victim, gems=taken)]
        entries.extend(self._after_round())
        return entries

    def _after_round(self) -> list[LogEntry]:
        if self.variant == THEFT and self.throwoff is None:
            if min(self.gems) == 0:
                best = max(self.gems)
                top = [seat for seat in range(self.players) if self.gems[seat] == best]
                if len(top) == 1:
                    return self._end([log_entry(top[0], "whoopies.most_gems",
                                                f"A player has no gem left: seat {top[0]} has the most.")])
                self.throwoff = top
                self._start_round(self._next_roller())
                return [log_entry(None, "whoopies.throwoff", "A tie: the tied players play a throw-off.",
                                  seats=top)]
        elif self.goal is not None and max(self.gems) >= self.goal:
            seat = self.gems.index(max(self.gems))
            return self._end([log_entry(seat, "whoopies.reached_goal",
                                        f"Seat {seat} has {self.gems[seat]} gems and wins.",
                                        gems=self.gems[seat])])
        self._start_round(self._next_roller())
        return []

    def _end(self, entries: list[LogEntry]) -> list[LogEntry]:
        self.over = True
        self.phase = "over"
        return entries

    # -- results ---------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.gems)

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        if self.champion is not None:
            return [self.champion]
        return super().winners()

    def secret_run_start(self) -> int:
        """During a grab, every entry since the throw is a grab, a miss or a pass: the secret run."""
        if self.phase != "grab":
            return len(self.history)
        start = len(self.history)
        while start > 0 and self.history[start - 1][1] != "throw":
            start -= 1
        return start

    def reveal_ms(self, seat: int, action: str) -> int | None:
        """A hand that grabs (or closes on nothing) is seen at its time; a pass is seen only when the grab is
        resolved."""
        return actions.grab_ms(action, self.rules)

    def hints_allowed(self, seat: int) -> bool:
        """No hint during the grab: it is a race against the others, and a hint would be an unseen helping hand
        (where to click, and when)."""
        return self.phase != "grab"

    def log_for(self, seat: int | None) -> list[LogEntry]:
        """During a grab, the other seats' grabs stay out of the log: a bot grabs (with its reaction time) as soon
        as the Whoopies fly, and a player who passed the device on has grabbed too, but the table sees who caught
        what only when the grab is resolved."""
        return sealed_from_others(self.log, seat, GRABS) if self.phase == "grab" else self.log

    # -- targets: what a person can act on now (views.py) ---------------------------------------------------------
    def targets(self, seat: int | None) -> list[Target]:
        """The die, a choice card, a creature, a player or a button; in the grab, every creature by its ball and by
        its body (timed: the page answers with a point of the table and its clock, see ``compose``), and pass."""
        if seat is None or seat not in self.to_move:
            return []
        if self.phase == "grab":
            assert self.throw is not None
            return views.grab_targets(list(self.throw.order))
        return [self.target_of(action) for action in self.legal_actions(seat)]

    def move_data(self, action: str) -> dict[str, Any]:
        move = actions.parse(action, self.rules)
        if move is None:
            raise IllegalAction(f"{action[:40]!r} is not a Whoopies action.", "error.action_malformed")
        return actions.move_data(move)

    def target_of(self, action: str) -> Target:
        move = actions.parse(action, self.rules)
        assert move is not None, action
        return views.target_of(move)

    # -- intents: what the page says a person did ----------------------------------------------------------------
    def compose(self, seat: int, intent: Mapping[str, Any]) -> str:
        """The action an intent means: ``{"point": [x, y], "ms": ms}``, a hand closing on that point of the table
        (the throw's units; whole units, the nearest point on the table) at ``ms`` after the throw started, is
        ``grab <x>,<y> @<ms>``, which the rules hit-test; ``{"action": ...}`` is a target's action as it is."""
        if "point" not in intent:
            return super().compose(seat, intent)
        point, ms = intent.get("point"), intent.get("ms")
        numbers = point if isinstance(point, list) else []
        if (set(intent) != {"point", "ms"} or len(numbers) != 2
                or any(isinstance(n, bool) or not isinstance(n, int | float) for n in numbers)
                or isinstance(ms, bool) or not isinstance(ms, int)):
            raise BadRequest("A Whoopies intent is {point: [x, y], ms}.", "error.bad_request", field="intent")
        if not 0 <= ms <= WINDOW_MS:
            raise IllegalAction(f"A grab must come within {WINDOW_MS} ms of the throw.", "whoopies.grab_too_late",
                                ms=ms, window=WINDOW_MS)
        x, y = (min(max(math.floor(n + 0.5), 0), limit) for n, limit in zip(numbers, (WIDTH, HEIGHT), strict=True))
        return str(Grab(x, y, ms))

    def view(self, seat: int | None) -> WhoopiesView:
        """Only ``my_grabs`` depends on the seat."""
        throw = self.throw
        grabbing = self.phase == "grab"
        mine = self.attempts[seat] if seat is not None and 0 <= seat < self.players else []
        phase: Phase = self.phase  # type: ignore[assignment]  # always one of views.Phase
        return {
            "variant": self.variant,
            "players": self.players,
            "goal": self.goal,
            "supply": self.supply,
            "gems": list(self.gems),
            "creatures": [{"number": BY_NAME[n].number, "name": n, "body": BY_NAME[n].body,
                           "puff": BY_NAME[n].puff} for n in self.in_play],
            "round": self.round,
            "phase": phase,
            "roller": self.roller,
            "to_move": self.to_move,
            "participants": list(self.participants),
            "face": self.face,
            "joker": self.joker,
            "stake": self.stake,
            "action": self.action,
            "value": self.value,
            "picks": list(self.own) if self.variant == YOUNGEST else list(self.picks),
            "throw": throw.to_json() if throw is not None and grabbing else None,
            "done": [self.done[s] if grabbing else False for s in range(self.players)],
            "my_grabs": [cast(GrabView, dict(a)) for a in mine] if grabbing else [],
            "last": cast(LastRound, self.last),
            "steal": {"seat": self.stealer, "gems": self.steal_amount}
            if self.phase == "steal" and self.stealer is not None else None,
            "throwoff": list(self.throwoff) if self.throwoff else None,
            "winners": self.winners(),
        }

    def snapshot(self) -> JSON:
        return {
            "variant": self.variant, "in_play": list(self.in_play), "goal": self.goal, "gems": self.gems,
            "supply": self.supply, "own": self.own, "roller": self.roller, "round": self.round,
            "phase": self.phase, "face": self.face, "joker": self.joker, "action": self.action,
            "value": self.value, "picks": self.picks, "participants": self.participants,
            "throw_key": self.throw_key, "attempts": self.attempts, "done": self.done, "last": self.last,
            "stealer": self.stealer, "steal_amount": self.steal_amount, "throwoff": self.throwoff,
            "champion": self.champion, "over": self.over,
        }

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        for name, value in snapshot.items():
            setattr(self, name, value)
        self.in_play = tuple(snapshot["in_play"])


class Whoopies(Game[WhoopiesView]):
    id = "whoopies"
    title = "Whoopies"
    order = 50
    min_players = 2
    max_players = 8
    options = {
        "variant": {"choices": [CLASSIC, THEFT, YOUNGEST], "default": CLASSIC},
        "creatures": {"choices": [5, 4, 3, 2], "default": 5},
    }
    bot_levels = ["easy", "medium", "hard"]
    default_bot_level = "easy"
    simultaneous = True
    chance = True
    # The grab's clock runs; the page counts down COUNTDOWN_MS before the throw, and a grab's ms counts from it.
    realtime: ClassVar[Realtime | None] = {"phases": ["grab"], "lead_in_ms": COUNTDOWN_MS}

    def guest_view(self, view: WhoopiesView) -> WhoopiesView:
        """With a hash of the throw it sees in place of the throw's key (views.guest_view)."""
        return views.guest_view(view)

    def offered_choices(self, players: int) -> dict[str, list[Any]]:
        """Petty theft "can be played from 3 to 6 players": offered only then. The other options always."""
        choices = super().offered_choices(players)
        if players not in THEFT_START:
            choices["variant"] = [v for v in choices["variant"] if v != THEFT]
        return choices

    def offered_choices_in(self, players: int, edition: int) -> dict[str, list[Any]]:
        """Edition 1 offered every variant for every player count: its links keep opening."""
        if rules_of(edition).theft_for_any_count:
            return super().offered_choices(players)
        return self.offered_choices(players)

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> WhoopiesState:
        return WhoopiesState(self, seed, players, options, rng, edition)
