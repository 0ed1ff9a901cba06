"""Up Combine: stack pieces that match the top in colour or symbol, split stacks at their 5th colour, empty
your hand first. Rounds are scored by the pieces left in hand, until someone reaches 12 points; lowest wins.

Colours are public, symbols are private: a hand shows its owner every symbol, and everyone else only the
colours. The pile is a bag: it has no order, a draw takes a random piece of the colour asked for.

From edition 2 on, each round begins with the oldest player choosing the colours of the two bases ("o jogador
mais velho escolhe duas peças de cores diferentes"); the pieces come face down from the pile, so the choice is
of colours, and their symbols are drawn when they are turned up. Edition 1 draws both bases at random.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import Any

from gamebox.core.errors import IllegalAction
from gamebox.core.game import JSON, Game, LogEntry, Refusal, State, log_entry
from gamebox.core.rng import Rng
from gamebox.core.targets import Target, button, target, thing
from gamebox.upcombine.actions import BASES, DRAWS, PASS, Bases, Draw, Place, move_data, parse, places_on
from gamebox.upcombine.editions import EDITIONS, Edition
from gamebox.upcombine.pieces import (
    COLOUR_CAP,
    COLOUR_ORDER,
    COLOURS,
    DEAL_PER_COLOUR,
    RANK,
    SPLIT_AT,
    SYMBOLS,
    colour_block,
    colour_counts,
    describe,
    full_set,
    sorted_pieces,
)
from gamebox.upcombine.views import (
    HandView,
    PieceView,
    RoundView,
    StackView,
    UpCombineView,
)

TARGET = 12  # a game ends after the round in which someone reaches this many points

# Every choice of bases: two different colours, in the colour order (stack 1 gets the first).
BASE_PAIRS = tuple((choice.first, choice.second) for choice in BASES)


def bases_chooser(starter: int, players: int) -> int:
    """The seat that chooses the bases: the oldest player. The app knows no ages: the seat that begins a round
    plays as the youngest, and the seat before it (the last to play in the round) as the oldest."""
    return (starter - 1) % players


class UpCombineState(State[UpCombineView]):
    """A table of Up Combine: the stacks, the hands, the pile and the running totals."""

    game: UpCombine
    rows = frozenset({"stacks", "hands"})
    nested = frozenset({"rounds"})

    def __init__(self, game: UpCombine, seed: str, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, seed, players, options, rng)
        self.round = 0
        self.starter = 0  # the seat that began this round
        self.current = 0  # the seat whose turn it is
        self.stacks: list[list[str]] = []  # bottom to top; all face up
        self.used: list[bool] = []  # stack already placed on this turn (reset by a split)
        self.full: list[frozenset[str]] = []  # per stack, the colours it holds COLOUR_CAP of (derived)
        self.placed = 0  # pieces placed this turn
        self.hands: list[list[str]] = [[] for _ in range(players)]  # kept sorted
        self.pile: list[str] = []  # a bag: kept sorted, draws are random
        self.totals = [0] * players
        self.rounds: list[dict[str, Any]] = []  # finished rounds: {"round", "winner", "blocked", "points"}
        self.passes = 0  # turns in a row that placed and drew nothing (pile empty)
        self.choosing_bases = False  # edition 2: the oldest (``current``) chooses the bases' colours now
        self.over = False
        # Bots' search worlds only: leave out ending the turn while a placement is possible.
        self.eager = False

    # -- set-up ----------------------------------------------------------------------------------------
    def _take(self, colour: str | None, exclude: str | None = None) -> str:
        """Take a random piece from the pile: of ``colour`` if given, else of any colour but ``exclude``."""
        if colour is not None:
            start, end = colour_block(self.pile, colour)
            return self.pile.pop(start + self.rng.below(end - start))
        choices = [i for i, code in enumerate(self.pile) if code[0] != exclude]
        return self.pile.pop(choices[self.rng.below(len(choices))])

    def _deal(self) -> None:
        """A new round: every piece back in the bag, 2 of each colour to each hand, then the two bases: chosen
        by the oldest player (edition 2), or drawn at random (edition 1)."""
        self.round += 1
        self.starter = (self.round - 1) % self.players
        self.current = self.starter
        self.pile = full_set()
        self.hands = []
        for _seat in range(self.players):
            hand = [self._take(colour) for colour in COLOUR_ORDER for _ in range(DEAL_PER_COLOUR)]
            self.hands.append(sorted_pieces(hand))
        self.placed = 0
        self.passes = 0
        if self.rules.oldest_chooses_bases:
            self.stacks, self.used, self.full = [], [], []
            self.choosing_bases = True
            self.current = bases_chooser(self.starter, self.players)
            return
        first = self._take(None)
        second = self._take(None, exclude=first[0])
        self._lay_bases(first, second)

    def _lay_bases(self, first: str, second: str) -> None:
        self.stacks = [[first], [second]]
        self.used = [False, False]
        self.full = [frozenset(), frozenset()]

    # -- the protocol ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        return [] if self.over else [self.current]

    @property
    def rules(self) -> Edition:
        """The switches of this game's edition of the rules (editions.py)."""
        return EDITIONS[self.edition]

    def places(self, seat: int) -> list[Place]:
        """Every placement ``seat`` may make now (hand order, then stack order)."""
        used, full = self.used, self.full
        open_stacks = [(places_on(index + 1), stack[-1], full[index])
                       for index, stack in enumerate(self.stacks) if not used[index]]
        actions = []
        previous = ""
        for code in self.hands[seat]:  # sorted, so equal pieces are neighbours
            if code == previous:
                continue
            previous = code
            colour, symbol = code[0], code[1]
            for on_stack, top, capped in open_stacks:
                if (top[0] == colour or top[1] == symbol) and colour not in capped:
                    actions.append(on_stack[code])
        return actions

    def placements(self, seat: int) -> list[str]:
        """Every placement ``seat`` may make now, as notation."""
        return [place.text for place in self.places(seat)]

    def may_end_turn(self, seat: int) -> bool:
        """A turn ends (by drawing) after at least one placement, or when no placement is possible."""
        return self.placed > 0 or not self.placements(seat)

    def undo_refusal(self, index: int) -> tuple[str, dict[str, Any]]:
        """Why undo cannot take back a person's last action (every action of Up Combine sets the undo floor): a
        placed tile is never taken back (rule 5) and showed its symbol; a drawn tile has been seen; the bases are
        face up. The page says it next to the greyed Undo button."""
        action = parse(self.history[index][1], self.edition)
        if isinstance(action, Place):
            return "upcombine.undo.placed", {}
        if isinstance(action, Draw):
            return "upcombine.undo.drew", {}
        if isinstance(action, Bases):
            return "upcombine.undo.bases", {}
        return super().undo_refusal(index)

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.current:
            return []
        if self.choosing_bases:
            present = {code[0] for code in self.pile}
            return [choice.text for choice in BASES if choice.first in present and choice.second in present]
        actions = self.placements(seat)
        if self.eager and actions:
            return actions
        if self.placed > 0 or not actions:
            if self.pile:
                present = {code[0] for code in self.pile}
                actions += [DRAWS[c].text for c in COLOUR_ORDER if c in present]
            else:
                actions.append(PASS.text)
        return actions

    def _play(self, seat: int, text: str) -> list[LogEntry]:
        action = parse(text, self.edition)
        if isinstance(action, Bases):
            return self._choose_bases(seat, action)
        if self.choosing_bases:
            raise IllegalAction("First choose the colours of the two bases.", "upcombine.choose_bases_first")
        if isinstance(action, Place):
            return self._place(seat, action.piece, action.stack - 1)
        if isinstance(action, Draw):
            return self._draw(seat, action.colour)
        return self._pass(seat)

    # -- actions ---------------------------------------------------------------------------------------
    def _choose_bases(self, seat: int, choice: Bases) -> list[LogEntry]:
        """The oldest player picks two pieces of different colours from the pile (face down: by colour) and
        turns them up as the bases of stacks 1 and 2."""
        first, second = choice.first, choice.second
        if not self.choosing_bases:
            raise IllegalAction("The bases of this round are already on the table.", "upcombine.bases_done")
        for colour in (first, second):
            if colour not in COLOURS:
                raise IllegalAction(f"There is no colour {colour!r}.", "upcombine.no_such_colour", colour=colour)
        if first == second:
            raise IllegalAction("The two bases must be of different colours.", "upcombine.bases_same_colour",
                                colour=first)
        if COLOUR_ORDER.index(first) > COLOUR_ORDER.index(second):
            swapped = Bases(second, first).text
            raise IllegalAction(f"Name the two colours in the order {' '.join(COLOUR_ORDER)}: {swapped}.",
                                "upcombine.bases_order", action=swapped)
        for colour in (first, second):
            if not any(code[0] == colour for code in self.pile):
                raise IllegalAction(f"The pile has no {COLOURS[colour]} piece left.", "upcombine.colour_gone",
                                    colour=colour)
        # legal: the two pieces are turned face up, which shows their symbols to everyone
        self.undo_floor = len(self.history) + 1
        self._lay_bases(self._take(first), self._take(second))
        self.choosing_bases = False
        self.current = self.starter
        entries = []
        for index, stack in enumerate(self.stacks):
            code = stack[0]
            entries.append(log_entry(seat, "upcombine.base", f"Seat {seat + 1} chose a {COLOURS[code[0]]} base "
                                     f"for stack {index + 1}: a {describe(code)}.",
                                     colour=code[0], symbol=SYMBOLS[code[1]], stack=index + 1))
        return entries

    def _check_place(self, seat: int, code: str, index: int) -> int:
        """Raise the reason ``code`` may not go on stack ``index`` (0-based) for ``seat`` now; else return how
        many pieces of its colour the stack holds already."""
        if code[0] not in COLOURS or code[1] not in SYMBOLS:
            raise IllegalAction(f"There is no piece {code!r}.", "upcombine.no_such_piece", piece=code)
        if code not in self.hands[seat]:
            raise IllegalAction("You have no such piece in your hand.", "upcombine.not_in_hand", piece=code)
        if not 0 <= index < len(self.stacks):
            raise IllegalAction(f"There is no stack {index + 1}.", "upcombine.no_such_stack", stack=index + 1)
        if self.used[index]:
            raise IllegalAction("You already placed a piece on that stack this turn.",
                                "upcombine.stack_used", stack=index + 1)
        stack = self.stacks[index]
        top = stack[-1]
        if code[0] != top[0] and code[1] != top[1]:
            raise IllegalAction("A piece must match the top of the stack in colour or symbol.",
                                "upcombine.no_match", piece=code, top=top, stack=index + 1)
        same = sum(1 for other in stack if other[0] == code[0])
        if same >= COLOUR_CAP:
            raise IllegalAction(f"That stack already holds {COLOUR_CAP} {COLOURS[code[0]]} pieces.",
                                "upcombine.colour_cap", colour=code[0], stack=index + 1)
        return same

    def _place(self, seat: int, code: str, index: int) -> list[LogEntry]:
        same = self._check_place(seat, code, index)
        stack = self.stacks[index]
        # legal: carry it out. A placed piece can never be taken back, and it shows its symbol to all.
        self.undo_floor = len(self.history) + 1
        self.hands[seat].remove(code)
        stack.append(code)
        if same + 1 >= COLOUR_CAP:
            self.full[index] = self.full[index] | {code[0]}
        self.used[index] = True
        self.placed += 1
        self.passes = 0
        entries = [log_entry(seat, "upcombine.placed", f"Seat {seat + 1} put a {describe(code)} on stack "
                             f"{index + 1}.", colour=code[0], symbol=code[1], stack=index + 1)]
        if len({other[0] for other in stack}) >= SPLIT_AT:
            keep = (len(stack) + 1) // 2
            bottom, upper = stack[:keep], stack[keep:]
            self.stacks[index] = bottom
            self.stacks.insert(index + 1, upper)
            self.used[index] = False
            self.used.insert(index + 1, False)
            self.full[index] = _full(bottom)
            self.full.insert(index + 1, _full(upper))
            entries.append(log_entry(seat, "upcombine.split",
                                     f"Stack {index + 1} split: {len(bottom)} pieces stay, {len(upper)} "
                                     f"move to stack {index + 2}.",
                                     stack=index + 1, new_stack=index + 2, bottom=len(bottom),
                                     top=len(upper)))
        if not self.hands[seat]:
            entries += self._end_round(winner=seat)
        return entries

    def _check_end_turn(self, seat: int) -> None:
        if not self.may_end_turn(seat):
            raise IllegalAction("You can still place a piece: place at least one before you end your turn.",
                                "upcombine.must_place")

    def _check_draw(self, seat: int, colour: str) -> None:
        """Raise the reason ``seat`` may not end the turn by drawing ``colour`` now."""
        if colour not in COLOURS:
            raise IllegalAction(f"There is no colour {colour!r}.", "upcombine.no_such_colour", colour=colour)
        if not self.pile:
            raise IllegalAction("The pile is empty: pass instead.", "upcombine.pile_empty")
        if not any(code[0] == colour for code in self.pile):
            raise IllegalAction(f"The pile has no {COLOURS[colour]} piece left.", "upcombine.colour_gone",
                                colour=colour)
        self._check_end_turn(seat)

    def _draw(self, seat: int, colour: str) -> list[LogEntry]:
        self._check_draw(seat, colour)
        self.undo_floor = len(self.history) + 1
        code = self._take(colour)
        bisect.insort(self.hands[seat], code, key=RANK.__getitem__)
        self.passes = 0
        entries = [log_entry(seat, "upcombine.drew", f"Seat {seat + 1} drew a {COLOURS[colour]} piece.",
                             colour=colour)]
        self._next_turn()
        return entries

    def _pass(self, seat: int) -> list[LogEntry]:
        if self.pile:
            raise IllegalAction("The pile is not empty: end your turn by drawing a piece.",
                                "upcombine.must_draw")
        self._check_end_turn(seat)
        entries = [log_entry(seat, "upcombine.passed", f"Seat {seat + 1} ended the turn; the pile is empty.")]
        if self.placed == 0:
            self.passes += 1
        else:
            self.passes = 0
        if self.passes >= self.players:
            entries += self._end_round(winner=None)
        else:
            self._next_turn()
        return entries

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % self.players
        self.placed = 0
        self.used = [False] * len(self.stacks)

    def _end_round(self, winner: int | None) -> list[LogEntry]:
        """Score the round: every seat but the winner scores 1 per piece in hand. Then the next round or the
        end of the game."""
        points = [len(hand) for hand in self.hands]
        self.totals = [total + p for total, p in zip(self.totals, points, strict=True)]
        self.rounds.append({"round": self.round, "winner": winner, "blocked": winner is None,
                            "points": points})
        entries: list[LogEntry] = []
        if winner is None:
            entries.append(log_entry(None, "upcombine.round_blocked",
                                     f"Round {self.round} is blocked: nobody can place and the pile is "
                                     "empty. Everyone scores the pieces in hand.",
                                     round=self.round, points=points))
        else:
            entries.append(log_entry(winner, "upcombine.round_won",
                                     f"Seat {winner + 1} emptied their hand and wins round {self.round}.",
                                     round=self.round, points=points))
        self.undo_floor = len(self.history) + 1
        if max(self.totals) >= TARGET:
            self.over = True
            self.placed = 0
            best = min(self.totals)
            winners = [seat for seat, total in enumerate(self.totals) if total == best]
            entries.append(log_entry(None, "upcombine.game_over",
                                     "The game is over. Lowest total: "
                                     + ", ".join(f"seat {w + 1}" for w in winners) + f" with {best}.",
                                     winners=winners, totals=list(self.totals)))
        else:
            self._deal()
            entries.append(log_entry(self.starter, "upcombine.new_round",
                                     f"Round {self.round} is dealt; seat {self.starter + 1} begins.",
                                     round=self.round, starter=self.starter))
        return entries

    # -- results ---------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Running totals of the finished rounds (penalty points: lower is better)."""
        return list(self.totals)

    def winners(self) -> list[int]:
        """The lowest total wins; seats tied on it share the win."""
        if not self.over:
            return []
        best = min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    # -- targets: what the seat to move can touch now (core/targets.py) -----------------------------------
    def move_data(self, action: str) -> dict[str, Any]:
        return move_data(parse(action, self.edition))

    def target_of(self, action: str) -> Target:
        """A placement is the piece in hand (``thing``) then its stack (``to``), with the points the seat would
        hold after it (its score if the round ended then; 0: it wins the round) and whether it splits the stack;
        a draw is the pile's tile of that colour; a choice of bases is two face-down tiles, one of each colour."""
        move = parse(action, self.edition)
        if isinstance(move, Place):
            code, number = move.piece, move.stack
            stack = self.stacks[number - 1]
            points = len(self.hands[self.current]) - 1
            splits = len({other[0] for other in stack} | {code[0]}) >= SPLIT_AT
            key = "upcombine.act.place_last" if points == 0 else (
                "upcombine.act.place_split" if splits else "upcombine.act.place")
            return target(action, key, thing("piece", code), to=thing("stack", number),
                          params={"colour": code[0], "symbol": SYMBOLS[code[1]], "stack": number,
                                  "points": points, "split": int(splits)})
        if isinstance(move, Draw):
            colour = move.colour
            return target(action, "upcombine.act.draw", thing("tile", colour),
                          params={"colour": colour, "count": sum(1 for code in self.pile if code[0] == colour)})
        if isinstance(move, Bases):
            first, second = move.first, move.second
            return target(action, "upcombine.act.bases", thing("tile", first), to=thing("tile", second),
                          params={"first": first, "second": second})
        return button(action, "upcombine.act.pass")

    def refusals(self, seat: int | None) -> list[Refusal]:
        """Why each other touch of ``seat``'s turn is not a move: every piece of its hand on every stack it may
        not go on now, and every colour of the pile it may not draw now, each with the reason the rules give
        when it is played (the same checks as ``_place`` and ``_draw``). Only ``seat``'s own pieces: [] for a
        seat not to move and for a spectator."""
        if seat is None or self.over or seat != self.current or self.choosing_bases:
            return []
        found: list[Refusal] = []
        for code in dict.fromkeys(self.hands[seat]):
            for index in range(len(self.stacks)):
                try:
                    self._check_place(seat, code, index)
                except IllegalAction as error:
                    found.append({"thing": thing("piece", code), "to": thing("stack", index + 1),
                                  "key": error.key, "params": _words(error.params)})
        for colour in COLOUR_ORDER if self.pile else ():
            try:
                self._check_draw(seat, colour)
            except IllegalAction as error:
                found.append({"thing": thing("tile", colour), "key": error.key, "params": _words(error.params)})
        return found

    # -- what each seat sees -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> UpCombineView:
        """The table as ``seat`` sees it (None: a spectator): the faces of its own hand only."""
        hands: list[HandView] = []
        for owner, hand in enumerate(self.hands):
            entry: HandView = {"seat": owner, "count": len(hand), "colours": [code[0] for code in hand]}
            if owner == seat:
                entry["pieces"] = [_face(code) for code in hand]
            hands.append(entry)
        stacks: list[StackView] = [{
            "pieces": [_face(code) for code in stack],
            "top": _face(stack[-1]),
            "colours": len({code[0] for code in stack}),
            "used": self.used[index],
        } for index, stack in enumerate(self.stacks)]
        rounds: list[RoundView] = [{"round": r["round"], "winner": r["winner"], "blocked": r["blocked"],
                                    "points": list(r["points"])} for r in self.rounds]
        mine = seat is not None and not self.over and seat == self.current
        return {
            "game": "upcombine",
            "viewer": seat,
            "colours": list(COLOUR_ORDER),
            "colour_names": dict(COLOURS),
            "symbols": list(SYMBOLS),
            "symbol_names": dict(SYMBOLS),
            "round": self.round,
            "starter": self.starter,
            "current": None if self.over else self.current,
            "placed_this_turn": self.placed,
            "choosing_bases": self.choosing_bases,
            "may_end_turn": mine and seat is not None and not self.choosing_bases and self.may_end_turn(seat),
            "stacks": stacks,
            "hands": hands,
            "pile": {"count": len(self.pile), "colours": colour_counts(self.pile)},
            "passes": self.passes,
            "totals": list(self.totals),
            "round_points": [] if self.over else [len(hand) for hand in self.hands],
            "rounds": rounds,
            "target": TARGET,
            "over": self.over,
            "winners": self.winners(),
            "refusals": self.refusals(seat),
        }

    def snapshot(self) -> JSON:
        snapshot = {
            "round": self.round,
            "starter": self.starter,
            "current": self.current,
            "stacks": [list(s) for s in self.stacks],
            "used": list(self.used),
            "placed": self.placed,
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "totals": list(self.totals),
            "rounds": [dict(r, points=list(r["points"])) for r in self.rounds],
            "passes": self.passes,
            "over": self.over,
            "undo_floor": self.undo_floor,
        }
        if self.rules.oldest_chooses_bases:  # else no bases phase: the fingerprints stay as they were
            snapshot["choosing_bases"] = self.choosing_bases
        return snapshot

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        for name in ("round", "starter", "current", "placed", "passes", "over", "undo_floor"):
            setattr(self, name, snapshot[name])
        self.stacks = [list(stack) for stack in snapshot["stacks"]]
        self.used = list(snapshot["used"])
        self.full = [_full(stack) for stack in self.stacks]
        self.hands = [list(hand) for hand in snapshot["hands"]]
        self.pile, self.totals = list(snapshot["pile"]), list(snapshot["totals"])
        self.rounds = [dict(record, points=list(record["points"])) for record in snapshot["rounds"]]
        self.choosing_bases = snapshot.get("choosing_bases", False)


def _face(code: str) -> PieceView:
    return {"colour": code[0], "symbol": code[1]}


def _words(params: dict[str, Any]) -> dict[str, str | int]:
    """An IllegalAction's params, for a refusal (all of Up Combine's are texts and numbers)."""
    return {name: value for name, value in params.items() if isinstance(value, (str, int))}


def _full(stack: list[str]) -> frozenset[str]:
    """The colours of which ``stack`` already holds the most allowed."""
    counts: dict[str, int] = {}
    for code in stack:
        counts[code[0]] = counts.get(code[0], 0) + 1
    return frozenset(colour for colour, n in counts.items() if n >= COLOUR_CAP)


class UpCombine(Game[UpCombineView]):
    id = "upcombine"
    title = "Up Combine"
    order = 40
    min_players = 2
    max_players = 5
    bot_levels = ["easy", "hard"]
    default_bot_level = "easy"
    hidden_information = True
    chance = True

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> UpCombineState:
        state = UpCombineState(self, seed, players, options, rng)
        state.edition = edition
        state._deal()
        return state
