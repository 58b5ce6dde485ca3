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
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes these keys; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under a prefix ("pages/12/"), in no particular order. */
  list(prefix: string): Promise<string[]>;
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
function contentTypeOfKey(key: string): string {
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
    async get(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: contentTypeOfKey(key),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async list(prefix) {
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
    },
  };
}
