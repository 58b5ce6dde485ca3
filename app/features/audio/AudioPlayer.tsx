import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { DramaCdPageAnswer } from "../../../contract/dramacd";
import { formatTrackLength } from "../../../contract/track-length";
import { get } from "../../lib/request";
import { useShell } from "../../lib/shell";
import {
  AUDIO_LOAD_TIMEOUT_MS,
  AUDIO_REFRESH_MS,
  AUDIO_SEEK_STEP_SEC,
  AUDIO_SLOW_NOTE,
  AUDIO_VOLUME_DEFAULT,
  AUDIO_VOLUME_MAX,
  CLOSED,
  clampVolume,
  elementVolume,
  lengthOf,
  neighbours,
  type PlayableTrack,
  playerReducer,
  seekTarget,
  sourceOf,
} from "./player-rules";
import { positionKey, positionStore } from "./positions";
import "./audio.css";

interface AudioPlayerApi {
  /**
   * Opens the popup on this track; does nothing for a track with nothing to play. With `queue`
   * (its CD's tracks) playback goes on through the tracks after it.
   */
  playTrack(track: PlayableTrack, queue?: readonly PlayableTrack[]): void;
  /**
   * From a card, which knows the CD but not its tracks: the first track the viewer may play in
   * full, else the first with a trial file, going on through the CD.
   */
  playCd(cdId: number): Promise<void>;
  /** The track in the popup, if any (the CD page marks it). */
  current: { cdId: number; trackNo: number } | null;
}

const AudioPlayerContext = createContext<AudioPlayerApi | null>(null);

