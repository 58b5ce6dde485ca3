import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NewsListAnswer } from "../../../contract/news";
import type {
  LotteryEditorAnswer,
  NewsEditorAnswer,
  StampCardEditorAnswer,
} from "../../../contract/ops-extras-rules";
import type { LoginStampsAnswer } from "../../../contract/stamp";
import { tokyoDateTimeInput, tokyoIsoDate } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { auditLog } from "../audit/schema";
import { play } from "../lottery/service";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";

/**
 * Issue 24's proof for the news, stamp card and lottery editor: every call for every kind of
 * caller (visitor 401, member 403, support 403 on writes, editor and admin answered), one audit
 * row and one change on the bus per answered write, 400 for what the store could not read, and
 * the store reading what the editor wrote: a scheduled notice appears at its time, a card's
 * cells on /api/login_stamps, a lottery's edited stock in the draw.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
const target = { news: 0, card: 0, lottery: 0 };
const DAY = 86_400_000;

const inMinutes = (minutes: number) => tokyoDateTimeInput(new Date(Date.now() + minutes * 60_000));
const day = (days: number) => tokyoIsoDate(new Date(Date.now() + days * DAY));

const newsBody = (extra: Record<string, unknown> = {}) => ({
  title: "年末年始の営業について",
  body: "<p>12/29〜1/3はお問い合わせの返信が遅れます。</p>",
  published_at: inMinutes(-60),
  important: true,
  ...extra,
});

const cells = (n: number, reward: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    image_url_on: `/media/stamp/on-${i + 1}.png`,
    image_url_off: `/media/stamp/off-${i + 1}.png`,
    reward_point: (i + 1) % 5 === 0 ? 10 : null,
    ...reward,
  }));

const cardBody = (extra: Record<string, unknown> = {}) => ({
  image_url: "/media/stamp/card-9.png",
  start_date: day(-1),
  end_date: day(29),
  description: "毎日ログインでスタンプ",
  bg_color: "FFF4E6",
  bg_image_url: null,
  band_style: "background-color:#ff6f91",
  cells: cells(7),
  ...extra,
});

const prize = (name: string, weight: number, stock: number | null, extra = {}) => ({
  name,
  weight,
  stock,
  ...extra,
});

const lotteryBody = (extra: Record<string, unknown> = {}) => ({
  name: "editor-kuji",
  title: "編集部おみくじ",
  upper_page_content: "<p>1日1回！</p>",
  play_condition_type: 1,
  start_at: inMinutes(-24 * 60),
  end_at: inMinutes(7 * 24 * 60),
  prizes: [prize("当たり", 1000, 0), prize("はずれ", 1, null)],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));
  const admin = browsers.admin!;
  const n = await admin.postJson<{ news: NewsEditorAnswer }>("/api/ops/news", newsBody());
  target.news = n.body.news.m_news_id;
  const c = await admin.postJson<{ stamp_card: StampCardEditorAnswer }>(
    "/api/ops/stamp-cards",
    cardBody(),
  );
  target.card = c.body.stamp_card.card_id;
  const l = await admin.postJson<{ lottery: LotteryEditorAnswer }>(
    "/api/ops/lotteries",
    lotteryBody(),
  );
  target.lottery = l.body.lottery.lottery_id;
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.database.close();
});

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  entity?: string;
  creates?: boolean;
}

let serial = 0;
const calls: Call[] = [
  { name: "news list", method: "GET", path: () => "/api/ops/news?q=年末&page=1" },
  { name: "news get", method: "GET", path: () => `/api/ops/news/${target.news}` },
  { name: "stamp card list", method: "GET", path: () => "/api/ops/stamp-cards" },
  { name: "stamp card get", method: "GET", path: () => `/api/ops/stamp-cards/${target.card}` },
  { name: "lottery list", method: "GET", path: () => "/api/ops/lotteries" },
  { name: "lottery get", method: "GET", path: () => `/api/ops/lotteries/${target.lottery}` },
  {
    name: "news create",
    method: "POST",
    path: () => "/api/ops/news",
    body: () => newsBody({ title: `お知らせ${++serial}` }),
    entity: "news",
    creates: true,
  },
  {
    name: "news update",
    method: "POST",
    path: () => `/api/ops/news/${target.news}`,
    body: () => newsBody({ title: `年末年始の営業について（${++serial}）` }),
    entity: "news",
  },
  // A draft is published once; withdraw and restore take turns, so each caller's pair answers.
  ...(["withdraw", "restore"] as const).map(
    (action): Call => ({
      name: `news ${action}`,
      method: "POST",
      path: () => `/api/ops/news/${target.news}/${action}`,
      entity: "news",
    }),
  ),
  {
    name: "news publish (of a new draft)",
    method: "POST",
    // The path is a fresh draft each time (freshDraft below).
    path: () => "/api/ops/news/0/publish",
    entity: "news",
  },
  {
    name: "stamp card create",
    method: "POST",
    path: () => "/api/ops/stamp-cards",
    body: () => cardBody({ start_date: day(100), end_date: day(110) }),
    entity: "stamp_card",
    creates: true,
  },
  {
    name: "stamp card update",
    method: "POST",
    path: () => `/api/ops/stamp-cards/${target.card}`,
    body: () => cardBody({ description: `説明${++serial}` }),
    entity: "stamp_card",
  },
  {
    name: "lottery create",
    method: "POST",
    path: () => "/api/ops/lotteries",
    body: () => lotteryBody({ name: `kuji-${++serial}` }),
    entity: "lottery",
    creates: true,
  },
  {
    name: "lottery update",
    method: "POST",
    path: () => `/api/ops/lotteries/${target.lottery}`,
    body: () => lotteryBody({ title: `編集部おみくじ${++serial}`, prizes: [] }),
    entity: "lottery",
  },
];

/** The lottery update's prizes are the saved ones, so the call changes only the title. */
async function savedPrizes() {
  const l = await browsers.admin!.getJson<{ lottery: LotteryEditorAnswer }>(
    `/api/ops/lotteries/${target.lottery}`,
  );
  return l.body.lottery.prizes.map((p) => ({ ...p, stock_seen: p.stock }));
}

