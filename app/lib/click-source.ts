/**
 * Click sources (spec 000 §4, §9): which frame a member first clicked a series (or drama CD) from
 * in this browser session, so a later purchase or read can be credited to that frame. Kept in
 * session storage as a JSON list of [id, source] pairs, oldest first (a list, because object keys
 * that look like numbers lose their insertion order).
 */
export const CLICK_ROUTE_KEY = "v_click_route";
export const CLICK_ROUTE_CD_KEY = "v_click_route_cd";
export const CLICK_ROUTE_MAX = 100;

/** The part of the Storage interface the store uses, so tests can pass a fake. */
export type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type ClickRoutes = Array<[number, string]>;

/** The stored routes; an unreadable or malformed store is reset to empty. */
function isRoute(value: unknown): value is [number, string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    typeof value[1] === "string"
  );
}

export function readClickRoutes(store: SessionStore, key = CLICK_ROUTE_KEY): ClickRoutes {
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value) && value.every(isRoute)) return value;
  } catch {
    // Falls through to the reset below.
  }
  try {
    store.setItem(key, "[]");
  } catch {
    // A store that cannot be written stays as it is; nothing is recorded then.
  }
  return [];
}

export interface ClickSource {
  /** The series (or drama CD) clicked; null records nothing, there is nothing to credit. */
  id: number | null;
  /** Where it was clicked: the _tr value of the link (frame_position). */
  source: string;
  isLogin: boolean;
  /** Drama CDs go to their own key. */
  kind?: "series" | "cd";
}

/**
 * Records where a member clicked a series. The first source of a series wins; the store keeps at
 * most 100 series, dropping the oldest. Visitors' clicks are not stored. Answers whether it
 * recorded.
 */
export function recordClickSource(store: SessionStore | null, click: ClickSource): boolean {
  if (!store || !click.isLogin || click.id === null || !click.source) return false;
  const key = click.kind === "cd" ? CLICK_ROUTE_CD_KEY : CLICK_ROUTE_KEY;
  const routes = readClickRoutes(store, key);
  if (routes.some(([id]) => id === click.id)) return false;
  const kept = routes.slice(Math.max(0, routes.length - CLICK_ROUTE_MAX + 1));
  kept.push([click.id, click.source]);
  try {
    store.setItem(key, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

/** The recorded source of a series (or CD), if any. */
export function clickSourceOf(
  store: SessionStore | null,
  id: number,
  kind: "series" | "cd" = "series",
): string | null {
  if (!store) return null;
  const routes = readClickRoutes(store, kind === "cd" ? CLICK_ROUTE_CD_KEY : CLICK_ROUTE_KEY);
  return routes.find(([recorded]) => recorded === id)?.[1] ?? null;
}

/** The browser's session storage, or null where there is none (server, blocked storage). */
export function sessionStore(): SessionStore | null {
  try {
    return typeof window !== "undefined" ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
