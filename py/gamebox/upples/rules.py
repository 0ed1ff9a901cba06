"""Upples: the state of one game and every rule of the rulebook (see docs/rules/upples.md).

The field is a 7x7 grid of squares named like a chess board: columns a-g left to right, rows 1-7 bottom to
top; square index = (row - 1) * 7 + column. A square holds at most one card (a card id, see deck.py) and at
most one token, except in Naughty/Survival for the moment of a bounce. A token only ever stands on an empty
square or on a tunnel.

One action is one jump (``jump d4 f5``, with ``white``/``red`` after a multicolour, or ``exit b2`` after a
tunnel), so a turn's chain is a sequence of actions by the same seat; or ``pass`` when the turn's first jump
is impossible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from gamebox.core import targets as core_targets
from gamebox.core.errors import IllegalAction
from gamebox.core.game import DAY, Game, LogEntry, Refusal, State, log_entry, refusal
from gamebox.core.rng import Rng
from gamebox.core.targets import Target, Thing, ThingKind
from gamebox.upples.actions import PASS, Action, Jump, Pass, jump, move_data, parse
from gamebox.upples.board import (
    EMPTY,
    NEIGHBOURS,
    REACH,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    opposite,
)
from gamebox.upples.deck import CHARACTER_IDS, CODES, COLOURS, EDIBLE, GOLDEN_IDS, POINTS
from gamebox.upples.editions import EDITIONS, Edition
from gamebox.upples.views import EAT_KEYS, MULTI_KEYS, UpplesPlayer, UpplesView

MODES = ("glutton", "naughty", "survival", "training")
OPPOSITE_BODY = {"white": "red", "red": "white"}


class Player:
    """One komupple: its token's square, its state (body and hair), and the cards it keeps."""

    __slots__ = ("seat", "colour", "body", "hair", "square", "kept", "eliminated", "stuck", "turns")

    def __init__(self, seat: int, square: int) -> None:
        self.seat = seat
        self.colour = COLOURS[seat]
        self.body = "white"
        self.hair = "white"
        self.square: int | None = square
        self.kept: list[int] = []
        self.eliminated = False
        self.stuck = False  # it could not move last turn and flipped; next time it is stuck it swaps
        self.turns = 0

    def copy(self) -> Player:
        twin = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.kept = list(self.kept)
        return twin

    @property
    def points(self) -> int:
        return sum(POINTS[card] for card in self.kept)

    def to_json(self) -> UpplesPlayer:
        return {"seat": self.seat, "colour": self.colour, "body": self.body, "hair": self.hair,
                "square": None if self.square is None else SQUARE_NAMES[self.square],
                "kept": [CODES[c] for c in self.kept], "points": self.points,
                "eliminated": self.eliminated, "stuck": self.stuck, "turns": self.turns}


