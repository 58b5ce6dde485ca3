import { randomUUID } from "node:crypto";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
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
  ".webp": "image/webp",
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
 *
 * The directory holds at most `maxBytes`: before a new file is written, the least recently used
 * files are removed to make room, so requests can never grow it past the cap. What is on disk is
 * listed once, on first use (oldest modification first); after that every serve marks a file as
 * recently used. Processes sharing the directory each keep to the cap on what they have seen, and
 * a file another process removed is simply produced again.
 */
export class MediaCache {
  readonly dir: string;
  private readonly inFlight = new Map<string, Promise<CachedMedia>>();
  /** Files on disk and their sizes, least recently used first (Map keeps insertion order). */
  private readonly files = new Map<string, number>();
  private total = 0;
  private listed: Promise<void> | undefined;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    dir: string,
    /** MEDIA_CACHE_MB in bytes. */
    readonly maxBytes: number,
    /** Each look on disk: the file was there or had to be produced (metrics count them). */
    private readonly onLookup: (hit: boolean) => void = () => {},
  ) {
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

  /** Bytes the cache holds by its own count (what it has listed and written). */
  get size(): number {
    return this.total;
  }

  private async load(file: string, produce: () => Buffer | Promise<Buffer>): Promise<CachedMedia> {
    this.listed ??= this.listDisk();
    await this.listed;
    try {
      const found = await stat(file);
      if (found.isFile()) {
        this.onLookup(true);
        this.remember(file, found.size);
        return { path: file, size: found.size };
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      this.forget(file);
    }
    this.onLookup(false);
    const data = await produce();
    // Drawing runs in parallel; making room and writing run one at a time, so every reservation
    // sees all files already written and the directory stays within the cap even in a burst.
    const write = this.writing.then(() => this.store(file, data));
    this.writing = write.catch(() => {});
    return write;
  }

  private async store(file: string, data: Buffer): Promise<CachedMedia> {
    await this.makeRoom(data.length, file);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (error) {
      this.total -= data.length;
      await unlink(temp).catch(() => {});
      throw error;
    }
    this.files.set(file, data.length);
    return { path: file, size: data.length };
  }

  /** Marks a file as just used, moving it to the back of the eviction queue. */
  private remember(file: string, size: number) {
    this.forget(file);
    this.files.set(file, size);
    this.total += size;
  }

  private forget(file: string) {
    const size = this.files.get(file);
    if (size === undefined) return;
    this.files.delete(file);
    this.total -= size;
  }

  /** Reserves `bytes` for `file`, removing least recently used files until it fits. */
  private async makeRoom(bytes: number, file: string) {
    this.forget(file);
    this.total += bytes;
    const victims: string[] = [];
    for (const [victim, size] of this.files) {
      if (this.total <= this.maxBytes) break;
      this.files.delete(victim);
      this.total -= size;
      victims.push(victim);
    }
    await Promise.all(
      victims.map((victim) =>
        unlink(victim).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  }

  /** What an earlier run (or another process) left on disk, oldest first; temp files are being written. */
  private async listDisk() {
    let entries: string[];
    try {
      entries = (await readdir(this.dir, { recursive: true })).map(String);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const found: Array<{ file: string; size: number; mtime: number }> = [];
    for (const entry of entries) {
      if (entry.endsWith(".tmp")) continue;
      const file = path.join(this.dir, entry);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      found.push({ file, size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const { file, size } of found) {
      if (!this.files.has(file)) {
        this.files.set(file, size);
        this.total += size;
      }
    }
  }
}
