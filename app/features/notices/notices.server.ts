import type { AppLoadContext } from "react-router";
import { pageNumber } from "../../../contract/input";
import type { VolumeNoticeListAnswer } from "../../../contract/volume-notices";
import { noticeListPage, noticeSettingsOf } from "../../../server/pages/notices";

/** /notices?page=2: a malformed page shows the first. */
export function loadNoticeList(
  context: AppLoadContext,
  userId: number,
  request: Request,
): Promise<VolumeNoticeListAnswer> {
  const asked = pageNumber(1000).safeParse(
    new URL(request.url).searchParams.get("page") ?? undefined,
  );
  return noticeListPage(context.services.db, userId, asked.success ? asked.data : 1);
}

export function loadNoticeSettings(context: AppLoadContext, userId: number) {
  return noticeSettingsOf(context.services.db, userId);
}
