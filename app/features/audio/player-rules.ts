/**
 * The audio popup's rules (spec 001 §4 "Audio popup", §5, §9 "Audio"), free of the browser so
 * they are tested alone; AudioPlayerPopup.tsx drives an <audio> element with them.
 */

import type { DramaCdPageAnswer } from "../../../contract/dramacd";

/** A track that has not loaded in this long gives up with an error. */
export const AUDIO_LOAD_TIMEOUT_MS = 60_000;
/** Back and forward buttons move this far. */
export const AUDIO_SEEK_STEP_SEC = 10;
/** How often the seek bar and clock follow the playing position. */
export const AUDIO_REFRESH_MS = 50;
export const AUDIO_VOLUME_DEFAULT = 50;
export const AUDIO_VOLUME_MAX = 100;

export const AUDIO_SLOW_NOTE =
  "通信環境によっては、音声ファイルの取得に時間がかかる場合があります。";
export const AUDIO_TIMEOUT_MESSAGE =
  "音声を読み込めませんでした。通信環境をご確認のうえ、もう一度お試しください。";
export const AUDIO_LOAD_ERROR_MESSAGE = "音声を再生できませんでした。時間をおいてお試しください。";

/** What the player needs to know of a track to decide whether and what it plays. */
export interface PlayableTrack {
  cdId: number;
  trackNo: number;
  /** Track name as the CD lists it. */
  name: string;
  cdName: string;
  cover: string;
  owned: boolean;
  /** The full file; the server answers it to owners only. */
  fileUrl: string | null;
  trialFileUrl: string | null;
  /** The stored lengths the CD page lists (contract/track-length): the full track, its sample. */
  durationSec: number;
  trialDurationSec: number | null;
}

/** The CD page's tracks as the player takes them, with the lengths the page lists. */
export function playableTracks(page: DramaCdPageAnswer): PlayableTrack[] {
  return page.tracks.map((t) => ({
    cdId: page.cd.cd_id,
    trackNo: t.track_no,
    name: t.name,
    cdName: page.cd.name,
    cover: page.cd.jacket_url,
    owned: t.get_flag,
    fileUrl: t.file_url,
    trialFileUrl: t.trial_file_url,
    durationSec: t.duration_sec,
    trialDurationSec: t.trial_duration_sec,
  }));
}

/**
 * The file to play: the full track for its owner, otherwise the trial file; null when there is
 * neither, and the popup does not open (spec 001 §5).
 */
export function sourceOf(track: Pick<PlayableTrack, "owned" | "fileUrl" | "trialFileUrl">) {
  if (track.owned && track.fileUrl) return { url: track.fileUrl, trial: false };
  if (track.trialFileUrl) return { url: track.trialFileUrl, trial: true };
  return null;
}

/**
 * How long what plays lasts, as the CD page lists it: the stored length of the full track or of
 * its sample, never the audio element's estimate (which differs for MP3s without an index).
 */
export function lengthOf(track: PlayableTrack): number {
  const source = sourceOf(track);
  if (!source) return 0;
  return source.trial ? (track.trialDurationSec ?? 0) : track.durationSec;
}

/**
 * The tracks a CD plays through, in order: those the listener may hear (owned in full, others
 * by their sample). A track with neither (no sample, or withdrawn) is skipped, not stopped at.
 */
export function playQueue(tracks: readonly PlayableTrack[]): PlayableTrack[] {
  return tracks.filter((t) => sourceOf(t) !== null);
}

/**
 * Where a seek lands: never below 0; at or past the end the track stops instead (spec 001 §5).
 */
export function seekTarget(
  target: number,
  duration: number,
): { kind: "seek"; time: number } | { kind: "stop" } {
  const time = Number.isFinite(target) ? Math.max(0, target) : 0;
  if (Number.isFinite(duration) && duration > 0 && time >= duration) return { kind: "stop" };
  return { kind: "seek", time };
}

/** A volume from the slider (or anything else) as a whole number in 0–100. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return AUDIO_VOLUME_DEFAULT;
  return Math.min(AUDIO_VOLUME_MAX, Math.max(0, Math.round(value)));
}

/** HTMLMediaElement.volume takes 0–1. */
export function elementVolume(volume: number): number {
  return clampVolume(volume) / AUDIO_VOLUME_MAX;
}

