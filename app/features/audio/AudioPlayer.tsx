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
import { get } from "../../lib/request";
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
  formatClock,
  type PlayableTrack,
  playerReducer,
  seekTarget,
  sourceOf,
} from "./player-rules";
import "./audio.css";

interface AudioPlayerApi {
  /** Opens the popup on this track; does nothing for a track with nothing to play. */
  playTrack(track: PlayableTrack): void;
  /**
   * From a card, which knows the CD but not its tracks: the first track the viewer may play in
   * full, else the first with a trial file.
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

/** The CD page's tracks as the player takes them. */
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
  }));
}

/**
 * The one audio player of the store, mounted at the root so a track keeps playing while the
 * member moves between pages (client-side navigation keeps this component and its <audio>).
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(playerReducer, CLOSED);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(AUDIO_VOLUME_DEFAULT);
  /** Folded to one line, so a phone's screen stays free while the member browses. */
  const [compact, setCompact] = useState(false);

  const track = state.phase === "closed" ? null : state.track;
  const source = track ? sourceOf(track) : null;
  const sourceUrl = source?.url ?? null;
  /** Counts opens, so opening the same track again (after an error, say) loads it anew. */
  const [opens, setOpens] = useState(0);

  // Load the file when a track opens; a slow network gets AUDIO_LOAD_TIMEOUT_MS.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open (opens) loads anew
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    if (!sourceUrl) {
      el.pause();
      el.removeAttribute("src");
      el.load();
      setPosition(0);
      setDuration(0);
      return;
    }
    setPosition(0);
    setDuration(0);
    el.src = sourceUrl;
    el.load();
    const timer = window.setTimeout(() => dispatch({ type: "timeout" }), AUDIO_LOAD_TIMEOUT_MS);
    const loaded = () => {
      window.clearTimeout(timer);
      dispatch({ type: "loaded" });
      // The member asked to listen: it starts as soon as it can.
      dispatch({ type: "play" });
    };
    el.addEventListener("canplay", loaded, { once: true });
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener("canplay", loaded);
    };
  }, [sourceUrl, opens]);

  const playing = state.phase === "ready" && state.playing;
  // The element follows the state; an element that refuses to play (autoplay rules) pauses it.
  useEffect(() => {
    const el = audio.current;
    if (!el || state.phase !== "ready") return;
    if (playing && el.paused) el.play().catch(() => dispatch({ type: "pause" }));
    if (!playing && !el.paused) el.pause();
  }, [playing, state.phase]);

  useEffect(() => {
    if (audio.current) audio.current.volume = elementVolume(volume);
  }, [volume]);

  // The clock follows the playing position every AUDIO_REFRESH_MS.
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => {
      if (audio.current) setPosition(audio.current.currentTime);
    }, AUDIO_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [playing]);

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

  const seek = useCallback((target: number) => {
    const el = audio.current;
    if (!el || stateRef.current.phase !== "ready") return;
    const landing = seekTarget(target, el.duration);
    if (landing.kind === "stop") {
      // Past the end: playback stops and goes back to the start.
      el.pause();
      el.currentTime = 0;
      setPosition(0);
      dispatch({ type: "ended" });
      return;
    }
    el.currentTime = landing.time;
    setPosition(landing.time);
  }, []);

  const close = useCallback(() => dispatch({ type: "close" }), []);

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
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ["play", () => dispatch({ type: "play" })],
      ["pause", () => dispatch({ type: "pause" })],
      ["stop", close],
      ["seekbackward", () => seek((audio.current?.currentTime ?? 0) - AUDIO_SEEK_STEP_SEC)],
      ["seekforward", () => seek((audio.current?.currentTime ?? 0) + AUDIO_SEEK_STEP_SEC)],
      ["seekto", (d) => seek(d.seekTime ?? 0)],
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
  }, [track, seek, close]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = track ? (playing ? "playing" : "paused") : "none";
  }, [track, playing]);

  const playTrack = useCallback((next: PlayableTrack) => {
    dispatch({ type: "open", track: next });
    setOpens((n) => n + 1);
    setCompact(false);
  }, []);
  const playCd = useCallback(
    async (cdId: number) => {
      const answer = await get<DramaCdPageAnswer>(`/api/doramacd/${cdId}`);
      if (!answer.result || !answer.tracks || !answer.cd) return;
      const tracks = playableTracks(answer as DramaCdPageAnswer);
      const pick =
        tracks.find((t) => t.owned && t.fileUrl) ?? tracks.find((t) => sourceOf(t) !== null);
      if (pick) playTrack(pick);
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
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onEnded={() => {
          setPosition(0);
          if (audio.current) audio.current.currentTime = 0;
          dispatch({ type: "ended" });
        }}
        onError={() => {
          if (stateRef.current.phase !== "closed") dispatch({ type: "failed" });
        }}
        // Paused or started from outside the popup (lock screen, headset): follow it.
        onPause={() => {
          const s = stateRef.current;
          if (s.phase === "ready" && s.playing && !audio.current?.ended)
            dispatch({ type: "pause" });
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
              <p className="audio-popup__track">{track.name}</p>
              <p className="audio-popup__cd">
                {track.cdName}
                {source?.trial && <span className="audio-popup__badge">試聴</span>}
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
          {compact ? null : state.phase === "error" ? (
            <p className="audio-popup__error" role="alert">
              {state.message}
            </p>
          ) : (
            <>
              <div className="audio-popup__seek">
                <span className="audio-popup__time" title="再生位置">
                  {formatClock(position)}
                </span>
                <input
                  type="range"
                  aria-label="シークバー"
                  min={0}
                  max={Math.max(duration, 0)}
                  step={0.1}
                  value={Math.min(position, duration || 0)}
                  disabled={state.phase !== "ready"}
                  onChange={(e) => seek(Number(e.currentTarget.value))}
                />
                <span className="audio-popup__time" title="長さ">
                  {formatClock(duration)}
                </span>
              </div>
              <div className="audio-popup__controls">
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
