/**
 * A least-recently-used map bounded by the bytes its values hold, not by their number: one
 * large answer and a thousand small ones weigh what they really cost. Entries also expire.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; until: number }>();
  private used = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-inserted so the Map's order runs from least to most recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.delete(key);
    const bytes = this.sizeOf(value) + key.length;
    // One value larger than the whole cache would only empty it.
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes, until: this.now() + ttlMs });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.used -= hit.bytes;
  }
}
