import {
  type ByteRange,
  checkStorageKey,
  contentTypeOfKey,
  type Storage,
  type StoredFile,
} from "../../lib/storage";

/** A drawn file as the store holds it. */
export interface CachedMedia {
  /** Its key in the Storage (under DRAWN). */
  key: string;
  size: number;
}

/** Where drawn media sit in the Storage, apart from uploads (decision 0086). */
export const DRAWN = "drawn";

/**
 * The seed's generated art and tracks, kept in the one Storage as uploads are (a folder under
 * DATA_DIR/store, or the bucket STORAGE_URL names). A file is drawn on its first request and read
 * from the store afterwards; the store writes a key whole or not at all, so a reader (or another
 * app process sharing the store) never sees half a file. Requests for a key that is being drawn
 * wait for that drawing instead of starting their own.
 *
 * The drawn files hold at most `maxBytes`: before a new file is put, the least recently used ones
 * are deleted to make room, so requests can never grow them past the cap. What the store holds is
 * listed once, on first use (oldest write first); after that every serve marks a file as recently
 * used, and a file this process knows is served without asking the store whether it is there.
 * Processes sharing the store each keep to the cap on what they have seen, and a file another
 * process removed is simply drawn again (see `open`).
 */
export class MediaCache {
  private readonly inFlight = new Map<string, Promise<CachedMedia>>();
  /** Drawn files and their sizes by storage key, least recently used first (insertion order). */
  private readonly files = new Map<string, number>();
  private total = 0;
  private listed: Promise<void> | undefined;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    readonly storage: Storage,
    /** MEDIA_CACHE_MB in bytes. */
    readonly maxBytes: number,
    /** Each look: the file was in the store or had to be drawn (metrics count them). */
    private readonly onLookup: (hit: boolean) => void = () => {},
  ) {}

  /** The storage key of a drawn file, or a throw for a key that could leave the prefix. */
  keyOf(key: string): string {
    return checkStorageKey(`${DRAWN}/${key}`);
  }

  get(key: string, produce: () => Buffer | Promise<Buffer>): Promise<CachedMedia> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const stored = this.keyOf(key);
    const job = this.load(stored, produce).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, job);
    return job;
  }

  /**
   * Streams a drawn file (bytes start…end with a range). Null when it has gone from the store
   * (another process evicted it): it is forgotten, so the next `get` draws it again.
   */
  async open(media: CachedMedia, range?: ByteRange): Promise<StoredFile | null> {
    const file = await this.storage.get(media.key, range);
    if (!file) this.forget(media.key);
    return file;
  }

  /** Bytes the cache holds by its own count (what it has listed and written). */
  get size(): number {
    return this.total;
  }

  private async load(key: string, produce: () => Buffer | Promise<Buffer>): Promise<CachedMedia> {
    this.listed ??= this.listStore();
    await this.listed;
    const known = this.files.get(key);
    if (known !== undefined) {
      this.onLookup(true);
      this.remember(key, known);
      return { key, size: known };
    }
    // Not seen by this process: another one sharing the store may have drawn it since the listing.
    const found = await this.storage.get(key);
    if (found) {
      found.body.destroy();
      this.onLookup(true);
      this.remember(key, found.size);
      return { key, size: found.size };
    }
    this.onLookup(false);
    const data = await produce();
    // Drawing runs in parallel; making room and writing run one at a time, so every reservation
    // sees all files already written and the store stays within the cap even in a burst.
    const write = this.writing.then(() => this.store(key, data));
    this.writing = write.catch(() => {});
    return write;
  }

  private async store(key: string, data: Buffer): Promise<CachedMedia> {
    await this.makeRoom(data.length, key);
    try {
      await this.storage.put(key, data, contentTypeOfKey(key));
    } catch (error) {
      this.total -= data.length;
      throw error;
    }
    this.files.set(key, data.length);
    return { key, size: data.length };
  }

  /** Marks a file as just used, moving it to the back of the eviction queue. */
  private remember(key: string, size: number) {
    this.forget(key);
    this.files.set(key, size);
    this.total += size;
  }

  private forget(key: string) {
    const size = this.files.get(key);
    if (size === undefined) return;
    this.files.delete(key);
    this.total -= size;
  }

  /** Reserves `bytes` for `key`, deleting least recently used files until it fits. */
  private async makeRoom(bytes: number, key: string) {
    this.forget(key);
    this.total += bytes;
    const victims: string[] = [];
    for (const [victim, size] of this.files) {
      if (this.total <= this.maxBytes) break;
      this.files.delete(victim);
      this.total -= size;
      victims.push(victim);
    }
    await this.storage.delete(victims);
  }

  /** What an earlier run (or another process) left in the store, oldest first. */
  private async listStore() {
    const found = await this.storage.entries(DRAWN);
    found.sort((a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime());
    for (const { key, size } of found) {
      if (!this.files.has(key)) {
        this.files.set(key, size);
        this.total += size;
      }
    }
  }
}