class UpplesState(State[UpplesView]):
    rows = frozenset({"seats"})  # its Players are copied (Player.copy)

    def __init__(self, game: Game[UpplesView], seed: str, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, seed, players, options, rng)
        self.mode: str = options["mode"]
        # Teams need 4 players in a multiplayer mode; elsewhere the option has no effect.
        self.teams: bool = bool(options["teams"]) and players == 4 and self.mode != "training"
        self.board: list[int] = [EMPTY] * SQUARES
        self.pile: list[int] = []  # the draw pile, face down; cards are drawn from the end
        self.discard: list[int] = []  # face up on the box lid
        self.aside: list[int] = []  # the character cards, set aside after set-up
        self.seats: list[Player] = []
        self.current = 0
        self.in_chain = False  # the mover has an extra jump and must take it
        self.turn = 1
        self.turn_tunnels: list[int] = []  # tunnels entered this turn (each at most once)
        self.turn_bounced: list[int] = []  # seats bounced on this turn (each at most once)
        self.turn_path: list[int] = []  # squares the mover landed on this turn
        self.turn_eaten: list[int] = []  # Training: the upples eaten this turn, in order
        self.passes = 0  # turns in a row that ended without a jump
        self.over = False
        self.end_reason = ""
        self.events: list[LogEntry] = []  # what the last action did, for animation
        # legal_actions(current), each text with its action, until the state changes
        self._legal: dict[str, Action] | None = None

    # -- bookkeeping -------------------------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def active(self) -> list[Player]:
        return [p for p in self.seats if not p.eliminated]

    def tokens(self, but: int | None = None) -> dict[int, int]:
        """Square -> seat of every token on the field, except ``but``'s."""
        return {p.square: p.seat for p in self.seats
                if p.square is not None and not p.eliminated and p.seat != but}

    def tunnels(self) -> list[int]:
        return [i for i, card in enumerate(self.board) if card != EMPTY and CODES[card] == "tunnel"]

    def card_count(self) -> int:
        """Every card, wherever it is: must always be 124."""
        on_field = len(self.board) - self.board.count(EMPTY)
        kept = sum(len(p.kept) for p in self.seats)
        return on_field + len(self.pile) + len(self.discard) + len(self.aside) + kept + len(self.turn_eaten)

    # -- the protocol ------------------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        return [] if self.over else [self.current]

    @property
    def rules(self) -> Edition:
        """The switches of this game's edition of the rules (editions.py)."""
        return EDITIONS[self.edition]

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.current:
            return []
        return list(self.legal(seat))

    def legal(self, seat: int) -> dict[str, Action]:
        """The legal actions of ``seat``, the seat to move: each one's text and its value."""
        if self._legal is None:
            player = self.seats[seat]
            assert player.square is not None
            jumps = self._moves_from(player.square, player.body, self.tokens(seat), tuple(self.turn_tunnels),
                                     tuple(self.turn_bounced), None, False)
            self._legal = {PASS.text: PASS} if not jumps and not self.in_chain else {j.text: j for j in jumps}
        return self._legal

    def _moves_from(self, pos: int, body: str, others: dict[int, int], used: tuple[int, ...],
                    bounced: tuple[int, ...], tunnels: list[int] | None,
                    first_only: bool) -> list[Jump]:
        """Every legal jump from ``pos`` for a komupple with ``body``."""
        out: list[Jump] = []
        naughty = self.mode in ("naughty", "survival")
        board = self.board
        for target in REACH[body][pos]:
            victim = others.get(target)
            if victim is not None:
                # another komupple: only a Naughty bounce, once per victim per turn, and never a last jump
                if naughty and victim not in bounced and self._moves_from(
                        target, body, others, used, (*bounced, victim), tunnels, True):
                    out.append(jump(pos, target))
                    if first_only:
                        return out
                continue
            card = board[target]
            if card == EMPTY:
                continue
            edible = EDIBLE[card]
            if edible is None:  # a rock
                continue
            code = CODES[card]
            if code == "tunnel":
                if target in used:
                    continue
                entered = (*used, target)
                if tunnels is None:
                    tunnels = self.tunnels()
                if len(tunnels) == 1:  # the only tunnel: bounce on it, if a jump follows
                    if self._moves_from(target, body, others, entered, bounced, tunnels, True):
                        out.append(jump(pos, target))
                else:
                    for exit_ in tunnels:
                        if exit_ == target or exit_ in others:
                            continue
                        if self._moves_from(exit_, body, others, entered, bounced, tunnels, True):
                            out.append(jump(pos, target, exit=exit_))
                            if first_only:
                                return out
            elif code == "multi":
                out.append(jump(pos, target, colour="white"))
                out.append(jump(pos, target, colour="red"))
            elif edible == "any" or edible == body:
                out.append(jump(pos, target))
            if first_only and out:
                return out
        return out

    def _play(self, seat: int, text: str) -> list[LogEntry]:
        legal = self.legal(seat)
        action = legal.get(text)
        if action is None:
            self._explain(seat, parse(text, self.edition), list(legal.values()))
        self.events = []
        self._legal = None
        if isinstance(action, Jump):
            self._jump(seat, action)
            if not self.in_chain:
                self._legal = None
        else:
            self._pass(seat)
        return self.events

    def _explain(self, seat: int, action: Action, legal: list[Action]) -> NoReturn:
        """Raise the most useful IllegalAction for an action that is not in ``legal``."""
        player = self.seats[seat]
        assert player.square is not None
        if isinstance(action, Pass):
            raise IllegalAction("You can jump, and jumping is mandatory.", "upples.must_jump")
        target = action.to
        if action.frm != player.square:
            raise IllegalAction(f"Your komupple is on {SQUARE_NAMES[player.square]}.",
                                "upples.not_your_square", square=SQUARE_NAMES[player.square])
        if target not in REACH[player.body][player.square]:
            if player.body == "white":
                raise IllegalAction("A white (shy) komupple jumps in a cross: 1 or 2 squares straight.",
                                    "upples.out_of_reach_white", body=player.body)
            raise IllegalAction("A red (angry) komupple jumps in an L.", "upples.out_of_reach_red", body=player.body)
        options = [a for a in legal if isinstance(a, Jump) and a.to == target]  # every one from player.square
        plain = jump(player.square, target)
        if plain in options:
            raise IllegalAction(f"Write that jump as {plain.text!r}.", "upples.bad_notation",
                                action=action.text[:40])
        if options:
            extras = [a.choice[1:] for a in options]
            raise IllegalAction(f"Choose one of: {', '.join(extras)}.", "upples.choose",
                                choices=",".join(extras))
        others = self.tokens(seat)
        card = self.board[target]
        if target in others:
            if self.mode not in ("naughty", "survival"):
                raise IllegalAction("You may not land on another komupple.", "upples.occupied")
            if others[target] in self.turn_bounced:
                raise IllegalAction("You may bounce on each komupple only once a turn.",
                                    "upples.bounced_twice")
            raise IllegalAction("No jump would follow that bounce.", "upples.no_jump_after")
        if card == EMPTY:
            raise IllegalAction("You cannot land on an empty space.", "upples.empty")
        code = CODES[card]
        if code == "rock":
            raise IllegalAction("Rocks are inedible: you cannot land on them.", "upples.rock")
        if code == "tunnel":
            if target in self.turn_tunnels:
                raise IllegalAction("You have used that tunnel this turn.", "upples.tunnel_used")
            raise IllegalAction("No jump would follow that tunnel.", "upples.tunnel_no_exit")
        edible = EDIBLE[card]
        if edible not in ("any", player.body):
            if player.body == "white":
                raise IllegalAction("A white (shy) komupple eats only white upples.", "upples.wrong_colour_white",
                                    body=player.body, card=code)
            raise IllegalAction("A red (angry) komupple eats only red upples.", "upples.wrong_colour_red",
                                body=player.body, card=code)
        raise IllegalAction("You have no jump: you must pass.", "upples.must_pass")

    # -- jumping -----------------------------------------------------------------------------------
    def _say(self, seat: int | None, key: str, text: str, **params: Any) -> None:
        self.events.append(log_entry(seat, "upples." + key, text, **params))

    def _jump(self, seat: int, action: Jump) -> None:
        target = action.to
        player = self.seats[seat]
        assert player.square is not None
        source = player.square
        name = SQUARE_NAMES[target]
        self._say(seat, "jumped", f"{player.colour} jumps from {SQUARE_NAMES[source]} to {name}.",
                  colour=player.colour, start=SQUARE_NAMES[source], to=name)
        player.stuck = False
        self.turn_path.append(target)
        others = self.tokens(seat)
        again = False
        golden = 0  # golden upples collected by this jump (landing on one, or a bomb's blast)
        if target in others:
            victim = self.seats[others[target]]
            player.square = target
            self.turn_bounced.append(victim.seat)
            self._say(seat, "bounced", f"{player.colour} bounces on {victim.colour}.",
                      colour=player.colour, victim=victim.colour)
            if victim.kept and self.team_of(victim.seat) != self.team_of(seat):
                card = victim.kept.pop(self.rng.below(len(victim.kept)))
                player.kept.append(card)
                self.undo_floor = len(self.history) + 1
                self._say(seat, "stole", f"{player.colour} steals a {CODES[card]} from {victim.colour}.",
                          colour=player.colour, victim=victim.colour, card=CODES[card], points=POINTS[card])
            again = True
        else:
            card = self.board[target]
            code = CODES[card]
            if code == "tunnel":
                self.turn_tunnels.append(target)
                if action.exit is not None:
                    player.square = action.exit
                    exit_name = SQUARE_NAMES[action.exit]
                    self._say(seat, "warped", f"{player.colour} goes through the tunnel to {exit_name}.",
                              colour=player.colour, start=name, to=exit_name)
                else:
                    player.square = target
                    self._say(seat, "bounced_tunnel", f"{player.colour} bounces on the tunnel.",
                              colour=player.colour, square=name)
                again = True
            else:
                self.board[target] = EMPTY
                player.square = target
                self._say(seat, "ate", f"{player.colour} eats {code}.", colour=player.colour, card=code,
                          square=name, points=POINTS[card])
                self._keep(player, card)
                if code == "multi":
                    assert action.colour is not None
                    player.body = player.hair = action.colour
                    self._changed(player)
                    again = True
                elif code == "bomb":
                    golden = self._blast(player, target)
                    again = True
                elif POINTS[card]:
                    golden = 1 if card in GOLDEN_IDS else 0
                    again = True
                else:
                    self._digest(player, code)
        if golden and self.mode == "survival":
            # Each golden upple collected calls a tally, one after the other once the blast has cleared
            # (edition 1 called one tally per jump, however many a bomb took).
            for _ in range(golden if self.rules.tally_each_golden else 1):
                self._tally()
                if self.over:
                    return
            if player.eliminated:
                self._end_turn(seat, jumped=True)
                return
        if again:
            self.in_chain = True
            self._legal = None
            if self.legal_actions(seat):
                return
            self._say(seat, "no_extra_jump", f"{player.colour} has no jump left.", colour=player.colour)
        self._end_turn(seat, jumped=True)

    def _keep(self, player: Player, card: int) -> None:
        """An eaten card: supers are kept, the rest discarded (Training holds them till the turn ends)."""
        if self.mode == "training":
            self.turn_eaten.append(card)
        elif POINTS[card]:
            player.kept.append(card)
        else:
            self.discard.append(card)

    def _digest(self, player: Player, code: str) -> None:
        """The one-way cycle: spotted upples change the hair first, then the body."""
        before = (player.body, player.hair)
        if player.body == "white" and code == "wr":
            if player.hair == "white":
                player.hair = "red"
            else:
                player.body = "red"
        elif player.body == "red" and code == "rg":
            if player.hair == "red":
                player.hair = "white"
            else:
                player.body = "white"
        if (player.body, player.hair) != before:
            self._changed(player)

    def _changed(self, player: Player) -> None:
        self._say(player.seat, "changed", f"{player.colour} is now {player.body} with {player.hair} hair.",
                  colour=player.colour, body=player.body, hair=player.hair)

    def _blast(self, player: Player, centre: int) -> int:
        """The bomb clears the 8 squares around it. Returns how many golden upples the jumper ate from it."""
        tokens = self.tokens(player.seat)
        cleared: list[str] = []
        golden = 0
        for square in NEIGHBOURS[centre]:
            if square in tokens:
                other = self.seats[tokens[square]]
                other.body = other.hair = OPPOSITE_BODY[other.body]
                self._say(other.seat, "blasted", f"The blast turns {other.colour} {other.body}.",
                          colour=other.colour, body=other.body)
            card = self.board[square]
            if card == EMPTY or CODES[card] == "tunnel":
                continue
            self.board[square] = EMPTY
            cleared.append(SQUARE_NAMES[square])
            if POINTS[card]:
                self._keep(player, card)
                if card in GOLDEN_IDS:
                    golden += 1
                self._say(player.seat, "ate", f"{player.colour} eats {CODES[card]} from the blast.",
                          colour=player.colour, card=CODES[card], square=SQUARE_NAMES[square],
                          points=POINTS[card])
            else:
                self.discard.append(card)
        self._say(player.seat, "exploded", f"The bomb on {SQUARE_NAMES[centre]} explodes.",
                  square=SQUARE_NAMES[centre], cleared=",".join(cleared))
        return golden

    def _tally(self) -> None:
        """Survival: a golden upple was collected. The lowest scorers (all who tie) are eliminated."""
        totals: dict[int, int] = {}
        for p in self.active():
            totals[self.team_of(p.seat)] = totals.get(self.team_of(p.seat), 0) + p.points
        low = min(totals.values())
        losers = [team for team, total in totals.items() if total == low]
        self._say(None, "tally", f"Tally: the lowest score is {low}.", low=low)
        if len(losers) == len(totals):
            self._say(None, "tally_tie", "Everyone ties: nobody is eliminated.")
            return
        for p in self.active():
            if self.team_of(p.seat) in losers:
                p.eliminated = True
                p.square = None
                self.pile.extend(p.kept)
                p.kept = []
                self._say(p.seat, "eliminated", f"{p.colour} is eliminated.", colour=p.colour)
        self.rng.shuffle(self.pile)
        self.undo_floor = len(self.history) + 1
        if len({self.team_of(p.seat) for p in self.active()}) == 1:
            self._finish("last_standing")

    # -- the end of a turn -------------------------------------------------------------------------
    def _pass(self, seat: int) -> None:
        player = self.seats[seat]
        assert player.square is not None
        if not player.stuck:
            player.body = player.hair = OPPOSITE_BODY[player.body]
            player.stuck = True
            self._say(seat, "flipped", f"{player.colour} cannot move and turns {player.body}.",
                      colour=player.colour, body=player.body)
        else:
            player.stuck = False
            self._swap(player)
        self._end_turn(seat, jumped=False)

    def _swap(self, player: Player) -> None:
        """Stuck twice: swap places with the card (or token) opposite through the centre."""
        here = player.square
        assert here is not None
        there = opposite(here)
        tokens = self.tokens(player.seat)
        if there == here:
            self._say(player.seat, "swapped", f"{player.colour} is in the centre and stays.",
                      colour=player.colour, start=SQUARE_NAMES[here], to=SQUARE_NAMES[here])
            return
        if there in tokens:
            self.seats[tokens[there]].square = here
        else:
            card = self.board[there]
            if card != EMPTY and CODES[card] != "tunnel":
                self.board[there] = EMPTY
                if self.board[here] == EMPTY:
                    self.board[here] = card
                else:  # the komupple stood on a tunnel, which never moves: the card goes to the discard
                    self.discard.append(card)
        player.square = there
        self._say(player.seat, "swapped", f"{player.colour} swaps places with {SQUARE_NAMES[there]}.",
                  colour=player.colour, start=SQUARE_NAMES[here], to=SQUARE_NAMES[there])

    def _end_turn(self, seat: int, jumped: bool) -> None:
        player = self.seats[seat]
        player.turns += 1
        if self.turn_eaten:  # Training: keep only the last upple eaten this turn
            player.kept.append(self.turn_eaten.pop())
            self.discard.extend(self.turn_eaten)
            self.turn_eaten = []
        self.in_chain = False
        self.turn_tunnels = []
        self.turn_bounced = []
        self.turn_path = []
        self.passes = 0 if jumped else self.passes + 1
        occupied = set(self.tokens())
        empty = [i for i in range(SQUARES) if self.board[i] == EMPTY and i not in occupied]
        if len(empty) > len(self.pile):
            self._finish("field_not_refilled")
            return
        for square in empty:
            self.board[square] = self.pile.pop()
        if empty:
            self.undo_floor = len(self.history) + 1
            self._say(None, "refilled", f"{len(empty)} cards are drawn to refill the field.",
                      squares=",".join(SQUARE_NAMES[i] for i in empty), count=len(empty))
        if self.passes >= 4 * len(self.active()):
            self._finish("nobody_can_move")
            return
        self.turn += 1
        nxt = seat
        while True:
            nxt = (nxt + 1) % self.players
            if not self.seats[nxt].eliminated:
                break
        self.current = nxt

    def _finish(self, reason: str) -> None:
        self.over = True
        self.in_chain = False
        self.end_reason = reason
        self.undo_floor = len(self.history) + 1
        self._say(None, "game_over", "The game is over.", reason=reason)

    # -- results -----------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        if self.mode == "training":
            return [p.turns for p in self.seats]
        own = [p.points for p in self.seats]
        if not self.teams:
            return own
        return [sum(own[s] for s in range(self.players) if s % 2 == seat % 2) for seat in range(self.players)]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        if self.mode == "training":  # fewest turns wins (with one player: that player)
            fewest = min(self.scores())
            return [s for s, turns in enumerate(self.scores()) if turns == fewest]
        alive = [p.seat for p in self.active()]
        scores = self.scores()
        best = max(scores[s] for s in alive)
        return [s for s in alive if scores[s] == best]

    def view(self, seat: int | None) -> UpplesView:
        """Only ``refusals`` depends on the seat."""
        return {
            "mode": self.mode,
            "teams": [[0, 2], [1, 3]] if self.teams else None,
            "size": SIZE,
            "cards": {SQUARE_NAMES[i]: (None if c == EMPTY else CODES[c]) for i, c in enumerate(self.board)},
            "players": [p.to_json() for p in self.seats],
            "current": None if self.over else self.current,
            "turn": self.turn,
            "in_chain": self.in_chain,
            "path": [SQUARE_NAMES[i] for i in self.turn_path],
            "tunnels_used": [SQUARE_NAMES[i] for i in self.turn_tunnels],
            "bounced": list(self.turn_bounced),
            "must_pass": (not self.over) and PASS.text in self.legal(self.current),  # pass comes alone
            "draw_pile": len(self.pile),
            "discard": [CODES[c] for c in self.discard],
            "eaten_this_turn": [CODES[c] for c in self.turn_eaten],
            "scores": self.scores(),
            "over": self.over,
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "events": list(self.events),
            "refusals": self.refusals(seat),
        }

    # -- targets: what the seat to move can touch, and why the squares it can't jump to are refused -------------
    def move_data(self, action: str) -> dict[str, Any]:
        return move_data(parse(action, self.edition))

    def target_of(self, action: str) -> Target:
        """The target of one legal action of the seat to move."""
        move = parse(action, self.edition)
        if not isinstance(move, Jump):
            stuck = self.seats[self.current].stuck
            return core_targets.button(action, "upples.target.pass_swap" if stuck else "upples.target.pass_flip")
        landing = move.to
        start, to = SQUARE_NAMES[move.frm], SQUARE_NAMES[landing]
        params: dict[str, str | int] = {"start": start, "to": to}
        if landing in self.tokens(self.current):
            return core_targets.target(action, "upples.target.bounce", core_targets.thing("piece", to), params=params)
        card = self.board[landing]
        assert card != EMPTY
        code = CODES[card]
        on: Thing = core_targets.thing("card", to)
        if code == "tunnel":
            if move.exit is None:
                return core_targets.target(action, "upples.target.tunnel_bounce", on, params=params)
            exit_ = SQUARE_NAMES[move.exit]
            return core_targets.target(action, "upples.target.tunnel_exit", on, to=core_targets.thing("card", exit_),
                          params={**params, "exit": exit_})
        if code == "multi":
            assert move.colour is not None
            state_button = core_targets.thing("button", move.colour)
            return core_targets.target(action, MULTI_KEYS[move.colour], on, to=state_button, params=params)
        return core_targets.target(action, EAT_KEYS[code], on, params={**params, "points": POINTS[card]})

    def refusals(self, seat: int | None) -> list[Refusal]:
        """For the seat to move (and only for it): every square it may not jump to, with the rules' reason, so that
        a tap there is answered where it happened. Its own square is left out (a tap there is about the komupple).
        Each names what lies on the square as the targets name it: another komupple (``piece``), a card
        (``card``), or else the empty square (``cell``), by the square's name."""
        if self.over or seat is None or seat != self.current:
            return []
        player = self.seats[seat]
        assert player.square is not None
        legal = list(self.legal(seat).values())
        landings = {action.to for action in legal if isinstance(action, Jump)}
        others = self.tokens(seat)
        found: list[Refusal] = []
        for index in range(SQUARES):
            if index == player.square or index in landings:
                continue
            try:
                self._explain(seat, jump(player.square, index), legal)
            except IllegalAction as error:
                name = SQUARE_NAMES[index]
                kind: ThingKind = "piece" if index in others else "cell" if self.board[index] == EMPTY else "card"
                found.append(refusal(error, core_targets.thing(kind, name)))
        return found

    def snapshot(self) -> dict[str, Any]:
        return {
            "board": list(self.board), "pile": list(self.pile), "discard": list(self.discard),
            "aside": list(self.aside),
            "seats": [[p.body, p.hair, p.square, list(p.kept), p.eliminated, p.stuck, p.turns]
                      for p in self.seats],
            "current": self.current, "in_chain": self.in_chain, "turn": self.turn,
            "tunnels": list(self.turn_tunnels), "bounced": list(self.turn_bounced),
            "path": list(self.turn_path), "eaten": list(self.turn_eaten), "passes": self.passes,
            "over": self.over, "end": self.end_reason,
        }

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        self.board, self.pile = list(snapshot["board"]), list(snapshot["pile"])
        self.discard, self.aside = list(snapshot["discard"]), list(snapshot["aside"])
        for player, fields in zip(self.seats, snapshot["seats"], strict=True):
            player.body, player.hair, player.square, kept, player.eliminated, player.stuck, player.turns = fields
            player.kept = list(kept)
        self.current, self.in_chain, self.turn = snapshot["current"], snapshot["in_chain"], snapshot["turn"]
        self.turn_tunnels, self.turn_bounced = list(snapshot["tunnels"]), list(snapshot["bounced"])
        self.turn_path, self.turn_eaten = list(snapshot["path"]), list(snapshot["eaten"])
        self.passes, self.over, self.end_reason = snapshot["passes"], snapshot["over"], snapshot["end"]
        self.events = []
        self._legal = None


