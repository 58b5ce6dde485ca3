/**
 * A drama-CD track's length, one rule for the CD page's list, the player and the files the
 * store serves (issue 25 item 8): the stored seconds, never the browser's guess from the MP3.
 */

/** The sample's length when the catalog names none (the drawn sample files, decision 0089). */
export const DEFAULT_TRIAL_SECONDS = 15;

/**
 * "m:ss", or "h:mm:ss" from an hour up: 0:30, 3:05, 1:02:09. Anything not a positive finite
 * number shows as 0:00; parts of a second are dropped, so a clock never runs ahead of the sound.
 */
export function formatTrackLength(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * How long a track's sample plays: the catalog's sample length (DEFAULT_TRIAL_SECONDS when it
 * names none), never longer than the track. The media route serves a file of this length and
 * the CD page lists it.
 */
export function trialSeconds(track: { durationSec: number; trialDurationSec: number | null }) {
  return Math.max(1, Math.min(track.trialDurationSec ?? DEFAULT_TRIAL_SECONDS, track.durationSec));
}
