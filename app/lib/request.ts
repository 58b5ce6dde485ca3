import { safeLinkUrl } from "../../contract/safe-url";
import { readCookie } from "./cookies";
import { type ErrorDialogRequest, openErrorDialog } from "./error-dialog";

/** Spec 001 §7.1 and §9: every call gives up after 16 seconds. */
export const REQUEST_TIMEOUT_MS = 16_000;
export const CSRF_COOKIE = "ct";
export const CSRF_HEADER = "X-CSRFToken";

/** The fields every answer may carry besides its own (spec 001 §7.1, §8). */
export interface ApiEnvelope {
  result: boolean;
  error_message?: string;
  error_url?: string;
  return_url?: string;
  error?: { error_message?: string };
}

/**
 * What `post` and `get` resolve to. When `result` is false the call's own fields may be
 * missing (no response, timeout, non-JSON body), so read them as possibly undefined there.
 */
export type ApiAnswer<T> = T & ApiEnvelope;

export interface RequestOptions {
  /**
   * "result" (default): success is the answer's `result: true`, whatever the HTTP status.
   * "status": for calls whose spec says "status 200 means success" (logout, review remove,
   * like, report, recommend): success is a 2xx status, unless the body says `result: false`.
   */
  successOn?: "result" | "status";
  /** Aborting it ends the call like a timeout: result false, nothing shown. */
  signal?: AbortSignal;
  /**
   * True for a refusal the page shows as a step of its own (the login's mailed-link step), so
   * no error dialog repeats it.
   */
  ownsFailure?: (fields: Record<string, unknown>) => boolean;
}

/** The outside world the helper touches, replaceable in tests and by the app shell. */
export interface RequestDependencies {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  showError: (request: ErrorDialogRequest) => void;
  navigate: (url: string) => void;
  getCookie: (name: string) => string | undefined;
}

const defaults: RequestDependencies = {
  fetch: (url, init) => globalThis.fetch(url, init),
  // Only a page has a dialog to open; a call made while rendering on the server just fails.
  showError: (request) => {
    if (typeof window !== "undefined") openErrorDialog(request);
  },
  navigate: (url) => {
    if (typeof window !== "undefined") window.location.assign(url);
  },
  getCookie: (name) => readCookie(name),
};

let dependencies: RequestDependencies = defaults;

export function configureRequest(overrides: Partial<RequestDependencies>): void {
  dependencies = { ...dependencies, ...overrides };
}

export function resetRequestConfiguration(): void {
  dependencies = defaults;
}

/** A JSON body with the CSRF header from the ct cookie: what `post` and `del` send. */
function sendJson<T>(
  method: "POST" | "DELETE",
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  const csrf = dependencies.getCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return send<T>(method, url, { headers, body: JSON.stringify(body ?? {}) }, options);
}

/** POST `url` with `body` as JSON (`{}` when absent) and the CSRF header from the ct cookie. */
export function post<T = Record<string, unknown>>(
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  return sendJson<T>("POST", url, body, options);
}

/** POST a multipart form (a file upload) with the CSRF header; the browser sets its boundary. */
export function postForm<T = Record<string, unknown>>(
  url: string,
  form: FormData,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = dependencies.getCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return send<T>("POST", url, { headers, body: form }, options);
}

/** DELETE `url` with `body` as JSON and the CSRF header, like `post`. */
export function del<T = Record<string, unknown>>(
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  return sendJson<T>("DELETE", url, body, options);
}

export function get<T = Record<string, unknown>>(
  url: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  return send<T>("GET", url, { headers: { Accept: "application/json" } }, options);
}

type Received = { ok: boolean; data: unknown } | null;

async function send<T>(
  method: "GET" | "POST" | "DELETE",
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<ApiAnswer<T>> {
  const deps = dependencies;
  const received = await receive(
    deps,
    url,
    { ...init, method, credentials: "same-origin" },
    options,
  );
  if (!received) return { result: false } as ApiAnswer<T>;

  const fields = isRecord(received.data) ? received.data : {};
  const result =
    options.successOn === "status"
      ? received.ok && fields.result !== false
      : fields.result === true;
  const answer = { ...fields, result } as ApiAnswer<T>;
  if (!result && !options.ownsFailure?.(fields)) reportFailure(deps, method, fields);
  return answer;
}

/** The status and parsed body, or null when no complete response arrived in time. */
async function receive(
  deps: RequestDependencies,
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<Received> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  // The timer also covers reading the body: a server that sends headers and then stalls
  // must not hang the page past the limit either.
  const timer = setTimeout(abort, REQUEST_TIMEOUT_MS);
  const callerSignal = options.signal;
  if (callerSignal?.aborted) abort();
  callerSignal?.addEventListener("abort", abort);
  try {
    const response = await deps.fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { ok: response.ok, data: parseJson(text) };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", abort);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Spec 001 §8 "Failed result", in its order. */
function reportFailure(
  deps: RequestDependencies,
  method: "GET" | "POST" | "DELETE",
  fields: Record<string, unknown>,
): void {
  const message = nonEmptyString(fields.error_message);
  const errorUrl = followableUrl(fields.error_url);
  const returnUrl = followableUrl(fields.return_url);
  if (message) {
    deps.showError({ message, nextUrl: errorUrl ?? returnUrl });
    return;
  }
  if (errorUrl) {
    deps.navigate(errorUrl);
    return;
  }
  if (method !== "POST" || !isRecord(fields.error)) return;
  const detail = nonEmptyString(fields.error.error_message);
  if (detail && detail !== "UNKNOWN") deps.showError({ message: detail, nextUrl: returnUrl });
}

/**
 * `url` when it is safe to send the reader to: a path on this site or an http(s) address
 * (spec 001 §9 "Link sanitizer: http and https only"), as the browser will read it.
 */
export function followableUrl(url: unknown): string | undefined {
  return safeLinkUrl(url) ?? undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
