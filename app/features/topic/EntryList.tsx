import { tokyoMonthDayTime } from "../../../contract/tokyo-time";
import type { EntryListItem } from "./entry.server";
import { EntryButton } from "./TopicBlocks";

function period(fromIso: string, toIso: string): string {
  const f = (iso: string) => tokyoMonthDayTime(Date.parse(iso));
  return `${f(fromIso)}〜${f(toIso)}`;
}

/** /entry: the member's entry campaigns, each with the same entry button topic pages use. */
export function EntryList({ entries }: { entries: EntryListItem[] }) {
  return (
    <div className="entry-list tp">
      <h1 className="section-title">エントリー</h1>
      {entries.length === 0 ? (
        <p className="empty">受付中のエントリーキャンペーンはありません。</p>
      ) : (
        <ul className="entry-list__items">
          {entries.map((e) => (
            <li key={e.state.entry_id} className="entry-list__item">
              <h2 className="entry-list__name">{e.name}</h2>
              <p className="entry-list__period">
                受付期間：{period(e.acceptStartAt, e.acceptEndAt)}
              </p>
              <EntryButton
                block={{
                  type: "entryBtn",
                  entryId: e.state.entry_id,
                  text: "エントリーする",
                  enteredText: "エントリー済み",
                }}
                entry={e.state}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