export function useAudioPlayer(): AudioPlayerApi {
  const api = useContext(AudioPlayerContext);
  if (!api) throw new Error("useAudioPlayer needs AudioPlayerProvider");
  return api;
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

/** Every so many clock ticks (AUDIO_REFRESH_MS) the playing position is kept (2 s). */
const KEEP_EVERY_TICKS = Math.round(2000 / AUDIO_REFRESH_MS);

/**
 * The one audio player of the store, mounted at the root so a track keeps playing while the
 * member moves between pages (client-side navigation keeps this component and its <audio>).
 * It plays through a CD's tracks (a queue), shows the stored lengths the CD page lists, and
 * keeps where the listener left each track (positions.ts, decision 0110).
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(playerReducer, CLOSED);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [position, setPosition] = useState(0);
  const [volume, setVolume] = useState(AUDIO_VOLUME_DEFAULT);
  /** Folded to one line, so a phone's screen stays free while the member browses. */
  const [compact, setCompact] = useState(false);
  const uid = useShell().status.uid;
  const positions = useMemo(() => positionStore(uid), [uid]);

  const track = state.phase === "closed" ? null : state.track;
  const source = track ? sourceOf(track) : null;
  const sourceUrl = source?.url ?? null;
  /** The stored length of what plays: the clock, the seek bar and the lock screen use it. */
  const length = track ? lengthOf(track) : 0;
  const moves = neighbours(state);

  /** Keeps where the track in the popup is now (only once loaded: a loading one is not yet). */
  const remember = useCallback(() => {
    const s = stateRef.current;
    const el = audio.current;
    if (s.phase !== "ready" || !el) return;
    const from = sourceOf(s.track);
    if (!from) return;
    positions.record(positionKey(s.track, from.trial), el.currentTime, lengthOf(s.track));
  }, [positions]);

  // Load the file when a track opens; a slow network gets AUDIO_LOAD_TIMEOUT_MS. A track the
  // listener left part-way resumes there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open (serial) loads anew
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const opened = stateRef.current;
    if (!sourceUrl || opened.phase === "closed") {
      el.pause();
      el.removeAttribute("src");
      el.load();
      setPosition(0);
      return;
    }
    const from = sourceOf(opened.track);
    const start = from
      ? positions.resumeAt(positionKey(opened.track, from.trial), lengthOf(opened.track))
      : 0;
    setPosition(start);
    el.src = sourceUrl;
    el.load();
    const timer = window.setTimeout(() => dispatch({ type: "timeout" }), AUDIO_LOAD_TIMEOUT_MS);
    const loaded = () => {
      window.clearTimeout(timer);
      if (start > 0) el.currentTime = start;
      dispatch({ type: "loaded" });
      // The member asked to listen: it starts as soon as it can.
      dispatch({ type: "play" });
    };
    el.addEventListener("canplay", loaded, { once: true });
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener("canplay", loaded);
    };
  }, [sourceUrl, state.serial]);

  const playing = state.phase === "ready" && state.playing;
  // The element follows the state; an element that refuses to play (autoplay rules) pauses it.
  useEffect(() => {
    const el = audio.current;
    if (!el || state.phase !== "ready") return;
    if (playing && el.paused) el.play().catch(() => dispatch({ type: "pause" }));
    if (!playing && !el.paused) {
      el.pause();
      remember();
    }
  }, [playing, state.phase, remember]);

  useEffect(() => {
    if (audio.current) audio.current.volume = elementVolume(volume);
  }, [volume]);

  // The clock follows the playing position every AUDIO_REFRESH_MS; every 2 s it is kept.
  useEffect(() => {
    if (!playing) return;
    let ticks = 0;
    const id = window.setInterval(() => {
      if (audio.current) setPosition(audio.current.currentTime);
      ticks += 1;
      if (ticks % KEEP_EVERY_TICKS === 0) remember();
    }, AUDIO_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [playing, remember]);

  // Leaving the page (reload, another site, closing the tab) keeps the position too.
  useEffect(() => {
    window.addEventListener("pagehide", remember);
    return () => window.removeEventListener("pagehide", remember);
  }, [remember]);

  // Pauses while the page is hidden or unfocused, and resumes on return (spec 001 §4).
  useEffect(() => {
    const away = () => dispatch({ type: "away" });
    const back = () => {
      if (document.visibilityState === "visible" && document.hasFocus()) dispatch({ type: "back" });
    };
    const visibility = () => (document.visibilityState === "hidden" ? away() : back());
    document.addEventListener("visibilitychange", visibility);
    window.addEventListener("blur", away);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", visibility);
      window.removeEventListener("blur", away);
      window.removeEventListener("focus", back);
    };
  }, []);

  const seek = useCallback(
    (target: number) => {
      const el = audio.current;
      const s = stateRef.current;
      if (!el || s.phase !== "ready") return;
      const landing = seekTarget(target, lengthOf(s.track));
      if (landing.kind === "stop") {
        // Past the end: playback stops and goes back to the start.
        el.pause();
        el.currentTime = 0;
        setPosition(0);
        dispatch({ type: "stopped" });
        remember();
        return;
      }
      el.currentTime = landing.time;
      setPosition(landing.time);
    },
    [remember],
  );

  const close = useCallback(() => {
    remember();
    dispatch({ type: "close" });
  }, [remember]);
  const next = useCallback(() => {
    remember();
    dispatch({ type: "next" });
  }, [remember]);
  const previous = useCallback(() => {
    remember();
    dispatch({ type: "previous" });
  }, [remember]);

  // Lock-screen and headset controls, and what they show (Media Session).
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    if (!track) {
      session.metadata = null;
      return;
    }
    session.metadata = new MediaMetadata({
      title: track.name,
      artist: track.cdName,
      album: track.cdName,
      artwork: [{ src: track.cover, sizes: "300x300", type: "image/png" }],
    });
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
      ["play", () => dispatch({ type: "play" })],
      ["pause", () => dispatch({ type: "pause" })],
      ["stop", close],
      ["seekbackward", () => seek((audio.current?.currentTime ?? 0) - AUDIO_SEEK_STEP_SEC)],
      ["seekforward", () => seek((audio.current?.currentTime ?? 0) + AUDIO_SEEK_STEP_SEC)],
      ["seekto", (d) => seek(d.seekTime ?? 0)],
      // Offered only when there is a track to go to, so the lock screen greys the button out.
      ["previoustrack", moves.previous ? previous : null],
      ["nexttrack", moves.next ? next : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser without this action simply does not offer it.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {}
      }
    };
  }, [track, seek, close, next, previous, moves.previous, moves.next]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = track ? (playing ? "playing" : "paused") : "none";
  }, [track, playing]);

  // The lock screen's progress bar: the stored length, as the popup shows it.
  const lockScreenSecond = Math.floor(position);
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    if (!track || length <= 0 || !navigator.mediaSession.setPositionState) return;
    try {
      navigator.mediaSession.setPositionState({
        duration: length,
        position: Math.min(lockScreenSecond, length),
        playbackRate: 1,
      });
    } catch {
      // An older browser's stricter checks: the lock screen shows no bar.
    }
  }, [track, length, lockScreenSecond]);

  const playTrack = useCallback(
    (chosen: PlayableTrack, queue?: readonly PlayableTrack[]) => {
      remember();
      dispatch({ type: "open", track: chosen, queue });
      setCompact(false);
    },
    [remember],
  );
  const playCd = useCallback(
    async (cdId: number) => {
      const answer = await get<DramaCdPageAnswer>(`/api/doramacd/${cdId}`);
      if (!answer.result || !answer.tracks || !answer.cd) return;
      const tracks = playableTracks(answer as DramaCdPageAnswer);
      const pick =
        tracks.find((t) => t.owned && t.fileUrl) ?? tracks.find((t) => sourceOf(t) !== null);
      if (pick) playTrack(pick, tracks);
    },
    [playTrack],
  );

  const current = track ? { cdId: track.cdId, trackNo: track.trackNo } : null;
  const currentKey = current ? `${current.cdId}/${current.trackNo}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: current changes only with currentKey
  const api = useMemo(() => ({ playTrack, playCd, current }), [playTrack, playCd, currentKey]);

  return (
    <AudioPlayerContext.Provider value={api}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: drama audio; the popup names the track */}
      <audio
        ref={audio}
        className="audio-player__element"
        preload="auto"
        onEnded={() => {
          const s = stateRef.current;
          const from = s.phase === "ready" ? sourceOf(s.track) : null;
          // Heard to the end: next time it starts over.
          if (s.phase === "ready" && from) {
            positions.record(positionKey(s.track, from.trial), 0, lengthOf(s.track));
          }
          setPosition(0);
          // The last track stays in the popup, stopped at its start; otherwise the next begins.
          if (audio.current && !moves.next) audio.current.currentTime = 0;
          dispatch({ type: "ended" });
        }}
        onError={() => {
          if (stateRef.current.phase !== "closed") dispatch({ type: "failed" });
        }}
        // Paused or started from outside the popup (lock screen, headset): follow it.
        onPause={() => {
          const s = stateRef.current;
          if (s.phase === "ready" && s.playing && !audio.current?.ended) {
            dispatch({ type: "pause" });
            remember();
          }
        }}
        onPlay={() => {
          const s = stateRef.current;
          if (s.phase === "ready" && !s.playing) dispatch({ type: "play" });
        }}
      />
      {track && (
        <section
          className={compact ? "audio-popup audio-popup--compact" : "audio-popup"}
          aria-label="音声プレーヤー"
          data-phase={state.phase}
        >
          <div className="audio-popup__corner">
            <button
              type="button"
              aria-label={compact ? "プレーヤーを広げる" : "プレーヤーをたたむ"}
              aria-expanded={!compact}
              onClick={() => setCompact((c) => !c)}
            >
              {compact ? "︿" : "﹀"}
            </button>
            <button type="button" aria-label="閉じる" onClick={close}>
              ×
            </button>
          </div>
          <div className="audio-popup__head">
            <img src={track.cover} alt="" width={64} height={64} className="audio-popup__cover" />
            <div className="audio-popup__titles">
              <p className="audio-popup__track">
                {state.phase !== "closed" && state.queue.length > 1 && (
                  <span className="audio-popup__count">
                    {state.index + 1}／{state.queue.length}
                  </span>
                )}
                <span className="audio-popup__name">{track.name}</span>
              </p>
              <p className="audio-popup__cd">
                {/* Before the CD's name, which a phone cuts short: a sample always says so. */}
                {source?.trial && <span className="audio-popup__badge">試聴</span>}
                {track.cdName}
              </p>
            </div>
            {compact && state.phase === "ready" && (
              <button
                type="button"
                className="audio-popup__mini-play"
                aria-label={playing ? "一時停止" : "再生"}
                onClick={() => dispatch({ type: playing ? "pause" : "play" })}
              >
                {playing ? "❚❚" : "▶"}
              </button>
            )}
          </div>
          {compact ? null : (
            <>
              {state.phase === "error" ? (
                <p className="audio-popup__error" role="alert">
                  {state.message}
                </p>
              ) : (
                <div className="audio-popup__seek">
                  <span className="audio-popup__time" title="再生位置">
                    {formatTrackLength(Math.min(position, length))}
                  </span>
                  <input
                    type="range"
                    aria-label="シークバー"
                    min={0}
                    max={Math.max(length, 0)}
                    step={0.1}
                    value={Math.min(position, length)}
                    disabled={state.phase !== "ready"}
                    onChange={(e) => seek(Number(e.currentTarget.value))}
                  />
                  <span className="audio-popup__time" title="長さ">
                    {formatTrackLength(length)}
                  </span>
                </div>
              )}
              <div className="audio-popup__controls">
                {state.phase !== "closed" && state.queue.length > 1 && (
                  <button
                    type="button"
                    className="audio-popup__skip"
                    aria-label="前の曲"
                    disabled={!moves.previous}
                    onClick={previous}
                  >
                    <SkipIcon direction="previous" />
                  </button>
                )}
                <button
                  type="button"
                  aria-label="10秒戻る"
                  disabled={state.phase !== "ready"}
                  onClick={() => seek((audio.current?.currentTime ?? 0) - AUDIO_SEEK_STEP_SEC)}
                >
                  <span aria-hidden="true">↺</span>10
                </button>
                <button
                  type="button"
                  className="audio-popup__play"
                  aria-label={playing ? "一時停止" : "再生"}
                  disabled={state.phase !== "ready"}
                  onClick={() => dispatch({ type: playing ? "pause" : "play" })}
                >
                  {state.phase === "loading" ? "…" : playing ? "❚❚" : "▶"}
                </button>
                <button
                  type="button"
                  aria-label="10秒進む"
                  disabled={state.phase !== "ready"}
                  onClick={() => seek((audio.current?.currentTime ?? 0) + AUDIO_SEEK_STEP_SEC)}
                >
                  10<span aria-hidden="true">↻</span>
                </button>
                {state.phase !== "closed" && state.queue.length > 1 && (
                  <button
                    type="button"
                    className="audio-popup__skip"
                    aria-label="次の曲"
                    disabled={!moves.next}
                    onClick={next}
                  >
                    <SkipIcon direction="next" />
                  </button>
                )}
              </div>
              <label className="audio-popup__volume">
                <span>音量</span>
                <input
                  type="range"
                  min={0}
                  max={AUDIO_VOLUME_MAX}
                  step={1}
                  value={volume}
                  onChange={(e) => setVolume(clampVolume(Number(e.currentTarget.value)))}
                />
                <output>{volume}</output>
              </label>
            </>
          )}
          <p className="audio-popup__note" hidden={compact}>
            {state.phase === "loading" ? "読み込み中… " : ""}
            {AUDIO_SLOW_NOTE}
          </p>
        </section>
      )}
    </AudioPlayerContext.Provider>
  );
}

/** |◀ and ▶|, drawn: the skip characters (⏮ ⏭) are missing from many phones' fonts. */
function SkipIcon({ direction }: { direction: "previous" | "next" }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 18 18"
      fill="currentColor"
      style={direction === "next" ? { transform: "scaleX(-1)" } : undefined}
    >
      <rect x="2" y="3" width="2.5" height="12" rx="0.5" />
      <path d="M15.5 3.6v10.8a.6.6 0 0 1-.93.5L6.4 9.5a.6.6 0 0 1 0-1l8.17-5.4a.6.6 0 0 1 .93.5z" />
    </svg>
  );
}
