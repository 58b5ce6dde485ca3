import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CSV_COLUMNS,
  type CsvColumn,
  csvCell,
  type ImportAnswer,
} from "../../../contract/catalog-import";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { seriesMain } from "../../pages/series-answers";
import { auditLog } from "../audit/schema";
import { authors, books, genres, labels, publishers, series, tags } from "../catalog/schema";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";

/**
 * The bulk import (decision 0093) through its route, as the import page uses it: a dry run that
 * writes nothing, an import written through the editor with one audit row per row and one
 * change per series and volume, read back by the store; a delivery with any problem, or one
 * that fails half-way, leaves nothing behind.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: Browser;
const told: CatalogChange[] = [];
const URL_ = "/api/ops/catalog/import";
const DAY = 86_400_000;
const released = tokyoIsoDate(new Date(Date.now() - 2 * DAY));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  const [publisher] = await db
    .insert(publishers)
    .values({ name: "コマヤ書房", nameKana: "コマヤショボウ" })
    .returning();
  await db.insert(labels).values({ name: "コマヤコミックス", publisherId: publisher!.publisherId });
  await db.insert(genres).values({ name: "少年・青年" });
  await db.insert(authors).values({ name: "佐藤一郎", nameKana: "サトウイチロウ" });
  editor = new Browser(t.app);
  await signInToOps(editor, await newStaffAccount(db, "editor"));
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

type Line = Partial<Record<CsvColumn, string>>;
const csv = (...lines: Line[]) =>
  [
    Object.keys(CSV_COLUMNS).join(","),
    ...lines.map((l) =>
      (Object.keys(CSV_COLUMNS) as CsvColumn[]).map((c) => csvCell(l[c] ?? "")).join(","),
    ),
  ].join("\n");

const volumeLine = (title: string, volume: number, extra: Line = {}): Line => ({
  series_title: title,
  series_title_kana: "ホシフルトショカン",
  publisher: "コマヤ書房",
  label: "コマヤコミックス",
  authors: "原作:山田花子/ヤマダハナコ|漫画:佐藤一郎",
  genres: "少年・青年",
  tags: "ファンタジー|図書館",
  series_description: "星の降る夜だけ開く図書館。",
  complete: "0",
  volume: String(volume),
  volume_title: `${title} ${volume}巻`,
  price_inc: "660",
  release_date: released,
  page_count: "180",
  trial_pages: "20",
  ...extra,
});

async function upload(
  browser: Browser,
  text: string,
  { dryRun = true, format = "csv", name = "catalog.csv" } = {},
) {
  if (!browser.cookies.has("ct")) await browser.open();
  const form = new FormData();
  form.set("file", new File([text], name));
  form.set("format", format);
  form.set("dry_run", String(dryRun));
  const response = await browser.fetch(URL_, { method: "POST", body: form });
  return {
    status: response.status,
    body: (await response.json()) as ImportAnswer & { result: boolean; error_message?: string },
  };
}

const counts = async () => {
  const db = t.services.db;
  return {
    series: await db.$count(series),
    books: await db.$count(books),
    authors: await db.$count(authors),
    tags: await db.$count(tags),
    audit: await db.$count(auditLog),
  };
};

const kinds = (answer: ImportAnswer) => answer.actions.map((a) => [a.label, a.target]);

describe("a CSV delivery", () => {
  const file = csv(volumeLine("星降る図書館", 1), volumeLine("星降る図書館", 2));

  it("dry run: lists what would change in the shop's words and writes nothing", async () => {
    const before = await counts();
    const { status, body } = await upload(editor, file);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ result: true, dry_run: true, problems: [] });
    expect(kinds(body)).toEqual([
      ["タグを追加", "ファンタジー"],
      ["タグを追加", "図書館"],
      ["著者を追加", "山田花子"],
      ["作品を追加", "星降る図書館"],
      ["巻を追加", "星降る図書館 1巻"],
      ["巻を追加", "星降る図書館 2巻"],
    ]);
    const added = body.actions.find((a) => a.kind === "series_create")!;
    expect(added.source).toBe("2行目");
    expect(added.changes).toContainEqual({
      field: "著者",
      before: null,
      after: "原作:山田花子、漫画:佐藤一郎",
    });
    expect(body.actions[4]!.changes).toContainEqual({
      field: "税込価格",
      before: null,
      after: "660円",
    });
    expect(await counts()).toEqual(before);
    expect(told).toEqual([]);
  });

  it("imports through the editor: published rows the store reads, one audit row each, one change per series and volume", async () => {
    const before = await counts();
    const { status, body } = await upload(editor, file, { dryRun: false });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ result: true, dry_run: false, problems: [] });
    const after = await counts();
    expect(after).toEqual({
      series: before.series + 1,
      books: before.books + 2,
      authors: before.authors + 1,
      tags: before.tags + 2,
      // 2 tags, 1 author, 1 series, 2 volumes.
      audit: before.audit + 6,
    });
    const db = t.services.db;
    const [s] = await db.select().from(series).where(eq(series.name, "星降る図書館"));
    expect(s).toMatchObject({ draft: false, volumeCount: 2 });
    const rows = await db.select().from(auditLog).orderBy(auditLog.auditId);
    expect(rows.slice(-6).map((r) => [r.entity, r.action])).toEqual([
      ["tag", "create"],
      ["tag", "create"],
      ["author", "create"],
      ["series", "create"],
      ["volume", "create"],
      ["volume", "create"],
    ]);
    expect(told.map((c) => c.entity)).toEqual(["series", "volume", "volume"]);
    expect(told[0]).toEqual({ entity: "series", id: s!.seriesId });

    // The store's series page shows both volumes with their prices.
    const main = await seriesMain(db, s!.seriesId);
    expect(main?.books.map((b) => [b.volume, b.price, b.trial_page_count])).toEqual([
      [1, 660, 20],
      [2, 660, 20],
    ]);
    // Search follows the change heard on the bus.
    await expect
      .poll(
        async () => {
          const found = await new Browser(t.app).getJson<{ data: { series_id: number }[] }>(
            `/api/search?wd=${encodeURIComponent("星降る図書館")}`,
          );
          return found.body.data.map((d) => d.series_id);
        },
        { timeout: 15_000, interval: 250 },
      )
      .toContain(s!.seriesId);
  });

  it("re-importing the same file changes nothing", async () => {
    const before = await counts();
    const toldBefore = told.length;
    const dry = await upload(editor, file);
    expect(dry.body.actions.map((a) => a.label)).toEqual(["変更なし", "変更なし", "変更なし"]);
    const again = await upload(editor, file, { dryRun: false });
    expect(again.status).toBe(200);
    expect(await counts()).toEqual(before);
    expect(told.length).toBe(toldBefore);
  });

  it("a changed price is an update with its before and after", async () => {
    const changed = csv(
      volumeLine("星降る図書館", 1),
      volumeLine("星降る図書館", 2, { price_inc: "693" }),
    );
    const dry = await upload(editor, changed);
    expect(kinds(dry.body)).toEqual([
      ["変更なし", "星降る図書館"],
      ["変更なし", "星降る図書館 1巻"],
      ["巻を更新", "星降る図書館 2巻"],
    ]);
    expect(dry.body.actions[2]!.changes).toEqual([
      { field: "税込価格", before: "660円", after: "693円" },
    ]);
    const before = await counts();
    const done = await upload(editor, changed, { dryRun: false });
    expect(done.status).toBe(200);
    expect((await counts()).audit).toBe(before.audit + 1);
    const [row] = await t.services.db.select().from(auditLog).orderBy(sql`audit_id desc`).limit(1);
    expect(row).toMatchObject({ entity: "volume", action: "update" });
    expect(row!.before).toMatchObject({ price_inc: 660 });
    expect(row!.after).toMatchObject({ price_inc: 693, price: 630 });
  });

  it("a delivery with one bad line imports nothing and names the line", async () => {
    const before = await counts();
    const bad = csv(
      volumeLine("月の庭", 1),
      volumeLine("月の庭", 2, { publisher: "どこか書房" }),
      volumeLine("月の庭", 3, { trial_pages: "300" }),
      volumeLine("月の庭", 4, { authors: "監修:誰か/ダレカ" }),
      volumeLine("月の庭", 5, { genres: "なぞ" }),
      volumeLine("月の庭", 6, { authors: "原作:新人/" }),
    );
    const dry = await upload(editor, bad);
    expect(dry.status).toBe(200);
    const { status, body } = await upload(editor, bad, { dryRun: false });
    expect(status).toBe(400);
    expect(body.result).toBe(false);
    expect(body.error_message).toContain("何も登録していません");
    expect(body.problems).toEqual(dry.body.problems);
    expect(body.problems).toEqual([
      { source: "3行目", message: "出版社「どこか書房」が登録されていません" },
      {
        source: "4行目",
        message:
          "trial_page_count: 試し読みのページ数は巻のページ数（180ページ）以下にしてください",
      },
      { source: "5行目", message: expect.stringContaining("role は 著者・原作・漫画") },
      { source: "6行目", message: "ジャンル「なぞ」が登録されていません" },
      { source: "7行目", message: "著者「新人」は登録されていないため、読み（カナ）が必要です" },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("a failure half-way through undoes every row and every audit row", async () => {
    const db = t.services.db;
    // A unique violation on the third volume written, as a racing write would raise it.
    await db.execute(sql`
      create function import_test_race() returns trigger language plpgsql as $$
      begin
        if new.title = '風の谷 3巻' then
          raise exception 'duplicate key value violates unique constraint "books_series_volume_idx"'
            using errcode = '23505';
        end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger import_test_race before insert on books
      for each row execute function import_test_race()`);
    try {
      const before = await counts();
      const toldBefore = told.length;
      const file = csv(
        volumeLine("風の谷", 1, { tags: "旅" }),
        volumeLine("風の谷", 2),
        volumeLine("風の谷", 3),
      );
      expect((await upload(editor, file)).body.problems).toEqual([]);
      const { status, body } = await upload(editor, file, { dryRun: false });
      expect(status).toBe(409);
      expect(body.problems).toEqual([
        { source: "4行目", message: expect.stringContaining("重なりました") },
      ]);
      expect(await counts()).toEqual(before);
      expect(await db.$count(series, eq(series.name, "風の谷"))).toBe(0);
      expect(await db.$count(tags, eq(tags.name, "旅"))).toBe(0);
      expect(told.length).toBe(toldBefore);
    } finally {
      await db.execute(sql`drop trigger import_test_race on books`);
      await db.execute(sql`drop function import_test_race()`);
    }
  });
});

const onix = (...products: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">
  <Header><Sender><SenderName>コマヤ書房</SenderName></Sender></Header>
  ${products.join("\n")}
</ONIXMessage>`;

const product = (ref: string, part: number, genre = "少年・青年") => `
  <Product>
    <RecordReference>${ref}</RecordReference>
    <NotificationType>03</NotificationType>
    <DescriptiveDetail>
      <Collection><CollectionType>10</CollectionType>
        <TitleDetail><TitleType>01</TitleType>
          <TitleElement><TitleElementLevel>02</TitleElementLevel><PartNumber>${part}</PartNumber>
            <TitleText collationkey="ゆきのしろ">雪の城</TitleText></TitleElement>
        </TitleDetail>
      </Collection>
      <TitleDetail><TitleType>01</TitleType>
        <TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>雪の城 ${part}巻</TitleText></TitleElement>
      </TitleDetail>
      <Contributor><ContributorRole>A01</ContributorRole>
        <PersonName collationkey="ふゆのゆき">冬野雪</PersonName></Contributor>
      <Extent><ExtentType>00</ExtentType><ExtentValue>160</ExtentValue><ExtentUnit>03</ExtentUnit></Extent>
      <Subject><SubjectSchemeIdentifier>24</SubjectSchemeIdentifier><SubjectHeadingText>${genre}</SubjectHeadingText></Subject>
    </DescriptiveDetail>
    <PublishingDetail>
      <Imprint><ImprintName>コマヤコミックス</ImprintName></Imprint>
      <Publisher><PublishingRole>01</PublishingRole><PublisherName>コマヤ書房</PublisherName></Publisher>
      <PublishingDate><PublishingDateRole>01</PublishingDateRole><Date>${released.replace(/-/g, "")}</Date></PublishingDate>
    </PublishingDetail>
    <ProductSupply><SupplyDetail><ProductAvailability>20</ProductAvailability>
      <Price><PriceType>04</PriceType><PriceAmount>770</PriceAmount><CurrencyCode>JPY</CurrencyCode></Price>
    </SupplyDetail></ProductSupply>
  </Product>`;

describe("an ONIX 3.0 delivery", () => {
  it("imports nothing when one product cannot be mapped, and names it", async () => {
    const before = await counts();
    const file = onix(product("yuki-1", 1), product("yuki-2", 2, "未知のジャンル"));
    const { status, body } = await upload(editor, file, {
      dryRun: false,
      format: "",
      name: "a.xml",
    });
    expect(status).toBe(400);
    expect(body.format).toBe("onix");
    expect(body.problems).toEqual([
      { source: "Product 2（yuki-2）", message: "ジャンル「未知のジャンル」が登録されていません" },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("maps the products onto a series and its volumes, with the author, imprint and price", async () => {
    const file = onix(product("yuki-1", 1), product("yuki-2", 2));
    const { status, body } = await upload(editor, file, { dryRun: false, format: "onix" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(kinds(body)).toEqual([
      ["著者を追加", "冬野雪"],
      ["作品を追加", "雪の城"],
      ["巻を追加", "雪の城 1巻"],
      ["巻を追加", "雪の城 2巻"],
    ]);
    const db = t.services.db;
    const [s] = await db.select().from(series).where(eq(series.name, "雪の城"));
    expect(s).toMatchObject({ nameKana: "ユキノシロ", draft: false });
    const main = await seriesMain(db, s!.seriesId);
    expect(main?.books.map((b) => [b.volume, b.price, b.page_count])).toEqual([
      [1, 770, 160],
      [2, 770, 160],
    ]);
    const again = await upload(editor, file, { format: "onix" });
    expect(again.body.actions.every((a) => a.kind === "unchanged")).toBe(true);
  });
});

describe("who may import", () => {
  const file = csv(volumeLine("権限の庭", 1));
  it.each([
    ["visitor", 401],
    ["member", 403],
    ["support", 403],
    ["editor", 200],
  ] as const)("%s → %i", async (who, expected) => {
    const db = t.services.db;
    const browser = new Browser(t.app);
    if (who === "member") {
      const account = await newStaffAccount(db, null);
      expect((await browser.postJson("/api/account/login", account)).status).toBe(200);
    } else if (who !== "visitor") {
      await signInToOps(browser, await newStaffAccount(db, who));
    }
    const before = await counts();
    const { status } = await upload(browser, file, { dryRun: false });
    expect(status).toBe(expected);
    if (expected !== 200) expect(await counts()).toEqual(before);
  });

  it("refuses an upload without the CSRF header", async () => {
    const form = new FormData();
    form.set("file", new File([file], "a.csv"));
    const response = await editor.fetch(URL_, { method: "POST", body: form, csrf: false });
    expect(response.status).toBe(403);
  });

  it("refuses a file over 10 MB before reading it, and a file that is not UTF-8", async () => {
    const big = await upload(editor, "a".repeat(11 * 1024 * 1024));
    expect(big.status).toBe(413);
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x82, 0xa0, 0x82, 0xa2])], "sjis.csv"));
    const response = await editor.fetch(URL_, { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_message: string }).error_message).toContain("UTF-8");
  });
});
