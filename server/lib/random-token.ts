import { randomFillSync } from "node:crypto";

/**
 * Random strings for per-request tokens (visitor id, CSRF token, CSP nonce), taken from a pool
 * of bytes the operating system's CSPRNG filled in one call: a fresh visitor's request needs
 * three of them, and one `randomBytes` call each cost 11 % of `/api/status` under load
 * (`node --cpu-prof`). The bytes are as random as randomBytes's; each is handed out once.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

export function randomToken(bytes: number, encoding: "base64url" | "base64" = "base64url"): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomToken: at most ${POOL_BYTES} bytes`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString(encoding, used, used + bytes);
  used += bytes;
  return token;
}
