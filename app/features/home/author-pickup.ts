import type { AuthorPickupRow } from "../../../contract/home";

type AuthorRow = Extract<AuthorPickupRow, { row: "author" }>;
type SeriesRow = Extract<AuthorPickupRow, { row: "series" }>;

export interface AuthorGroup {
  /** Null for series rows that come under no author card. */
  author: AuthorRow | null;
  /** The rows under it, each with its 0-based place in the section (for the _tr position). */
  works: Array<{ row: SeriesRow; index: number }>;
}

/**
 * Spec 000 §2 (type 20): an item with an image is an author card, the others series rows. A card
 * gathers the rows after it that are that author's; any other row stands on its own.
 */
export function authorGroups(rows: readonly AuthorPickupRow[]): AuthorGroup[] {
  const groups: AuthorGroup[] = [];
  rows.forEach((row, index) => {
    if (row.row === "author") {
      groups.push({ author: row, works: [] });
      return;
    }
    const last = groups.at(-1);
    if (last?.author && last.author.author_id === row.author_id) {
      last.works.push({ row, index });
    } else if (last && last.author === null) {
      last.works.push({ row, index });
    } else {
      groups.push({ author: null, works: [{ row, index }] });
    }
  });
  return groups;
}
