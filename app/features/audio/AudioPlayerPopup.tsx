import {
  type RefObject,
  useCallback,
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
  playableTracks,
  playerReducer,
  seekTarget,
  sourceOf,
} from "./player-rules";
import { positionKey, positionStore } from "./positions";
import "./audio.css";

/** How the provider asks the popup for a track (the two ways of AudioPlayerApi). */
export interface PlayerControls {
  playTrack(track: PlayableTrack, queue?: readonly PlayableTrack[]): void;
  playCd(cdId: number): Promise<void>;
}

/** What the <audio> element's events do, filled in by the popup. */
export interface AudioEvents {
  ended(): void;
  error(): void;
  pause(): void;
  play(): void;
}

export interface CurrentTrack {
  cdId: number;
  trackNo: number;
}

/** Every so many clock ticks (AUDIO_REFRESH_MS) the playing position is kept (2 s). */
const KEEP_EVERY_TICKS = Math.round(2000 / AUDIO_REFRESH_MS);

/**
 * The audio popup: it plays through a CD's tracks (a queue) on the store's one <audio> element,
 * shows the stored lengths the CD page lists, and keeps where the listener left each track
 * (positions.ts, decision 0110). AudioPlayerProvider mounts it, at the root, when the first track
 * is asked for, so it stays mounted while the member moves between pages.
 */
