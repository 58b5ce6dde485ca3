/**
 * After a deploy, an open page may ask for a code chunk the server no longer has (spec 001 §8
 * "Failed chunk load: the page reloads"). Reloading fetches the new build; the time of the
 * reload is kept in sessionStorage so a chunk that is missing for another reason cannot make
 * the page reload forever.
 */
export const CHUNK_RELOAD_KEY = "chunk_reload_at";
/** A second failure within this time of the last reload is left to the error page. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message =
    reason instanceof Error
      ? `${reason.name} ${reason.message}`
      : typeof reason === "string"
        ? reason
        : "";
  return CHUNK_ERROR.test(message);
}

/** Reloads unless it already did so within the guard time; says whether it reloaded. */
export function reloadOnceAfterChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
