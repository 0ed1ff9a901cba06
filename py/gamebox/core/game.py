"""The protocol every game follows: a Game (a factory with set-up options) and its State.

A State changes only through ``apply``. Chance happens inside ``Game.new`` and ``State.apply``, drawn from the
state's own generator, so replaying the same seed, options and history always gives the same fingerprint.
"""

from __future__ import annotations

import hashlib
import json
import pkgutil
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, NotRequired, Self, TypedDict

from gamebox.core.errors import BadRequest, IllegalAction, InvalidSetup
from gamebox.core.notation import check_action_text
from gamebox.core.rng import Rng, normalize_seed
from gamebox.core.targets import Target, Thing

JSON = Any
# The edition of the rules that new games follow. A change that makes a seed or a history mean something else
# (a deck built another way, a new choice at set-up) starts a new edition: new games and share codes use it
# (share code ``v<edition>``), and a game keeps the old way for states of older editions, so every link made
# before the change still opens exactly the same game. Edition 1 is everything before editions existed.
EDITION = 2
EDITIONS = (1, 2)
LogEntry = dict[str, Any]
# A day, as daily challenges are named: "YYYY-MM-DD" (the player's own date).
DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
# A bot: (state, seat, budget_ms, rng) -> action. Each game's bots.py has LEVELS, its bot of each level by name,
# and its __init__ hands them to its Game, so the rules never import their bots.
BotFunction = Callable[["State[Any]", int, int, Rng], str]


class Refusal(TypedDict):
    """Why touching ``thing`` (then ``to``) is not a move now: the message key and params of the IllegalAction the
    rules raise if it is played. ``view.refusals`` is a list of these in every game that has them (docs/new-game.md,
    "Refusals"); ``thing`` and ``to`` are named as the game's targets name them (core/targets.py), so the page finds
    the reason for the thing a person touched (the kit's ``refusalFor(view, thing, to?)``)."""

    thing: Thing
    to: NotRequired[Thing]
    key: str
    params: dict[str, Any]


def refusal(error: IllegalAction, on: Thing, to: Thing | None = None) -> Refusal:
    """The refusal of a touch on ``on`` (then ``to``), for the reason ``error`` gives."""
    made: Refusal = {"thing": on, "key": error.key, "params": dict(error.params)}
    if to is not None:
        made["to"] = to
    return made


class Realtime(TypedDict):
    """A game's real-time phases, as ``Game.describe`` declares them (``realtime``): the ``view.phase`` values
    whose clock runs (a race's sand timer, a throw's grab), and ``lead_in_ms``, what the page shows of a run
    before the time its moves count from (Whoopies' countdown before the throw)."""

    phases: list[str]
    lead_in_ms: int


def log_entry(seat: int | None, key: str, text: str, **params: Any) -> LogEntry:
    """One line of the move log: a message key with parameters, and its English wording."""
    return {"seat": seat, "key": key, "params": params, "text": text}


def sealed_from_others(log: list[LogEntry], seat: int | None, keys: tuple[str, ...]) -> list[LogEntry]:
    """``log`` without the other seats' lines among its last run of ``keys``: moves made at once and in secret
    (a race's hand-ins, a grab), which the table learns only when they are resolved together."""
    end = len(log)
    while end and log[end - 1]["key"] in keys:
        end -= 1
    return log[:end] + [entry for entry in log[end:] if entry["seat"] == seat]


def _copied(value: Any) -> Any:
    """``value`` with every list, dict and set in it copied, all the way down; anything else is kept (numbers,
    texts, tuples, frozen records), except objects that copy themselves (``__copy__``)."""
    kind = type(value)
    if kind is list:  # most items are atoms: not calling for them keeps bots' copies fast
        return [item if type(item) in _ATOMS else _copied(item) for item in value]
    if kind is dict:
        return {key: item if type(item) in _ATOMS else _copied(item) for key, item in value.items()}
    if kind is set:
        return set(value)
    if hasattr(kind, "__copy__"):
        return value.__copy__()
    return value


_ATOMS = frozenset({str, int, float, bool, type(None), tuple, frozenset})


