import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgressGate, PROGRESS_DURATION_MS } from "./progress-gate";

describe("the route progress bar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never shows for a navigation that ends within 200 ms", () => {
    const show = vi.fn();
    const done = vi.fn();
    const gate = createProgressGate(show, done);
    gate.busy(true);
    vi.advanceTimersByTime(199);
    gate.busy(false);
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });

  it("shows at 200 ms and finishes when the navigation ends", () => {
    const show = vi.fn();
    const done = vi.fn();
    const gate = createProgressGate(show, done);
    gate.busy(true);
    vi.advanceTimersByTime(199);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    gate.busy(true);
    vi.advanceTimersByTime(1000);
    expect(show).toHaveBeenCalledTimes(1);
    gate.busy(false);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("runs over 5000 ms", () => {
    expect(PROGRESS_DURATION_MS).toBe(5000);
  });
});
