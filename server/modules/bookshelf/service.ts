import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type {
  BookshelfAnswer,
  BookshelfCdAnswer,
  BookshelfQuery,
  FilterStatuses,
  RecentlyCheckedSeries,
  ShelfSeries,
  ShelfVolume,
} from "../../../contract/bookshelf";
import { BOOKSHELF_PAGE_SIZE, readerUrl } from "../../../contract/bookshelf-rules";
import type { Pattern } from "../../../contract/items";
import type { ReadingEntitlement } from "../../../contract/reader";
import { DEFAULT_MEMBER_FREE_VOL } from "../../../contract/series";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { Conflict, Forbidden } from "../../lib/errors";
import { dramaCdItems } from "../cards/cd-items";
import {
  releasedVolumesOf,
  type ShelfVolumeFact,
  shelfSeriesFacts,
  shelfVolumes,
} from "../catalog/shelf-facts";
import { type ArtAddresses, artAddresses } from "../content/art-addresses";
import { readingAccess } from "../entitlements/rules";
import { volumeEntry } from "../entitlements/service";
import { clearSeriesViews } from "../library/series-marks";
import { resumeOf } from "../library/service";
import {
  notifiedSeriesIds,
  ownedDramaCds,
  ownedVolumes,
  type ReadingPosition,
  readingPositionsOf,
  recentSeriesViews,
} from "../library/shelf-items";
import { bookshelfSeriesMarks, bookshelfSettings } from "./schema";

/** A volume counts as 新刊 on the shelf for this long after its release. */
export const NEW_VOLUME_DAYS = 14;
/** An opened 本棚ロック stays open this long, on every device of the member. */
export const UNLOCK_MINUTES = 30;
/** 最近チェックしたマンガ lists this many series. */
export const RECENTLY_CHECKED_LIMIT = 20;

const DAY_MS = 86_400_000;

interface ShelfEntry {
  seriesId: number;
  owned: Map<number, { source: string; acquiredAt: Date }>;
  reading: Map<number, ReadingPosition>;
  newBookIds: Set<number>;
  hidden: boolean;
  notified: boolean;
  lastBoughtAt: Date | null;
  lastReadAt: Date | null;
}

interface MemberShelf {
  entries: Map<number, ShelfEntry>;
  /** Volume facts of every owned, read or new volume of the shelf's series. */
  volumes: Map<number, ShelfVolumeFact>;
}

function latest(a: Date | null, b: Date): Date {
  return a && a > b ? a : b;
}

/**
 * Everything on a member's shelf: series they own volumes of, series they read without owning
 * (free-read, unless removed since the last read), and the series they asked new-volume notices
 * for. A fixed number of queries; the member's shelf is then filtered in memory.
 */
