import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import type { AppEnv, AppServices } from "../lib/context";
import { failure } from "../lib/errors";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics: the Prometheus text format of this process's registry. With METRICS_TOKEN set
 * only `Authorization: Bearer <token>` is answered (compared in constant time, through a hash so
 * that the token's length does not show either); unset, it is open (decision 0036).
 */
export function metricsAnswer({ env, metrics }: AppServices): Handler<AppEnv> {
  const expected = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : null;
  return async (c) => {
    c.header("Cache-Control", "no-store");
    if (expected) {
      const given = /^Bearer +(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return failure(c, 401, "メトリクスを見るには正しいトークンが必要です");
      }
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { "Content-Type": metrics.registry.contentType });
  };
}
