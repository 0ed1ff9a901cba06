// @ts-check
// A screen that stays on while a game with seats on other devices is in play (docs/multi-device.md, "Phones that
// stay at the table"): every device of such a game (the host and each guest) holds a screen wake lock
// (`navigator.wakeLock.request("screen")`, the Screen Wake Lock API). The browser lets a lock go when the page is
// hidden, so it is taken again when the page comes back into view; it is released when the game ends or the page
// leaves the table. A browser without the API, or one that refuses (a page not in view, a battery saver), only
// leaves the screen to its own timeout: nothing else depends on the lock.

const hold = {
  wanted: false,
  /** @type {WakeLockSentinel | null} */
  lock: null,
  /** a request on its way @type {Promise<void> | null} */
  asking: null,
};

/** Take the lock, if it is wanted, the page is in view and none is held. */
async function take() {
  if (!hold.wanted || hold.lock || hold.asking || document.visibilityState !== "visible") return;
  const api = /** @type {any} */ (navigator).wakeLock;
  if (!api || typeof api.request !== "function") return;
  hold.asking = (async () => {
    try {
      const lock = await api.request("screen");
      if (!hold.wanted) { await lock.release(); return; }
      hold.lock = lock;
      lock.addEventListener?.("release", () => { if (hold.lock === lock) hold.lock = null; });
    } catch { /* refused: the screen keeps its own timeout */ }
  })();
  try { await hold.asking; } finally { hold.asking = null; }
  if (hold.wanted && !hold.lock && document.visibilityState === "visible") take(); // (asked again meanwhile)
}

/** Whether the screen should stay on now: taken (and kept, across the page being hidden and shown) or released.
 * @param {boolean} on */
export function stayAwake(on) {
  if (hold.wanted === on) { if (on) take(); return; }
  hold.wanted = on;
  if (on) { take(); return; }
  const lock = hold.lock;
  hold.lock = null;
  lock?.release().catch(() => {});
}

/** Whether a lock is wanted now (for window.gamebox and tests). */
export function awakeWanted() { return hold.wanted; }

document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") take(); });
