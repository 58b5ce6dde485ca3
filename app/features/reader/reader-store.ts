import type { ReaderProgressInput } from "../../../contract/reader";
import { readCookie } from "../../lib/cookies";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/request";
import { type Direction, parseDirection } from "./reader-rules";

/**
 * What the reader keeps outside the page: the visitor's reading direction and everyone's spread
 * choice in localStorage (a member's direction lives on the server), and a member's position.
 */
export const DIRECTION_KEY = "komaya.reader.direction";
export const SPREAD_KEY = "komaya.reader.spread";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage refused (private mode, disabled cookies): the reader works with its defaults.
    return null;
  }
}

export function storedDirection(): Direction | null {
  return parseDirection(storage()?.getItem(DIRECTION_KEY));
}

export function storeDirection(direction: Direction): void {
  try {
    storage()?.setItem(DIRECTION_KEY, direction);
  } catch {
    // A full or refused storage only forgets the choice.
  }
}

/** Spreads are on unless this reader turned them off. */
export function storedSpreadWanted(): boolean {
  return storage()?.getItem(SPREAD_KEY) !== "off";
}

export function storeSpreadWanted(wanted: boolean): void {
  try {
    storage()?.setItem(SPREAD_KEY, wanted ? "on" : "off");
  } catch {
    // As above.
  }
}

/**
 * Saves a member's position. Not through the request helper: a lost save must never open the
 * error dialog over the page being read, and `keepalive` lets the last save outlive the page
 * (sendBeacon cannot carry the CSRF header).
 */
export function sendProgress(input: ReaderProgressInput, opts: { leaving?: boolean } = {}): void {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  void fetch("/api/reader/progress", {
    method: "POST",
    headers,
    body: JSON.stringify(input),
    credentials: "same-origin",
    keepalive: opts.leaving === true,
  }).catch(() => {
    // Offline or closing: the next save (or the next visit) records the position.
  });
}
