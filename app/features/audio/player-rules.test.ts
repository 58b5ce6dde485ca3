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
  lengthOf,
  neighbours,
  type PlayableTrack,
  type PlayerState,
  playerReducer,
  playQueue,
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
  durationSec: 754,
  trialDurationSec: 30,
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

describe("seek and volume", () => {
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
      run({ type: "open", track }, { type: "loaded" }, { type: "play" }, { type: "close" }).phase,
    ).toBe("closed");
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

  it("ends paused at the end of a track played alone", () => {
    expect(
      run({ type: "open", track }, { type: "loaded" }, { type: "play" }, { type: "ended" }),
    ).toMatchObject({ phase: "ready", playing: false });
  });
});

/** A CD of five tracks: 1 and 2 owned, 3 with a sample only, 4 with nothing (withdrawn), 5 owned. */
const cd: PlayableTrack[] = [1, 2, 3, 4, 5].map((n) => ({
  ...track,
  trackNo: n,
  name: `Track0${n}`,
  owned: n !== 3 && n !== 4,
  fileUrl: n !== 3 && n !== 4 ? `/media/cds/3/tracks/${n}.mp3` : null,
  trialFileUrl: n <= 3 ? `/media/cds/3/trials/${n}.mp3` : null,
  durationSec: 100 * n,
  trialDurationSec: n <= 3 ? 30 : null,
}));
const at = (s: PlayerState) => (s.phase === "closed" ? null : s.track.trackNo);
const ready: Parameters<typeof playerReducer>[1][] = [{ type: "loaded" }, { type: "play" }];

describe("playing through a CD (issue 25 item 8)", () => {
  it("queues the tracks the listener may hear, in order, skipping those with nothing to play", () => {
    expect(playQueue(cd).map((t) => t.trackNo)).toEqual([1, 2, 3, 5]);
    expect(playQueue([])).toEqual([]);
  });

  it("plays all from the first track and goes on by itself when a track ends", () => {
    let s = run({ type: "open", track: cd[0]!, queue: cd }, ...ready);
    expect(at(s)).toBe(1);
    s = playerReducer(s, { type: "ended" });
    // The next track loads and, once loaded, plays: owned in full, not owned by its sample.
    expect(s).toMatchObject({ phase: "loading", index: 1 });
    expect(at(s)).toBe(2);
    s = [...ready, { type: "ended" } as const].reduce(playerReducer, s);
    expect(at(s)).toBe(3);
    expect(s.phase !== "closed" && lengthOf(s.track)).toBe(30);
    // Track 4 (withdrawn, nothing to play) is skipped.
    s = [...ready, { type: "ended" } as const].reduce(playerReducer, s);
    expect(at(s)).toBe(5);
    expect(s.phase !== "closed" && lengthOf(s.track)).toBe(500);
    // The last track ends: playback stops there.
    s = [...ready, { type: "ended" } as const].reduce(playerReducer, s);
    expect(s).toMatchObject({ phase: "ready", playing: false });
    expect(at(s)).toBe(5);
  });

  it("goes to the next and previous track, and no further than the ends", () => {
    let s = run({ type: "open", track: cd[1]!, queue: cd }, ...ready);
    expect(neighbours(s)).toEqual({ previous: true, next: true });
    s = playerReducer(s, { type: "previous" });
    expect(at(s)).toBe(1);
    expect(neighbours(s)).toEqual({ previous: false, next: true });
    expect(playerReducer(s, { type: "previous" })).toBe(s);
    s = ["next", "next", "next"].reduce(
      (x, type) => playerReducer(x, { type } as { type: "next" }),
      s,
    );
    expect(at(s)).toBe(5);
    expect(neighbours(s)).toEqual({ previous: true, next: false });
    expect(playerReducer(s, { type: "next" })).toBe(s);
    // Each move loads the track anew, an error included.
    const failed = playerReducer(s, { type: "failed" });
    expect(playerReducer(failed, { type: "previous" })).toMatchObject({ phase: "loading" });
  });

  it("a seek past the end stops on the track instead of going on", () => {
    const s = run({ type: "open", track: cd[0]!, queue: cd }, ...ready, { type: "stopped" });
    expect(s).toMatchObject({ phase: "ready", playing: false });
    expect(at(s)).toBe(1);
  });

  it("counts each open, so the same track opened again loads again", () => {
    const once = run({ type: "open", track: cd[0]!, queue: cd });
    const twice = playerReducer(once, { type: "open", track: cd[0]!, queue: cd });
    expect(twice.serial).toBe(once.serial + 1);
  });

  it("takes its lengths from the stored ones: the full track's for the owner, the sample's otherwise", () => {
    expect(lengthOf(cd[0]!)).toBe(100);
    expect(lengthOf(cd[2]!)).toBe(30);
    expect(lengthOf(cd[3]!)).toBe(0);
  });
});
