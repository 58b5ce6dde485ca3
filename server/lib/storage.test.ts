import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { openStorage } from "./open-storage";
import { s3Storage } from "./s3-storage";
import { fileStorage, parseStorageUrl, type Storage } from "./storage";

async function bytesOf(body: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/**
 * The one contract every adapter keeps (issue 23): the same cases run against the folder and
 * against a bucket of a local S3 emulator, so code written against one works on the other.
 */
function storageContract(name: string, open: () => Storage) {
  describe(`${name} storage`, () => {
    it("gives back what was put, with its type, and says it exists", async () => {
      const storage = open();
      await storage.put("pages/12/s3/p001-720.webp", Buffer.from("page one"), "image/webp");
      expect(await storage.exists("pages/12/s3/p001-720.webp")).toBe(true);
      const file = await storage.get("pages/12/s3/p001-720.webp");
      expect(file).not.toBeNull();
      expect(file!.size).toBe(8);
      expect(file!.contentType).toBe("image/webp");
      expect((await bytesOf(file!.body)).bytes.toString()).toBe("page one");
    });

    it("answers null and false for a key nobody put", async () => {
      const storage = open();
      expect(await storage.get("covers/nothing-here.png")).toBeNull();
      expect(await storage.exists("covers/nothing-here.png")).toBe(false);
    });

    it("replaces a file put again under the same key", async () => {
      const storage = open();
      await storage.put("covers/7.png", Buffer.from("first"), "image/png");
      await storage.put("covers/7.png", Buffer.from("second, longer"), "image/png");
      const file = await storage.get("covers/7.png");
      expect(file!.size).toBe(14);
      expect((await bytesOf(file!.body)).bytes.toString()).toBe("second, longer");
      expect(await storage.list("covers")).toEqual(["covers/7.png"]);
    });

    it("deletes keys, a key already gone included", async () => {
      const storage = open();
      await storage.put("tracks/3/1.mp3", Buffer.from("a"), "audio/mpeg");
      await storage.put("tracks/3/2.mp3", Buffer.from("b"), "audio/mpeg");
      await storage.delete(["tracks/3/1.mp3", "tracks/3/never-was.mp3"]);
      expect(await storage.exists("tracks/3/1.mp3")).toBe(false);
      expect(await storage.get("tracks/3/1.mp3")).toBeNull();
      expect(await storage.exists("tracks/3/2.mp3")).toBe(true);
      await storage.delete([]);
    });

    it("lists every key under a folder and nothing beside it", async () => {
      const storage = open();
      for (const key of ["pages/40/a.webp", "pages/40/s3/b.webp", "pages/400/c.webp"])
        await storage.put(key, Buffer.from(key), "image/webp");
      expect((await storage.list("pages/40/")).sort()).toEqual([
        "pages/40/a.webp",
        "pages/40/s3/b.webp",
      ]);
      expect((await storage.list("pages/40")).sort()).toEqual([
        "pages/40/a.webp",
        "pages/40/s3/b.webp",
      ]);
      expect(await storage.list("pages/41")).toEqual([]);
      expect(await storage.list("")).toEqual(expect.arrayContaining(["pages/400/c.webp"]));
    });

    it("lists files under a folder with their size and last write", async () => {
      const storage = open();
      const before = Date.now() - 60_000;
      await storage.put("drawn/v1/a.png", Buffer.alloc(120), "image/png");
      await storage.put("drawn/v1/b/c.mp3", Buffer.alloc(7), "audio/mpeg");
      await storage.put("drawnish/d.png", Buffer.alloc(3), "image/png");
      const found = (await storage.entries("drawn")).sort((a, b) => a.key.localeCompare(b.key));
      expect(found.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: "drawn/v1/a.png", size: 120 },
        { key: "drawn/v1/b/c.mp3", size: 7 },
      ]);
      for (const entry of found) expect(entry.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(await storage.entries("drawn/v2")).toEqual([]);
      await expect(storage.entries("../")).rejects.toThrow(/invalid storage key/);
    });

    it("refuses keys that could leave the store or name nothing, before touching it", async () => {
      const storage = open();
      for (const key of ["../escape.png", "/abs.png", "Pages/1.png", "a//b.png", ".hidden", ""]) {
        await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.exists(key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete([key])).rejects.toThrow(/invalid storage key/);
      }
      await expect(storage.list("../")).rejects.toThrow(/invalid storage key/);
    });

    it("keeps every byte value intact", async () => {
      const storage = open();
      const all = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      await storage.put("bin/all-bytes.json", all, "application/octet-stream");
      const file = await storage.get("bin/all-bytes.json");
      expect((await bytesOf(file!.body)).bytes.equals(all)).toBe(true);
    });

    it("streams a large file in pieces, and a byte range of it", async () => {
      const storage = open();
      const big = randomBytes(6 * 1024 * 1024);
      await storage.put("tracks/9/whole.m4a", big, "audio/mp4");
      const file = await storage.get("tracks/9/whole.m4a");
      expect(file!.size).toBe(big.byteLength);
      const read = await bytesOf(file!.body);
      // Read as a stream, never handed over as one buffer.
      expect(read.chunks).toBeGreaterThan(1);
      expect(sha(read.bytes)).toBe(sha(big));

      const part = await storage.get("tracks/9/whole.m4a", { start: 1000, end: 1999 });
      expect(part!.size).toBe(big.byteLength);
      expect((await bytesOf(part!.body)).bytes.equals(big.subarray(1000, 2000))).toBe(true);
    }, 60_000);
  });
}

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "komaya-storage-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

