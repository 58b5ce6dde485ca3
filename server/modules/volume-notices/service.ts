import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { pattern } from "../../../contract/campaign";
import { startOfTokyoDay, tokyoSlashDate } from "../../../contract/tokyo-time";
import {
  VOLUME_NOTICE_PAGE_SIZE,
  type VolumeNotice,
  type VolumeNoticeListAnswer,
  volumeUrl,
} from "../../../contract/volume-notices";
import type { Db, Tx } from "../../db/client";
import type { Logger } from "../../logger";
import { memberNames } from "../account/member-lookup";
import {
  type ReleasedVolume,
  volumesForNotices,
  volumesReleasedSince,
} from "../catalog/new-releases";
import { followersOfSeries } from "../library/shelf-items";
import { newVolumesMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import {
  dropSubscriptions,
  type PushMessage,
  sendPush,
  subscriptionsOf,
  type VapidKeys,
} from "./push";
import {
  pushSubscriptions,
  volumeNoticeReleases,
  volumeNoticeSettings,
  volumeNotices,
} from "./schema";

/**
 * How far back a run looks for volumes it has not announced yet, in Tokyo days: far enough for
 * a run missed over a long weekend or a volume published late (its date already past), near
 * enough that a first run on an old store does not announce its back catalog.
 */
export const NOTICE_LOOKBACK_DAYS = 7;

export interface NoticeRunDeps {
  db: Db;
  logger: Logger;
  /** The store's origin, for the mail's links. */
  siteUrl: string;
  /** The VAPID pair; null sends no Web Push. */
  vapid: () => Promise<VapidKeys | null>;
  /** Told of each member who got a notice: their kept status (the header's count) is stale. */
  changed: (userId: number) => Promise<void>;
}

export interface NoticeRunResult {
  volumes: number;
  notices: number;
  mails: number;
  pushes: number;
  /** Subscriptions dropped because the push service said they are gone. */
  dropped: number;
}

/**
 * One run of the new-volume notices (decision 0114): every volume on sale at `now`, released
 * in the last NOTICE_LOOKBACK_DAYS Tokyo days and not announced before, is announced to the
 * members following its series: one notice row each, one mail per member listing all their
 * volumes of this run (when they turned mail on), and a Web Push to each browser they
 * subscribed. The volume's announcement, the notices and the mails commit together; the unique
 * keys (volume announced once; one notice per member and volume) make a retried or doubled run
 * tell nobody twice. Pushes go after the commit: a push lost to a crash is not sent again.
 */
export async function runVolumeNotices(
  deps: NoticeRunDeps,
  now = new Date(),
): Promise<NoticeRunResult> {
  const { db } = deps;
  const result: NoticeRunResult = { volumes: 0, notices: 0, mails: 0, pushes: 0, dropped: 0 };
  const released = await volumesReleasedSince(db, startOfTokyoDay(now, -NOTICE_LOOKBACK_DAYS), now);
  if (released.length === 0) return result;
  const announced = new Set(
    (
      await db
        .select({ bookId: volumeNoticeReleases.bookId })
        .from(volumeNoticeReleases)
        .where(
          inArray(
            volumeNoticeReleases.bookId,
            released.map((v) => v.bookId),
          ),
        )
    ).map((r) => r.bookId),
  );
  const fresh = released.filter((v) => !announced.has(v.bookId));
  if (fresh.length === 0) return result;

  const followers = await followersOfSeries(db, [...new Set(fresh.map((v) => v.seriesId))]);
  const members = await memberNames(db, [...new Set(followers.map((f) => f.userId))]);
  const mailOn = await mailSettings(db, [...members.keys()]);
  const bySeries = new Map<number, number[]>();
  for (const f of followers) {
    if (!members.has(f.userId)) continue;
    bySeries.set(f.seriesId, [...(bySeries.get(f.seriesId) ?? []), f.userId]);
  }

  const told = new Map<number, ReleasedVolume[]>();
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(volumeNoticeReleases)
      .values(
        fresh.map((v) => ({
          bookId: v.bookId,
          announcedAt: now,
          noticeCount: bySeries.get(v.seriesId)?.length ?? 0,
        })),
      )
      .onConflictDoNothing()
      .returning({ bookId: volumeNoticeReleases.bookId });
    const mine = new Set(claimed.map((c) => c.bookId));
    const rows = fresh
      .filter((v) => mine.has(v.bookId))
      .flatMap((v) =>
        (bySeries.get(v.seriesId) ?? []).map((userId) => ({
          userId,
          seriesId: v.seriesId,
          bookId: v.bookId,
          createdAt: now,
        })),
      );
    if (rows.length === 0) return;
    const inserted = await tx
      .insert(volumeNotices)
      .values(rows)
      .onConflictDoNothing()
      .returning({ userId: volumeNotices.userId, bookId: volumeNotices.bookId });
    const volumeOf = new Map(fresh.map((v) => [v.bookId, v]));
    for (const row of inserted) {
      told.set(row.userId, [...(told.get(row.userId) ?? []), volumeOf.get(row.bookId)!]);
    }
    for (const [userId, volumes] of told) {
      const member = members.get(userId);
      if (!mailOn.has(userId) || !member?.email) continue;
      await enqueueMail(
        tx,
        newVolumesMail(
          member.email,
          member.nickname,
          volumes.map((v) => ({
            seriesName: v.seriesName,
            title: v.title,
            releasedOn: tokyoSlashDate(v.releasedAt),
            url: `${deps.siteUrl}${volumeUrl(v.seriesId, v.bookId)}`,
          })),
          `${deps.siteUrl}/account`,
        ),
        now,
      );
      result.mails += 1;
    }
  });
  result.volumes = fresh.length;
  for (const [userId, volumes] of told) {
    result.notices += volumes.length;
    await deps.changed(userId);
  }
  if (told.size > 0) await pushTo(deps, told, result);
  return result;
}

