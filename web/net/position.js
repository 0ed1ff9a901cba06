// @ts-check
// A finished game's position, as a guest's or a watcher's review board asks the host for it (docs/multi-device.md,
// "A guest's review"): `{op: "position", code, step, seats, view_as}`. The bridge makes it of the share code the device
// sends alone (a finished game's replay), so it tells that device nothing it does not hold already. Checked here by the
// host's room (web/net/room.js) and stands (web/net/watch.js) before it goes to the engine.

/** The engine's request for a device's `req`, or null when `req` is not such a request. @param {Record<string, any>} req
 * @returns {{op: "position", guest: true, code: string, step: number, seats: {kind: string, level: string}[],
 *   view_as: number | null} | null} */
export function positionRequest(req) {
  if (Object.keys(req).some((name) => !["op", "code", "step", "seats", "view_as"].includes(name))) return null;
  const { code, step, seats } = req;
  const viewAs = req.view_as ?? null;
  if (typeof code !== "string" || !code || !Number.isSafeInteger(step) || step < 0) return null;
  if (viewAs !== null && !(Number.isSafeInteger(viewAs) && viewAs >= 0)) return null;
  const fine = (/** @type {any} */ sitter) => sitter && typeof sitter === "object" && typeof sitter.kind === "string"
    && Object.keys(sitter).every((key) => key === "kind" || (key === "level" && typeof sitter.level === "string"));
  if (!Array.isArray(seats) || seats.length > 16 || !seats.every(fine)) return null;
  return { op: "position", guest: true, code, step,
    seats: seats.map((sitter) => ({ kind: sitter.kind, level: sitter.level ?? "" })), view_as: viewAs };
}
