import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the highest q-value
 * wins, brotli before gzip on a tie, `*` stands for codings not named, q=0 refuses one.
 * Null means identity: no header, or nothing we produce is accepted.
 */
export function negotiateEncoding(
  header: string | null | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") {
        const n = Number(value);
        weight = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    // x-gzip is gzip's old name (RFC 9110 §8.4.1.3).
    q[name.trim() === "x-gzip" ? "gzip" : name.trim()] = weight;
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const weight = q[encoding] ?? q["*"] ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}

/** HTML, JSON, JavaScript, CSS, SVG and other text; images, audio and fonts already are compressed. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return Boolean(contentType && COMPRESSIBLE.test(contentType));
}

/** Answers computed on request: brotli quality 5 is near gzip's speed and still smaller. */
const DYNAMIC_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** Bytes compressed once and kept (shared answers, build assets) get the slowest, smallest setting. */
const STORED_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One body compressed in the thread pool, so the event loop keeps answering meanwhile. */
export function compressBytes(body: Uint8Array, encoding: Encoding, kept = false): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, kept ? STORED_BROTLI : DYNAMIC_BROTLI)
    : gzip(body, { level: kept ? 9 : 6 });
}

/**
 * A compressing stream that flushes after every chunk, so a streamed page's early bytes (the
 * head, the first sections) leave at once instead of waiting for the compressor's window.
 */
export function compressStream(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === "br"
    ? zlib.createBrotliCompress({
        ...DYNAMIC_BROTLI,
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })
    : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
}

/** Adds Accept-Encoding to a Vary header value without repeating it. */
export function varyOnEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  if (vary.split(",").some((v) => /^\s*(accept-encoding|\*)\s*$/i.test(v))) return vary;
  return `${vary}, Accept-Encoding`;
}

/** A Buffer's bytes as a plain Uint8Array body, without copying them. */
export function bodyBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
