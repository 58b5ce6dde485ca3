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
 * Saves a member's position; true once the server has it. Not through the request helper: a
 * lost save must never open the error dialog over the page being read. Every save is
 * `keepalive`, so one still waiting for a connection (behind page images on a slow line) is
 * sent even if the tab closes meanwhile, and asks for a high priority, ahead of those images
 * (sendBeacon cannot carry the CSRF header).
 */
export async function sendProgress(input: ReaderProgressInput): Promise<boolean> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  try {
    const answer = await fetch("/api/reader/progress", {
      method: "POST",
      headers,
      body: JSON.stringify(input),
      credentials: "same-origin",
      keepalive: true,
      priority: "high",
    });
    return answer.ok;
  } catch {
    // Offline or closing: the next save (or the next visit) records the position.
    return false;
  }
}

type Position = { page: number; finished: boolean };

/**
 * A member's position on its way to the server: the latest one the server has not confirmed,
 * kept until it has, so leaving the page always has something to send unless the same position
 * is on its way already.
 */
export class PositionSaver {
  private unsaved: Position | null = null;
  private sending: Position | null = null;

  constructor(
    private readonly book: number,
    private readonly send: (input: ReaderProgressInput) => Promise<boolean> = sendProgress,
  ) {}

  /** The member moved: this is now the position to save. */
  moved(position: Position): void {
    this.unsaved = position;
  }

  /** Sends the latest unconfirmed position, unless that very position is already on its way. */
  flush(): void {
    const position = this.unsaved;
    if (!position || this.sending === position) return;
    this.sending = position;
    void this.send({ book: this.book, ...position }).then((saved) => {
      if (this.sending === position) this.sending = null;
      if (saved && this.unsaved === position) this.unsaved = null;
    });
  }
}
