// @ts-check
// The types the page's modules share, and the one renderer host contract (docs/architecture.md).
//
// A renderer (web/games/<id>/renderer.js, named by games.json's files.renderer) draws a table on a canvas and
// turns taps and keys into moves. It knows the page only through a RendererHost. Three screens make hosts: the
// game screen (web/screens/game.js: the session's table), the rules pages (web/rules.js: boards nobody plays on)
// and the guided first games (web/learn.js: the lesson's script decides). `tsc -p jsconfig.json` checks them all
// against these typedefs (./build.sh test runs it).

/** The outline of a score-list swatch (style.css `.swatch-<shape>`).
 * @typedef {"disc" | "pentagon" | "octagon" | "drop"} BadgeShape */

/**
 * The bridge's reply for a table (gamebox.core.bridge, Table.to_json): what this device may see of one game.
 * @typedef {object} Table
 * @property {true} ok
 * @property {string} game
 * @property {string} title
 * @property {string | null} seed  null while it would give away a hidden hand
 * @property {number} players
 * @property {Record<string, any>} options
 * @property {Seat[]} seats
 * @property {number | null} viewer
 * @property {[number, string][]} history
 * @property {number[]} to_move
 * @property {boolean} is_over
 * @property {number[]} scores
 * @property {number[]} winners
 * @property {LogEntry[]} log
 * @property {Record<string, any>} view  the game's own view for the viewer, with its `targets`
 * @property {string} fingerprint
 * @property {string | null} share  the public game's code; null while its deal is secret
 * @property {string} resume  this device's own code of the game (never shown, linked or sent)
 * @property {string} [deal]  what identifies the deal among this device's saved games (same visibility as resume)
 * @property {{day: string, result: number | null, lower: boolean} | null} [daily]  the daily challenge it is
 * @property {Record<string, any>} public  the public summary (core/viewer.py) an embedding page may know
 * @property {boolean} sealed  other seats' secret moves are still hidden from this device
 * @property {boolean} hints
 * @property {Record<string, any> | null} rematch
 * @property {boolean} can_undo
 * @property {{key: string, params: Record<string, any>} | null} [undo_refusal]  why Undo is not offered although a
 *   person here has moved (a placed tile of Up Combine cannot be taken back): the game's words, said by the button
 * @property {{code: string, step: number, steps: number}} [replay]  a replay's place
 * @property {undefined} [error]  (only a refusal has one)
 */

/** A person at this device, a bot and its level, or a person on another device (docs/multi-device.md).
 * @typedef {{kind: "human" | "bot" | "remote", level: string}} Seat */
/** @typedef {{seat: number | null, key: string, params: Record<string, any>, text: string}} LogEntry */
/** @typedef {{type?: string, key: string, params?: Record<string, any>, message?: string}} BridgeError */

/**
 * Any reply of the bridge: a table, another answer ({ok: true, ...}), or a refusal.
 * @typedef {{ok: boolean, error?: BridgeError, [field: string]: any}} Reply
 */

/**
 * Where requests go: the Web Worker running Pyodide (web/engine.js) today; an engine on another device could
 * stand in, as long as it answers each request with a promise of the reply and never rejects. `signal` is the
 * session's: a reply after it is aborted is dropped, and a port may leave such a request unsent.
 * @typedef {object} EnginePort
 * @property {(request: Record<string, any>, options?: {signal?: AbortSignal}) => Promise<Reply>} request
 * @property {Promise<unknown>} ready
 * @property {() => Promise<void>} [whenIdle]  resolves once no request is on its way (a background piece waits for it)
 */

/**
 * What a person does on a board: an action of the table's targets (its text), or an intent that Python composes
 * into the canonical action ({action}, or a game's own fields such as a point and the throw's clock, `ms`).
 * @typedef {string | Record<string, any>} Move
 */

