import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { withoutHtmlSuffix } from "../contract/html-suffix";
import { isChunkLoadError, reloadOnceAfterChunkError } from "./features/shell/chunk-reload";

// The server rendered /x.html as /x; the router must see the same path to hydrate.
const { pathname, search, hash } = window.location;
const plain = withoutHtmlSuffix(pathname);
if (plain !== pathname)
  window.history.replaceState(window.history.state, "", plain + search + hash);

// A page opened before a deploy asks for chunks the new build no longer has: load the new
// build once (spec 001 §8), never in a loop.
function reloadForChunkError(): boolean {
  try {
    return reloadOnceAfterChunkError(sessionStorage, () => window.location.reload());
  } catch {
    return false;
  }
}
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunkError()) event.preventDefault();
});
window.addEventListener("unhandledrejection", (event) => {
  if (isChunkLoadError(event.reason) && reloadForChunkError()) event.preventDefault();
});

// Spec 001 §7.1: a service worker at /sw.js keeps hashed assets for repeat visits. Development
// serves unhashed modules that change on every edit, so it is registered in production only.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Without a worker the store works the same, only without the asset cache.
    });
  });
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