def deal(state: UpplesState, first: int) -> None:
    """Set-up steps 1-6 of the rulebook, all chance from the state's generator."""
    rng = state.rng
    players = state.players
    # Step 1: set aside the 4 character cards and the 4 golden super upples: a deck of 116.
    deck = [i for i in range(len(CODES)) if i not in CHARACTER_IDS and i not in GOLDEN_IDS]
    # Step 2: shuffle it and take 48, 47, 46 or 45 cards for 1-4 players.
    rng.shuffle(deck)
    field = deck[: SQUARES - players]
    rest = deck[SQUARES - players:]
    # Step 3: add the players' character cards and shuffle the 49.
    characters = list(CHARACTER_IDS[:players])
    field += characters
    rng.shuffle(field)
    # Step 4: lay them out, a1..g1, a2..g2, ... g7. Step 5: tokens replace the character cards.
    state.seats = []
    for seat in range(players):
        square = field.index(characters[seat])
        state.seats.append(Player(seat, square))
    state.board = [EMPTY if card in characters else card for card in field]
    state.aside = list(CHARACTER_IDS)
    # Step 6: the rest of the deck, shuffled with the 4 golden upples, is the draw pile.
    state.pile = rest + list(GOLDEN_IDS)
    rng.shuffle(state.pile)
    state.current = first % players


