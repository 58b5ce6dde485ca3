import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeOf, MediaCache } from "./cache.ts";
import { coverFile, coverKey, pageKey, trackKey, trialKey } from "./files.ts";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "media-cache-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe("MediaCache", () => {
  it("produces once for concurrent requests, then serves from disk", async () => {
    const cache = new MediaCache(path.join(dir, "a"));
    let produced = 0;
    const produce = async () => {
      produced++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from("hello");
    };
    const [a, b, c] = await Promise.all([
      cache.get("cover/1-v1.png", produce),
      cache.get("cover/1-v1.png", produce),
      cache.get("cover/1-v1.png", produce),
    ]);
    expect(produced).toBe(1);
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect(a.size).toBe(5);
    expect(await readFile(a.path, "utf8")).toBe("hello");

    await cache.get("cover/1-v1.png", produce);
    await new MediaCache(path.join(dir, "a")).get("cover/1-v1.png", produce);
    expect(produced).toBe(1);
    expect(await listFiles(path.join(dir, "a"))).toEqual(["1-v1.png"]);
  });

  it("does not cache a failed production", async () => {
    const cache = new MediaCache(path.join(dir, "b"));
    await expect(
      cache.get("page/1/p1.png", () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    const ok = await cache.get("page/1/p1.png", () => Buffer.from("x"));
    expect(ok.size).toBe(1);
  });

  it("refuses keys that could leave the directory", () => {
    const cache = new MediaCache(dir);
    for (const bad of ["../x.png", "a/../../x", "/etc/passwd", "A.png", "a//b", ".hidden", ""]) {
      expect(() => cache.pathOf(bad)).toThrow(/invalid media key/);
    }
    expect(contentTypeOf("v1/cover/1/v3-300x424.png")).toBe("image/png");
    expect(contentTypeOf("v1/track/1/2-240s.mp3")).toBe("audio/mpeg");
  });
});

describe("media files", () => {
  it("names each distinct output by its inputs", () => {
    expect(coverKey({ seriesId: 123, volume: 3 })).toBe("v1/cover/123/v3-300x424.png");
    expect(coverKey({ seriesId: 123 })).toBe("v1/cover/123/series-300x424.png");
    expect(coverKey({ seriesId: 123, title: "A" })).not.toBe(
      coverKey({ seriesId: 123, title: "B" }),
    );
    expect(pageKey({ bookId: 5, page: 12, pageCount: 180 })).toBe(
      "v1/page/5/p12-of180-720x1024.png",
    );
    expect(trackKey({ cdId: 2, trackNo: 3, seconds: 240 })).toBe("v1/track/2/3-240s.mp3");
    expect(trialKey({ cdId: 2, trackNo: 3, seconds: 15 })).toBe("v1/trial/2/3-15s.mp3");
    expect(() => pageKey({ bookId: 5, page: 0, pageCount: 180 })).toThrow(/page/);
  });

  it("writes a generated cover once under DATA_DIR/media", async () => {
    const cache = new MediaCache(path.join(dir, "media"));
    const [a, b] = await Promise.all([
      coverFile(cache, { seriesId: 9, volume: 1 }),
      coverFile(cache, { seriesId: 9, volume: 1 }),
    ]);
    expect(a.path).toBe(path.join(dir, "media", "v1/cover/9/v1-300x424.png"));
    expect(b.path).toBe(a.path);
    const bytes = await readFile(a.path);
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(bytes.length).toBe(a.size);
    await expect(coverFile(cache, { seriesId: -5 })).rejects.toThrow(/seriesId/);
  });
});
