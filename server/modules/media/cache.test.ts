import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_VERSION } from "../../../contract/media.ts";
import { artThreads } from "../../db/seed/art/thread.ts";
import { s3Storage } from "../../lib/s3-storage.ts";
import { fileStorage, parseStorageUrl } from "../../lib/storage.ts";
import { MediaCache } from "./cache.ts";
import { coverFile, coverKey, pageKey, trackKey, trialKey } from "./files.ts";

let dir: string;
const ROOMY = 1024 * 1024 * 1024;
/** The real drawing threads, as the server has them. */
const drawer = artThreads();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "media-cache-"));
});

afterAll(async () => {
  await drawer.close();
  await rm(dir, { recursive: true, force: true });
});

/** A cache over a fresh folder store; its drawn files sit under `root`/drawn. */
const cacheIn = (root: string, maxBytes: number, onLookup?: (hit: boolean) => void) =>
  new MediaCache(fileStorage(root), maxBytes, onLookup);

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe("MediaCache", () => {
  it("produces once for concurrent requests, then serves from the store", async () => {
    const cache = cacheIn(path.join(dir, "a"), ROOMY);
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
    expect(a).toEqual({ key: "drawn/cover/1-v1.png", size: 5 });
    expect((await bytesOf((await cache.open(a))!.body)).toString()).toBe("hello");
    expect(await readFile(path.join(dir, "a", "drawn/cover/1-v1.png"), "utf8")).toBe("hello");

    await cache.get("cover/1-v1.png", produce);
    await cacheIn(path.join(dir, "a"), ROOMY).get("cover/1-v1.png", produce);
    expect(produced).toBe(1);
    expect(await listFiles(path.join(dir, "a"))).toEqual(["1-v1.png"]);
  });

  it("reports whether each look found the file", async () => {
    const seen: boolean[] = [];
    const cache = cacheIn(path.join(dir, "counted"), ROOMY, (hit) => seen.push(hit));
    await cache.get("cover/2-v1.png", () => Buffer.from("a"));
    await cache.get("cover/2-v1.png", () => Buffer.from("a"));
    expect(seen).toEqual([false, true]);
  });

  it("does not cache a failed production", async () => {
    const cache = cacheIn(path.join(dir, "b"), ROOMY);
    await expect(
      cache.get("page/1/p1.png", () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    const ok = await cache.get("page/1/p1.png", () => Buffer.from("x"));
    expect(ok.size).toBe(1);
  });

  it("refuses keys that could leave its prefix", () => {
    const cache = cacheIn(dir, ROOMY);
    for (const bad of ["../x.png", "a/../../x", "/etc/passwd", "A.png", "a//b", ".hidden", ""]) {
      expect(() => cache.keyOf(bad)).toThrow(/invalid storage key/);
    }
    expect(cache.keyOf("v1/cover/1/v3-300x424.png")).toBe("drawn/v1/cover/1/v3-300x424.png");
  });

  it("draws again a file another process removed from the store", async () => {
    const root = path.join(dir, "removed");
    const cache = cacheIn(root, ROOMY);
    let produced = 0;
    const produce = () => {
      produced++;
      return Buffer.from("drawn");
    };
    const first = await cache.get("cover/3.png", produce);
    await fileStorage(root).delete([first.key]);
    expect(await cache.open(first)).toBeNull();
    const again = await cache.get("cover/3.png", produce);
    expect(produced).toBe(2);
    expect((await bytesOf((await cache.open(again))!.body)).toString()).toBe("drawn");
  });

  it("serves a byte range of a drawn file from the store", async () => {
    const cache = cacheIn(path.join(dir, "ranged"), ROOMY);
    const media = await cache.get("track/1/1-9s.mp3", () => Buffer.from("0123456789"));
    const part = await cache.open(media, { start: 2, end: 5 });
    expect(part!.size).toBe(10);
    expect(part!.contentType).toBe("audio/mpeg");
    expect((await bytesOf(part!.body)).toString()).toBe("2345");
  });
});

describe("MediaCache size cap", () => {
  async function bytesOnDisk(root: string): Promise<number> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    let total = 0;
    for (const e of entries.filter((e) => e.isFile())) {
      total += (await stat(path.join(e.parentPath, e.name))).size;
    }
    return total;
  }
  const hundredBytes = () => Buffer.alloc(100, 1);

  it("never lets the drawn files exceed the cap, removing the least recently used files", async () => {
    const root = path.join(dir, "capped");
    const cache = cacheIn(root, 1000);
    await cache.get("banner/kept.png", hundredBytes);
    for (let i = 0; i < 40; i++) {
      await cache.get(`banner/${i}.png`, hundredBytes);
      // Served often, so it stays while newer but unused files go.
      await cache.get("banner/kept.png", hundredBytes);
      expect(await bytesOnDisk(root)).toBeLessThanOrEqual(1000);
    }
    const left = await listFiles(root);
    expect(left).toHaveLength(10);
    expect(left).toContain("kept.png");
    expect(left).toContain("39.png");
    expect(left).not.toContain("0.png");
  });

  it("keeps to the cap when many files are produced at once", async () => {
    const root = path.join(dir, "burst");
    const cache = cacheIn(root, 1000);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => cache.get(`banner/${i}.png`, hundredBytes)),
    );
    expect(await bytesOnDisk(root)).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(await bytesOnDisk(root));
  });

  it("counts what an earlier run left in the store, oldest first", async () => {
    const root = path.join(dir, "restart");
    await mkdir(path.join(root, "drawn", "banner"), { recursive: true });
    for (let i = 0; i < 10; i++) {
      const file = path.join(root, "drawn", "banner", `old-${i}.png`);
      await writeFile(file, hundredBytes());
      const when = new Date(Date.UTC(2026, 0, 1 + i));
      await utimes(file, when, when);
    }
    // Uploads beside the drawn files are not the cache's to count or remove.
    await fileStorage(root).put("pages/1/p1.png", Buffer.alloc(5000), "image/png");
    const cache = cacheIn(root, 1000);
    await cache.get("banner/new.png", hundredBytes);
    expect(await bytesOnDisk(path.join(root, "drawn"))).toBeLessThanOrEqual(1000);
    expect(await fileStorage(root).exists("pages/1/p1.png")).toBe(true);
    const left = await listFiles(path.join(root, "drawn"));
    expect(left).toContain("new.png");
    expect(left).not.toContain("old-0.png");
    expect(left).toContain("old-9.png");
  });
});

