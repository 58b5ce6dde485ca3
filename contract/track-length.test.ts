import { describe, expect, it } from "vitest";
import { DEFAULT_TRIAL_SECONDS, formatTrackLength, trialSeconds } from "./track-length";

describe("a track's length as shown (issue 25 item 8)", () => {
  it("is m:ss, and h:mm:ss from an hour", () => {
    expect(formatTrackLength(0)).toBe("0:00");
    expect(formatTrackLength(9.9)).toBe("0:09");
    expect(formatTrackLength(65)).toBe("1:05");
    expect(formatTrackLength(599)).toBe("9:59");
    expect(formatTrackLength(3599)).toBe("59:59");
    expect(formatTrackLength(3600)).toBe("1:00:00");
    expect(formatTrackLength(3725)).toBe("1:02:05");
    expect(formatTrackLength(4800)).toBe("1:20:00");
    expect(formatTrackLength(Number.NaN)).toBe("0:00");
    expect(formatTrackLength(-4)).toBe("0:00");
  });

  it("a sample lasts what the catalog says, or the default, never longer than its track", () => {
    expect(trialSeconds({ durationSec: 200, trialDurationSec: 30 })).toBe(30);
    expect(trialSeconds({ durationSec: 200, trialDurationSec: null })).toBe(DEFAULT_TRIAL_SECONDS);
    expect(trialSeconds({ durationSec: 10, trialDurationSec: 30 })).toBe(10);
    expect(trialSeconds({ durationSec: 10, trialDurationSec: null })).toBe(10);
  });
});
