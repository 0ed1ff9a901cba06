// Gamebox service worker: the whole app (index.html, web/**, pyodide/* with the wheels and the lock) is
// cached on the first visit, so the page works with the network off. build.sh copies this file to the
// site root (so its scope covers index.html), stamps the build id into it and writes precache.json, the
// list of files to cache. See docs/offline-and-csp.md.
const BUILD_ID = "__BUILD_ID__";
// CacheStorage is per origin: the scope in the name keeps two copies of Gamebox on one origin apart.
const PREFIX = `gamebox:${self.registration.scope}:`;
const CACHE = `${PREFIX}${BUILD_ID}`;
const INDEX = new URL("index.html", self.registration.scope).href;
// The engine worker asks for BUILD_ID to find its memory snapshot: the answer is the build this worker serves.
const BUILD_URL = new URL("BUILD_ID", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // The list comes from the same build as this file; a mismatch means a deploy is half done: fail the
    // install, and the browser tries again on the next visit.
    const listing = await fetch("precache.json", { cache: "no-store" });
    const { build, files } = await listing.json();
    if (build !== BUILD_ID) throw new Error(`precache.json is for build ${build}, not ${BUILD_ID}`);
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a stale HTTP cache entry never mixes two builds.
    await cache.addAll(files.map((file) => new Request(file, { cache: "no-cache" })));
    // The first install takes over at once (there is nothing to replace). An update waits until the page
    // asks for it (the "new version" notice) or every Gamebox tab is closed, so a game in progress never
    // mixes files from two builds.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (url.href === BUILD_URL) {
    event.respondWith(new Response(`${BUILD_ID}\n`, { headers: { "content-type": "text/plain" } }));
    return;
  }
  // The app is one page with hash routes: a navigation to the scope's root or to index.html (with any
  // query or route) is the cached index.html. A navigation request's URL keeps its fragment (the route).
  const path = `${url.origin}${url.pathname}`;
  const page = request.mode === "navigate" && (path === self.registration.scope || path === INDEX);
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = page ? await cache.match(INDEX) : await cache.match(request, { ignoreSearch: false });
    return hit || fetch(request);
  })());
});
