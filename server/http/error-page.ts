import type { Context } from "hono";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * The page answered when a request for a page fails before React Router renders it (an address
 * the input reader refuses, an error outside any loader): the status and the reason, in the
 * store's language, and the way home. It loads nothing, so it shows under any policy.
 */
export function errorPage(c: Context, status: number, message: string) {
  c.header("Cache-Control", "no-store");
  return c.html(
    `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} | コマヤ</title></head><body><main><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">ホームへ戻る</a></p></main></body></html>`,
    status as 400,
  );
}
