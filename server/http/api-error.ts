import type { Context } from "hono";
import { z } from "zod";

// Validation messages in Japanese, the language of the store's users.
z.config(z.locales.ja());

/** A failure the caller can act on: answered as { result: false, error_message, error_url? }. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly extra: { error_url?: string; field?: string } = {},
  ) {
    super(message);
  }
}

export function describeZodError(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "body";
  return { field, message: `${field}: ${issue?.message ?? "入力内容が正しくありません"}` };
}

export function failure(
  c: Context,
  status: ApiError["status"] | 500 | 503,
  message: string,
  extra: { error_url?: string; field?: string } = {},
) {
  const body: Record<string, unknown> = { result: false, error_message: message };
  if (extra.error_url) body.error_url = extra.error_url;
  if (extra.field) body.error = { field: extra.field, error_message: message };
  return c.json(body, status);
}

/** Reads a JSON body (empty means {}), then validates it; bad JSON or a bad field is a 400. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, "リクエストの形式が正しくありません（JSON を読み取れません）", {
        field: "body",
      });
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new ApiError(400, message, { field });
  }
  return parsed.data;
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new ApiError(400, message, { field });
  }
  return parsed.data;
}

export function readParams<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new ApiError(400, message, { field });
  }
  return parsed.data;
}
