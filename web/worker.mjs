// The Pyodide host: a module worker that loads the gamebox wheel by name (integrity checked against
// pyodide-lock.json) and passes JSON requests to gamebox.core.bridge. It holds no game logic.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
let bridge = null;
const waiting = [];

function progress(stage, fraction) {
  postMessage({ type: "progress", stage, fraction });
}

async function boot() {
  progress("runtime", 0.05);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  progress("package", 0.8);
  await pyodide.loadPackage("gamebox", { checkIntegrity: true, messageCallback: () => {}, errorCallback: () => {} });
  progress("start", 0.95);
  bridge = pyodide.pyimport("gamebox.core.bridge");
  const hello = JSON.parse(bridge.handle_json(JSON.stringify({ op: "hello" })));
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

boot().catch((error) => {
  postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
});