/**
 * The popup's state: the queue it plays through (one CD's playable tracks) and where in it.
 * `resumeOnReturn` remembers that playback was paused only because the page was hidden or lost
 * focus, so it resumes when the member comes back and not otherwise. `serial` counts the tracks
 * opened, so opening one again (after an error, say) loads it anew.
 */
interface Queued {
  queue: PlayableTrack[];
  index: number;
  track: PlayableTrack;
  serial: number;
}

export type PlayerState =
  | { phase: "closed"; serial: number }
  | ({ phase: "loading" } & Queued)
  | ({ phase: "ready"; playing: boolean; resumeOnReturn: boolean } & Queued)
  | ({ phase: "error"; message: string } & Queued);

export type PlayerEvent =
  /** Opens `track`, with the tracks to go on to (its CD's, in order) when given. */
  | { type: "open"; track: PlayableTrack; queue?: readonly PlayableTrack[] }
  | { type: "next" }
  | { type: "previous" }
  | { type: "loaded" }
  | { type: "timeout" }
  | { type: "failed" }
  | { type: "play" }
  | { type: "pause" }
  /** The track played to its end: the next one in the queue starts, or playback stops. */
  | { type: "ended" }
  /** Stopped by a seek past the end: stays on this track. */
  | { type: "stopped" }
  | { type: "away" }
  | { type: "back" }
  | { type: "close" };

export const CLOSED: PlayerState = { phase: "closed", serial: 0 };

/** Whether there is a track before or after the current one. */
export function neighbours(state: PlayerState): { previous: boolean; next: boolean } {
  if (state.phase === "closed") return { previous: false, next: false };
  return { previous: state.index > 0, next: state.index < state.queue.length - 1 };
}

function moveTo(state: Exclude<PlayerState, { phase: "closed" }>, index: number): PlayerState {
  const track = state.queue[index];
  if (!track) return state;
  return { phase: "loading", queue: state.queue, index, track, serial: state.serial + 1 };
}

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case "open": {
      // Only a track with something to play opens the popup.
      if (!sourceOf(event.track)) return state;
      const same = (t: PlayableTrack) =>
        t.cdId === event.track.cdId && t.trackNo === event.track.trackNo;
      const queue = playQueue(event.queue ?? [event.track]);
      const index = queue.findIndex(same);
      return index < 0
        ? {
            phase: "loading",
            queue: [event.track],
            index: 0,
            track: event.track,
            serial: state.serial + 1,
          }
        : { phase: "loading", queue, index, track: queue[index]!, serial: state.serial + 1 };
    }
    case "next":
      return state.phase === "closed" ? state : moveTo(state, state.index + 1);
    case "previous":
      return state.phase === "closed" ? state : moveTo(state, state.index - 1);
    case "close":
      return { phase: "closed", serial: state.serial };
    case "loaded":
      return state.phase === "loading"
        ? { ...state, phase: "ready", playing: false, resumeOnReturn: false }
        : state;
    case "timeout":
      return state.phase === "loading"
        ? { ...state, phase: "error", message: AUDIO_TIMEOUT_MESSAGE }
        : state;
    case "failed":
      return state.phase === "loading" || state.phase === "ready"
        ? { ...state, phase: "error", message: AUDIO_LOAD_ERROR_MESSAGE }
        : state;
    case "play":
      // Playable only after load.
      return state.phase === "ready" ? { ...state, playing: true, resumeOnReturn: false } : state;
    case "ended":
      // Continuous playback: the next track the listener may hear starts by itself.
      if (state.phase === "ready" && state.index < state.queue.length - 1) {
        return moveTo(state, state.index + 1);
      }
      return state.phase === "ready" ? { ...state, playing: false, resumeOnReturn: false } : state;
    case "pause":
    case "stopped":
      return state.phase === "ready" ? { ...state, playing: false, resumeOnReturn: false } : state;
    case "away":
      return state.phase === "ready" && state.playing
        ? { ...state, playing: false, resumeOnReturn: true }
        : state;
    case "back":
      return state.phase === "ready" && state.resumeOnReturn
        ? { ...state, playing: true, resumeOnReturn: false }
        : state;
  }
}
