import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import type { AudioEvents, CurrentTrack, PlayerControls } from "./AudioPlayerPopup";
import type { PlayableTrack } from "./player-rules";

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
  current: CurrentTrack | null;
}

const AudioPlayerContext = createContext<AudioPlayerApi | null>(null);

export function useAudioPlayer(): AudioPlayerApi {
  const api = useContext(AudioPlayerContext);
  if (!api) throw new Error("useAudioPlayer needs AudioPlayerProvider");
  return api;
}

// Most visits play nothing: the popup's code comes with the first track asked for, not with
// every page's first load (decision 0082).
const AudioPlayerPopup = lazy(() =>
  import("./AudioPlayerPopup").then((m) => ({ default: m.AudioPlayerPopup })),
);

/**
 * The one audio player of the store, mounted at the root so a track keeps playing while the
 * member moves between pages (client-side navigation keeps this component and its <audio>).
 * The <audio> element is here from the first render; the popup that drives it
 * (AudioPlayerPopup.tsx) is loaded and mounted when a track is first asked for, and what was
 * asked for meanwhile is handed to it once it is ready.
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const events = useRef<AudioEvents | null>(null);
  const controls = useRef<PlayerControls | null>(null);
  const waiting = useRef<Array<(controls: PlayerControls) => void>>([]);
  const [wanted, setWanted] = useState(false);
  const [current, setCurrent] = useState<CurrentTrack | null>(null);

  const withPopup = useCallback((ask: (controls: PlayerControls) => void) => {
    if (controls.current) {
      ask(controls.current);
      return;
    }
    waiting.current.push(ask);
    setWanted(true);
  }, []);
  const ready = useCallback((popup: PlayerControls) => {
    controls.current = popup;
    for (const ask of waiting.current.splice(0)) ask(popup);
  }, []);

  const api = useMemo<AudioPlayerApi>(
    () => ({
      playTrack: (track, queue) => withPopup((popup) => popup.playTrack(track, queue)),
      playCd: (cdId) =>
        new Promise<void>((resolve, reject) =>
          withPopup((popup) => popup.playCd(cdId).then(resolve, reject)),
        ),
      current,
    }),
    [withPopup, current],
  );

  return (
    <AudioPlayerContext.Provider value={api}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: drama audio; the popup names the track */}
      <audio
        ref={audio}
        className="audio-player__element"
        preload="auto"
        onEnded={() => events.current?.ended()}
        onError={() => events.current?.error()}
        onPause={() => events.current?.pause()}
        onPlay={() => events.current?.play()}
      />
      {/* Asked for by a click, after the element above was committed. */}
      {wanted && audio.current && (
        <Suspense fallback={null}>
          <AudioPlayerPopup
            audio={audio.current}
            events={events}
            onReady={ready}
            onCurrent={setCurrent}
          />
        </Suspense>
      )}
    </AudioPlayerContext.Provider>
  );
}