/** A fresh draft for the publish call, so each caller publishes one. */
async function freshDraft() {
  const d = await browsers.admin!.postJson<{ news: NewsEditorAnswer }>(
    "/api/ops/news",
    newsBody({ title: "下書き" }),
  );
  return d.body.news.m_news_id;
}

describe("every /api/ops news, stamp card and lottery call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const browser = browsers[who]!;
        let path = call.path();
        let body = call.body?.() ?? {};
        if (call.name.startsWith("news publish")) {
          path = `/api/ops/news/${await freshDraft()}/publish`;
        }
        if (call.name === "lottery update") body = { ...body, prizes: await savedPrizes() };
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const answer =
          call.method === "GET" ? await browser.getJson(path) : await browser.postJson(path, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const answeredWrite = answer.status === 200 && call.method === "POST";
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        expect(told.length - toldBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe(call.entity);
          expect(told.at(-1)).toEqual({ entity: call.entity, id: Number(row!.entityId) });
          expect(row!.after).not.toBeNull();
          if (call.creates) expect(row!.before).toBeNull();
          else expect(row!.before).not.toBeNull();
        }
        if (answer.status === 401) {
          expect(answer.body).toMatchObject({ result: false, error_url: "/ops/login" });
        }
      });
    }
  }
});

describe("what the store could not read is a 400, and nothing is written", () => {
  const refused = async (path: string, body: Record<string, unknown>, message: RegExp) => {
    const before = await t.services.db.$count(auditLog);
    const answer = await browsers.editor!.postJson<{ error_message: string }>(path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error_message).toMatch(message);
    expect(await t.services.db.$count(auditLog)).toBe(before);
  };

  it("news: a title, a body and a real Tokyo time", async () => {
    await refused("/api/ops/news", newsBody({ title: " " }), /タイトルを入力してください/);
    await refused("/api/ops/news", newsBody({ body: "" }), /本文を入力してください/);
    await refused(
      "/api/ops/news",
      newsBody({ published_at: "2026-02-30T10:00" }),
      /published_at は実在する日時/,
    );
    await refused("/api/ops/news", newsBody({ important: "yes" }), /important/);
  });

  it("stamp cards: cells the period can fill, real coupons, images the card can draw", async () => {
    await refused("/api/ops/stamp-cards", cardBody({ cells: [] }), /マス目は1〜60個/);
    await refused(
      "/api/ops/stamp-cards",
      cardBody({ start_date: day(0), end_date: day(4), cells: cells(6) }),
      /期間（5日）より多いマス目（6個）は埋まりません/,
    );
    await refused(
      "/api/ops/stamp-cards",
      cardBody({ start_date: day(3), end_date: day(1) }),
      /終了日は開始日以降/,
    );
    await refused(
      "/api/ops/stamp-cards",
      cardBody({ cells: cells(7, { reward_coupon_id: 987654 }) }),
      /クーポン（ID 987654）が見つかりません/,
    );
    await refused(
      "/api/ops/stamp-cards",
      cardBody({ bg_image_url: '/bg.png") ; background:url("//evil' }),
      /背景画像は「\/」で始まる/,
    );
    await refused("/api/ops/stamp-cards", cardBody({ bg_color: "#fff" }), /背景色/);
  });

  it("lotteries: a prize at least, weights above 0, stock 0 or more, one gift a prize", async () => {
    await refused("/api/ops/lotteries", lotteryBody({ prizes: [] }), /景品を1つ以上/);
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ prizes: [prize("A", 0, null)] }),
      /weight は1〜1000000の整数/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ prizes: [prize("A", 1, -1)] }),
      /stock は0〜10000000の整数/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ prizes: [prize("A", 1, null, { point: 10, coupon_id: 3 })] }),
      /ポイント・クーポン・作品のどれか1つ/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ name: "Editor Kuji" }),
      /name は英小文字・数字/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ name: "editor-kuji" }),
      /\/lottery\/editor-kuji はほかのくじが使っています/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ name: "kuji-item", prizes: [prize("A", 1, null, { item_id: 99999 })] }),
      /作品（商品ID 99999）が見つかりません/,
    );
    await refused(
      "/api/ops/lotteries",
      lotteryBody({ name: "kuji-end", end_at: inMinutes(-48 * 60) }),
      /開催期間の終了は開始より後/,
    );
  });
});

