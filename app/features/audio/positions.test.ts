import { describe, expect, it } from "vitest";
import type { PlayableTrack } from "./player-rules";
import {
  parsePositions,
  positionKey,
  RESUME_END_MARGIN_SEC,
  RESUME_MAX_TRACKS,
  RESUME_MIN_SEC,
  recordPosition,
  resumeAt,
} from "./positions";

const track = { cdId: 4, trackNo: 2 } as PlayableTrack;

describe("where a listener left a track (decision 0110)", () => {
  it("keeps the full track and its sample apart", () => {
    expect(positionKey(track, false)).toBe("4/2/full");
    expect(positionKey(track, true)).toBe("4/2/trial");
  });

  it("resumes a long track where it was left, and starts over near either end", () => {
    const kept = recordPosition({}, "4/2/full", 1234.56, 2400);
    expect(resumeAt(kept, "4/2/full", 2400)).toBe(1234.5);
    expect(resumeAt(kept, "4/3/full", 2400)).toBe(0);
    // Just begun, or nearly finished: nothing is kept, and an old position is dropped.
    expect(recordPosition(kept, "4/2/full", RESUME_MIN_SEC - 1, 2400)).toEqual({});
    expect(recordPosition(kept, "4/2/full", 2400 - RESUME_END_MARGIN_SEC, 2400)).toEqual({});
    // Heard to the end (recorded as 0): starts over.
    expect(resumeAt(recordPosition(kept, "4/2/full", 0, 2400), "4/2/full", 2400)).toBe(0);
  });

  it("never keeps a sample's position past the sample's own length", () => {
    // A position from the full track does not carry to the 30 s sample, and none past it is kept.
    expect(recordPosition({}, "4/2/trial", 45, 30)).toEqual({});
    expect(resumeAt({ "4/2/trial": 45 }, "4/2/trial", 30)).toBe(0);
    expect(resumeAt({ "4/2/full": 45 }, "4/2/trial", 30)).toBe(0);
    expect(resumeAt(recordPosition({}, "4/2/trial", 12, 30), "4/2/trial", 30)).toBe(12);
    // A track made shorter since (a new upload) does not resume past its new end.
    expect(resumeAt({ "4/2/full": 300 }, "4/2/full", 200)).toBe(0);
  });

  it("keeps the newest RESUME_MAX_TRACKS tracks", () => {
    let positions = {};
    for (let n = 1; n <= RESUME_MAX_TRACKS + 5; n++) {
      positions = recordPosition(positions, `1/${n}/full`, 60, 600);
    }
    const keys = Object.keys(positions);
    expect(keys).toHaveLength(RESUME_MAX_TRACKS);
    expect(keys[0]).toBe("1/6/full");
    // Recording one again moves it to the newest.
    positions = recordPosition(positions, "1/6/full", 70, 600);
    expect(Object.keys(positions).at(-1)).toBe("1/6/full");
  });

  it("reads whatever the storage held without failing", () => {
    expect(parsePositions(null)).toEqual({});
    expect(parsePositions("not json")).toEqual({});
    expect(parsePositions("[1,2]")).toEqual({});
    expect(parsePositions('{"1/2/full":30,"x":4,"1/3/full":"9","1/4/trial":-1}')).toEqual({
      "1/2/full": 30,
    });
  });
});
