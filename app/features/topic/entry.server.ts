import type { AppLoadContext } from "react-router";
import type { SessionMember } from "../../../server/lib/context";
import { entriesPage } from "../../../server/pages/entry";

export type EntryListItem = Awaited<ReturnType<typeof entriesPage>>[number];

export function loadEntries(
  context: AppLoadContext,
  member: SessionMember,
  now = new Date(),
): Promise<EntryListItem[]> {
  return entriesPage(context.services.db, member.userId, now);
}
