/**
 * The audio popup's rules (spec 001 §4 "Audio popup", §5, §9 "Audio"), free of the browser so
 * they are tested alone; AudioPlayer.tsx drives an <audio> element with them.
 */

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

/** mm:ss; minutes keep counting past an hour (a drama track is rarely longer). */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
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
 * The popup's state. `resumeOnReturn` remembers that playback was paused only because the page
 * was hidden or lost focus, so it resumes when the member comes back and not otherwise.
 */
export type PlayerState =
  | { phase: "closed" }
  | { phase: "loading"; track: PlayableTrack }
  | { phase: "ready"; track: PlayableTrack; playing: boolean; resumeOnReturn: boolean }
  | { phase: "error"; track: PlayableTrack; message: string };

export type PlayerEvent =
  | { type: "open"; track: PlayableTrack }
  | { type: "loaded" }
  | { type: "timeout" }
  | { type: "failed" }
  | { type: "play" }
  | { type: "pause" }
  | { type: "ended" }
  | { type: "away" }
  | { type: "back" }
  | { type: "close" };

export const CLOSED: PlayerState = { phase: "closed" };

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case "open":
      // Only a track with something to play opens the popup.
      return sourceOf(event.track) ? { phase: "loading", track: event.track } : state;
    case "close":
      return CLOSED;
    case "loaded":
      return state.phase === "loading"
        ? { phase: "ready", track: state.track, playing: false, resumeOnReturn: false }
        : state;
    case "timeout":
      return state.phase === "loading"
        ? { phase: "error", track: state.track, message: AUDIO_TIMEOUT_MESSAGE }
        : state;
    case "failed":
      return state.phase === "loading" || state.phase === "ready"
        ? { phase: "error", track: state.track, message: AUDIO_LOAD_ERROR_MESSAGE }
        : state;
    case "play":
      // Playable only after load.
      return state.phase === "ready" ? { ...state, playing: true, resumeOnReturn: false } : state;
    case "pause":
    case "ended":
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
