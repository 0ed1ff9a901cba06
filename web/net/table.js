// @ts-check
// The table outlives the game (docs/multi-device.md, "An evening at one table"): the host's room keeps its guests'
// links from one game to the next. "Play again", a game started from the set-up with the devices at the table, and
// window.gamebox.again(game) carry every connected device to the next table over the same data channel, with no new
// invite and no new answer: each guest hears `{t: "next", seat, game, players}` (its seat at the next table, which
// its page says in words when it changed) and then its table, as after any change of the game. Between two tables
// (the host is on its menu or set-up, or watching a replay) the guests hear `{t: "between"}`, and their requests are
// refused (`net.refused.between`) until the next table comes.

/** @typedef {import("./room.js").Room} Room */
/** @typedef {import("./room.js").RemoteSeat} RemoteSeat */
/** @typedef {import("../host.js").Table} Table */

/** The devices at the table: each connected seat's number (its seat in the last game). @param {Room} room */
export function seatedDevices(room) {
  return room.closed ? [] : [...room.seats.values()].filter((remote) => remote.state === "connected" && remote.link).map((remote) => remote.seat);
}

/** The same devices in the same seats: every connected device whose seat is a remote seat of `seats`.
 * @param {Room} room @param {{kind: string}[]} seats @returns {Map<number, number>} */
export function samePlaces(room, seats) {
  return new Map(seatedDevices(room).filter((seat) => seats[seat]?.kind === "remote").map((seat) => [seat, seat]));
}

/** Leave the table for now (the host left the game's screen): the guests are told, and wait for the next table on
 * the same links. @param {Room} room */
export function restTable(room) {
  if (room.closed || room.resting) return;
  room.resting = true;
  room.said = "[]";
  for (const remote of room.seats.values()) {
    remote.since = null;
    remote.started = null;
    remote.away = null;
    if (remote.state === "connected") room.send(remote, { t: "between" });
  }
}

/** The next table, for the devices the host placed: `placement` maps each remote seat of `table` to the seat its
 * device had (a connected device); those devices go on over their links, told their seat at the new table. A device
 * not placed is let go (`bye`, `ended`); a remote seat with no device placed waits for an invite, as at a first
 * table. @param {Room} room @param {Table} table @param {Map<number, number>} placement */
export function nextTable(room, table, placement) {
  const before = new Map(room.seats);
  /** @type {Map<number, RemoteSeat>} */
  const seats = new Map();
  const kept = new Set();
  for (const [seat, from] of placement) {
    const remote = before.get(from);
    if (!remote || table.seats[seat]?.kind !== "remote" || kept.has(remote) || remote.state !== "connected") continue;
    kept.add(remote);
    seats.set(seat, remote);
  }
  for (const remote of before.values()) {
    if (kept.has(remote)) continue;
    if (remote.link) room.send(remote, { t: "bye", reason: "ended" });
    remote.invite?.offer.cancel();
    remote.standby?.offer.cancel();
    clearInterval(remote.timer);
    try { remote.link?.close(); } catch { /* already closed */ }
    remote.link = null;
  }
  room.seats = seats;
  room.game = table.game;
  room.resting = false;
  room.said = "[]";
  for (const [seat, remote] of seats) {
    const moved = remote.seat !== seat;
    remote.seat = seat;
    Object.assign(remote, { since: null, started: null, run: "", away: null, sent: "" });
    room.send(remote, { t: "next", seat, game: table.game, players: table.players });
    // a standby invite names its seat: a device placed elsewhere gets one for its new seat
    if (moved || !remote.standby) room.stand(remote);
  }
  room.follow(table); // the remote seats with no device wait for an invite
  for (const remote of room.seats.values()) room.emit("change", { seat: remote.seat, state: remote.state });
  room.pushAll();
}
