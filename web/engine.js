// The worker client: one promise per request. The page never runs rules; it asks the worker.
export class Engine extends EventTarget {
  constructor(workerURL = new URL("./worker.mjs", import.meta.url)) {
    super();
    this.pending = new Map();
    this.nextId = 1;
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {});
    try {
      this.worker = new Worker(workerURL, { type: "module" });
    } catch (error) {
      this._fail(`This browser cannot start a module worker: ${error.message}`);
      return;
    }
    this.worker.onmessage = (event) => this._receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this._fail(event.message || "The game engine could not start.");
    };
  }

  _fail(message) {
    this.failed = message;
    this._rejectReady(new Error(message));
    this.dispatchEvent(new CustomEvent("failed", { detail: { message } }));
    for (const { resolve } of this.pending.values()) {
      resolve({ ok: false, error: { key: "error.engine_failed", params: {}, message } });
    }
    this.pending.clear();
  }

  _receive(message) {
    if (message.type === "progress") {
      this.dispatchEvent(new CustomEvent("progress", { detail: message }));
    } else if (message.type === "ready") {
      if (!message.hello.ok) {
        this._fail(message.hello.error.message);
        return;
      }
      this.hello = message.hello;
      this._resolveReady(message.hello);
      this.dispatchEvent(new CustomEvent("ready", { detail: message }));
    } else if (message.type === "failed") {
      this._fail(message.message);
    } else if (message.type === "reply") {
      const entry = this.pending.get(message.id);
      if (entry) {
        this.pending.delete(message.id);
        entry.resolve(message.reply);
      }
    }
  }

  /** Send one bridge request; resolves with the reply ({ok: true, ...} or {ok: false, error}). */
  request(request) {
    if (this.failed) {
      return Promise.resolve({ ok: false, error: { key: "error.engine_failed", params: {}, message: this.failed } });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ id, request });
    });
  }
}
