import { describe, expect, it } from "vitest";
import { detectDevice } from "./device";

describe("mobile means Android or iOS (spec 001 §1)", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36",
      "android",
      "sp",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      "ios",
      "sp",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      "ios",
      "sp",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
      "other",
      "pc",
    ],
    [undefined, "other", "pc"],
  ])("%s", (ua, os, device) => {
    expect(detectDevice(ua)).toEqual({ os, device });
  });
});