/** One push per member and browser: the newest volume, with how many more came. */
async function pushTo(
  deps: NoticeRunDeps,
  told: Map<number, ReleasedVolume[]>,
  result: NoticeRunResult,
): Promise<void> {
  const targets = await subscriptionsOf(deps.db, [...told.keys()]);
  if (targets.size === 0) return;
  const keys = await deps.vapid();
  if (!keys) return;
  const gone: number[] = [];
  for (const [userId, subscriptions] of targets) {
    const volumes = told.get(userId)!;
    const first = volumes[0]!;
    const message: PushMessage = {
      title: "新刊のお知らせ",
      body:
        volumes.length === 1
          ? `「${first.title}」が配信されました`
          : `「${first.title}」ほか${volumes.length - 1}冊が配信されました`,
      url: volumes.length === 1 ? volumeUrl(first.seriesId, first.bookId) : "/notices",
      tag: volumes.length === 1 ? `volume-${first.bookId}` : "new-volumes",
    };
    for (const target of subscriptions) {
      try {
        const status = await sendPush(target, message, keys);
        if (status === 404 || status === 410) gone.push(target.subscriptionId);
        else if (status >= 200 && status < 300) result.pushes += 1;
        else deps.logger.warn("web push refused", { status });
      } catch (error) {
        deps.logger.warn("web push failed", { error });
      }
    }
  }
  await dropSubscriptions(deps.db, gone);
  result.dropped = gone.length;
}

async function mailSettings(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: volumeNoticeSettings.userId })
    .from(volumeNoticeSettings)
    .where(
      and(inArray(volumeNoticeSettings.userId, [...userIds]), eq(volumeNoticeSettings.mail, true)),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The member's choice of mail (off until they turn it on). */
export async function noticeMailOn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ mail: volumeNoticeSettings.mail })
    .from(volumeNoticeSettings)
    .where(eq(volumeNoticeSettings.userId, userId));
  return row?.mail ?? false;
}

export async function setNoticeMail(db: Db, userId: number, mail: boolean): Promise<boolean> {
  const now = new Date();
  await db
    .insert(volumeNoticeSettings)
    .values({ userId, mail, updatedAt: now })
    .onConflictDoUpdate({ target: volumeNoticeSettings.userId, set: { mail, updatedAt: now } });
  return mail;
}

/** The header's count: the member's notices not read yet. */
export async function unreadNoticeCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(volumeNotices)
    .where(and(eq(volumeNotices.userId, userId), isNull(volumeNotices.readAt)));
  return Number(row?.n ?? 0);
}

/** The member's notices, newest first, paged. */
export async function noticePage(
  db: Db,
  userId: number,
  page: number,
): Promise<Omit<VolumeNoticeListAnswer, "result">> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(volumeNotices)
      .where(eq(volumeNotices.userId, userId))
      .orderBy(desc(volumeNotices.createdAt), desc(volumeNotices.noticeId))
      .limit(VOLUME_NOTICE_PAGE_SIZE)
      .offset((page - 1) * VOLUME_NOTICE_PAGE_SIZE),
    db.select({ n: count() }).from(volumeNotices).where(eq(volumeNotices.userId, userId)),
    unreadNoticeCount(db, userId),
  ]);
  const volumes = await volumesForNotices(
    db,
    rows.map((r) => r.bookId),
  );
  const notices: VolumeNotice[] = rows.flatMap((r) => {
    const v = volumes.get(r.bookId);
    if (!v) return [];
    return [
      {
        notice_id: r.noticeId,
        series_id: r.seriesId,
        book_id: r.bookId,
        series_name: v.seriesName,
        title: v.title,
        volume: v.volume,
        released_on: tokyoSlashDate(v.releasedAt),
        url: volumeUrl(r.seriesId, r.bookId),
        read_flag: r.readAt !== null,
      },
    ];
  });
  return {
    notices,
    unread_count: unread,
    pattern: pattern(page, VOLUME_NOTICE_PAGE_SIZE, Number(total?.n ?? 0)),
  };
}

/**
 * Marks the member's own notices read (ids of another member's change nothing); answers the
 * unread count after.
 */
export async function markNoticesRead(
  db: Db,
  userId: number,
  which: { ids?: number[]; all?: true },
  now = new Date(),
): Promise<number> {
  await db
    .update(volumeNotices)
    .set({ readAt: now })
    .where(
      and(
        eq(volumeNotices.userId, userId),
        isNull(volumeNotices.readAt),
        which.ids ? inArray(volumeNotices.noticeId, which.ids) : sql`true`,
      ),
    );
  return unreadNoticeCount(db, userId);
}

/** A member who leaves takes their notices, settings and subscriptions along. */
export async function forgetNotices(tx: Tx, userId: number): Promise<void> {
  await tx.delete(volumeNotices).where(eq(volumeNotices.userId, userId));
  await tx.delete(volumeNoticeSettings).where(eq(volumeNoticeSettings.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
