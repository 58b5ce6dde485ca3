import type { EntryButtonState } from "../../contract/topic";
import type { Db } from "../db/client";
import { completedEntryIds, listEntries } from "../modules/topic/entries";

export interface EntryListItem {
  name: string;
  acceptStartAt: string;
  acceptEndAt: string;
  state: EntryButtonState;
}

/** /entry: every entry campaign still accepting or entered by the member, newest end first. */
export async function entriesPage(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<EntryListItem[]> {
  const [entries, completed] = await Promise.all([listEntries(db), completedEntryIds(db, userId)]);
  return entries
    .filter((e) => e.acceptEndAt > now || completed.includes(e.entryId))
    .map((e) => ({
      name: e.name,
      acceptStartAt: e.acceptStartAt.toISOString(),
      acceptEndAt: e.acceptEndAt.toISOString(),
      state: {
        entry_id: e.entryId,
        accepted: e.acceptStartAt <= now && now < e.acceptEndAt,
        completed: completed.includes(e.entryId),
        newsletter_required: e.newsletterRequired,
        is_login: true,
      },
    }));
}
