import type { Context } from "hono";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from "../../contract/input";
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from "../../contract/json-depth";
import { searchParamsObject } from "../../contract/search";
import { ApiError, BadInput } from "./errors";

// Validation messages in Japanese, the language of the store's users.
z.config(z.locales.ja());

/**
 * The one reader of request input (docs/decisions/0014-request-input.md). Every query string,
 * route parameter and JSON body passes here: control characters are refused wherever they sit,
 * then the zod schema decides; any failure is a 400 naming the field, never a 500.
 */

/** "items.3" and "gn.0" are reported as the key the caller sent ("items", "gn"). */
function fieldOf(path: readonly PropertyKey[]): string {
  const names: string[] = [];
  for (const key of path) {
    if (typeof key === "number") break;
    names.push(String(key));
  }
  return names.length > 0 ? names.join(".") : "body";
}

export function describeZodError(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = fieldOf(issue?.path ?? []);
  return { field, message: `${field}: ${issue?.message ?? "入力内容が正しくありません"}` };
}

/** Refuses a value holding a control character anywhere, in a key or a value. */
export function refuseControlCharacters(value: unknown, fallbackField: string): void {
  const path = controlCharacterPath(value);
  if (path) {
    const field = path.length > 0 ? fieldOf(path) : fallbackField;
    throw new BadInput(field, `${field}: ${CONTROL_CHARACTER_MESSAGE}`);
  }
}

/**
 * A page's address, decoded, through the same rule as an API call's route parameters: the page
 * loaders hand path segments (/lottery/{name}, /topic/{slug}) to the database, which refuses
 * U+0000, so a control character in any segment is a 400 before a route is chosen.
 */
export function checkPagePath(pathname: string): void {
  if (!pathname.includes("%")) return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new BadInput("path", "アドレスの形式が正しくありません");
  }
  refuseControlCharacters(decoded, "path");
}

/** Validates a value already read from a request. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  refuseControlCharacters(value, "body");
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new BadInput(field, message);
  }
  return parsed.data;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const bodies = new WeakMap<Context, Record<string, unknown>>();

/**
 * The request's JSON body as an object ({} when empty), read and checked once: a body that is not
 * JSON, not sent as JSON, nested too deep or not an object is refused before any handler looks
 * at it.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const cached = bodies.get(c);
  if (cached) return cached;
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      throw new ApiError(415, "リクエストの形式が正しくありません（JSON で送信してください）", {
        field: "body",
      });
    }
    // Before parsing: a body of nested brackets is refused after one pass over its characters.
    if (jsonNestsDeeperThan(text)) throw new BadInput("body", JSON_TOO_DEEP_MESSAGE);
    try {
      value = JSON.parse(text);
    } catch {
      throw new BadInput("body", "リクエストの形式が正しくありません（JSON を読み取れません）");
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      throw new BadInput(
        "body",
        "リクエストの形式が正しくありません（JSON のオブジェクトで送信してください）",
      );
    }
    refuseControlCharacters(value, "body");
  }
  bodies.set(c, value as Record<string, unknown>);
  return value as Record<string, unknown>;
}

/** The query string's keys; a key given more than once becomes a list. */
export function queryObject(c: Context): Record<string, string | string[]> {
  // Only the part after "?" is read: parsing the whole URL was a tenth of a bare API call.
  const url = c.req.url;
  const at = url.indexOf("?");
  const query = at < 0 ? {} : searchParamsObject(new URLSearchParams(url.slice(at + 1)));
  refuseControlCharacters(query, "query");
  return query;
}

export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseInput(schema, await jsonBody(c));
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseInput(schema, queryObject(c));
}

export function readParams<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseInput(schema, c.req.param());
}

/** Calls that take the same fields as a query (GET) or a JSON body (POST, which wins). */
export async function readFields<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const query = queryObject(c);
  const body = c.req.method === "GET" || c.req.method === "HEAD" ? {} : await jsonBody(c);
  return parseInput(schema, { ...query, ...body });
}