async function loadShelf(
  db: Db,
  userId: number,
  now: Date,
  /** false: the badge only counts, so the owned and read volumes' facts are not read. */
  withVolumes = true,
): Promise<MemberShelf> {
  const [owned, reading, marks, notified] = await Promise.all([
    ownedVolumes(db, userId),
    readingPositionsOf(db, userId),
    db.select().from(bookshelfSeriesMarks).where(eq(bookshelfSeriesMarks.userId, userId)),
    notifiedSeriesIds(db, userId),
  ]);
  const markOf = new Map(marks.map((m) => [m.seriesId, m]));
  const notifiedSet = new Set(notified);
  const entries = new Map<number, ShelfEntry>();
  const entry = (seriesId: number): ShelfEntry => {
    let e = entries.get(seriesId);
    if (!e) {
      e = {
        seriesId,
        owned: new Map(),
        reading: new Map(),
        newBookIds: new Set(),
        hidden: Boolean(markOf.get(seriesId)?.hiddenAt),
        notified: notifiedSet.has(seriesId),
        lastBoughtAt: null,
        lastReadAt: null,
      };
      entries.set(seriesId, e);
    }
    return e;
  };
  for (const o of owned) {
    const e = entry(o.seriesId);
    e.owned.set(o.bookId, { source: o.source, acquiredAt: o.acquiredAt });
    e.lastBoughtAt = latest(e.lastBoughtAt, o.acquiredAt);
  }
  const ownedSeries = new Set(entries.keys());
  const lastReadOf = new Map<number, Date>();
  for (const r of reading) {
    lastReadOf.set(r.seriesId, latest(lastReadOf.get(r.seriesId) ?? null, r.updatedAt));
  }
  const readFree = await freeToReadNow(
    db,
    reading
      .filter((r) => !ownedSeries.has(r.seriesId) || !entries.get(r.seriesId)!.owned.has(r.bookId))
      .map((r) => r.bookId),
    now,
  );
  for (const r of reading) {
    const ownedBook = entries.get(r.seriesId)?.owned.has(r.bookId) ?? false;
    // A volume only tried (trial pages) is not the member's to keep on the shelf.
    if (!ownedBook && !readFree.has(r.bookId)) continue;
    const removedAt = markOf.get(r.seriesId)?.removedAt;
    const read = lastReadOf.get(r.seriesId)!;
    // A removed free-read series comes back only once it is read again.
    if (!ownedSeries.has(r.seriesId) && removedAt && removedAt >= read) continue;
    const e = entry(r.seriesId);
    e.reading.set(r.bookId, r);
    e.lastReadAt = latest(e.lastReadAt, r.updatedAt);
  }
  const seriesIds = [...new Set([...entries.keys(), ...notifiedSet])];
  const [released, known] = await Promise.all([
    releasedVolumesOf(db, seriesIds, new Date(now.getTime() - NEW_VOLUME_DAYS * DAY_MS), now),
    withVolumes
      ? shelfVolumes(db, [...owned.map((o) => o.bookId), ...reading.map((r) => r.bookId)])
      : [],
  ]);
  const volumes = new Map(known.map((v) => [v.bookId, v]));
  for (const v of released) {
    volumes.set(v.bookId, v);
    const onShelf = entries.get(v.seriesId);
    if (onShelf && !onShelf.owned.has(v.bookId)) onShelf.newBookIds.add(v.bookId);
    else if (!onShelf && notifiedSet.has(v.seriesId)) entry(v.seriesId).newBookIds.add(v.bookId);
  }
  return { entries, volumes };
}

/**
 * The unowned volumes among these that a member reads in full right now (free, campaign-free or
 * member-free): what puts a series on the shelf as 無料作品. The entitlements service decides;
 * its terms are cached per hour, so a shelf asks the database only for volumes not seen lately.
 */
async function freeToReadNow(db: Db, bookIds: number[], now: Date): Promise<Set<number>> {
  const out = new Set<number>();
  for (const bookId of new Set(bookIds)) {
    const entry = await volumeEntry(db, bookId, now);
    if (!entry) continue;
    const access = readingAccess(entry.terms, {
      isLogin: true,
      owns: false,
      memberFreeVol: DEFAULT_MEMBER_FREE_VOL,
    });
    if (FREE_READING.has(access.entitlement)) out.add(bookId);
  }
  return out;
}

const FREE_READING = new Set<ReadingEntitlement>(["free", "campaign_free", "member_free"]);

function onShelf(e: ShelfEntry): boolean {
  return e.owned.size > 0 || e.reading.size > 0;
}

function periodType(e: ShelfEntry): "paid" | "free" | null {
  if (e.owned.size > 0) return "paid";
  return e.reading.size > 0 ? "free" : null;
}

function buyStatus(e: ShelfEntry): "buy" | "free" | null {
  if (e.owned.size === 0) return null;
  for (const o of e.owned.values()) if (o.source === "purchase") return "buy";
  return "free";
}

function unreadCount(e: ShelfEntry): number {
  let n = 0;
  for (const bookId of e.owned.keys()) if (!e.reading.has(bookId)) n++;
  return n;
}

/** Every volume on the shelf of this series was read to its end. */
function finished(e: ShelfEntry): boolean {
  const ids = new Set([...e.owned.keys(), ...e.reading.keys()]);
  if (ids.size === 0) return false;
  for (const id of ids) if (!e.reading.get(id)?.finished) return false;
  return true;
}

function inCategory(e: ShelfEntry, category: BookshelfQuery["category"]): boolean {
  if (category === 4) return e.notified && e.newBookIds.size > 0;
  // 新刊 lists every new volume the header badge counts: the shelf's series and, off the
  // shelf, the series the member turned 通知 on for.
  if (category === 2) return e.newBookIds.size > 0 && (onShelf(e) || e.notified);
  return onShelf(e);
}

