import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import {
  bodyBytes,
  ENCODING_SUFFIX,
  ENCODINGS,
  isCompressible,
  negotiateEncoding,
} from "../lib/compression";

export const IMMUTABLE = "public, max-age=31536000, immutable";

interface Asset {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const assetName = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9_.-]*)$/;

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/**
 * The hashed build assets (build/client/assets), with the .br and .gz files written at build
 * time (scripts/compress-assets.mjs) sent as they are for the coding the browser accepts. A name
 * carries its content hash, so the bytes never change: each file is read once and kept, and
 * browsers may keep it a year. Range requests are left to the plain file server (`next`).
 */
export function precompressedAssets(clientDir: string): MiddlewareHandler {
  const dir = path.join(clientDir, "assets");
  const kept = new Map<string, Promise<Asset | null>>();
  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(dir, name);
    const identity = await readOptional(file);
    if (!identity) return null;
    const type = getMimeType(name) ?? "application/octet-stream";
    const compressible = isCompressible(type);
    return {
      type,
      identity,
      br: compressible ? await readOptional(file + ENCODING_SUFFIX.br) : null,
      gzip: compressible ? await readOptional(file + ENCODING_SUFFIX.gzip) : null,
    };
  };
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (c.req.header("range")) return next();
    const name = assetName.exec(c.req.path)?.[1];
    if (!name) return next();
    let pending = kept.get(name);
    if (!pending) {
      pending = load(name);
      kept.set(name, pending);
    }
    const asset = await pending;
    if (!asset) {
      // Not kept, so a stream of made-up names cannot grow the map.
      kept.delete(name);
      return next();
    }
    const available = ENCODINGS.filter((e) => asset[e] !== null);
    const encoding = negotiateEncoding(c.req.header("accept-encoding"), available);
    const body = encoding ? asset[encoding]! : asset.identity;
    c.header("Content-Type", asset.type);
    c.header("Content-Length", String(body.byteLength));
    c.header("Cache-Control", IMMUTABLE);
    if (isCompressible(asset.type)) c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.req.method === "HEAD" ? c.body(null, 200) : c.body(bodyBytes(body), 200);
  };
}
