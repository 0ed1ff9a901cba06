// The Pyodide host: a module worker that runs gamebox.core.bridge and passes JSON requests to it. It holds no
// game logic. See docs/architecture.md and, for the memory snapshot, docs/offline-and-csp.md.
//
// Two ways to boot, and the page never needs to know which (it is told, in ready's `boot`):
// - fresh: Pyodide starts while the gamebox wheel downloads beside it (integrity checked against
//   pyodide-lock.json, as loadPackage does), then Python imports the bridge straight from the wheel. The build
//   compiled what this imports (the wheel's modules, and the standard modules the boot needs, in
//   python_stdlib.zip) with this same Pyodide (tools/precompile.mjs), so Python loads bytecode, compiling nothing;
// - snapshot: Pyodide starts from a memory snapshot with gamebox already imported, kept in Cache Storage.
//   A missing, stale, corrupt or refused snapshot means a fresh boot, silently.
// After a fresh boot, once the page has been quiet for a moment, this worker starts a second copy of itself
// (the snapshot maker) that boots a clean runtime of its own, imports every gamebox module, takes the snapshot
// and stores it. The maker never answers a request, so no game is ever in a snapshot.
const indexURL = new URL("../pyodide/", import.meta.url).href;
const ROOT = new URL("../", import.meta.url).href;
const MAKER_NAME = "gamebox-snapshot-maker";
const IS_MAKER = self.name === MAKER_NAME;
// A review's second worker (web/review-pool.js): boots as the engine does and answers requests, but never makes a
// memory snapshot (the engine's worker does).
const IS_POOL = self.name === "gamebox-review-pool";

// The snapshot: one entry in its own cache (the service worker's caches are named "gamebox:<scope>:<build>"
// and it deletes those of other builds; this one it leaves alone). The entry's URL names the build and the
// Pyodide version; its headers carry what the reader checks before it trusts the bytes.
const SNAPSHOT_CACHE = `gamebox-snapshot:${ROOT}`;
const SNAPSHOT_FORMAT = 1; // what a snapshot holds and how it is packed; a change makes older ones stale
// How the snapshot is packed: "pages" leaves out its 4 KiB pages that are all zeros (about half of them), "gzip"
// compresses it, "none" stores it as it is. docs/offline-and-csp.md has the measurements behind the choice.
const SNAPSHOT_PACKING = "pages";
const PAGE_BYTES = 4096;
const META_HEADER = "x-gamebox-snapshot";
const SNAPSHOT_AFTER_MS = 3000; // after a fresh boot, wait this long ...
const SNAPSHOT_IDLE_MS = 1000; // ... and until no request came for this long, before making a snapshot
// A page that asked for no snapshot (web/engine.js engineURL: a test's page that is never visited again)
const SNAPSHOT_OFF = new URL(import.meta.url).searchParams.get("snapshot") === "off";
const QUOTA_SHARE = 0.5; // store only if the origin then uses at most this share of its quota
const EXPECTED_SNAPSHOT_BYTES = 16 * 1024 * 1024; // checked before the maker boots at all
const BOOT_TIMEOUT_MS = 180_000;

/** Where this boot stands; read by tests and the bench (Playwright's worker.evaluate), never by the page. */
self.gameboxBoot = { boot: null, ms: null, readMs: null, fallback: null, snapshot: null, marks: {} };
const workerStarted = performance.now();
const mark = (name) => { self.gameboxBoot.marks[name] = Math.round(performance.now() - workerStarted); };

