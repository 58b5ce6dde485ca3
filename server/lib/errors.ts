import type { Context } from "hono";

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

export interface FailureExtra {
  /** A page the caller should go to instead (the login page, a campaign list). */
  error_url?: string;
  /** The input field at fault, for the form to mark. */
  field?: string;
}

/**
 * A failure the caller can act on. Thrown anywhere below a route or a loader; the Hono app answers
 * it as { result: false, error_message, error_url? } (server/http/app.ts) and page loaders as an
 * error page of the same status (app/lib/page-failure.server.ts). Anything else is a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: FailureStatus,
    message: string,
    readonly extra: FailureExtra = {},
  ) {
    super(message);
  }
}

/** Input the caller must correct: the message names the field. */
export class BadInput extends ApiError {
  constructor(field: string, message: string) {
    super(400, message, { field });
  }
}

export class NotFound extends ApiError {
  constructor(message: string, extra: FailureExtra = {}) {
    super(404, message, extra);
  }
}

/** Something that existed and is over (a campaign past its end): gone, like not found. */
export class Ended extends ApiError {
  constructor(message: string, extra: FailureExtra = {}) {
    super(404, message, extra);
  }
}

export class Forbidden extends ApiError {
  constructor(message: string, extra: FailureExtra = {}) {
    super(403, message, extra);
  }
}

export class Conflict extends ApiError {
  constructor(message: string, extra: FailureExtra = {}) {
    super(409, message, extra);
  }
}

/** The API's failure answer: { result: false, error_message, error_url?, error?: { field } }. */
export function failure(
  c: Context,
  status: FailureStatus | 500 | 503,
  message: string,
  extra: FailureExtra = {},
) {
  const body: Record<string, unknown> = { result: false, error_message: message };
  if (extra.error_url) body.error_url = extra.error_url;
  if (extra.field) body.error = { field: extra.field, error_message: message };
  return c.json(body, status);
}
