import { type Context, Hono } from "hono";
import { z } from "zod";
import { integerIn, oneLine, recordId } from "../../../contract/input";
import { BOOKMARK_NOTE_MAX, BOOKMARKS_PER_VOLUME } from "../../../contract/reader";
import { INT4_MAX } from "../../../contract/row-id";
import type { AppEnv, AppServices } from "../../lib/context";
import { Conflict, NotFound } from "../../lib/errors";
import { readJson, readParams } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import {
  addBookmark,
  memberBookmarks,
  rateVolume,
  readerBook,
  removeBookmark,
  saveReadingDirection,
  saveReadingProgress,
} from "./service";

const progressInput = z.object({
  book: recordId("book"),
  page: integerIn(1, INT4_MAX, `page は1〜${INT4_MAX}の整数で指定してください`),
  finished: z.boolean({ message: "finished は true か false で指定してください" }).optional(),
});

const settingsInput = z.object({
  direction: z.enum(["rtl", "ltr"], { message: "direction は rtl か ltr で指定してください" }),
});

const bookmarkPage = integerIn(1, INT4_MAX, `page は1〜${INT4_MAX}の整数で指定してください`);

const bookmarkInput = z.object({
  book: recordId("book"),
  page: bookmarkPage,
  note: oneLine("メモ")
    .max(BOOKMARK_NOTE_MAX, `メモは${BOOKMARK_NOTE_MAX}文字以内で入力してください`)
    .optional(),
});

const bookmarkRemoval = z.object({ book: recordId("book"), page: bookmarkPage });

/** しおり added or removed per member in a minute: a reader marks pages now and then, not in bulk. */
const BOOKMARK_WRITES: LimitRule = { name: "reader-bookmark", points: 60, windowSeconds: 60 };

/** Spec 001 §7.4 book_rating: 1 to 5 stars. */
const ratingInput = z.object({
  series: recordId("series"),
  book: recordId("book"),
  rating: integerIn(1, 5, "rating は1〜5の整数で指定してください"),
});

/** Volume ratings per member in a minute: stars are tapped quickly, never by the hundred. */
const BOOK_RATINGS: LimitRule = { name: "book-rating", points: 30, windowSeconds: 60 };

/** The web reader's calls (contract/reader.ts) and the volume rating of spec 001 §7.4. */
export function readerRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/reader/:bookId", async (c) => {
    const { bookId } = readParams(c, z.object({ bookId: recordId("bookId") }));
    const answer = await readerBook(db, bookId, c.get("member")?.userId ?? null);
    if (!answer) throw new NotFound("作品が見つかりませんでした");
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...answer });
  });

  routes.post("/reader/progress", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, progressInput);
    const position = await saveReadingProgress(db, userId, input);
    if (!position) throw new NotFound("作品が見つかりませんでした");
    return c.json({ result: true, position });
  });

  routes.post("/reader/settings", async (c) => {
    const userId = requireMember(c).userId;
    const { direction } = await readJson(c, settingsInput);
    await saveReadingDirection(db, userId, direction);
    return c.json({ result: true, direction });
  });

  const bookmarkOwner = (c: Context<AppEnv>) =>
    requireMember(c, "しおりを使うにはログインしてください").userId;
  /** A member's しおり writes, counted together: a reader taps them, never by the hundred. */
  const bookmarkWrite = (c: Context<AppEnv>, userId: number) =>
    throttle(
      c,
      services.limiter,
      BOOKMARK_WRITES,
      String(userId),
      "しおりの操作が続いたため、しばらく時間をおいてからお試しください",
    );

  routes.get("/reader/:bookId/bookmarks", async (c) => {
    const userId = bookmarkOwner(c);
    const { bookId } = readParams(c, z.object({ bookId: recordId("bookId") }));
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, bookmarks: await memberBookmarks(db, userId, bookId) });
  });

  routes.post("/reader/bookmarks", async (c) => {
    const userId = bookmarkOwner(c);
    const input = await readJson(c, bookmarkInput);
    await bookmarkWrite(c, userId);
    const added = await addBookmark(db, userId, input);
    if (!added.ok && added.reason === "full") {
      throw new Conflict(
        `しおりは1冊に${BOOKMARKS_PER_VOLUME}件までです。不要なしおりを外してからお試しください`,
      );
    }
    if (!added.ok) throw new NotFound("このページにはしおりを挟めません");
    return c.json({ result: true, bookmarks: added.bookmarks });
  });

  routes.post("/reader/bookmarks/delete", async (c) => {
    const userId = bookmarkOwner(c);
    const input = await readJson(c, bookmarkRemoval);
    await bookmarkWrite(c, userId);
    return c.json({ result: true, bookmarks: await removeBookmark(db, userId, input) });
  });

  routes.post("/book_rating", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, ratingInput);
    await throttle(
      c,
      services.limiter,
      BOOK_RATINGS,
      String(userId),
      "評価の送信が続いたため、しばらく時間をおいてからお試しください",
    );
    if (!(await rateVolume(db, userId, input))) throw new NotFound("作品が見つかりませんでした");
    return c.json({ result: true, rating: input.rating });
  });

  return routes;
}
