import { randomUUID } from "node:crypto";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

export interface CachedMedia {
  /** Absolute path of the cached file. */
  path: string;
  size: number;
}

/** Lower-case segments of letters, digits and single . - _ between them; no "..", no leading dot. */
const KEY = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/;

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".mp3": "audio/mpeg",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
}

/**
 * Generated media on disk (normally DATA_DIR/media). A file is produced on its first request and
 * served from disk afterwards. Writes go to a temporary file that is renamed into place, so a
 * reader (or another app process sharing the directory) never sees half a file. Requests for a
 * key that is being produced wait for that production instead of starting their own.
 */
export class MediaCache {
  readonly dir: string;
  private readonly inFlight = new Map<string, Promise<CachedMedia>>();

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  pathOf(key: string): string {
    if (key.length > 200 || !KEY.test(key))
      throw new Error(`invalid media key ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }

  get(key: string, produce: () => Buffer | Promise<Buffer>): Promise<CachedMedia> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const file = this.pathOf(key);
    const job = this.load(file, produce).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, job);
    return job;
  }

  private async load(file: string, produce: () => Buffer | Promise<Buffer>): Promise<CachedMedia> {
    try {
      const found = await stat(file);
      if (found.isFile()) return { path: file, size: found.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const data = await produce();
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    return { path: file, size: data.length };
  }
}