export function AudioPlayerPopup({
  audio,
  events,
  onReady,
  onCurrent,
}: {
  /** The provider's <audio>, there from the page's first render, so it never changes under a track. */
  audio: HTMLAudioElement;
  /** Filled here with what the element's events do; the provider's element calls them. */
  events: RefObject<AudioEvents | null>;
  /** Hears how to ask for a track, again whenever that changes (a login changes whose positions). */
  onReady: (controls: PlayerControls) => void;
  /** Hears the track in the popup, for the CD page's mark. */
  onCurrent: (current: CurrentTrack | null) => void;
}) {
  const [state, dispatch] = useReducer(playerReducer, CLOSED);
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
  /** Playing through a CD: the popup counts the tracks and offers 前の曲 / 次の曲. */
  const inQueue = state.phase !== "closed" && state.queue.length > 1;

  /** Keeps where the track in the popup is now (only once loaded: a loading one is not yet). */
  const remember = useCallback(() => {
    const s = stateRef.current;
    if (s.phase !== "ready") return;
    const from = sourceOf(s.track);
    if (!from) return;
    positions.record(positionKey(s.track, from.trial), audio.currentTime, lengthOf(s.track));
  }, [positions, audio]);

  // Load the file when a track opens; a slow network gets AUDIO_LOAD_TIMEOUT_MS. A track the
  // listener left part-way resumes there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open (serial) loads anew
  useEffect(() => {
    const opened = stateRef.current;
    if (!sourceUrl || opened.phase === "closed") {
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
      setPosition(0);
      return;
    }
    const from = sourceOf(opened.track);
    const start = from
      ? positions.resumeAt(positionKey(opened.track, from.trial), lengthOf(opened.track))
      : 0;
    setPosition(start);
    audio.src = sourceUrl;
    audio.load();
    const timer = window.setTimeout(() => dispatch({ type: "timeout" }), AUDIO_LOAD_TIMEOUT_MS);
    const loaded = () => {
      window.clearTimeout(timer);
      if (start > 0) audio.currentTime = start;
      dispatch({ type: "loaded" });
      // The member asked to listen: it starts as soon as it can.
      dispatch({ type: "play" });
    };
    audio.addEventListener("canplay", loaded, { once: true });
    return () => {
      window.clearTimeout(timer);
      audio.removeEventListener("canplay", loaded);
    };
  }, [sourceUrl, state.serial]);

  const playing = state.phase === "ready" && state.playing;
  // The element follows the state; an element that refuses to play (autoplay rules) pauses it.
  useEffect(() => {
    if (state.phase !== "ready") return;
    if (playing && audio.paused) audio.play().catch(() => dispatch({ type: "pause" }));
    if (!playing && !audio.paused) {
      audio.pause();
      remember();
    }
  }, [playing, state.phase, remember, audio]);

  useEffect(() => {
    audio.volume = elementVolume(volume);
  }, [volume, audio]);

  // The clock follows the playing position every AUDIO_REFRESH_MS; every 2 s it is kept.
  useEffect(() => {
    if (!playing) return;
    let ticks = 0;
    const id = window.setInterval(() => {
      setPosition(audio.currentTime);
      ticks += 1;
      if (ticks % KEEP_EVERY_TICKS === 0) remember();
    }, AUDIO_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [playing, remember, audio]);

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
      const s = stateRef.current;
      if (s.phase !== "ready") return;
      const landing = seekTarget(target, lengthOf(s.track));
      if (landing.kind === "stop") {
        // Past the end: playback stops and goes back to the start.
        audio.pause();
        audio.currentTime = 0;
        setPosition(0);
        dispatch({ type: "stopped" });
        remember();
        return;
      }
      audio.currentTime = landing.time;
      setPosition(landing.time);
    },
    [remember, audio],
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
      ["seekbackward", () => seek(audio.currentTime - AUDIO_SEEK_STEP_SEC)],
      ["seekforward", () => seek(audio.currentTime + AUDIO_SEEK_STEP_SEC)],
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
  }, [track, seek, close, next, previous, moves.previous, moves.next, audio]);

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
  useEffect(() => onCurrent(current), [onCurrent, currentKey]);
  useEffect(() => onReady({ playTrack, playCd }), [onReady, playTrack, playCd]);

  // The element's events, with this render's state: set after each render, before any event
  // can come (the element has no source until this popup gives it one).
  useEffect(() => {
    events.current = {
      ended: () => {
        const s = stateRef.current;
        const from = s.phase === "ready" ? sourceOf(s.track) : null;
        // Heard to the end: next time it starts over.
        if (s.phase === "ready" && from) {
          positions.record(positionKey(s.track, from.trial), 0, lengthOf(s.track));
        }
        setPosition(0);
        // The last track stays in the popup, stopped at its start; otherwise the next begins.
        if (!moves.next) audio.currentTime = 0;
        dispatch({ type: "ended" });
      },
      error: () => {
        if (stateRef.current.phase !== "closed") dispatch({ type: "failed" });
      },
      // Paused or started from outside the popup (lock screen, headset): follow it.
      pause: () => {
        const s = stateRef.current;
        if (s.phase === "ready" && s.playing && !audio.ended) {
          dispatch({ type: "pause" });
          remember();
        }
      },
      play: () => {
        const s = stateRef.current;
        if (s.phase === "ready" && !s.playing) dispatch({ type: "play" });
      },
    };
  });

  return (
    <>
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
                {inQueue && (
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
                {inQueue && (
                  <SkipButton direction="previous" enabled={moves.previous} onClick={previous} />
                )}
                <button
                  type="button"
                  aria-label="10秒戻る"
                  disabled={state.phase !== "ready"}
                  onClick={() => seek(audio.currentTime - AUDIO_SEEK_STEP_SEC)}
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
                  onClick={() => seek(audio.currentTime + AUDIO_SEEK_STEP_SEC)}
                >
                  10<span aria-hidden="true">↻</span>
                </button>
                {inQueue && <SkipButton direction="next" enabled={moves.next} onClick={next} />}
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
    </>
  );
}

/**
 * 前の曲 or 次の曲, drawn as |◀ and ▶|: the skip characters (⏮ ⏭) are missing from many phones'
 * fonts.
 */
function SkipButton({
  direction,
  enabled,
  onClick,
}: {
  direction: "previous" | "next";
  enabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="audio-popup__skip"
      aria-label={direction === "next" ? "次の曲" : "前の曲"}
      disabled={!enabled}
      onClick={onClick}
    >
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
    </button>
  );
}