function passes(e: ShelfEntry, q: BookshelfQuery): boolean {
  if (q.period_type && periodType(e) !== q.period_type) return false;
  if (q.buy_status && buyStatus(e) !== q.buy_status) return false;
  if (q.unread && unreadCount(e) === 0) return false;
  if (q.finished && !finished(e)) return false;
  return true;
}

function pattern(page: number, hit: number, limit = BOOKSHELF_PAGE_SIZE): Pattern {
  return {
    page,
    total_page: Math.max(1, Math.ceil(hit / limit)),
    limit,
    offset: (page - 1) * limit,
    hit,
  };
}

const time = (d: Date | null) => (d ? d.getTime() : 0);

function sortEntries(
  list: ShelfEntry[],
  sort: BookshelfQuery["sort"],
  kana: (id: number) => string,
): ShelfEntry[] {
  const byTitle = (a: ShelfEntry, b: ShelfEntry) =>
    kana(a.seriesId).localeCompare(kana(b.seriesId), "ja") || a.seriesId - b.seriesId;
  const by =
    (first: (e: ShelfEntry) => number, second: (e: ShelfEntry) => number) =>
    (a: ShelfEntry, b: ShelfEntry) =>
      first(b) - first(a) || second(b) - second(a) || a.seriesId - b.seriesId;
  if (sort === "title") return list.sort(byTitle);
  // Free-read series were never bought: after the bought ones, by when they were read.
  if (sort === "bought")
    return list.sort(
      by(
        (e) => time(e.lastBoughtAt),
        (e) => time(e.lastReadAt),
      ),
    );
  return list.sort(
    by(
      (e) => time(e.lastReadAt),
      (e) => time(e.lastBoughtAt),
    ),
  );
}

function volumeOf(e: ShelfEntry, v: ShelfVolumeFact, art: ArtAddresses): ShelfVolume {
  const position = e.reading.get(v.bookId);
  const owned = e.owned.has(v.bookId);
  // A read, unowned volume was free to read; the reader itself checks the entitlement again.
  const readable = owned || Boolean(position);
  return {
    book_id: v.bookId,
    volume: v.volume,
    title: v.title,
    img: art.cover(v.bookId),
    own_flag: owned,
    new_flag: e.newBookIds.has(v.bookId),
    page: position?.page ?? 0,
    page_count: v.pageCount,
    finished_flag: Boolean(position?.finished),
    url: readable ? readerUrl(v.bookId, v.seriesId) : `/series/${v.seriesId}/book/${v.bookId}`,
  };
}

/**
 * 続きを読む: the volume the series page's button opens too (library's resumeOf: the latest
 * unfinished volume read, else the latest read); a series never opened starts at its first
 * owned volume.
 */
function continueUrl(e: ShelfEntry, volumes: ShelfVolume[]): string {
  const newestFirst = [...e.reading.values()].sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
  );
  const resume = resumeOf(newestFirst);
  if (resume) return readerUrl(resume.bookId, e.seriesId);
  const first = volumes.find((v) => v.own_flag);
  return first ? readerUrl(first.book_id, e.seriesId) : "";
}

/** The member's 本棚ロック state: enabled, and whether it keeps the shelf shut right now. */
async function lockState(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(bookshelfSettings)
    .where(eq(bookshelfSettings.userId, userId));
  const enabled = Boolean(row?.passcodeHash);
  const open = row?.unlockedUntil ? row.unlockedUntil > now : false;
  return { enabled, locked: enabled && !open, row: row ?? null };
}

