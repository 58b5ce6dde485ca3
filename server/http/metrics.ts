import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import type { AppEnv, AppServices } from "../lib/context";
import { failure } from "../lib/errors";

export const METRICS_PATH = "/metrics";

export const METRICS_CLOSED = "本番環境のメトリクスは METRICS_TOKEN を設定したときだけ公開されます";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics: the Prometheus text format of the server's figures (of every worker process when
 * there are several, decision 0041). With METRICS_TOKEN set
 * only `Authorization: Bearer <token>` is answered (compared in constant time, through a hash so
 * that the token's length does not show either); unset, it is open in a local run and answers
 * nothing in production (decisions 0036, 0048).
 */
export function metricsAnswer({ env, metrics }: AppServices): Handler<AppEnv> {
  const expected = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : null;
  // In production the figures (traffic by route, pool use) are served only behind a token; a
  // local run keeps them open (decision 0048).
  const closed = !expected && env.NODE_ENV === "production";
  return async (c) => {
    c.header("Cache-Control", "no-store");
    if (closed) return failure(c, 404, METRICS_CLOSED);
    if (expected) {
      const given = /^Bearer +(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return failure(c, 401, "メトリクスを見るには正しいトークンが必要です");
      }
    }
    // Only after the token: a refused caller must not make every worker collect its figures.
    const text = await metrics.exposition();
    return c.body(text, 200, { "Content-Type": metrics.registry.contentType });
  };
}