class Upples(Game[UpplesView]):
    id = "upples"
    title = "Upples"
    order = 30
    min_players = 1
    max_players = 4
    options = {
        "mode": {"choices": list(MODES), "default": "glutton"},
        "teams": {"choices": [False, True], "default": False},
        "first": {"choices": [0, 1, 2, 3], "default": 0},
    }
    bot_levels = ["easy", "hard"]
    default_bot_level = "easy"
    chance = True

    def offered_choices(self, players: int) -> dict[str, list[Any]]:
        """Training and solo Glutton for one player; Glutton, Naughty and Survival for 2-4; teams only for 4;
        the first player is one of the seats."""
        solo = players == 1
        return {
            "mode": ["glutton", "training"] if solo else ["glutton", "naughty", "survival"],
            "teams": [False, True] if players == 4 else [False],
            "first": list(range(players)),
        }

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> UpplesState:
        # Game.check_setup allows only the combinations offered_choices lists (see docs/rules/upples.md).
        state = UpplesState(self, seed, players, options, rng)
        state.edition = edition
        deal(state, options["first"])
        return state

    def rematch_options(self, state: State[UpplesView]) -> dict[str, Any]:
        """"In subsequent games, the first person must rotate": the next game is started by the seat after this
        game's first one, in turn order (seat 0 again after the last seat; a solo game stays with seat 0)."""
        options = dict(state.options)
        options["first"] = (int(options["first"]) + 1) % state.players
        return options

    # -- the daily challenge: the day's Training game, the same deal for everyone; fewer turns are better ---------
    daily_lower = True
    DAILY_SEED = "training-"  # then the day

    def daily(self, day: str) -> dict[str, Any] | None:
        return {"seed": f"{self.DAILY_SEED}{day}", "players": 1, "options": {"mode": "training"}}

    def daily_day(self, state: State[UpplesView]) -> str | None:
        day = state.seed.removeprefix(self.DAILY_SEED)
        training = state.options["mode"] == "training" and state.seed.startswith(self.DAILY_SEED)
        return day if training and DAY.fullmatch(day) else None

    def daily_result(self, state: State[UpplesView]) -> int | None:
        return state.scores()[0] if state.is_over else None
