import type { VolumeNoticeListAnswer } from "../../contract/volume-notices";
import type { Db } from "../db/client";
import { noticeMailOn, noticePage } from "../modules/volume-notices/service";

/** /notices?page=2: the member's 新刊のお知らせ, the same answer as GET /api/notices. */
export async function noticeListPage(
  db: Db,
  userId: number,
  page: number,
): Promise<VolumeNoticeListAnswer> {
  return { result: true, ...(await noticePage(db, userId, page)) };
}

/** The account page's notice settings: whether the member turned mail on. */
export async function noticeSettingsOf(db: Db, userId: number): Promise<{ mail: boolean }> {
  return { mail: await noticeMailOn(db, userId) };
}
