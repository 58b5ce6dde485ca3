/*
 * コマヤ service worker (spec 001 §7.1). It keeps only the build's hashed files under /assets/:
 * their names change with their content, so a kept copy can never be stale and is served from
 * the cache first. Everything else (pages, /api/*, member pages of books, media, personal data)
 * goes straight to the network untouched, so nothing personal or changing is ever stored here.
 */
const CACHE = "komaya-assets-v1";
/** Old builds' files are dropped beyond this many entries. */
const MAX_ENTRIES = 300;

function isCacheableAsset(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (request.mode === "navigate") return false;
  return url.pathname.startsWith("/assets/") && url.search === "";
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (isCacheableAsset(event.request)) event.respondWith(cacheFirst(event.request));
});
