import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowseSection, MenuCampaign } from "../../../contract/menu";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { campaigns } from "../campaign/schema";
import { genres, labels, publishers } from "../catalog/schema";
import { hotWords, menuTopicContents } from "../home/schema";
import { type BrowseMenuInput, browseMenu, menuAnswer } from "./service";

const genreRows = [
  { genre_id: 1, name: "総合" },
  { genre_id: 5, name: "少年・青年" },
  { genre_id: 21, name: "ボイスドラマ" },
];

function input(overrides: Partial<BrowseMenuInput> = {}): BrowseMenuInput {
  return {
    hotword: [{ word: "異世界" }],
    genre: genreRows,
    publisher: [
      {
        publisher_id: 1,
        name: "桜風社",
        description: "桜風社の作品一覧です。",
        publisher_group_id: 3,
      },
      {
        publisher_id: 8,
        name: "ひだまりコミック",
        description: "毎月お届け。",
        publisher_group_id: 6,
      },
      {
        publisher_id: 193,
        name: "ミッドナイトブルー・エンタテインメント・パブリッシング",
        description: null,
        publisher_group_id: 7,
      },
    ],
    label: Array.from({ length: 20 }, (_, i) => ({
      label_id: i + 1,
      name: `レーベル${i + 1}`,
      publisher_id: 1,
    })),
    campaign: Array.from(
      { length: 12 },
      (_, i): MenuCampaign => ({
        campaign_id: i + 1,
        name: `キャンペーン${i + 1}`,
        img: `/media/campaign/${i + 1}.png`,
        action_url: null,
      }),
    ),
    topic: [{ columns: [{ blocks: [{ type: "hr" }] }] }],
    ...overrides,
  };
}

function section<T extends BrowseSection["type"]>(menu: BrowseSection[], type: T) {
  return menu.find((s) => s.type === type) as Extract<BrowseSection, { type: T }> | undefined;
}

describe("the drawer's browse menu", () => {
  it("lists hot words, genres, free genres, campaigns, publishers, labels, then topic content", () => {
    expect(browseMenu(input()).map((s) => s.type)).toEqual([
      "hotword",
      "genre",
      "free_genre",
      "campaign",
      "publisher",
      "label",
      "topic",
    ]);
  });

  it("keeps the first 10 campaigns and the first 15 labels, in their order", () => {
    const menu = browseMenu(input());
    expect(section(menu, "campaign")?.items.map((c) => c.campaign_id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(section(menu, "label")?.items.map((l) => l.label_id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ]);
  });

  it("leaves the configured genres out of the free genres but not out of the genres", () => {
    const menu = browseMenu(input());
    expect(section(menu, "genre")?.items.map((g) => g.genre_id)).toEqual([1, 5, 21]);
    expect(section(menu, "free_genre")?.items.map((g) => g.genre_id)).toEqual([1, 5]);
  });

  it("puts the promotional heading before publisher 8's description and shrinks 193's chip", () => {
    const items = section(browseMenu(input()), "publisher")?.items ?? [];
    const [plain, promoted, long] = items;
    expect(promoted?.heading).toBe("【今月のイチオシ出版社】");
    expect(promoted?.description).toBe("【今月のイチオシ出版社】毎月お届け。");
    expect(plain?.heading).toBeUndefined();
    expect(plain?.description).toBe("桜風社の作品一覧です。");
    expect(long?.small).toBe(true);
    expect(plain?.small).toBeUndefined();
    expect(promoted?.small).toBeUndefined();
  });

  it("drops empty sections and the topic section when there is no content", () => {
    const menu = browseMenu(input({ hotword: [], campaign: [], topic: null }));
    expect(menu.map((s) => s.type)).toEqual(["genre", "free_genre", "publisher", "label"]);
    expect(browseMenu(input({ topic: [] })).map((s) => s.type)).not.toContain("topic");
  });
});

describe("the menu answer read from the database", () => {
  let database: Database;
  const now = new Date("2026-11-21T12:00:00+09:00");
  const day = 86_400_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.insert(genres).values([
      { genreId: 1, name: "総合", sortOrder: 1 },
      { genreId: 5, name: "少年・青年", sortOrder: 5 },
    ]);
    await db
      .insert(publishers)
      .values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
    await db.insert(labels).values(
      Array.from({ length: 18 }, (_, i) => ({
        labelId: i + 1,
        publisherId: 1,
        name: `レーベル${i + 1}`,
        sortOrder: 18 - i,
      })),
    );
    await db.insert(hotWords).values({ genre: 5, position: 1, word: "バトル" });
    const running = { startAt: new Date(now.getTime() - day), endAt: null };
    await db.insert(campaigns).values([
      // Twelve running genre-5 campaigns, inserted out of order; only the first 10 by sort order stay.
      ...Array.from({ length: 12 }, (_, i) => ({
        campaignId: 100 + i,
        name: `セール${i}`,
        genreIds: [1, 5],
        sortOrder: 120 - i * 10,
        ...running,
      })),
      {
        campaignId: 1,
        name: "クーポン",
        genreIds: [5],
        couponFlag: true,
        sortOrder: 1,
        ...running,
      },
      { campaignId: 2, name: "お知らせ", genreIds: [5], infoFlag: true, sortOrder: 1, ...running },
      { campaignId: 3, name: "少女向け", genreIds: [2], sortOrder: 1, ...running },
      {
        campaignId: 4,
        name: "終了済み",
        genreIds: [5],
        sortOrder: 1,
        startAt: new Date(now.getTime() - 9 * day),
        endAt: new Date(now.getTime() - day),
      },
      {
        campaignId: 5,
        name: "開始前",
        genreIds: [5],
        sortOrder: 1,
        startAt: new Date(now.getTime() + day),
        endAt: null,
      },
    ]);
    await db.insert(menuTopicContents).values([
      { genre: 0, content: [{ columns: [{ blocks: [{ type: "hr" }] }] }] },
      { genre: 21, content: [{ columns: [{ blocks: [{ type: "space", height: 8 }] }] }] },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists the first 10 running campaigns of the genre that are neither coupon nor info", async () => {
    const answer = await menuAnswer(database.db, 5, now);
    const listed = section(answer.browse_menu, "campaign")?.items.map((c) => c.campaign_id);
    // sort_order 10, 20, ... belongs to ids 111, 110, ...; ids 100 and 101 come last and are cut.
    expect(listed).toEqual([111, 110, 109, 108, 107, 106, 105, 104, 103, 102]);
  });

  it("keeps the search lists whole while the drawer shows the first 15 labels in order", async () => {
    const answer = await menuAnswer(database.db, 5, now);
    expect(answer.label).toHaveLength(18);
    const drawerLabels = section(answer.browse_menu, "label")?.items.map((l) => l.label_id);
    expect(drawerLabels).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(section(answer.browse_menu, "hotword")?.items).toEqual([{ word: "バトル" }]);
  });

  it("names the genre whose topic content the drawer asks for, never the rows themselves", async () => {
    const own = section((await menuAnswer(database.db, 21, now)).browse_menu, "topic");
    expect(own).toEqual({ type: "topic", genre: 21 });
    const fallback = section((await menuAnswer(database.db, 5, now)).browse_menu, "topic");
    expect(fallback).toEqual({ type: "topic", genre: 5 });
  });
});