class State[ViewT: Mapping[str, Any]](ABC):
    """One position of one game. Subclasses keep every rule of their game; this class keeps the bookkeeping.

    ``ViewT`` is the game's view: the TypedDict that ``view`` returns (views.py of each game)."""

    # copy() copies each list, dict and set attribute one level deep: their items are numbers, texts, tuples, or
    # records that are replaced, never changed in place (log entries, say). Attributes named in ``rows`` are lists
    # of rows that the rules change in place (a hand per seat: lists, dicts, or objects with a ``copy()``, or None),
    # each row copied; those named in ``nested`` hold deeper containers, copied all the way down.
    rows: ClassVar[frozenset[str]] = frozenset()
    nested: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game[ViewT], seed: str, players: int, options: dict[str, Any], rng: Rng,
                 edition: int = EDITION) -> None:
        self.game = game
        self.edition = edition
        self.seed = seed
        self.players = players
        self.options = dict(options)
        self.rng = rng
        self.history: list[tuple[int, str]] = []
        self.log: list[LogEntry] = []
        # Undo may not go back past this many actions: the last point where chance or hidden
        # information was revealed (BGA's policy).
        self.undo_floor = 0

    # -- what every game defines -------------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that may act now; [] exactly when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in notation."""

    @abstractmethod
    def _play(self, seat: int, action: str) -> list[LogEntry]:
        """Check ``action`` and, only if it is legal, carry it out. Return what the move log says of it."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score now."""

    @abstractmethod
    def view(self, seat: int | None) -> ViewT:
        """All a renderer needs, as JSON, hiding what ``seat`` may not know (seat None: a spectator)."""

    @abstractmethod
    def snapshot(self) -> JSON:
        """The whole state as JSON, hidden parts included: the input of the fingerprint."""

    @abstractmethod
    def _load(self, snapshot: Mapping[str, Any]) -> None:
        """Become the position ``snapshot`` (what ``snapshot()`` returns) describes: the inverse of snapshot(), for
        ``Game.restore``, which hands over a copy that the state may keep. Whatever the snapshot leaves out is
        derived from what it holds."""

    # -- targets: what a person can act on now (core/targets.py) ---------------------------------------------
    def targets(self, seat: int | None) -> list[Target]:
        """What ``seat`` can act on now, each with its action, its wording and its thing; [] when it may not act.
        Games whose actions a person builds (a solve placed tile by tile, a grab timed by the clock) override
        this to list the things to build them from."""
        if seat is None or seat not in self.to_move:
            return []
        return [self.target_of(action) for action in self.legal_actions(seat)]

    @abstractmethod
    def target_of(self, action: str) -> Target:
        """The target of one legal ``action``: the thing a person touches to play it, and the words that say what it
        does (read from the game's action value, never from its text)."""

    # -- secrets: what the per-viewer filter (core/viewer.py) asks of a game --------------------------------
    def secret_run_start(self) -> int:
        """Where the running phase of secret moves begins in ``history`` (its length when there is none).

        Moves made at once and in secret (Ubongo's hand-ins, Whoopies' grabs) are the last entries of the history
        until the rules resolve them together. Until then, each seat sees only its own entries of that run, and
        the others' once the page's clock passes their ``reveal_ms``. Games without such moves keep the
        default."""
        return len(self.history)

    def reveal_ms(self, seat: int, action: str) -> int | None:
        """When, in ms of the running phase's clock, the other seats see ``seat``'s secret ``action`` happen (a
        grab at @504 is seen at 504 ms); None: only when the run is resolved (a pass, say)."""
        return None

    def hints_allowed(self, seat: int) -> bool:
        """Whether the Hint button may help ``seat`` now (a race against others may forbid it)."""
        return True

    def undo_refusal(self, index: int) -> tuple[str, dict[str, Any]]:
        """Why undo cannot take back the action at ``index`` of the history (a person's last one), which lies below
        ``undo_floor``: a message key and its params. The bridge sends it with a table whose Undo is not offered
        although a person has moved (``undo_refusal``), so the page can say why. Games word their own reasons."""
        return "error.undo_floor", {}

    # -- work done ahead ------------------------------------------------------------------------------------------
    def prepare(self) -> bool:
        """Do now, while a person thinks, work that a coming move will need (the bridge's ``prepare``, which the page
        sends whenever a table settles where a person is to act), so that move answers within a frame or
        two: the cards a coming round deals, a throw about to be made. It may fill caches only and must never
        change the state: its fingerprint, view and history stay exactly the same, and a game never prepared
        plays exactly the same, only slower. Each call does a bounded piece (a few tens of ms at most), since the
        worker answers one request at a time and a person's next move must not wait long behind it; it returns
        whether more is left to do, and the page asks again while nobody acts. By default there is nothing."""
        return False

    # -- shared behaviour ------------------------------------------------------------------------------
    def log_for(self, seat: int | None) -> list[LogEntry]:
        """The move log as ``seat`` may read it now (seat None: a spectator). A game whose moves stay secret for a
        while leaves their lines out until they are revealed."""
        return self.log

    @property
    def is_over(self) -> bool:
        return not self.to_move

    def winners(self) -> list[int]:
        """The seats with the best score once the game is over (all of them on a tie)."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {seat!r} in this game.", "error.no_such_seat", seat=seat)
        return seat

    def compose(self, seat: int, intent: Mapping[str, Any]) -> str:
        """The canonical action ``seat`` means by ``intent``, what the page says a person did (contract: the bridge's
        ``apply``): by default ``{"action": <a target's action>}``, passed through as it is. A game whose actions a
        person builds (tiles laid on a card, a hand closing on a point at a moment) reads its own fields here, and
        refuses an intent it cannot make into an action with IllegalAction and the reason's key."""
        action = intent.get("action")
        if set(intent) != {"action"} or not isinstance(action, str):
            raise BadRequest("This game's moves are its targets' actions: {\"action\": ...}.", "error.bad_request",
                             field="intent")
        return action

    def move_data(self, action: str) -> dict[str, Any]:
        """``action`` as data for the page to draw (a hint, a review's move and its better one): what it is
        (``kind``) and the things and numbers the renderer draws, read by the game's actions module, the one reader
        of its notation, so no page code parses notation. It reads only the text (the table's edition and mode
        say which notation): it reveals nothing of the table, and refuses a text that is no action with
        IllegalAction. ``{}`` by default: a game whose page draws nothing of a move."""
        return {}

    def same_move(self, action: str, other: str) -> bool:
        """Whether two legal texts are the same move but for when it was made (a guided game's script names a
        move without the clock a person's hand-in carries). The same text by default; games whose actions carry a
        time compare their values without it."""
        return action == other

    def apply(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat``. An illegal action raises IllegalAction and changes nothing."""
        seat = self.check_seat(seat)
        check_action_text(action)
        to_move = self.to_move  # worked out once: a property that makes a list
        if not to_move:  # is_over
            raise IllegalAction("The game is over.", "error.game_over")
        if seat not in to_move:
            raise IllegalAction("It is not your turn.", "error.not_your_turn", seat=seat)
        entries = self._play(seat, action)
        self.history.append((seat, action))
        self.log.extend(entries)

    def fingerprint(self) -> str:
        """A stable hash of the whole state, the same on CPython and in Pyodide."""
        body = {
            "game": self.game.id,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "history": self.history,  # (seat, action) pairs: JSON writes a tuple as a list
            "rng": [f"{word:016x}" for word in self.rng.state],
            "state": self.snapshot(),
        }
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]

    def copy(self) -> Self:
        """An independent copy (bots copy states thousands of times): the game and immutable values are shared,
        every container is copied (see ``nested``), and the random generator goes on from the same point."""
        twin = object.__new__(type(self))
        nested, rows = self.nested, self.rows
        fields = self.__dict__.copy()
        for name, value in fields.items():
            kind = type(value)
            if kind in _ATOMS:
                continue
            if kind is list or kind is dict or kind is set:
                if name in rows:
                    fields[name] = [row if row is None else row.copy() for row in value]
                else:
                    fields[name] = _copied(value) if name in nested else value.copy()
            elif kind is Rng:
                fields[name] = value.__deepcopy__({})
        twin.__dict__ = fields
        return twin

    def __repr__(self) -> str:
        return f"<{self.game.id} seed={self.seed!r} players={self.players} moves={len(self.history)}>"



# each game package's bots' table (Game.bot_ratings), read once
_BOT_RATINGS: dict[str, dict[str, Any] | None] = {}


class Game[ViewT: Mapping[str, Any]](ABC):
    """A game in the box: its identity, its set-up options, and a factory for its states.

    Its package's ``__init__`` makes the one instance, ``GAME``, with the bots of its bots.py; the registry
    (core/registry.py) finds it there."""

    id: ClassVar[str]
    title: ClassVar[str]
    # Where the menu lists it: lower first, ties by id.
    order: ClassVar[int]
    # A game that exists only for the tests (tests/games/): the menu shows it only when the page asks for them.
    fixture: ClassVar[bool] = False
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[dict[str, dict[str, Any]]] = {}
    bot_levels: ClassVar[list[str]] = []
    # The level a set-up screen offers first: one a newcomer can beat.
    default_bot_level: ClassVar[str] = ""
    # What kind of game it is (describe() sends it to the page):
    hidden_information: ClassVar[bool] = False  # some seat holds what another may not see (a hand)
    simultaneous: ClassVar[bool] = False  # seats act at once, in secret, until the rules reveal it
    chance: ClassVar[bool] = False  # dice, shuffles or throws
    # The daily challenge (see ``daily``): None when the game has none; else whether a lower result is better
    # (a time) or a higher one (a score).
    daily_lower: ClassVar[bool | None] = None
    # The game's real-time phases (Realtime), or None for a game whose clock never runs: the page reads it from
    # games.json, and its shared code (web/net/room.js) names no game.
    realtime: ClassVar[Realtime | None] = None

    def __init__(self, levels: Mapping[str, BotFunction], reviewer: Any = None) -> None:
        """``levels``: the bot of each level by name (its bots.py's LEVELS); it has every level of
        ``bot_levels``, and may have more that only the tests and benches call. ``reviewer``: what judges its
        finished games' moves (its review.py's REVIEWER, a core.review.Reviewer, which judges States, so this
        module cannot name its type; tests/rules/test_core_review.py checks every game's), None for no review."""
        missing = [level for level in self.bot_levels if level not in levels]
        if missing:
            raise ValueError(f"{self.id} has no bot for level {missing[0]!r}")
        self.levels = dict(levels)
        self.reviewer = reviewer

    @abstractmethod
    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> State[ViewT]:
        """Set up a new game of that edition of the rules: the deal, the starting position. Set the state's
        ``edition`` before anything that depends on it."""

    def guest_view(self, view: Any) -> Any:
        """``view`` (the view of a guest's seat, core/viewer.guest_view) as a guest's device gets it while the seed is
        secret from guests: without what is drawn from the seed but not on the table (a deck's seed, a throw's
        key: with it, a guest could work out the coming cards or throws and the bots' moves), nor what only the
        host's page needs. The view as it is by default; a game with such a thing in its view takes it out here."""
        return view

    def bot(self, level: str) -> BotFunction:
        """The function that plays at ``level``: (state, seat, budget_ms, rng) -> action."""
        return self.levels[level]

    def check_setup(self, players: object, options: Mapping[str, object],
                    edition: int = EDITION) -> tuple[int, dict[str, Any]]:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidSetup("The number of players must be a whole number.", "error.players_not_number")
        if not self.min_players <= players <= self.max_players:
            raise InvalidSetup(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}.",
                "error.players_out_of_range",
                game=self.id,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        chosen: dict[str, Any] = {}
        offered = self.offered_choices_in(players, edition)
        for name, spec in self.options.items():
            value = options.get(name, spec["default"])
            if name not in options and value not in offered[name]:
                value = offered[name][0]
            if value not in offered[name]:
                raise InvalidSetup(
                    f"Option {name} cannot be {value!r} with {players} players; choose one of {offered[name]}.",
                    "error.bad_option",
                    option=name,
                    value=str(value),
                )
            chosen[name] = value
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise InvalidSetup(f"{self.title} has no option {unknown[0]!r}.", "error.unknown_option",
                               option=unknown[0])
        return players, chosen

    def new(self, seed: str, players: int, *, edition: int = EDITION, **options: Any) -> State[ViewT]:
        """A new game. ``edition`` is for share codes of older editions only (see EDITION)."""
        if edition not in EDITIONS:
            raise InvalidSetup(f"There is no edition {edition!r} of the rules.", "error.bad_edition")
        if not isinstance(seed, str):
            raise InvalidSetup("A seed is a text.", "error.bad_seed")
        try:
            seed = normalize_seed(seed)
        except ValueError as exc:
            raise InvalidSetup(f"Bad seed: {exc}.", "error.bad_seed") from exc
        players, chosen = self.check_setup(players, options, edition)
        return self._create(seed, players, chosen, Rng.for_game(self.id, seed), edition)

    def replay(self, seed: str, players: int, options: Mapping[str, Any],
               history: list[tuple[int, str]], edition: int = EDITION) -> State[ViewT]:
        state = self.new(seed, players, edition=edition, **dict(options))
        for seat, action in history:
            state.apply(seat, action)
        return state

    def restore(self, snapshot: Mapping[str, Any], *, players: int, seed: str = "RESTORED",
                options: Mapping[str, Any] | None = None, edition: int = EDITION,
                history: Iterable[tuple[int, str]] = (), rng: Rng | None = None) -> State[ViewT]:
        """The position ``snapshot`` describes (what ``State.snapshot()`` returns), in a game set up with that
        ``seed``, ``players``, ``options`` and ``edition``: a position to start from without playing up to it (a
        test's, a puzzle's). Its random generator goes on from ``rng`` (a copy), or else from the set-up's;
        ``history`` is only recorded (undo and share codes read it), never replayed."""
        state = self.new(seed, players, edition=edition, **dict(options or {}))
        state._load(_copied(dict(snapshot)))  # its own lists: the caller's snapshot stays the caller's
        state.history = list(history)
        if rng is not None:
            state.rng = rng.__deepcopy__({})
        return state

    def offered_choices(self, players: int) -> dict[str, list[Any]]:
        """The option values that are allowed for this many players: all of them, unless a game narrows them
        (a solitaire mode only for 1 player, say). ``new`` refuses any other value with InvalidSetup, and an
        option left out takes its default, or the first allowed value when the default is not allowed."""
        return {name: list(spec["choices"]) for name, spec in self.options.items()}

    def offered_choices_in(self, players: int, edition: int) -> dict[str, list[Any]]:
        """offered_choices for games of an older ``edition`` (share codes made before a change of what is offered);
        the newest edition's by default."""
        return self.offered_choices(players)

    def setup_note(self, players: int) -> str | None:
        """A message key the set-up screen shows for this many players, where the count changes what the game is
        (one player of Ubongo plays puzzle mode); None for most."""
        return None

    def unused_options(self, players: int) -> list[str]:
        """Options that mean nothing with this many players (a sand timer in a puzzle with a stopwatch): the set-up
        screen does not ask for them. They stay valid in links, so a link made with one still opens."""
        return []

    def rematch_options(self, state: State[ViewT]) -> dict[str, Any]:
        """The options of "Play again" after ``state``'s game: the same, unless the rules rotate something (the
        first player, say)."""
        return dict(state.options)

    def describe(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.options,
            "offered": {
                str(players): self.offered_choices(players)
                for players in range(self.min_players, self.max_players + 1)
            },
            "notes": {str(players): note for players in range(self.min_players, self.max_players + 1)
                      if (note := self.setup_note(players)) is not None},
            "unused": {str(players): self.unused_options(players)
                       for players in range(self.min_players, self.max_players + 1)},
            "bot_levels": self.bot_levels,
            "default_bot_level": self.default_bot_level or (self.bot_levels[0] if self.bot_levels else ""),
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "order": self.order,
            "fixture": self.fixture,
            "daily": None if self.daily_lower is None else {"lower": self.daily_lower},
            "realtime": None if self.realtime is None else {"phases": list(self.realtime["phases"]),
                                                            "lead_in_ms": self.realtime["lead_in_ms"]},
            "review": None if self.reviewer is None else {"scale": self.reviewer.scale.unit},
            "bot_ratings": self.bot_ratings(),
        }

    def bot_ratings(self) -> dict[str, Any] | None:
        """The measured rating of each bot level (bench/ratings.py writes it beside the game's rules, in its
        package's ratings.json: {levels: {level: {rating, deviation}}, anchor, games, budget_ms, command}), or None
        when the game has no table. The page rates a person against it (docs/ratings.md)."""
        package = type(self).__module__.rpartition(".")[0] or type(self).__module__
        if package not in _BOT_RATINGS:
            # read once and kept: the worker's memory snapshot is made after a hello, so a page booted from it has
            # the table without reading its wheel's files again (they are not there after a restore). Read with
            # pkgutil, which the registry imports anyway: importlib.resources would bring a dozen standard modules
            # into every boot (a third of importing the bridge), for this one file.
            try:
                data = pkgutil.get_data(package, "ratings.json")
            except (OSError, ModuleNotFoundError):
                data = None
            _BOT_RATINGS[package] = None if data is None else json.loads(data.decode("utf-8"))
        return _BOT_RATINGS[package]

    # -- the daily challenge: the same game for everyone on a day (its best result is kept per day) ------------
    def daily(self, day: str) -> dict[str, Any] | None:
        """The set-up of ``day``'s challenge (day "YYYY-MM-DD"): {seed, players, options}; None when the game has no
        daily challenge."""
        return None

    def daily_day(self, state: State[ViewT]) -> str | None:
        """The day ``state`` is the challenge of, or None when it is not a daily challenge."""
        return None

    def daily_result(self, state: State[ViewT]) -> int | None:
        """The result of a daily challenge once it is over (compare with ``daily_lower``), or None: not over, or
        nothing to keep (a puzzle whose solution was shown)."""
        return None
