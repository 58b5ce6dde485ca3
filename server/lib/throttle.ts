import type { Context } from "hono";
import type { Attempt, LimitRule, RateLimiter } from "../rate-limit";
import { ApiError } from "./errors";

/** The 429 of a refused attempt: its message, and Retry-After from the rule's window. */
export function tooManyAttempts(c: Context, attempt: Attempt, message: string): never {
  c.header("Retry-After", String(attempt.retryAfterSeconds));
  throw new ApiError(429, message);
}

/**
 * Counts one attempt under the rule before the work it guards, and refuses past the limit with a
 * 429 (decision 0050). Answers the attempt, so a success can be refunded.
 */
export async function throttle(
  c: Context,
  limiter: RateLimiter,
  rule: LimitRule,
  key: string,
  message: string,
): Promise<Attempt> {
  const attempt = await limiter.attempt(rule, key);
  if (!attempt.allowed) tooManyAttempts(c, attempt, message);
  return attempt;
}
