import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromEditorRows, toEditorRows } from "../../../contract/topic-editor-model";
import { checkTopicJson } from "../../../contract/topic-json";
import { SEEDED_60 } from "../../db/seed/test-fixture";
import { createTestApp } from "../../http/test-client";
import { menuTopicContents } from "../home/schema";
import { topicPages } from "../topic/schema";

/**
 * Every topic page and drawer content the seed writes goes through the /ops editor's working
 * copy and comes back as the same JSON, character for character (decision 0102): opening a page
 * in the visual editor and saving it untouched changes nothing.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ fixture: SEEDED_60 });
});
afterAll(async () => {
  await t?.database.close();
});

describe("the seeded topic content, JSON → visual → JSON", () => {
  it("every seeded topic and store page comes back exactly", async () => {
    const pages = await t.services.db.select().from(topicPages);
    expect(pages.length).toBeGreaterThan(3);
    let visual = 0;
    for (const page of pages) {
      const checked = checkTopicJson(page.content);
      // Plain-text pages are edited in the JSON tab only; they have nothing to round-trip.
      if (!checked.ok) continue;
      visual++;
      const compact = JSON.stringify(JSON.parse(page.content));
      expect(JSON.stringify(fromEditorRows(toEditorRows(checked.rows))), page.pageName).toBe(
        compact,
      );
    }
    expect(visual).toBeGreaterThan(3);
  });

  it("every genre's drawer content comes back exactly", async () => {
    const rows = await t.services.db.select().from(menuTopicContents);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const text = JSON.stringify(row.content);
      expect(
        JSON.stringify(fromEditorRows(toEditorRows(JSON.parse(text)))),
        String(row.genre),
      ).toBe(text);
    }
  });
});
