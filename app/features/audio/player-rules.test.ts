import { describe, expect, it } from "vitest";
import {
  AUDIO_LOAD_TIMEOUT_MS,
  AUDIO_REFRESH_MS,
  AUDIO_SEEK_STEP_SEC,
  AUDIO_TIMEOUT_MESSAGE,
  AUDIO_VOLUME_DEFAULT,
  CLOSED,
  clampVolume,
  elementVolume,
  formatClock,
  type PlayableTrack,
  type PlayerState,
  playerReducer,
  seekTarget,
  sourceOf,
} from "./player-rules";

const track: PlayableTrack = {
  cdId: 3,
  trackNo: 2,
  name: "Track02「出会い」",
  cdName: "夜明けのドラマCD",
  cover: "/media/cds/3/jacket.png",
  owned: false,
  fileUrl: null,
  trialFileUrl: "/media/cds/3/trials/2.mp3",
};

function run(...events: Parameters<typeof playerReducer>[1][]): PlayerState {
  return events.reduce(playerReducer, CLOSED);
}

describe("audio constants (spec 001 §9)", () => {
  it("times out at 60000 ms, seeks 10 s, refreshes every 50 ms, volume defaults to 50", () => {
    expect(AUDIO_LOAD_TIMEOUT_MS).toBe(60_000);
    expect(AUDIO_SEEK_STEP_SEC).toBe(10);
    expect(AUDIO_REFRESH_MS).toBe(50);
    expect(AUDIO_VOLUME_DEFAULT).toBe(50);
  });
});

describe("what plays", () => {
  it("plays the full file for the owner and the trial file for everyone else", () => {
    const full = "/media/cds/3/tracks/2.mp3";
    expect(sourceOf({ ...track, owned: true, fileUrl: full })).toEqual({ url: full, trial: false });
    expect(sourceOf(track)).toEqual({ url: track.trialFileUrl, trial: true });
    // Not owned: a full url the page may hold is never used.
    expect(sourceOf({ ...track, fileUrl: full })).toEqual({ url: track.trialFileUrl, trial: true });
  });

  it("opens only for an owned track or one with a trial file", () => {
    const none = { ...track, trialFileUrl: null };
    expect(sourceOf(none)).toBeNull();
    expect(run({ type: "open", track: none })).toBe(CLOSED);
    expect(run({ type: "open", track }).phase).toBe("loading");
    expect(
      run({ type: "open", track: { ...none, owned: true, fileUrl: "/media/cds/3/tracks/2.mp3" } })
        .phase,
    ).toBe("loading");
  });
});

describe("clock, seek and volume", () => {
  it("shows mm:ss", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(9.9)).toBe("00:09");
    expect(formatClock(65)).toBe("01:05");
    expect(formatClock(3725)).toBe("62:05");
    expect(formatClock(Number.NaN)).toBe("00:00");
    expect(formatClock(-4)).toBe("00:00");
  });

  it("never seeks below 0 and stops when a seek passes the end", () => {
    expect(seekTarget(4 - AUDIO_SEEK_STEP_SEC, 120)).toEqual({ kind: "seek", time: 0 });
    expect(seekTarget(50, 120)).toEqual({ kind: "seek", time: 50 });
    expect(seekTarget(115 + AUDIO_SEEK_STEP_SEC, 120)).toEqual({ kind: "stop" });
    expect(seekTarget(120, 120)).toEqual({ kind: "stop" });
    // Duration not known yet (still streaming): the seek stands.
    expect(seekTarget(30, Number.NaN)).toEqual({ kind: "seek", time: 30 });
  });

  it("keeps the volume a whole number in 0–100 and hands the element 0–1", () => {
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(140)).toBe(100);
    expect(clampVolume(33.4)).toBe(33);
    expect(clampVolume(Number.NaN)).toBe(50);
    expect(elementVolume(50)).toBe(0.5);
    expect(elementVolume(100)).toBe(1);
  });
});

describe("popup states (spec 001 §4)", () => {
  it("is playable only after load", () => {
    const loading = run({ type: "open", track }, { type: "play" });
    expect(loading.phase).toBe("loading");
    const ready = run({ type: "open", track }, { type: "loaded" }, { type: "play" });
    expect(ready).toMatchObject({ phase: "ready", playing: true });
  });

  it("gives a clear error when loading times out, and a late load does not revive it", () => {
    const timedOut = run({ type: "open", track }, { type: "timeout" });
    expect(timedOut).toMatchObject({ phase: "error", message: AUDIO_TIMEOUT_MESSAGE });
    expect(playerReducer(timedOut, { type: "loaded" })).toBe(timedOut);
    // A timeout after the track loaded changes nothing.
    const ready = run({ type: "open", track }, { type: "loaded" });
    expect(playerReducer(ready, { type: "timeout" })).toBe(ready);
  });

  it("stops on close", () => {
    expect(
      run({ type: "open", track }, { type: "loaded" }, { type: "play" }, { type: "close" }),
    ).toBe(CLOSED);
  });

  it("pauses when hidden or unfocused and resumes on return, only if it was playing", () => {
    const away = run(
      { type: "open", track },
      { type: "loaded" },
      { type: "play" },
      { type: "away" },
    );
    expect(away).toMatchObject({ playing: false, resumeOnReturn: true });
    expect(playerReducer(away, { type: "back" })).toMatchObject({
      playing: true,
      resumeOnReturn: false,
    });
    // Paused by the member: coming back does not start it.
    const paused = run(
      { type: "open", track },
      { type: "loaded" },
      { type: "play" },
      { type: "pause" },
      { type: "away" },
      { type: "back" },
    );
    expect(paused).toMatchObject({ playing: false });
    // Paused while away by the lock screen: no resume on return either.
    expect(playerReducer(playerReducer(away, { type: "pause" }), { type: "back" })).toMatchObject({
      playing: false,
    });
  });

  it("ends paused at the end of the track", () => {
    expect(
      run({ type: "open", track }, { type: "loaded" }, { type: "play" }, { type: "ended" }),
    ).toMatchObject({ phase: "ready", playing: false });
  });
});
