/* Gamebox embed: put a game on any page with one script tag (docs/embed.md).

   <script src="/gamebox/web/embed.js" data-game="upthrust" data-seats="human,hard"></script>

   The script puts an iframe with the app (index.html next to web/, in its compact embed mode) right after
   itself (at the end of the page for a tag in <head>), or into the element that data-target names (also one
   further down the page), and keeps the iframe as tall as its content.
   Attributes: data-game (opens that game's set-up screen), data-code (opens a share code; wins over
   data-game), data-seats ("human,hard": who sits where), data-lang, data-title, data-target, data-ice (STUN/TURN
   servers as JSON, for play on several devices across networks; none by default).

   Events from the game arrive as DOM CustomEvents on the iframe; they bubble, so a listener on document
   hears every embed on the page: gamebox:ready, gamebox:start, gamebox:move, gamebox:undo,
   gamebox:gameover, gamebox:resize, gamebox:error. event.detail is the message.
   Commands: GameboxEmbed.send(iframe, {type: "new" | "open" | "play", ...}) returns a promise of the reply.

   Origins: the iframe is told this page's origin, posts only to it, and takes commands only from this
   window. This script takes messages only from the iframe's window at the app's origin. Anything else is
   ignored without a word. A classic script, not a module, so document.currentScript finds the tag. */
(function () {
  "use strict";
  const script = document.currentScript;

  if (!window.GameboxEmbed) {
    const frames = [];          // one record per iframe: {iframe, origin, ready, pending}
    const MIN_HEIGHT = 120;
    const MAX_HEIGHT = 20000;
    let nextId = 0;

    const recordOf = (iframe) => frames.find((record) => record.iframe === iframe);

    /** Run `then` once the document's body exists (a tag in <head> runs before it). */
    const whenParsed = (then) => {
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then, { once: true });
      else then();
    };

    /** Put the iframe where `place` says: into a node that holds others (an Element, a shadow root), after the
        node of {after: node}, else at the end of the page. Every Element has an `after` method, so an element
        is told from {after: ...} by its nodeType, which also holds for an element of another window. */
    function insert(iframe, place) {
      const holder = place && (place.nodeType === 1 || place.nodeType === 11) ? place : null;
      const anchor = !holder && place && place.after && typeof place.after === "object" && place.after.nodeType
        ? place.after : null;
      if (holder) holder.append(iframe);
      else if (anchor && anchor.parentNode && anchor.parentNode !== document.head
               && anchor.parentNode !== document.documentElement) anchor.after(iframe);
      else whenParsed(() => document.body.append(iframe)); // the default, and after a tag in <head>
    }

    window.addEventListener("message", (event) => {
      const record = frames.find((candidate) => candidate.iframe.contentWindow === event.source);
      if (!record || event.origin !== record.origin) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.gamebox !== 1 || typeof data.type !== "string") return;
      const detail = { ...data };
      delete detail.gamebox;
      if (data.type === "reply") {
        const resolve = record.pending.get(data.id);
        record.pending.delete(data.id);
        if (resolve) resolve(detail);
        return;
      }
      if (data.type === "resize") {
        const height = Number(data.height);
        if (!Number.isFinite(height)) return;
        record.iframe.style.height = `${Math.round(Math.min(Math.max(height, MIN_HEIGHT), MAX_HEIGHT))}px`;
      }
      if (data.type === "ready") record.markReady();
      record.iframe.dispatchEvent(new CustomEvent(`gamebox:${data.type}`, { detail, bubbles: true }));
    });

    /** The app's URL with its embed parameters: the page (index.html) and the route in the hash. */
    function appUrl(base, options) {
      const url = new URL("../index.html", base);
      url.search = "";
      url.searchParams.set("embed", "1");
      if (location.origin && location.origin !== "null") url.searchParams.set("parent", location.origin);
      if (options.lang) url.searchParams.set("lang", options.lang);
      // STUN/TURN servers for play on several devices across networks (docs/multi-device.md): none by default
      if (options.ice) url.searchParams.set("ice", typeof options.ice === "string" ? options.ice : JSON.stringify(options.ice));
      const route = new URLSearchParams();
      if (options.code) {
        route.set("code", options.code);
        if (options.seats) route.set("seats", options.seats);
        url.hash = `#/play?${route}`;
      } else if (options.game) {
        if (options.seats) route.set("seats", options.seats);
        url.hash = `#/${encodeURIComponent(options.game)}${options.seats ? `?${route}` : ""}`;
      } else {
        url.hash = "#/";
      }
      return url;
    }

    window.GameboxEmbed = {
      /** The URL of the embed.js that first ran on this page: the app is found next to it. */
      base: script && script.src ? script.src : "",

      /** Make an embed. `place` is an element to put it in, or {after: element}. options: game, code,
          seats ("human,hard" or ["human", "hard"]), lang, title, base (another embed.js URL), ice (STUN/TURN
          servers for play on several devices: a list of RTCIceServer, or its JSON). */
      create(place, options = {}) {
        const seats = Array.isArray(options.seats) ? options.seats.join(",") : options.seats;
        const url = appUrl(options.base || window.GameboxEmbed.base, { ...options, seats });
        const iframe = document.createElement("iframe");
        iframe.src = url.href;
        iframe.title = options.title || "Gamebox";
        iframe.allow = "clipboard-write; camera"; // camera: the devices panel's "Scan the answer"
        iframe.className = "gamebox-embed";
        iframe.style.cssText = "display:block;width:100%;height:520px;border:0;";
        const record = { iframe, origin: url.origin, pending: new Map() };
        record.ready = new Promise((resolve) => { record.markReady = resolve; });
        frames.push(record);
        insert(iframe, place);
        return iframe;
      },

      /** Send a command; resolves with the app's reply ({ok: true, share, ...} or {ok: false, error}). Waits
          until the embed is ready. Commands: {type: "new", game, players, seats, options, seed},
          {type: "open", code, seats}, {type: "play", action, seat}. */
      send(iframe, command) {
        const record = recordOf(iframe);
        if (!record) return Promise.reject(new TypeError("GameboxEmbed.send: not a Gamebox embed"));
        return record.ready.then(() => new Promise((resolve) => {
          const id = ++nextId;
          record.pending.set(id, resolve);
          iframe.contentWindow.postMessage({ ...command, gamebox: 1, id }, record.origin);
        }));
      },

      /** A promise that resolves when the embed's engine is ready. */
      ready(iframe) {
        const record = recordOf(iframe);
        return record ? record.ready : Promise.reject(new TypeError("GameboxEmbed.ready: not a Gamebox embed"));
      },
    };
  }

  // The tag itself: embed what its data- attributes ask for (a tag with no data-game/data-code, used only to
  // load the API, embeds nothing unless it says data-embed).
  if (!script || !script.dataset || script.dataset.gameboxDone) return;
  const data = script.dataset;
  if (!data.game && !data.code && data.embed === undefined) return;
  script.dataset.gameboxDone = "1";
  const options = {
    game: data.game, code: data.code, seats: data.seats, lang: data.lang, title: data.title, ice: data.ice, base: script.src,
  };
  const find = () => {
    if (!data.target) return null;
    try { return document.querySelector(data.target); } catch { return null; } // not a selector: after the tag
  };
  // data-target may name an element further down the page, which exists once the page is parsed.
  const embed = () => window.GameboxEmbed.create(find() || { after: script }, options);
  if (!data.target || find() || document.readyState !== "loading") embed();
  else document.addEventListener("DOMContentLoaded", embed, { once: true });
})();