// Downloads start at once, before anything waits: the lock (it names the wheel and its hash; Pyodide is given
// the same promise, so it is fetched once) and then the wheel, beside Pyodide's own module and runtime files.
const lock = fetch(`${indexURL}pyodide-lock.json`).then((response) => {
  if (!response.ok) throw new BootError("runtime", "the package list (pyodide-lock.json) could not be downloaded");
  return response.json();
});
lock.then(() => mark("lock"), () => {});
const wheel = lock.then(async (lockfile) => {
  const info = lockfile.packages.gamebox;
  // Subresource integrity: the browser refuses the body unless its sha256 is the lock's (what loadPackage does).
  const response = await fetch(new URL(info.file_name, indexURL), { integrity: `sha256-${hexToBase64(info.sha256)}` });
  if (!response.ok) throw new Error(`${info.file_name}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  mark("wheel");
  return { name: info.file_name, bytes };
});
wheel.catch(() => {});
const pyodideModule = import("../pyodide/pyodide.mjs");
pyodideModule.then(() => mark("module"), () => {});

async function loadPyodide(options) {
  return (await pyodideModule).loadPyodide({ indexURL, lockFileContents: lock, packageBaseUrl: indexURL, ...options });
}

class BootError extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

function hexToBase64(hex) {
  return btoa(String.fromCharCode(...hex.match(/../g).map((pair) => parseInt(pair, 16))));
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function transform(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

function isZero(bytes) {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** [length, count, the index of each page kept, the pages kept]: the snapshot without its all-zero pages. */
function withoutZeroPages(raw) {
  const kept = [];
  for (let page = 0; page * PAGE_BYTES < raw.length; page++) {
    if (!isZero(raw.subarray(page * PAGE_BYTES, (page + 1) * PAGE_BYTES))) kept.push(page);
  }
  const header = 8 + 4 * kept.length;
  const packed = new Uint8Array(header + kept.length * PAGE_BYTES);
  const view = new DataView(packed.buffer);
  view.setUint32(0, raw.length, true);
  view.setUint32(4, kept.length, true);
  kept.forEach((page, index) => {
    view.setUint32(8 + 4 * index, page, true);
    packed.set(raw.subarray(page * PAGE_BYTES, (page + 1) * PAGE_BYTES), header + index * PAGE_BYTES);
  });
  return packed;
}

function withZeroPages(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  const header = 8 + 4 * count;
  if (header + count * PAGE_BYTES !== packed.length) throw new Error("corrupt snapshot");
  const raw = new Uint8Array(length);
  for (let index = 0; index < count; index++) {
    const start = view.getUint32(8 + 4 * index, true) * PAGE_BYTES;
    if (start >= length) throw new Error("corrupt snapshot");
    const from = header + index * PAGE_BYTES;
    raw.set(packed.subarray(from, from + Math.min(PAGE_BYTES, length - start)), start);
  }
  return raw;
}

async function pack(raw, packing) {
  if (packing === "pages") return withoutZeroPages(raw);
  if (packing === "gzip") return transform(raw, new CompressionStream("gzip"));
  return raw;
}

async function unpack(packed, packing) {
  if (packing === "pages") return withZeroPages(packed);
  if (packing === "gzip") return transform(packed, new DecompressionStream("gzip"));
  if (packing === "none") return packed;
  throw new Error("stale snapshot");
}

// The wheel is pure Python, so Python imports it as it is, from the zip (zipimport): nothing to unpack. The build
// put a .pyc beside each module (tools/precompile.mjs, whose code objects name their files under this path),
// which zipimport loads instead of compiling the .py. Appended, so that looking up a standard module never opens it.
const WHEEL_PATH = "/lib/gamebox.whl";
const INSTALL_WHEEL = `__import__("sys").path.append("${WHEEL_PATH}")`;

async function installWheel(pyodide) {
  let downloaded;
  try {
    downloaded = await wheel;
  } catch (error) {
    const why = error && error.message ? error.message : String(error);
    throw new BootError("package", `the game rules (the gamebox package) could not be downloaded: ${why}`);
  }
  pyodide.FS.writeFile(WHEEL_PATH, downloaded.bytes);
  pyodide.runPython(INSTALL_WHEEL);
  mark("installed");
}

/** The build id: the file the build writes next to index.html (the service worker answers it offline). */
async function buildId() {
  const response = await fetch(new URL("BUILD_ID", ROOT));
  if (!response.ok) throw new Error(`BUILD_ID: HTTP ${response.status}`);
  const text = (await response.text()).trim();
  if (!/^[0-9a-f]{6,64}$/.test(text)) throw new Error("BUILD_ID is not a build id");
  return text;
}

function snapshotKey(build, pyodideVersion) {
  return new URL(`snapshot/${build}/pyodide-${pyodideVersion}`, ROOT).href;
}

/** Delete every snapshot but `keep` (a key URL, or nothing). Never throws. */
async function forgetSnapshots(keep = null) {
  try {
    if (!(await caches.has(SNAPSHOT_CACHE))) return;
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== keep) await cache.delete(request);
    }
  } catch {
    // storage unavailable: nothing to forget
  }
}

// ---------------------------------------------------------------- the engine
let bridge = null;
let runtime = null; // this boot's Pyodide, for gameboxCompiled below

// For tests (Playwright's worker.evaluate), run only when asked: which modules of this boot zipimport loaded as
// bytecode the build made and which it had to compile from source ({bytecode: count, source: [names]}).
const COMPILED = `(lambda json, sys, zipimport: json.dumps(sorted(
    (name, (getattr(module, "__file__", None) or "").endswith(".pyc")) for name, module in list(sys.modules.items())
    if isinstance(getattr(getattr(module, "__spec__", None), "loader", None), zipimport.zipimporter))))(
    __import__("json"), __import__("sys"), __import__("zipimport"))`;
self.gameboxCompiled = () => {
  if (!runtime) return null;
  const modules = JSON.parse(runtime.runPython(COMPILED));
  return { bytecode: modules.filter(([, pyc]) => pyc).length,
    source: modules.filter(([, pyc]) => !pyc).map(([name]) => name) };
};
const waiting = [];
let lastRequestAt = 0;

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

// Pyodide does not reject when its wasm cannot be fetched or instantiated: it logs a warning and waits for
// ever. So a warning about a failed load ends the current boot attempt (a snapshot attempt falls back to a
// fresh boot; a fresh one fails with that reason), and a time-out ends the boot.
let booted = false;
let abortAttempt = null;
function failBoot(message, reason) {
  if (booted) return;
  booted = true;
  postMessage({ type: "failed", message, reason });
}
if (!IS_MAKER) {
  const warn = console.warn.bind(console);
  console.warn = (...parts) => {
    const text = parts.map(String).join(" ");
    if (!booted && abortAttempt && /instantiation failed|failed to fetch|networkerror/i.test(text)) {
      abortAttempt(new BootError("runtime", "the Python runtime (pyodide.asm.wasm) could not be downloaded"));
    }
    warn(...parts);
  };
  setTimeout(() => failBoot("the Python runtime took too long to load", "timeout"), BOOT_TIMEOUT_MS);
  // Pyodide starts some downloads (the standard library, the lock) long before it awaits them, so a failed one
  // surfaces as an unhandled rejection; while booting, that ends the attempt with the download's own words
  // (instead of an uncaught error on the page, and a boot that fails later for a less clear reason).
  self.addEventListener("unhandledrejection", (event) => {
    const text = String(event.reason && event.reason.message ? event.reason.message : event.reason);
    if (!booted && abortAttempt && /failed to load|failed to fetch|networkerror|could not be downloaded/i.test(text)) {
      event.preventDefault();
      abortAttempt(event.reason instanceof BootError ? event.reason : new BootError("runtime", text));
    }
  });
}

/** `promise`, unless the watches above (a console warning, an unhandled rejection) give up on it first. */
function attempt(promise) {
  return new Promise((resolve, reject) => {
    abortAttempt = reject;
    promise.then(resolve, reject);
  }).finally(() => { abortAttempt = null; });
}

/** The stored snapshot for this build ({key, version, response}), {stale: true} when the only ones stored are
 * for other builds, or null. Never throws: any trouble means "no snapshot". */
async function findSnapshot() {
  try {
    if (!self.caches || !self.crypto?.subtle) return null;
    // No snapshot at all (a first visit): decided locally, without waiting for the network.
    if (!(await caches.has(SNAPSHOT_CACHE))) return null;
    const [build, { version }, cache] = await Promise.all([buildId(), pyodideModule, caches.open(SNAPSHOT_CACHE)]);
    const key = snapshotKey(build, version);
    const response = await cache.match(key);
    if (response) return { key, version, response };
    return (await cache.keys()).length ? { stale: true } : null;
  } catch {
    return null;
  }
}

/** The snapshot's bytes, checked: same format, Pyodide and wheel, intact (sha256), right size. */
async function snapshotBytes({ response, version }) {
  const meta = JSON.parse(response.headers.get(META_HEADER) || "null");
  const lockfile = await lock;
  if (!meta || meta.format !== SNAPSHOT_FORMAT || meta.pyodide !== version
      || meta.wheel !== lockfile.packages.gamebox.sha256) {
    throw new Error("stale snapshot");
  }
  const readAt = performance.now();
  const packed = new Uint8Array(await response.arrayBuffer());
  if (packed.length !== meta.bytes || (await sha256(packed)) !== meta.sha256) throw new Error("corrupt snapshot");
  const raw = await unpack(packed, meta.packing);
  if (raw.length !== meta.rawBytes) throw new Error("corrupt snapshot");
  self.gameboxBoot.readMs = Math.round(performance.now() - readAt);
  return raw;
}

/** The rules' build, told to the bridge with hello: the wheel's hash. Verdicts judged during play and kept with a
 * saved game are read back only by the same rules (py/gamebox/core/judging.py). */
async function rulesBuild() {
  return (await lock).packages.gamebox.sha256;
}

/** The boot's hello: the bridge answers, and knows the rules' build. Without the box (`box: false`): listing it
 * imports every game, where a link's game alone is imported when it is opened (docs/architecture.md). */
async function helloRequest() {
  return JSON.stringify({ op: "hello", build: await rulesBuild(), box: false });
}

async function bootFromSnapshot(stored) {
  const bytes = snapshotBytes(stored);
  bytes.catch(() => {}); // a bad snapshot rejects before Pyodide awaits it; loadPyodide then rejects with it
  const pyodide = await attempt(loadPyodide({ _loadSnapshot: bytes }));
  mark("pyodide");
  progress("start", 0.95);
  const module = pyodide.pyimport("gamebox.core.bridge");
  const hello = JSON.parse(module.handle_json(await helloRequest()));
  if (!hello.ok) throw new Error("the snapshot's bridge did not answer hello");
  return { pyodide, module, hello };
}

async function bootFresh() {
  let pyodide;
  try {
    pyodide = await attempt(loadPyodide({}));
    mark("pyodide");
  } catch (error) {
    if (error instanceof BootError) throw error;
    throw new BootError("runtime", String(error && error.message ? error.message : error));
  }
  progress("package", 0.8);
  await installWheel(pyodide);
  progress("start", 0.95);
  let module;
  try {
    module = pyodide.pyimport("gamebox.core.bridge");
    mark("bridge");
  } catch (error) {
    throw new BootError("start", String(error && error.message ? error.message : error));
  }
  const hello = JSON.parse(module.handle_json(await helloRequest()));
  return { pyodide, module, hello };
}

async function boot() {
  progress("runtime", 0.05);
  let result = null;
  const stored = await findSnapshot();
  mark("looked");
  if (stored?.stale) {
    self.gameboxBoot.fallback = "stale snapshot";
    forgetSnapshots(); // those of other builds: nothing to wait for
  } else if (stored) {
    try {
      result = await bootFromSnapshot(stored);
      self.gameboxBoot.boot = "snapshot";
    } catch (error) {
      // Stale, corrupt, refused by Pyodide: forget it and boot the normal way. The player is not told.
      self.gameboxBoot.fallback = String(error && error.message ? error.message : error);
      await forgetSnapshots();
      progress("runtime", 0.05);
    }
  }
  if (!result) {
    result = await bootFresh();
    self.gameboxBoot.boot = "fresh";
  }
  if (booted) return;
  booted = true;
  bridge = result.module;
  runtime = result.pyodide;
  self.gameboxBoot.ms = Math.round(performance.now() - workerStarted);
  mark("ready");
  postMessage({ type: "ready", hello: result.hello, python: result.pyodide.version, boot: self.gameboxBoot.boot });
  for (const message of waiting.splice(0)) answer(message);
  if (self.gameboxBoot.boot === "fresh" && (SNAPSHOT_OFF || IS_POOL)) {
    self.gameboxBoot.snapshot = { stored: false, reason: "off" };
  }
  else if (self.gameboxBoot.boot === "fresh") scheduleSnapshot();
  else forgetSnapshots(stored.key); // snapshots of other builds
}

function answer({ id, request }) {
  let reply;
  try {
    reply = JSON.parse(bridge.handle_json(JSON.stringify(request)));
  } catch (error) {
    reply = { ok: false, error: { type: "WorkerError", key: "error.internal", params: {}, message: String(error) } };
  }
  lastRequestAt = performance.now();
  postMessage({ type: "reply", id, reply });
}

/** Start the snapshot maker once the page has settled: a while after the boot, and no request for a moment. */
function scheduleSnapshot() {
  if (typeof Worker !== "function" || !self.caches || !self.crypto?.subtle
      || !navigator.storage?.estimate) {
    self.gameboxBoot.snapshot = { stored: false, reason: "unsupported" };
    return;
  }
  const readyAt = performance.now();
  const check = () => {
    const now = performance.now();
    if (now - readyAt < SNAPSHOT_AFTER_MS || now - lastRequestAt < SNAPSHOT_IDLE_MS) {
      setTimeout(check, 250);
      return;
    }
    startMaker();
  };
  setTimeout(check, SNAPSHOT_AFTER_MS);
}

function startMaker() {
  self.gameboxBoot.snapshot = { stored: false, reason: "making" };
  let maker;
  try {
    maker = new Worker(import.meta.url, { type: "module", name: MAKER_NAME });
  } catch {
    self.gameboxBoot.snapshot = { stored: false, reason: "unsupported" };
    return;
  }
  const done = (outcome) => {
    self.gameboxBoot.snapshot = outcome;
    maker.terminate();
    // the page remembers whether a snapshot is stored, to start the next visit's worker early (web/engine.js)
    postMessage({ type: "snapshot", stored: Boolean(outcome.stored) || outcome.reason === "exists" });
  };
  maker.onmessage = (event) => done(event.data);
  // An error in the maker must never reach the page (it would count as the engine failing).
  maker.onerror = (event) => {
    event.preventDefault();
    done({ stored: false, reason: "error", message: event.message || "" });
  };
  maker.onmessageerror = () => done({ stored: false, reason: "error" });
  setTimeout(() => { if (self.gameboxBoot.snapshot.reason === "making") done({ stored: false, reason: "timeout" }); },
    BOOT_TIMEOUT_MS);
}

// ---------------------------------------------------------------- the snapshot maker

/** Is there room to store `bytes` more and stay under QUOTA_SHARE of the quota? Unknown means no. */
async function roomFor(bytes) {
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return typeof usage === "number" && typeof quota === "number" && usage + bytes <= quota * QUOTA_SHARE;
  } catch {
    return false;
  }
}

// Import every gamebox module (a snapshot boot has no wheel to import from later) and call hello once; then
// take the wheel off the path (the file system is not part of the snapshot).
const PREPARE_SNAPSHOT = `
def _prepare():
    import importlib, pkgutil, sys, zipimport
    import gamebox
    for module in pkgutil.walk_packages(gamebox.__path__, "gamebox."):
        importlib.import_module(module.name)
    import gamebox.core.bridge
    gamebox.core.bridge.handle_json('{"op": "hello"}')
    sys.path.remove("${WHEEL_PATH}")
    sys.path_importer_cache.pop("${WHEEL_PATH}", None)
    zipimport._zip_directory_cache.pop("${WHEEL_PATH}", None)
    importlib.invalidate_caches()
_prepare()
del _prepare
`;

async function makeSnapshot() {
  const started = performance.now();
  const [build, { version }, cache] = await Promise.all([buildId(), pyodideModule, caches.open(SNAPSHOT_CACHE)]);
  const key = snapshotKey(build, version);
  if (await cache.match(key)) return { stored: false, reason: "exists" };
  if (!(await roomFor(EXPECTED_SNAPSHOT_BYTES))) return { stored: false, reason: "quota" };
  const lockfile = await lock;
  const pyodide = await loadPyodide({ _makeSnapshot: true });
  await installWheel(pyodide);
  pyodide.runPython(PREPARE_SNAPSHOT);
  const snapshotAt = performance.now();
  // Only JavaScript objects Pyodide can find again by name may be held by Python at this point; the steps
  // above hold none (loadPackage would: its record of loaded packages), so the snapshot can be taken.
  const raw = pyodide.makeMemorySnapshot();
  const takeMs = performance.now() - snapshotAt;
  const packAt = performance.now();
  const packed = await pack(raw, SNAPSHOT_PACKING);
  const meta = {
    format: SNAPSHOT_FORMAT, build, pyodide: version, wheel: lockfile.packages.gamebox.sha256,
    packing: SNAPSHOT_PACKING, bytes: packed.length, rawBytes: raw.length, sha256: await sha256(packed),
    takeMs: Math.round(takeMs), packMs: Math.round(performance.now() - packAt), makeMs: 0,
  };
  meta.makeMs = Math.round(performance.now() - started);
  if (!(await roomFor(packed.length))) return { stored: false, reason: "quota" };
  try {
    await cache.put(key, new Response(packed, {
      headers: { "content-type": "application/octet-stream", [META_HEADER]: JSON.stringify(meta) },
    }));
  } catch (error) {
    return { stored: false, reason: error && error.name === "QuotaExceededError" ? "quota" : "storage",
      message: String(error && error.message ? error.message : error) };
  }
  await forgetSnapshots(key);
  return { stored: true, ...meta };
}

if (IS_MAKER) {
  makeSnapshot().then(
    (outcome) => postMessage(outcome),
    (error) => postMessage({ stored: false, reason: "error", message: String(error && error.message || error) }),
  );
} else {
  onmessage = (event) => {
    if (bridge) answer(event.data);
    else waiting.push(event.data);
  };
  boot().catch((error) => failBoot(String(error && error.message ? error.message : error),
    error instanceof BootError ? error.reason : "start"));
}