/** /api/bookshelf: one page of the member's shelf as the query filters and sorts it. */
export async function bookshelfPage(
  db: Db,
  userId: number,
  q: BookshelfQuery,
  now: Date,
): Promise<BookshelfAnswer> {
  const lock = await lockState(db, userId, now);
  const { entries, volumes } = await loadShelf(db, userId, now);
  const all = [...entries.values()];
  const hiddenCount = all.filter((e) => e.hidden && onShelf(e)).length;
  const inView = all.filter((e) => e.hidden === q.hidden && inCategory(e, q.category));
  const counts: FilterStatuses["counts"] = {
    all: inView.length,
    paid: inView.filter((e) => periodType(e) === "paid").length,
    free: inView.filter((e) => periodType(e) === "free").length,
    buy: inView.filter((e) => buyStatus(e) === "buy").length,
    free_buy: inView.filter((e) => buyStatus(e) === "free").length,
    unread: inView.filter((e) => unreadCount(e) > 0).length,
    finished: inView.filter(finished).length,
  };
  const filterStatuses: FilterStatuses = {
    category: q.category,
    period_type: q.period_type ?? null,
    buy_status: q.buy_status ?? null,
    unread: q.unread,
    finished: q.finished,
    sort: q.sort,
    counts,
  };
  const base = {
    filter_statuses: filterStatuses,
    lock_enabled: lock.enabled,
    hidden_count: lock.locked ? 0 : hiddenCount,
  };
  if (lock.locked) return { ...base, pattern: pattern(q.page, 0), books: [], locked: true };
  const matched = inView.filter((e) => passes(e, q));
  const facts = await shelfSeriesFacts(
    db,
    matched.map((e) => e.seriesId),
  );
  const sorted = sortEntries(matched, q.sort, (id) => facts.get(id)?.nameKana ?? "");
  const paged = sorted.slice((q.page - 1) * BOOKSHELF_PAGE_SIZE, q.page * BOOKSHELF_PAGE_SIZE);
  const volumeIdsOf = (e: ShelfEntry) =>
    new Set([...e.owned.keys(), ...e.reading.keys(), ...e.newBookIds]);
  const art = await artAddresses(db, {
    covers: paged.flatMap((e) => {
      const latest = facts.get(e.seriesId)?.latestBookId;
      return latest ? [...volumeIdsOf(e), latest] : [...volumeIdsOf(e)];
    }),
  });
  const books: ShelfSeries[] = paged.map((e) => {
    const fact = facts.get(e.seriesId);
    const list = [...volumeIdsOf(e)]
      .flatMap((id) => {
        const v = volumes.get(id);
        return v ? [volumeOf(e, v, art)] : [];
      })
      .sort((a, b) => a.volume - b.volume);
    const cover = list.findLast((v) => v.own_flag || v.page > 0) ?? list.at(-1);
    return {
      series_id: e.seriesId,
      name: fact?.name ?? "",
      img: cover?.img ?? (fact?.latestBookId ? art.cover(fact.latestBookId) : ""),
      authors: fact?.authors ?? [],
      period_type: periodType(e),
      buy_status: buyStatus(e),
      own_book_count: e.owned.size,
      volume_count: fact?.volumeCount ?? list.length,
      new_book_count: e.newBookIds.size,
      unread_count: unreadCount(e),
      finished_flag: finished(e),
      hidden_flag: e.hidden,
      notification_flag: e.notified,
      episodes_flag: fact?.episodes ?? false,
      last_bought_at: e.lastBoughtAt ? tokyoDateTime(e.lastBoughtAt) : "",
      last_read_at: e.lastReadAt ? tokyoDateTime(e.lastReadAt) : "",
      continue_url: continueUrl(e, list),
      volumes: list,
    };
  });
  return { ...base, pattern: pattern(q.page, matched.length), books, locked: false };
}

/**
 * The header's bookshelf badge (bookshelf_new_count): new volumes, released in the last
 * NEW_VOLUME_DAYS and not owned, of the series on the shelf that are not hidden, and of the
 * series the member asked to be notified of (通知, issue 11: a notified series' new volume
 * shows in the new-release list and the badge).
 */
export async function bookshelfNewCount(db: Db, userId: number, now: Date): Promise<number> {
  const { entries } = await loadShelf(db, userId, now, false);
  let n = 0;
  for (const e of entries.values()) {
    if (onShelf(e) ? !e.hidden : e.notified) n += e.newBookIds.size;
  }
  return n;
}

