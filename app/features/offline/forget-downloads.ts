import { OFFLINE_DB_NAME } from "../../../contract/offline-rules";

/**
 * Removes every downloaded volume and the key that sealed them (decision 0117): at sign-out, and
 * when the store says the device's member is no longer signed in. Small and eager on purpose:
 * sign-out must not wait for a chunk to load. Resolves once the browser has deleted them, or
 * could not (no IndexedDB: nothing was ever kept).
 */
export function forgetDownloads(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") {
      resolve();
      return;
    }
    const request = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab's reader holds the database open: it closes on versionchange and the delete
    // then completes on its own; sign-out does not wait for it.
    request.onblocked = () => resolve();
  });
}

/**
 * Whether this device may hold downloads at all, asked without opening (and so creating) the
 * database: a page that only checks keeps a device that never downloaded free of one.
 */
export async function mayHaveDownloads(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  const names = await indexedDB.databases().catch(() => null);
  return names === null || names.some((db) => db.name === OFFLINE_DB_NAME);
}
