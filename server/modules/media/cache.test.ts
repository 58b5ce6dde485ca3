import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeOf, MediaCache } from "./cache.ts";

let dir: string;
const ROOMY = 1024 * 1024 * 1024;

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
    const cache = new MediaCache(path.join(dir, "a"), ROOMY);
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
    await new MediaCache(path.join(dir, "a"), ROOMY).get("cover/1-v1.png", produce);
    expect(produced).toBe(1);
    expect(await listFiles(path.join(dir, "a"))).toEqual(["1-v1.png"]);
  });

  it("reports whether each look on disk found the file", async () => {
    const seen: boolean[] = [];
    const cache = new MediaCache(path.join(dir, "counted"), ROOMY, (hit) => seen.push(hit));
    await cache.get("cover/2-v1.png", () => Buffer.from("a"));
    await cache.get("cover/2-v1.png", () => Buffer.from("a"));
    expect(seen).toEqual([false, true]);
  });

  it("does not cache a failed production", async () => {
    const cache = new MediaCache(path.join(dir, "b"), ROOMY);
    await expect(
      cache.get("page/1/p1.png", () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    const ok = await cache.get("page/1/p1.png", () => Buffer.from("x"));
    expect(ok.size).toBe(1);
  });

  it("refuses keys that could leave the directory", () => {
    const cache = new MediaCache(dir, ROOMY);
    for (const bad of ["../x.png", "a/../../x", "/etc/passwd", "A.png", "a//b", ".hidden", ""]) {
      expect(() => cache.pathOf(bad)).toThrow(/invalid media key/);
    }
    expect(contentTypeOf("v1/cover/1/v3-300x424.png")).toBe("image/png");
    expect(contentTypeOf("v1/track/1/2-240s.mp3")).toBe("audio/mpeg");
    expect(contentTypeOf("v2/cover/1/v3-300x424.webp")).toBe("image/webp");
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

  it("never lets the directory exceed the cap, removing the least recently used files", async () => {
    const root = path.join(dir, "capped");
    const cache = new MediaCache(root, 1000);
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
    const cache = new MediaCache(root, 1000);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => cache.get(`banner/${i}.png`, hundredBytes)),
    );
    expect(await bytesOnDisk(root)).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(await bytesOnDisk(root));
  });

  it("counts what an earlier run left on disk, oldest first", async () => {
    const root = path.join(dir, "restart");
    await mkdir(path.join(root, "banner"), { recursive: true });
    for (let i = 0; i < 10; i++) {
      const file = path.join(root, "banner", `old-${i}.png`);
      await writeFile(file, hundredBytes());
      const when = new Date(Date.UTC(2026, 0, 1 + i));
      await utimes(file, when, when);
    }
    const cache = new MediaCache(root, 1000);
    await cache.get("banner/new.png", hundredBytes);
    expect(await bytesOnDisk(root)).toBeLessThanOrEqual(1000);
    const left = await listFiles(root);
    expect(left).toContain("new.png");
    expect(left).not.toContain("old-0.png");
    expect(left).toContain("old-9.png");
  });
});