/** /api/bookshelf/doramacd: the drama CDs the member owns; category 2 those got lately. */
export async function bookshelfCds(
  db: Db,
  userId: number,
  q: { category: 0 | 2; page: number },
  now: Date,
): Promise<BookshelfCdAnswer> {
  const lock = await lockState(db, userId, now);
  if (lock.locked) return { pattern: pattern(q.page, 0), cds: [], locked: true };
  const since = new Date(now.getTime() - NEW_VOLUME_DAYS * DAY_MS);
  const owned = (await ownedDramaCds(db, userId)).filter(
    (cd) => q.category === 0 || cd.acquiredAt >= since,
  );
  const paged = owned.slice((q.page - 1) * BOOKSHELF_PAGE_SIZE, q.page * BOOKSHELF_PAGE_SIZE);
  const cards = new Map(
    (
      await dramaCdItems(
        db,
        paged.map((c) => c.cdId),
        { now },
      )
    ).map((c) => [c.cd_id, c]),
  );
  return {
    pattern: pattern(q.page, owned.length),
    cds: paged.flatMap((cd) => {
      const card = cards.get(cd.cdId);
      if (!card) return [];
      return [
        {
          cd_id: cd.cdId,
          name: card.name,
          img: card.img,
          url: `/doramacd/${cd.cdId}`,
          casts: card.casts.map((c) => c.name),
          acquired_at: tokyoDateTime(cd.acquiredAt),
        },
      ];
    }),
    locked: false,
  };
}

/** Edit mode: hide series (owned or free-read) from the shelf; /bookshelf_reveal lists them. */
export async function hideSeries(db: Db, userId: number, seriesIds: number[], now: Date) {
  await db
    .insert(bookshelfSeriesMarks)
    .values(seriesIds.map((seriesId) => ({ userId, seriesId, hiddenAt: now })))
    .onConflictDoUpdate({
      target: [bookshelfSeriesMarks.userId, bookshelfSeriesMarks.seriesId],
      set: { hiddenAt: now },
    });
}

/** /bookshelf_reveal: the series show on the shelf again. */
export async function revealSeries(db: Db, userId: number, seriesIds: number[]) {
  await db
    .update(bookshelfSeriesMarks)
    .set({ hiddenAt: null })
    .where(
      and(
        eq(bookshelfSeriesMarks.userId, userId),
        inArray(bookshelfSeriesMarks.seriesId, seriesIds),
      ),
    );
}

/**
 * Edit mode: take free-read series off the shelf. Owned series cannot go (what was bought stays
 * the member's); they can only be hidden.
 */
export async function removeFreeSeries(db: Db, userId: number, seriesIds: number[], now: Date) {
  const owned = new Set((await ownedVolumes(db, userId)).map((o) => o.seriesId));
  if (seriesIds.some((id) => owned.has(id))) {
    throw new Conflict("購入した作品は本棚から削除できません（非表示にはできます）");
  }
  await db
    .insert(bookshelfSeriesMarks)
    .values(seriesIds.map((seriesId) => ({ userId, seriesId, removedAt: now, hiddenAt: null })))
    .onConflictDoUpdate({
      target: [bookshelfSeriesMarks.userId, bookshelfSeriesMarks.seriesId],
      set: { removedAt: now, hiddenAt: null },
    });
}

function hashPasscode(passcode: string): string {
  const salt = randomBytes(16);
  return `${salt.toString("hex")}:${scryptSync(passcode, salt, 32).toString("hex")}`;
}

