import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { menuTopicContents } from "../home/schema";
import { topicPages } from "./schema";

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;

/** The old format: src/mdm/cpn as rules, src also the address of image-like blocks. */
const oldContent = [
  {
    src: "^facebook$",
    columns: [
      {
        mdm: "^cpc$",
        blocks: [
          { type: "text", cpn: "^fair", src: "^line$", html: "LINEから" },
          { type: "image", src: "/media/banner/1.png", alt: "バナー" },
          {
            type: "leadlinkImg",
            src: "/media/banner/2.png",
            alt: "広告",
            href: "https://a.example",
          },
          { type: "imgList", items: [{ src: "/media/banner/3.png", alt: "一覧" }] },
          { type: "box", blocks: [{ type: "text", src: "^x$", html: "箱" }] },
        ],
      },
    ],
  },
];

const newContent = [
  {
    utmSource: "^facebook$",
    columns: [
      {
        utmMedium: "^cpc$",
        blocks: [
          { type: "text", utmCampaign: "^fair", utmSource: "^line$", html: "LINEから" },
          { type: "image", src: "/media/banner/1.png", alt: "バナー" },
          {
            type: "leadlinkImg",
            src: "/media/banner/2.png",
            alt: "広告",
            href: "https://a.example",
          },
          { type: "imgList", items: [{ src: "/media/banner/3.png", alt: "一覧" }] },
          { type: "box", blocks: [{ type: "text", utmSource: "^x$", html: "箱" }] },
        ],
      },
    ],
  },
];

/** Runs the data migration's statements again on content written in the old format. */
async function runMigration() {
  const file = readFileSync(path.join(migrationsFolder, "0007_topic_utm_rules.sql"), "utf8");
  for (const statement of file.split("--> statement-breakpoint")) {
    await database.db.execute(sql.raw(statement));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(topicPages).values([
    { pageName: "old", title: "旧形式", content: JSON.stringify(oldContent) },
    { pageName: "broken", title: "壊れた", content: '[{"src": "^a$",' },
  ]);
  await database.db.insert(menuTopicContents).values({ genre: 99, content: oldContent });
  await runMigration();
});

afterAll(async () => {
  await database?.close();
});

describe("migration 0007: topic utm rules get their own names", () => {
  it("renames src, mdm and cpn rules on rows, columns and blocks, keeping image addresses", async () => {
    const [page] = await database.db
      .select()
      .from(topicPages)
      .where(eq(topicPages.pageName, "old"));
    expect(JSON.parse(page!.content)).toEqual(newContent);
  });

  it("renames them in the drawer's topic content too", async () => {
    const [menu] = await database.db
      .select()
      .from(menuTopicContents)
      .where(eq(menuTopicContents.genre, 99));
    expect(menu!.content).toEqual(newContent);
  });

  it("leaves content that is not valid JSON as it is (it is shown as plain text)", async () => {
    const [page] = await database.db
      .select()
      .from(topicPages)
      .where(eq(topicPages.pageName, "broken"));
    expect(page!.content).toBe('[{"src": "^a$",');
  });

  it("leaves no helper function behind", async () => {
    const { rows } = await database.db.execute(
      sql`select count(*)::int as n from pg_proc where proname like 'topic_utm_rules_0007%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
