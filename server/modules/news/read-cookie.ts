import { serialize } from "hono/utils/cookie";

/** The news read cookie (spec 001 §9): name nr, 7 days, SameSite=Strict, at most 4 ids. */
export const NEWS_READ_COOKIE = "nr";
export const NEWS_READ_MAX = 4;
export const NEWS_READ_DAYS = 7;

/** The ids in the cookie, newest first; anything that is not an id is dropped. */
export function readNewsIds(value: string | undefined): number[] {
  const ids: number[] = [];
  for (const part of (value ?? "").split(".")) {
    if (!/^[1-9]\d{0,9}$/.test(part)) continue;
    const id = Number(part);
    if (id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, NEWS_READ_MAX);
}

/** The ids after reading one more: it moves to the front and the oldest beyond 4 drops out. */
export function withNewsRead(ids: readonly number[], id: number): number[] {
  return [id, ...ids.filter((x) => x !== id)].slice(0, NEWS_READ_MAX);
}

/** The Set-Cookie line; the page never reads it (the server marks read news), so HttpOnly. */
export function newsReadCookie(ids: readonly number[], secure: boolean): string {
  return serialize(NEWS_READ_COOKIE, ids.join("."), {
    path: "/",
    maxAge: NEWS_READ_DAYS * 86_400,
    sameSite: "Strict",
    httpOnly: true,
    secure,
  });
}
