import type { PlayableTrack } from "./player-rules";

/**
 * Where a listener left each track (issue 25 item 8, decision 0110): kept in this browser's
 * localStorage under the member's id (or "guest"), so closing the player, reloading or coming
 * back another day resumes the track where it was, and two members sharing a browser never
 * resume at each other's place. The rules are pure and tested; `positionStore` reads and writes.
 */

/** A position this close to the start is not worth keeping: the track starts over. */
export const RESUME_MIN_SEC = 5;
/** A position this close to the end counts as finished: the track starts over next time. */
export const RESUME_END_MARGIN_SEC = 5;
/** Tracks remembered per listener; the oldest are forgotten first. */
export const RESUME_MAX_TRACKS = 50;
export const POSITIONS_KEY_PREFIX = "komaya.audio.positions:";

/** The file a position belongs to: a track's sample and its full recording differ. */
export function positionKey(track: PlayableTrack, trial: boolean): string {
  return `${track.cdId}/${track.trackNo}/${trial ? "trial" : "full"}`;
}

/** key → seconds, oldest first (object keys keep their insertion order). */
export type Positions = Record<string, number>;

/** Whether `seconds` into a file `length` long is worth resuming at. */
export function worthKeeping(seconds: number, length: number): boolean {
  return (
    Number.isFinite(seconds) &&
    Number.isFinite(length) &&
    seconds >= RESUME_MIN_SEC &&
    seconds < length - RESUME_END_MARGIN_SEC
  );
}

/** The stored positions, whatever the storage held (a broken value is an empty list). */
export function parsePositions(raw: string | null | undefined): Positions {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Positions = {};
    for (const [key, seconds] of Object.entries(value)) {
      if (/^\d+\/\d+\/(full|trial)$/.test(key) && typeof seconds === "number" && seconds > 0) {
        out[key] = seconds;
      }
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The positions with this one recorded: kept when worth resuming (never past the file's own
 * length, a sample's included), forgotten otherwise; the newest goes last and the list keeps
 * RESUME_MAX_TRACKS.
 */
export function recordPosition(
  positions: Positions,
  key: string,
  seconds: number,
  length: number,
): Positions {
  const { [key]: _old, ...rest } = positions;
  if (!worthKeeping(seconds, length)) return rest;
  const entries = [...Object.entries(rest), [key, Math.floor(seconds * 10) / 10] as const];
  return Object.fromEntries(entries.slice(-RESUME_MAX_TRACKS));
}

/** Where to start a file `length` long: its kept position, or 0. */
export function resumeAt(positions: Positions, key: string, length: number): number {
  const seconds = positions[key];
  return seconds !== undefined && worthKeeping(seconds, length) ? seconds : 0;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage refused (private mode): positions are simply not kept.
    return null;
  }
}

/** One listener's positions in localStorage; `uid` is "" for a visitor. */
export function positionStore(uid: string) {
  const key = `${POSITIONS_KEY_PREFIX}${uid || "guest"}`;
  const read = () => parsePositions(storage()?.getItem(key));
  return {
    resumeAt: (file: string, length: number) => resumeAt(read(), file, length),
    record(file: string, seconds: number, length: number) {
      try {
        storage()?.setItem(key, JSON.stringify(recordPosition(read(), file, seconds, length)));
      } catch {
        // A full storage only forgets.
      }
    },
  };
}
