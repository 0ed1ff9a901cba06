// The Pyodide host: a module worker that loads the gamebox wheel by name (integrity checked against
// pyodide-lock.json) and passes JSON requests to gamebox.core.bridge. It holds no game logic.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
let bridge = null;
const waiting = [];

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

// Pyodide does not reject when its wasm cannot be fetched or instantiated: it logs a warning and waits for
// ever. So while booting, a warning about a failed load ends the boot with that reason, and so does a time-out.
const BOOT_TIMEOUT_MS = 180_000;
let booted = false;
function failBoot(message) {
  if (booted) return;
  booted = true;
  postMessage({ type: "failed", message });
}
const warn = console.warn.bind(console);
console.warn = (...parts) => {
  const text = parts.map(String).join(" ");
  if (!booted && /instantiation failed|failed to fetch|networkerror/i.test(text)) {
    failBoot("the Python runtime (pyodide.asm.wasm) could not be downloaded");
  }
  warn(...parts);
};
setTimeout(() => failBoot("the Python runtime took too long to load"), BOOT_TIMEOUT_MS);

async function boot() {
  progress("runtime", 0.05);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  progress("package", 0.8);
  await pyodide.loadPackage("gamebox", { checkIntegrity: true, messageCallback: () => {}, errorCallback: () => {} });
  progress("start", 0.95);
  bridge = pyodide.pyimport("gamebox.core.bridge");
  const hello = JSON.parse(bridge.handle_json(JSON.stringify({ op: "hello" })));
  if (booted) return;
  booted = true;
  postMessage({ type: "ready", hello, python: pyodide.version });
  for (const message of waiting.splice(0)) answer(message);
}

function answer({ id, request }) {
  let reply;
  try {
    reply = JSON.parse(bridge.handle_json(JSON.stringify(request)));
  } catch (error) {
    reply = { ok: false, error: { type: "WorkerError", key: "error.internal", params: {}, message: String(error) } };
  }
  postMessage({ type: "reply", id, reply });
}

onmessage = (event) => {
  if (bridge) answer(event.data);
  else waiting.push(event.data);
};

boot().catch((error) => failBoot(String(error && error.message ? error.message : error)));
