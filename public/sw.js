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

/*
 * 新刊のお知らせ by Web Push (decision 0114): the store sends {title, body, url, tag}, encrypted
 * for this browser; it is shown as a notification, and a click opens the volume (a store page of
 * this origin only) in a window of the store if one is open, else a new one.
 */
function pushMessage(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return typeof data === "object" && data !== null ? data : {};
  } catch {
    return {};
  }
}

function sameOriginPath(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/notices", self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/notices`;
  } catch {
    return `${self.location.origin}/notices`;
  }
}

self.addEventListener("push", (event) => {
  const message = pushMessage(event);
  const title = typeof message.title === "string" ? message.title : "新刊のお知らせ";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : "new-volumes",
      icon: "/favicon.svg",
      data: { url: sameOriginPath(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginPath(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open && "navigate" in open) return open.focus().then(() => open.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
