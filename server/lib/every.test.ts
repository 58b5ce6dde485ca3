import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger";
import { every } from "./every";

function recordingLogger() {
  const errors: string[] = [];
  const logger = {
    debug() {},
    info() {},
    warn() {},
    error(msg: string) {
      errors.push(msg);
    },
    child() {
      return logger;
    },
  } as Logger;
  return { logger, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("every", () => {
  it("runs at start and on each tick, skipping a tick while a pass is still running", async () => {
    vi.useFakeTimers();
    const { logger } = recordingLogger();
    let passes = 0;
    let release: () => void = () => {};
    const stop = every("slow job", 1000, logger, async () => {
      passes++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(passes).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(2);
  });

  it("logs a failed pass by the job's name and keeps the schedule", async () => {
    vi.useFakeTimers();
    const { logger, errors } = recordingLogger();
    let passes = 0;
    const stop = every("mail delivery", 1000, logger, async () => {
      passes++;
      throw new Error("smtp down");
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(3);
    expect(errors).toEqual([
      "mail delivery failed",
      "mail delivery failed",
      "mail delivery failed",
    ]);
    stop();
  });
});