/**
 * Everything a renderer may ask of the page.
 * @typedef {object} RendererHost
 * @property {(key: string, params?: Record<string, any>, fallback?: string) => string} t  words from the catalogue
 * @property {(key: string, params?: Record<string, any>) => string} wording  words that name the keys of this device
 * @property {(text: string) => void} announce  say it to a screen reader
 * @property {(seat: number) => string} seatName
 * @property {() => number | null} humanSeat  the seat on this device that may act now, or null
 * @property {() => number[]} humanSeats  every seat on this device that is to move
 * @property {(seat: number) => Promise<boolean>} untilTurn  resolves true once `seat` may act, false when it will
 *   not in this position (the game moved on, the screen was left): a renderer waits on it, never polls
 * @property {(move: Move, seat?: number | null) => Promise<boolean>} act  play it; false when refused
 * @property {(move: Move, seat?: number | null) => Promise<boolean>} play  the same as act (an intent's name)
 * @property {(request: Record<string, any>) => Promise<Reply>} request  a read-only bridge request (legal, view)
 * @property {(mark: string, options?: {start?: boolean}) => number | null} since  the ms since this table first
 *   showed `mark` (a race's round, a throw) on this device: 0 the first time, when its clock starts; with
 *   `{start: false}`, null for a mark never shown (and nothing starts). The clock is the table's (web/clock.js):
 *   kept with the saved game, it goes on across a reload and a redraw. A renderer times a real-time phase from
 *   `performance.now() - host.since(mark)`.
 * @property {boolean} [lesson]  true in a guided game (web/learn.js): the board offers nothing of its own that leaves
 *   the game or ends it another way (Ubongo's Next puzzle, Puzzle of the day, Show the solution)
 * @property {boolean} [reviewing]  true where a finished game's positions are looked at (web/screens/review.js: a
 *   review, a mistakes puzzle): as in a lesson, the board offers nothing of its own that leaves them
 * @property {(route: string) => void} [navigate]  go to another screen from the board (a `#/...` route); a lesson
 *   asks first. Without it a renderer sets location.hash
 * @property {() => Table} table  the one table on screen (the session's on the game screen): a renderer reads it at
 *   paint time and keeps no copy of its own
 * @property {() => string} state  the state of the table's machine (web/session.js State: "human", "waiting",
 *   "bot", "animating", "sealed", "over", "replaying", ...; a rules page's board is "over", a lesson's "human")
 * @property {() => import("./games.js").GameInfo | null} info  the game's entry of games.json (Game.describe in
 *   Python): its options, `realtime` ({phases, lead_in_ms} or null), ...
 */

/** What a screen gives web/games.js mountRenderer: a host, whose `table`, `state` and `info` the board fills in where
 * the screen has none of its own (the table it last drew; "over", or "human" where someone may act).
 * @typedef {Omit<RendererHost, "table" | "state" | "info"> & Partial<Pick<RendererHost, "table" | "state" | "info">>} BoardHost */

/**
 * What a renderer's create(canvas, host) returns. Only draw and destroy are required.
 * @typedef {object} Renderer
 * @property {(table: Table, previous?: Table | null, options?: {animate?: boolean}) => void} draw  the session's
 *   table to draw, and the one drawn before it (null: nothing before, or another game): a renderer animates from
 *   the difference of their things (the kit's Surface.motion), never from log keys
 * @property {() => void} destroy  stop every animation, timer and listener
 * @property {(event: KeyboardEvent) => void} [keydown]
 * @property {() => Target[]} [targets]  what the person can do now, in CSS pixels of the viewport
 * @property {(action: string, move?: Record<string, any>) => void} [showHint]  draw `action` as a hint (or a
 *   review's better move); `move` is the action as data (the bridge's `move`, State.move_data), never parsed here
 * @property {(view: Record<string, any>, action: string, move?: Record<string, any>) => string} [describeAction]  an action in
 *   the board's words (`move`: the action as data, where the caller has it)
 * @property {(target: Record<string, any>) => string} [wordTarget]  a view's target in the words the board labels it with
 * @property {(view: Record<string, any>, seat: number) => {colour: string, label: string, symbol?: string, shape?: BadgeShape}[]} [seatBadges]
 *   what the score list shows beside a seat: a swatch of `colour` with `symbol` on it, cut to `shape` (a disc
 *   unless said: so a swatch's kind is told by its outline too, not by its colour alone)
 * @property {(table: Table) => string | null | undefined} [result]  a solo result in the game's own words
 * @property {(action: string, words: string) => boolean} [refused]  say a refusal next to the place tapped
 * @property {() => number | null} [clockMs]  the clock of a running real-time phase, in ms
 * @property {(table: Table) => string} [helpKey]  the catalogue key of the board's help for this table (worded with
 *   the host's `wording`), where it is not `<game>.help` (Ubongo's race and puzzle mode)
 */

/** @typedef {{kind: "tap" | "drag", x: number, y: number, x2?: number, y2?: number, action?: string, label: string, [field: string]: any}} Target */
/** @typedef {{create(canvas: HTMLCanvasElement, host: RendererHost): Renderer}} RendererModule */

export {};