describe("the store reads what the editor wrote", () => {
  it("a scheduled 重要 notice appears on /api/news only once its time has come", async () => {
    const editor = browsers.editor!;
    const at = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    const created = await editor.postJson<{ news: NewsEditorAnswer }>(
      "/api/ops/news",
      newsBody({ title: "予約したお知らせ", published_at: tokyoDateTimeInput(at) }),
    );
    const id = created.body.news.m_news_id;
    expect(created.body.news.state).toBe("draft");
    const published = await editor.postJson<{ news: NewsEditorAnswer }>(
      `/api/ops/news/${id}/publish`,
      {},
    );
    expect(published.body.news.state).toBe("scheduled");
    const visitor = new Browser(t.app);
    const ids = async () =>
      (await visitor.getJson<NewsListAnswer>("/api/news")).body.news.map((n) => n.m_news_id);
    expect(await ids()).not.toContain(id);
    expect((await visitor.getJson(`/api/news/${id}`)).status).toBe(404);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(at.getTime() - 1000);
      expect(await ids()).not.toContain(id);
      vi.setSystemTime(at.getTime());
      const list = await visitor.getJson<NewsListAnswer>("/api/news");
      const shown = list.body.news.find((n) => n.m_news_id === id);
      expect(shown).toMatchObject({ title: "予約したお知らせ", important_flag: true });
    } finally {
      vi.useRealTimers();
    }
    // Withdrawn, it leaves the store; restored, it is back.
    await editor.postJson(`/api/ops/news/${id}/withdraw`, {});
    expect((await visitor.getJson(`/api/news/${id}`)).status).toBe(404);
    await editor.postJson(`/api/ops/news/${id}/restore`, {});
    expect((await editor.postJson(`/api/ops/news/${id}/publish`, {})).status).toBe(400);
  });

  it("a card's cells are the rows of six /api/login_stamps answers", async () => {
    const edited = await browsers.editor!.postJson<{ stamp_card: StampCardEditorAnswer }>(
      `/api/ops/stamp-cards/${target.card}`,
      cardBody({ start_date: day(0), cells: cells(8) }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.stamp_card.bg_color).toBe("fff4e6");
    const answer = await browsers.member!.postJson<LoginStampsAnswer>("/api/login_stamps", {});
    expect(answer.body.stamps?.stamp_count).toBe(8);
    expect(answer.body.boxes.map((row) => row.map((b) => b.stamp_no))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8],
    ]);
    expect(answer.body.status.current_stamp_no).toBe(1);
    // A member pressed stamp 1: the card keeps at least that many cells.
    const cut = await browsers.editor!.getJson<{ stamp_card: StampCardEditorAnswer }>(
      `/api/ops/stamp-cards/${target.card}`,
    );
    expect(cut.body.stamp_card.pressed_max).toBe(1);
  });

  it("a lottery's edited stock is what the draw hands out, and draws' takings are kept", async () => {
    const editor = browsers.editor!;
    const path = `/api/ops/lotteries/${target.lottery}`;
    const before = (await editor.getJson<{ lottery: LotteryEditorAnswer }>(path)).body.lottery;
    const [hit, blank] = before.prizes;
    expect(hit).toMatchObject({ name: "当たり", stock: 0 });
    const body = (hitStock: number | null, hitSeen: number | null) =>
      lotteryBody({
        prizes: [
          { ...hit, stock: hitStock, stock_seen: hitSeen },
          { ...blank, stock_seen: blank!.stock },
        ],
      });
    expect((await editor.postJson(path, body(2, 0))).status).toBe(200);
    // The roll 0 always lands on the first prize with stock left.
    const draw = (userId: number) =>
      play(t.services.db, {
        name: "editor-kuji",
        userId,
        conditionType: 1,
        now: new Date(),
        roll: () => 0,
      });
    const won = [];
    for (const userId of [900001, 900002, 900003]) won.push((await draw(userId)).prize?.name);
    expect(won).toEqual(["当たり", "当たり", "はずれ"]);
    // Saved with the stock it was loaded with (2), the draws' takings stay: stock 0.
    expect((await editor.postJson(path, body(2, 2))).status).toBe(200);
    const after = (await editor.getJson<{ lottery: LotteryEditorAnswer }>(path)).body.lottery;
    expect(after.prizes[0]).toMatchObject({ stock: 0, won: 2 });
    // Changed from a stock the draws have since moved: refused, nothing written.
    const stale = await editor.postJson<{ error_message: string }>(path, body(5, 2));
    expect(stale.status).toBe(409);
    expect(stale.body.error_message).toMatch(/抽選で2から0に変わりました/);
    // A prize someone won is run out, never removed.
    const removed = await editor.postJson<{ error_message: string }>(
      path,
      lotteryBody({ prizes: [{ ...blank, stock_seen: null }] }),
    );
    expect(removed.status).toBe(400);
    expect(removed.body.error_message).toMatch(/当選者がいる景品（当たり）は削除できません/);
  });
});
