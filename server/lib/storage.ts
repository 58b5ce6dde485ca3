import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** A stored file as it is read back: streamed, never read whole into memory by the store. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/** Bytes start…end of a file, both counted from 0 and included, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where every stored file lives (issue 23): uploaded pages, covers, jackets and tracks, their
 * derivatives, and the seed's generated art. One interface, two places: a folder under DATA_DIR
 * (the embedded default) or an S3-compatible bucket (STORAGE_URL). Keys are relative paths of
 * lower-case segments ("pages/12/s3/p001-720.webp"); a key is written whole or not at all, so a
 * reader never sees half a file.
 */
export interface Storage {
  readonly kind: "file" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The file, or null when no file has that key. With a range, only bytes start…end (inclusive,
   * within the file) are streamed, for audio that seeks; `size` stays the whole file's.
   */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes these keys; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under a prefix ("pages/12/"), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * The same files with their size and last write, for a caller that keeps the store under a cap
   * (the drawn media's least-recently-used eviction counts what an earlier run left).
   */
  entries(prefix: string): Promise<StoredEntry[]>;
}

export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Lower-case segments of letters, digits and single . - _ between them; no "..", no leading dot. */
const KEY = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/;

/** Refuses a key that could leave the store's folder or name nothing. */
export function checkStorageKey(key: string): string {
  if (key.length > 300 || !KEY.test(key))
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

function checkPrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/$/, "");
  if (trimmed !== "") checkStorageKey(trimmed);
  return trimmed;
}

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".json": "application/json",
};

/** The file adapter keeps no metadata beside the bytes, so the type comes from the extension. */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
}

/**
 * Files in a folder (DATA_DIR/store by default). A write goes to a temporary file renamed into
 * place, so another process sharing the folder sees the old file or the new, never half of one.
 */
export function fileStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const pathOf = (key: string) => path.join(root, checkStorageKey(key));
  return {
    kind: "file",
    async put(key, body, _contentType) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async get(key, range) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file, range),
          size: info.size,
          contentType: contentTypeOfKey(key),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      const file = pathOf(key);
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    list: keysUnder,
    async entries(prefix) {
      const found = await Promise.all(
        (await keysUnder(prefix)).map(async (key) => {
          // A file removed between the listing and its stat is simply not there any more.
          const info = await stat(path.join(root, key)).catch(() => null);
          return info?.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
        }),
      );
      return found.filter((entry) => entry !== null);
    },
  };

  async function keysUnder(prefix: string): Promise<string[]> {
    const base = checkPrefix(prefix);
    const start = base === "" ? root : path.join(root, base);
    try {
      const entries = await readdir(start, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".part"))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .map((relative) => relative.split(path.sep).join("/"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }
}

/** Where an S3-compatible store is, as STORAGE_URL names it (s3://bucket/prefix?endpoint=…&region=…). */
export interface S3Location {
  bucket: string;
  /** Prepended to every key ("" for none): several stores can share one bucket. */
  prefix: string;
  region: string;
  /** The store's address; unset for AWS S3 itself. Path-style addressing is used with it. */
  endpoint: string | undefined;
}

/** S3's own rules for a bucket name (3–63 of a-z 0-9 . -, starting and ending alphanumeric). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,32}$/;

/**
 * Reads STORAGE_URL, or throws saying what is wrong with it: env.ts calls it, so a misnamed
 * bucket or a missing region stops the process at start rather than at the first upload.
 */
export function parseStorageUrl(value: string): S3Location {
  const url = URL.parse(value);
  if (url?.protocol !== "s3:")
    throw new Error("must look like s3://bucket?endpoint=https://host&region=name");
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    throw new Error(`names no valid bucket (${JSON.stringify(bucket)}): 3–63 of a-z 0-9 . -`);
  if (url.username || url.password)
    throw new Error(
      "must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead",
    );
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (prefix !== "" && !KEY.test(prefix))
    throw new Error(`has a path that is no valid key prefix (${JSON.stringify(prefix)})`);
  const known = new Set(["endpoint", "region"]);
  for (const name of url.searchParams.keys())
    if (!known.has(name)) throw new Error(`has an unknown parameter ${JSON.stringify(name)}`);
  const region = url.searchParams.get("region") ?? "";
  if (!REGION.test(region))
    throw new Error("must say its region (?region=us-east-1, or auto for Cloudflare R2)");
  const endpointText = url.searchParams.get("endpoint");
  let endpoint: string | undefined;
  if (endpointText !== null) {
    const parsed = URL.parse(endpointText);
    if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:"))
      throw new Error("has an endpoint that is no http:// or https:// address");
    if (parsed.pathname !== "/" || parsed.search || parsed.username)
      throw new Error("has an endpoint with more than scheme, host and port");
    endpoint = parsed.origin;
  }
  return { bucket, prefix, region, endpoint };
}
