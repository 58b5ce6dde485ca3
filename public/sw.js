/*
 * コマヤ service worker (spec 001 §7.1). It keeps only the build's hashed files under /assets/:
 * their names change with their content, so a kept copy can never be stale and is served from
 * the cache first. Everything else (pages, /api/*, member pages of books, media, personal data)
 * goes to the network and is never stored here; the reader and its page images fall back to a
 * downloaded volume when the network fails (offline reading, below).
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

/*
 * Offline reading (decision 0117): volumes a member downloaded sit in IndexedDB, sealed with
 * their key (AES-GCM, the file's path as additional data). The reader's page and its page images
 * still come from the network first, so the server keeps deciding who may read what; only when
 * the network fails does the worker open the downloaded copy. The names repeat
 * contract/offline-rules.ts (service-worker-offline.test.ts holds them equal).
 */
const OFFLINE_DB_NAME = "komaya-offline";
const OFFLINE_KEY_STORE = "key";
const OFFLINE_VOLUME_STORE = "volumes";
const OFFLINE_FILE_STORE = "files";
const OFFLINE_KEY_ID = "member";
const PAGE_IMAGE = /^\/media\/books\/(\d+)\/(?:pages|thumbs)\/(\d+)\.png$/;
const READER_PAGE = /^\/viewer\/speed(?:\.html)?$/;

/** The downloaded file a request would be answered from when offline; null: none could be. */
function offlinePath(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  // A thumbnail is the page drawn small: offline the page itself stands in for it.
  const image = PAGE_IMAGE.exec(url.pathname);
  if (image) return `/media/books/${image[1]}/pages/${image[2]}.png`;
  if (request.mode === "navigate" && READER_PAGE.test(url.pathname)) {
    const cid = url.searchParams.get("cid");
    if (cid && /^\d+$/.test(cid)) return `/viewer/speed?cid=${cid}`;
  }
  return null;
}

function idbResult(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The downloads' database if there is one; opening never creates it (a signed-out device has none). */
function openOfflineDb() {
  return new Promise((resolve) => {
    if (!self.indexedDB) return resolve(null);
    const request = self.indexedDB.open(OFFLINE_DB_NAME);
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => resolve(null);
  });
}

async function offlineAnswer(path) {
  const db = await openOfflineDb();
  if (!db) return null;
  try {
    const tx = db.transaction([OFFLINE_KEY_STORE, OFFLINE_VOLUME_STORE, OFFLINE_FILE_STORE]);
    const [key, file] = await Promise.all([
      idbResult(tx.objectStore(OFFLINE_KEY_STORE).get(OFFLINE_KEY_ID)),
      idbResult(tx.objectStore(OFFLINE_FILE_STORE).get(path)),
    ]);
    if (!key || !file) return null;
    const volume = await idbResult(tx.objectStore(OFFLINE_VOLUME_STORE).get(file.book_id));
    // Only a whole download, under the key of the member signed in on this device.
    if (!volume || volume.key_id !== key.key_id) return null;
    const plain = await self.crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: file.iv,
        additionalData: new TextEncoder().encode(`komaya-offline:v1:${path}`),
      },
      key.key,
      file.data,
    );
    return new Response(plain, {
      headers: { ...(file.headers || {}), "Content-Type": file.type, "Cache-Control": "no-store" },
    });
  } catch {
    return null;
  } finally {
    db.close();
  }
}

async function networkThenDownloaded(request, path) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await offlineAnswer(path);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  if (isCacheableAsset(event.request)) {
    event.respondWith(cacheFirst(event.request));
    return;
  }
  const path = offlinePath(event.request);
  if (path) event.respondWith(networkThenDownloaded(event.request, path));
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