function passcodeMatches(passcode: string, stored: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const given = scryptSync(passcode, Buffer.from(salt, "hex"), 32);
  const expected = Buffer.from(hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const WRONG_PASSCODE = "暗証番号が違います";

/**
 * 本棚ロック on (a new passcode; the shelf stays open until the next unlock window ends) or off
 * (the current passcode is needed). Answers whether the lock is now enabled.
 */
export async function setBookshelfLock(
  db: Db,
  userId: number,
  input: { passcode: string; enable: boolean },
  now: Date,
): Promise<boolean> {
  const { row } = await lockState(db, userId, now);
  if (input.enable) {
    if (row?.passcodeHash) throw new Conflict("本棚ロックはすでに設定されています");
    await db
      .insert(bookshelfSettings)
      .values({ userId, passcodeHash: hashPasscode(input.passcode), unlockedUntil: null })
      .onConflictDoUpdate({
        target: bookshelfSettings.userId,
        set: { passcodeHash: hashPasscode(input.passcode), unlockedUntil: null },
      });
    return true;
  }
  if (!row?.passcodeHash) return false;
  if (!passcodeMatches(input.passcode, row.passcodeHash)) throw new Forbidden(WRONG_PASSCODE);
  await db
    .update(bookshelfSettings)
    .set({ passcodeHash: null, unlockedUntil: null })
    .where(eq(bookshelfSettings.userId, userId));
  return false;
}

/** Opens a locked shelf for UNLOCK_MINUTES. */
export async function unlockBookshelf(db: Db, userId: number, passcode: string, now: Date) {
  const { row } = await lockState(db, userId, now);
  if (!row?.passcodeHash) return;
  if (!passcodeMatches(passcode, row.passcodeHash)) throw new Forbidden(WRONG_PASSCODE);
  await db
    .update(bookshelfSettings)
    .set({ unlockedUntil: new Date(now.getTime() + UNLOCK_MINUTES * 60_000) })
    .where(eq(bookshelfSettings.userId, userId));
}

/**
 * 最近チェックしたマンガ: series the member looked at or read, newest first, each once, with
 * 続きを読む at the volume read last. Reading before 履歴を削除 is left out.
 */
export async function recentlyChecked(db: Db, userId: number): Promise<RecentlyCheckedSeries[]> {
  const [views, reading, [settings]] = await Promise.all([
    recentSeriesViews(db, userId, RECENTLY_CHECKED_LIMIT),
    readingPositionsOf(db, userId),
    db
      .select({ clearedAt: bookshelfSettings.historyClearedAt })
      .from(bookshelfSettings)
      .where(eq(bookshelfSettings.userId, userId)),
  ]);
  const clearedAt = settings?.clearedAt ?? null;
  const checked = new Map<number, Date>();
  const readOf = new Map<number, ReadingPosition[]>();
  const newestFirst = reading
    .filter((r) => !clearedAt || r.updatedAt > clearedAt)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  for (const r of newestFirst) {
    readOf.set(r.seriesId, [...(readOf.get(r.seriesId) ?? []), r]);
  }
  // 続きを読む opens what the series page's button opens.
  const lastRead = new Map<number, ReadingPosition>();
  for (const [seriesId, rows] of readOf) {
    lastRead.set(seriesId, resumeOf(rows)!);
    checked.set(seriesId, rows[0]!.updatedAt);
  }
  for (const v of views) checked.set(v.seriesId, latest(checked.get(v.seriesId) ?? null, v.at));
  const top = [...checked.entries()]
    .sort((a, b) => b[1].getTime() - a[1].getTime() || a[0] - b[0])
    .slice(0, RECENTLY_CHECKED_LIMIT);
  const facts = await shelfSeriesFacts(
    db,
    top.map(([id]) => id),
  );
  const readVolumes = new Map(
    (
      await shelfVolumes(
        db,
        top.flatMap(([id]) => (lastRead.has(id) ? [lastRead.get(id)!.bookId] : [])),
      )
    ).map((v) => [v.bookId, v]),
  );
  const coverBookOf = (seriesId: number) =>
    lastRead.get(seriesId)?.bookId ?? facts.get(seriesId)?.latestBookId ?? null;
  const art = await artAddresses(db, {
    covers: top.flatMap(([id]) => coverBookOf(id) ?? []),
  });
  return top.flatMap(([seriesId, at]) => {
    const fact = facts.get(seriesId);
    if (!fact) return [];
    const read = lastRead.get(seriesId);
    const coverBook = coverBookOf(seriesId);
    return [
      {
        series_id: seriesId,
        name: fact.name,
        img: coverBook ? art.cover(coverBook) : "",
        url: `/series/${seriesId}`,
        continue_url: read ? readerUrl(read.bookId, seriesId) : "",
        continue_volume: read ? (readVolumes.get(read.bookId)?.volume ?? null) : null,
        episodes_flag: fact.episodes,
        checked_at: tokyoDateTime(at),
      },
    ];
  });
}

/** 履歴を削除: the viewing history goes, and reading so far no longer counts as checked. */
export async function clearRecentlyChecked(db: Db, userId: number, now: Date): Promise<void> {
  await clearSeriesViews(db, userId);
  await db
    .insert(bookshelfSettings)
    .values({ userId, historyClearedAt: now })
    .onConflictDoUpdate({ target: bookshelfSettings.userId, set: { historyClearedAt: now } });
}

/** Leaving: the member's shelf marks and settings go with their other lists. */
export async function forgetBookshelf(db: Db, userId: number): Promise<void> {
  await db.delete(bookshelfSeriesMarks).where(eq(bookshelfSeriesMarks.userId, userId));
  await db.delete(bookshelfSettings).where(eq(bookshelfSettings.userId, userId));
}