storageContract("file", () => fileStorage(path.join(folder, "files")));

describe("on an S3 emulator", () => {
  let server: S3rver;
  let endpoint = "";
  beforeAll(async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(folder, "s3rver"),
      configureBuckets: [{ name: "komaya-test" }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  // The emulator's fixed keys; a real store's come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  storageContract("s3", () =>
    s3Storage(parseStorageUrl(`s3://komaya-test/store?endpoint=${endpoint}&region=us-east-1`), {
      credentials,
    }),
  );

  it("keeps two stores sharing a bucket apart by their path prefix", async () => {
    const url = (prefix: string) =>
      parseStorageUrl(`s3://komaya-test/${prefix}?endpoint=${endpoint}&region=us-east-1`);
    const staging = s3Storage(url("staging"), { credentials });
    const live = s3Storage(url("live"), { credentials });
    await staging.put("covers/1.png", Buffer.from("staging"), "image/png");
    expect(await live.exists("covers/1.png")).toBe(false);
    expect(await staging.list("covers")).toEqual(["covers/1.png"]);
  });
});

describe("STORAGE_URL", () => {
  it("names a bucket, its region and, for stores other than AWS, their endpoint", () => {
    expect(
      parseEnv({
        STORAGE_URL: "s3://komaya-media?endpoint=https://abc.r2.cloudflarestorage.com&region=auto",
      }).STORAGE_URL,
    ).toEqual({
      bucket: "komaya-media",
      prefix: "",
      region: "auto",
      endpoint: "https://abc.r2.cloudflarestorage.com",
    });
    expect(
      parseEnv({ STORAGE_URL: "s3://komaya-media/shop?region=ap-northeast-1" }).STORAGE_URL,
    ).toEqual({
      bucket: "komaya-media",
      prefix: "shop",
      region: "ap-northeast-1",
      endpoint: undefined,
    });
    expect(parseEnv({ STORAGE_URL: "" }).STORAGE_URL).toBeUndefined();
  });

  it("stops the store at start with one line saying what is wrong", () => {
    const wrong: Array<[string, RegExp]> = [
      ["https://bucket.s3.amazonaws.com", /STORAGE_URL must look like s3:\/\/bucket/],
      ["s3://komaya-media", /STORAGE_URL must say its region/],
      ["s3://Bad_Bucket?region=auto", /STORAGE_URL names no valid bucket/],
      ["s3://komaya-media?region=auto&endpoint=ftp://host", /no http:\/\/ or https:\/\//],
      ["s3://key:secret@komaya-media?region=auto", /AWS_ACCESS_KEY_ID/],
      ["s3://komaya-media?region=auto&bucket=x", /unknown parameter "bucket"/],
      ["s3://komaya-media/Shop_A?region=auto", /no valid key prefix/],
    ];
    for (const [value, message] of wrong)
      expect(() => parseEnv({ STORAGE_URL: value })).toThrow(message);
  });

  it("opens the folder under DATA_DIR when unset and the bucket when set", async () => {
    expect((await openStorage({ DATA_DIR: folder, STORAGE_URL: undefined })).kind).toBe("file");
    const s3 = await openStorage(parseEnv({ STORAGE_URL: "s3://komaya-media?region=auto" }));
    expect(s3.kind).toBe("s3");
  });
});
