import { afterAll, describe, expect, it } from "vitest";
import { draw } from "./draw";
import { artThreads } from "./thread";

const threads = artThreads();
afterAll(() => threads.close());

describe("the demo's drawing threads", () => {
  it("give the same bytes as drawing here, for a picture and a sound", async () => {
    const cover = { kind: "cover", input: { seriesId: 7, volume: 2 }, format: "webp" } as const;
    const trial = { kind: "trial", input: { cdId: 3, trackNo: 1, seconds: 5 } } as const;
    expect((await threads.draw(cover)).equals(await draw(cover))).toBe(true);
    expect((await threads.draw(trial)).equals(await draw(trial))).toBe(true);
  });

  it("leave the serving thread free while they work: its timers keep firing through a track", async () => {
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const mp3 = await threads.draw({ kind: "trial", input: { cdId: 11, trackNo: 2, seconds: 20 } });
    const took = performance.now() - started;
    clearInterval(timer);
    expect(mp3.subarray(0, 1)[0]).toBe(0xff);
    // Drawn on this thread, the one gap would be the whole encoding.
    expect(longestGap).toBeLessThan(took / 2);
  });

  it("send a bad request's error back, and start again after being stopped", async () => {
    await expect(
      threads.draw({ kind: "page", input: { bookId: 1, page: 3, pageCount: 2 }, format: "png" }),
    ).rejects.toMatchObject({ name: "MediaInputError", message: expect.stringMatching(/page/) });
    await threads.close();
    const png = await threads.draw({ kind: "square", input: { id: 5 }, format: "png" });
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});