describe("media files", () => {
  it("names each distinct output by its inputs", () => {
    expect(coverKey({ seriesId: 123, volume: 3 })).toBe(
      `v${MEDIA_VERSION}/cover/123/v3-300x424.png`,
    );
    expect(coverKey({ seriesId: 123 })).toBe(`v${MEDIA_VERSION}/cover/123/series-300x424.png`);
    // Format and width are part of the key: each answer the route negotiates is its own file.
    expect(coverKey({ seriesId: 123, volume: 3, width: 160, height: 226 }, "webp")).toBe(
      `v${MEDIA_VERSION}/cover/123/v3-160x226.webp`,
    );
    expect(coverKey({ seriesId: 123, title: "A" })).not.toBe(
      coverKey({ seriesId: 123, title: "B" }),
    );
    expect(pageKey({ bookId: 5, page: 12, pageCount: 180 })).toBe(
      `v${MEDIA_VERSION}/page/5/p12-of180-720x1024.png`,
    );
    expect(trackKey({ cdId: 2, trackNo: 3, seconds: 240 })).toBe(
      `v${MEDIA_VERSION}/track/2/3-240s.mp3`,
    );
    expect(trialKey({ cdId: 2, trackNo: 3, seconds: 15 })).toBe(
      `v${MEDIA_VERSION}/trial/2/3-15s.mp3`,
    );
    expect(() => pageKey({ bookId: 5, page: 0, pageCount: 180 })).toThrow(/page/);
  });

  it("writes a generated cover once under drawn/ in the store", async () => {
    const root = path.join(dir, "store");
    const cache = cacheIn(root, ROOMY);
    const [a, b] = await Promise.all([
      coverFile(cache, drawer, { seriesId: 9, volume: 1 }),
      coverFile(cache, drawer, { seriesId: 9, volume: 1 }),
    ]);
    expect(a.key).toBe(`drawn/v${MEDIA_VERSION}/cover/9/v1-300x424.png`);
    expect(b.key).toBe(a.key);
    const bytes = await readFile(path.join(root, a.key));
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    const webp = await coverFile(cache, drawer, { seriesId: 9, volume: 1 }, "webp");
    expect(webp.key).toBe(`drawn/v${MEDIA_VERSION}/cover/9/v1-300x424.webp`);
    expect((await readFile(path.join(root, webp.key))).subarray(8, 12).toString("latin1")).toBe(
      "WEBP",
    );
    expect(bytes.length).toBe(a.size);
    await expect(coverFile(cache, drawer, { seriesId: -5 })).rejects.toThrow(/seriesId/);
  });
});

describe("drawn media in an S3 bucket", () => {
  let server: S3rver;
  let endpoint = "";
  beforeAll(async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(dir, "s3rver"),
      configureBuckets: [{ name: "komaya-media" }],
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  afterAll(async () => {
    await server?.close();
  });
  const bucket = (prefix: string) =>
    s3Storage(
      parseStorageUrl(`s3://komaya-media/${prefix}?endpoint=${endpoint}&region=us-east-1`),
      { credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } },
    );

  it("keeps a drawn cover in the bucket like an upload, read back on the next run", async () => {
    const storage = bucket("shop");
    const seen: boolean[] = [];
    const cover = await coverFile(new MediaCache(storage, ROOMY, (hit) => seen.push(hit)), drawer, {
      seriesId: 4,
      volume: 2,
    });
    expect(await storage.list("drawn")).toEqual([`drawn/v${MEDIA_VERSION}/cover/4/v2-300x424.png`]);
    const stored = await storage.get(cover.key);
    expect(stored!.contentType).toBe("image/png");
    expect((await bytesOf(stored!.body)).length).toBe(cover.size);
    // A new process over the same bucket finds it there instead of drawing it again.
    await coverFile(new MediaCache(storage, ROOMY, (hit) => seen.push(hit)), drawer, {
      seriesId: 4,
      volume: 2,
    });
    expect(seen).toEqual([false, true]);
  });

  it("keeps to the cap in the bucket, deleting the least recently used", async () => {
    const storage = bucket("capped");
    const cache = new MediaCache(storage, 300);
    for (const name of ["a", "b", "c", "d"])
      await cache.get(`banner/${name}.png`, () => Buffer.alloc(100, 1));
    const left = await storage.entries("drawn");
    expect(left.map((e) => e.key).sort()).toEqual([
      "drawn/banner/b.png",
      "drawn/banner/c.png",
      "drawn/banner/d.png",
    ]);
    expect(left.every((e) => e.size === 100)).toBe(true);
  });
});
