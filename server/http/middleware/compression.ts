import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { Context, MiddlewareHandler } from "hono";
import {
  bodyBytes,
  compressBytes,
  compressStream,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  varyOnEncoding,
} from "../../lib/compression";
import { setAnswerHeader } from "./answer-header";

/** Swaps the answer without Hono copying the old one's headers (its Content-Length) onto it. */
function replaceResponse(c: Context, body: BodyInit | null, from: Response, headers: Headers) {
  c.res = undefined as never;
  c.res = new Response(body, { status: from.status, statusText: from.statusText, headers });
}

/**
 * Brotli or gzip for text answers (HTML, JSON, JavaScript, CSS, SVG), as the browser's
 * Accept-Encoding allows. Skipped for tiny bodies, binary types, partial (206) and empty
 * answers, and answers already encoded (precompressed assets, stored shared answers).
 * A streamed page stays streamed: each chunk is compressed and flushed as it arrives.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressible(res.headers.get("content-type"))) return;
    // Whatever this request got, another Accept-Encoding may get other bytes.
    setAnswerHeader(c, "Vary", varyOnEncoding(res.headers.get("vary")));
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    // The body is looked at last: on Hono's light answers reading it builds a whole Response.
    if (
      !encoding ||
      c.req.method === "HEAD" ||
      res.status !== 200 ||
      res.headers.has("content-encoding") ||
      res.headers.has("content-range") ||
      /no-transform/i.test(res.headers.get("cache-control") ?? "") ||
      !res.body
    )
      return;
    const declared = res.headers.get("content-length");
    if (declared !== null && Number(declared) < MIN_COMPRESS_BYTES) return;

    const headers = new Headers(res.headers);
    headers.delete("content-length");
    // Other bytes than the identity answer: its strong validator would claim they are the same.
    const etag = headers.get("etag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    if (declared === null && /^text\/html/i.test(res.headers.get("content-type")!)) {
      const compressor = compressStream(encoding);
      pipeline(Readable.fromWeb(res.body as NodeWebStream), compressor, () => {
        // A closed connection ends both ends; nothing is left to answer.
      });
      headers.set("Content-Encoding", encoding);
      replaceResponse(c, Readable.toWeb(compressor) as ReadableStream, res, headers);
      return;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength < MIN_COMPRESS_BYTES) {
      headers.set("Content-Length", String(bytes.byteLength));
      replaceResponse(c, bytes, res, headers);
      return;
    }
    const compressed = await compressBytes(bytes, encoding);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(compressed.byteLength));
    replaceResponse(c, bodyBytes(compressed), res, headers);
  };
}
