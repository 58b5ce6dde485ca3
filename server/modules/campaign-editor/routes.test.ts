import { desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignEditorAnswer } from "../../../contract/ops-campaigns-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { type Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { campaignPreviewPage, runningCampaignPage } from "../../pages/campaign";
import { auditLog } from "../audit/schema";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { labels, series } from "../catalog/schema";
import { pickupCampaigns } from "../home/schema";
import { priceItems } from "../pricing/quote";
import { createShop, SALE_ITEM, SERIES_ONE_ITEM } from "../pricing/test-fixture";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";

/**
 * Issue 24's proof for the campaign editor (decision 0101): every call for every kind of caller
 * (visitor 401, member 403, support 403 on writes, editor and admin answered), one audit row and
 * one "campaign" change per answered write; each campaign kind saved as the store reads it; 400
 * with a Japanese message for a campaign the store could not serve; a sale made in the editor is
 * the price the shopper's quote gets; the banner upload's versioned address.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
let campaignId = 0;

const inMinutes = (minutes: number) => tokyoDateTimeInput(new Date(Date.now() + minutes * 60_000));

const saleBody = (extra: Record<string, unknown> = {}) => ({
  name: "恋と花嫁 30%OFF",
  description: "<b>期間限定</b>のセールです",
  kind: "policy",
  genre_ids: [1, 2],
  new_flag: true,
  pickup_genres: [2],
  start_at: inMinutes(-60),
  end_at: inMinutes(7 * 24 * 60),
  policies: [{ policy_type: 101, sale_pct: 30 }],
  series_ids: [1],
  ...extra,
});

let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await createShop(db);
  // The fixture's campaign 1 was inserted by id: the editor's start after it.
  await db.execute(sql`select setval(pg_get_serial_sequence('campaigns', 'campaign_id'), 100)`);
  Object.assign(browsers, await opsCallers(t.app, db));
  const made = await browsers.editor!.postJson<{ campaign: CampaignEditorAnswer }>(
    "/api/ops/campaigns",
    saleBody({ start_at: inMinutes(24 * 60) }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  campaignId = made.body.campaign.campaign_id;
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

async function banner(width = 702, height = 240): Promise<Blob> {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 230, g: 60, b: 90 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

async function uploadBanner(browser: Browser, id: number, file?: Blob) {
  if (!browser.cookies.has("ct")) await browser.open();
  const form = new FormData();
  form.append("file", file ?? (await banner()), "banner.png");
  const response = await browser.fetch(`/api/ops/campaigns/${id}/banner`, {
    method: "POST",
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, never> };
}

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  creates?: boolean;
  upload?: boolean;
}

const calls: Call[] = [
  { name: "list", method: "GET", path: () => "/api/ops/campaigns?state=upcoming&page=1" },
  { name: "get", method: "GET", path: () => `/api/ops/campaigns/${campaignId}` },
  {
    name: "target series",
    method: "GET",
    path: () => "/api/ops/campaigns/target-series?genre_id=2",
  },
  {
    name: "create",
    method: "POST",
    path: () => "/api/ops/campaigns",
    body: () => saleBody({ name: `セール${++serial}`, start_at: inMinutes(24 * 60) }),
    creates: true,
  },
  {
    name: "update",
    method: "POST",
    path: () => `/api/ops/campaigns/${campaignId}`,
    body: () => saleBody({ name: `恋と花嫁 30%OFF（${++serial}）`, start_at: inMinutes(24 * 60) }),
  },
  {
    name: "banner",
    method: "POST",
    path: () => `/api/ops/campaigns/${campaignId}/banner`,
    upload: true,
  },
];

describe("every /api/ops/campaigns call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const browser = browsers[who]!;
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const path = call.path();
        const answer = call.upload
          ? await uploadBanner(browser, campaignId)
          : call.method === "GET"
            ? await browser.getJson(path)
            : await browser.postJson(path, call.body?.() ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const answeredWrite = answer.status === 200 && call.method === "POST";
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe("campaign");
          expect(row!.actorRole).toBe(who);
          expect(row!.after).not.toBeNull();
          if (call.creates) expect(row!.before).toBeNull();
          else expect(row!.before).not.toBeNull();
          expect(told.slice(toldBefore)).toContainEqual({
            entity: "campaign",
            id: expect.any(Number),
          });
        }
      });
    }
  }
});

describe("each kind of campaign is saved as the store reads it", () => {
  const create = async (body: Record<string, unknown>) => {
    const answer = await browsers.editor!.postJson<{ campaign: CampaignEditorAnswer }>(
      "/api/ops/campaigns",
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.campaign;
  };

  it("a sale: its policy, the sale flag, series and volume targets in order, home pickups", async () => {
    const c = await create(
      saleBody({ series_ids: [2], item_ids: [SERIES_ONE_ITEM(3)], pickup_genres: [2, 4] }),
    );
    expect(c.kind).toBe("policy");
    expect(c.offer).toBe("30%OFF");
    expect(c.sale_flag && !c.free_flag && !c.trial_flag).toBe(true);
    expect(c.series_ids).toEqual([2]);
    expect(c.item_ids).toEqual([SERIES_ONE_ITEM(3)]);
    expect(c.pickup_genres).toEqual([2, 4]);
    const targets = await t.services.db
      .select()
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, c.campaign_id));
    // A volume target names its series too, as campaign-effect.ts reads it.
    expect(targets.map((r) => [r.seriesId, r.itemId, r.sortOrder])).toEqual([
      [2, null, 0],
      [1, SERIES_ONE_ITEM(3), 1],
    ]);
    const picked = await t.services.db
      .select()
      .from(pickupCampaigns)
      .where(eq(pickupCampaigns.campaignId, c.campaign_id));
    expect(picked.map((p) => p.genre).sort()).toEqual([2, 4]);
  });

  it("free volumes, members-only free, extended previews and a labelled benefit", async () => {
    const c = await create(
      saleBody({
        policies: [
          { policy_type: 102, free_count: 2, sale_pct: 40 },
          { policy_type: 103, free_count: 3 },
          { policy_type: 104, trial_page_count: 60 },
          { policy_type: 105, free_count: 1 },
          { policy_type: 106, label: "ポイント20%還元" },
        ],
      }),
    );
    expect(c.free_flag && c.trial_flag && !c.sale_flag).toBe(true);
    const rows = await t.services.db
      .select()
      .from(campaignPolicies)
      .where(eq(campaignPolicies.campaignId, c.campaign_id));
    // Each policy keeps only the figure its type reads: the stray sale_pct on 102 is dropped.
    expect(
      rows.map((p) => [p.policyType, p.salePct, p.freeCount, p.trialPageCount, p.label]),
    ).toEqual([
      [102, null, 2, null, null],
      [103, null, 3, null, null],
      [104, null, null, 60, null],
      [105, null, 1, null, null],
      [106, null, null, null, "ポイント20%還元"],
    ]);
  });

  it("a coupon campaign: coupon_flag, its targets, no policy needed", async () => {
    const c = await create(saleBody({ kind: "coupon", policies: [], series_ids: [1, 2] }));
    expect(c.kind).toBe("coupon");
    const [row] = await t.services.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.campaignId, c.campaign_id));
    expect(row!.couponFlag && !row!.infoFlag).toBe(true);
    expect(c.series_ids).toEqual([1, 2]);
  });

  it("an information campaign: info_flag and where it links, nothing else", async () => {
    const c = await create({
      name: "新規登録で100ポイント",
      kind: "info",
      action_url: "/signup",
      start_at: inMinutes(-60),
      end_at: "",
      moment_flag: true,
    });
    expect(c.kind).toBe("info");
    expect(c.end_at).toBeNull();
    expect(c.action_url).toBe("/signup");
    expect(c.moment_flag).toBe(true);
    expect(c.targets).toBe(0);
  });
});

describe("a campaign the store could not serve is a 400, and nothing is written", () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["sale 0%", { policies: [{ policy_type: 101, sale_pct: 0 }] }, "policies", /1〜100/],
    ["sale over 100%", { policies: [{ policy_type: 101, sale_pct: 101 }] }, "policies", /1〜100/],
    ["free count 0", { policies: [{ policy_type: 102, free_count: 0 }] }, "policies", /1〜999/],
    ["free without its count", { policies: [{ policy_type: 102 }] }, "policies", /巻数/],
    ["a benefit without its label", { policies: [{ policy_type: 106 }] }, "policies", /表示名/],
    [
      "the same policy twice",
      {
        policies: [
          { policy_type: 101, sale_pct: 10 },
          { policy_type: 101, sale_pct: 20 },
        ],
      },
      "policies",
      /1つまで/,
    ],
    [
      "a kind of policy the store has not",
      { policies: [{ policy_type: 107 }] },
      "policies",
      /101〜106/,
    ],
    ["no policy", { policies: [] }, "policies", /特典/],
    ["no target", { series_ids: [] }, "series_ids", /対象/],
    ["end before start", { end_at: inMinutes(-120) }, "end_at", /開始日時より後/],
    ["no such date", { start_at: "2026-02-30T10:00" }, "start_at", /実在する日時/],
    ["an unknown series", { series_ids: [987654] }, "series_ids", /987654/],
    ["an unknown volume", { item_ids: [987654] }, "item_ids", /987654/],
    ["an unknown drama CD", { cd_ids: [987654] }, "cd_ids", /987654/],
    ["a genre the store has not", { genre_ids: [99] }, "genre_ids", /ジャンル/],
    ["a link elsewhere", { action_url: "javascript:alert(1)" }, "action_url", /https/],
    [
      "an info campaign without its link",
      { kind: "info", policies: [], series_ids: [] },
      "action_url",
      /リンク先/,
    ],
    ["no name", { name: " " }, "name", /キャンペーン名/],
  ];
  for (const [name, extra, field, message] of cases) {
    it(name, async () => {
      const auditBefore = await t.services.db.$count(auditLog);
      const campaignsBefore = await t.services.db.$count(campaigns);
      const answer = await browsers.editor!.postJson<{
        error_message: string;
        error?: { field?: string };
      }>("/api/ops/campaigns", saleBody(extra));
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error_message).toMatch(message);
      expect(JSON.stringify(answer.body)).toContain(field);
      expect(await t.services.db.$count(auditLog)).toBe(auditBefore);
      expect(await t.services.db.$count(campaigns)).toBe(campaignsBefore);
    });
  }

  it("an unknown campaign is a 404", async () => {
    const answer = await browsers.editor!.postJson("/api/ops/campaigns/987654", saleBody());
    expect(answer.status).toBe(404);
  });
});

describe("what the editor saves is what the shopper pays", () => {
  it("a sale made in the editor changes the shopper's quote once it starts, and editing it again", async () => {
    const volume = SERIES_ONE_ITEM(7);
    const [before] = await priceItems(t.services.db, [volume], new Date());
    expect(before!.salePrice).toBe(660);
    const made = await browsers.editor!.postJson<{ campaign: CampaignEditorAnswer }>(
      "/api/ops/campaigns",
      saleBody({
        name: "第7巻だけ半額",
        series_ids: [],
        item_ids: [volume],
        start_at: inMinutes(60),
        policies: [{ policy_type: 101, sale_pct: 50 }],
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Not started: the price is the list price now, half at the start.
    const [now] = await priceItems(t.services.db, [volume], new Date());
    expect(now!.salePrice).toBe(660);
    const [atStart] = await priceItems(t.services.db, [volume], new Date(Date.now() + 61 * 60_000));
    expect(atStart!.salePrice).toBe(330);
    // Moved to have started an hour ago: the quote of now is the sale price.
    const id = made.body.campaign.campaign_id;
    const edited = await browsers.editor!.postJson(`/api/ops/campaigns/${id}`, {
      ...saleBody({
        name: "第7巻だけ半額",
        series_ids: [],
        item_ids: [volume],
        start_at: inMinutes(-60),
        policies: [{ policy_type: 101, sale_pct: 50 }],
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [running] = await priceItems(t.services.db, [volume], new Date());
    expect(running!.salePrice).toBe(330);
    // Another volume of the series is not under it.
    const [other] = await priceItems(t.services.db, [SERIES_ONE_ITEM(8)], new Date());
    expect(other!.salePrice).toBe(660);
    // The fixture's running 50% sale is untouched.
    const [fixture] = await priceItems(t.services.db, [SALE_ITEM(1)], new Date());
    expect(fixture!.salePrice).toBe(385);
  });
});

describe("the banner", () => {
  it("an upload becomes the campaign's img at a versioned address the media route serves", async () => {
    const answer = await uploadBanner(browsers.editor!, campaignId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const img = (answer.body as unknown as { campaign: CampaignEditorAnswer }).campaign.img!;
    expect(img).toMatch(
      new RegExp(`^/media/campaigns/${campaignId}/banner\\.png\\?v=[0-9a-f-]{36}$`),
    );
    const served = await browsers.visitor!.fetch(`${img}&w=702`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/image\/webp/);
    // A second upload gets a new address: nothing cached keeps the old picture.
    const again = await uploadBanner(browsers.editor!, campaignId, await banner(1404, 480));
    const next = (again.body as unknown as { campaign: CampaignEditorAnswer }).campaign.img!;
    expect(next).not.toBe(img);
  });

  it("a file that is not a picture is a 400 with a Japanese message", async () => {
    const answer = await uploadBanner(
      browsers.editor!,
      campaignId,
      new Blob([new Uint8Array([1, 2, 3, 4])], { type: "image/png" }),
    );
    expect(answer.status).toBe(400);
    expect(String((answer.body as { error_message?: string }).error_message)).toMatch(
      /画像|ファイル/,
    );
  });
});

describe("the staff preview of a campaign page", () => {
  it("shows a campaign not yet started as it will be at its start; the store's page still refuses it", async () => {
    const shown = await campaignPreviewPage(t.services.db, campaignId, 1);
    expect(shown.answer.campaign.campaign_id).toBe(campaignId);
    expect(shown.at.getTime()).toBeGreaterThan(Date.now());
    const first = shown.answer.targets[0]!;
    expect(first.series_id).toBe(1);
    await expect(runningCampaignPage(t.services.db, campaignId, 1, null)).rejects.toThrow(
      /見つかりません/,
    );
  });
});

describe("creating a campaign twice by one click", () => {
  it("a double click or a retry with the form's request id creates one campaign", async () => {
    const requestId = `req-twice-${Date.now()}`;
    const payload = saleBody({
      name: "ダブルクリックセール",
      start_at: inMinutes(24 * 60),
      request_id: requestId,
    });
    const auditBefore = await t.services.db.$count(auditLog);
    const post = () =>
      browsers.editor!.postJson<{ campaign: CampaignEditorAnswer }>("/api/ops/campaigns", payload);
    const answers = [...(await Promise.all([post(), post()])), await post()];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.campaign.campaign_id)).size).toBe(1);
    const rows = await t.services.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.name, "ダブルクリックセール"));
    expect(rows).toHaveLength(1);
    expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(1);
    // The same id cannot name a ポイント還元 campaign: it made a campaign already.
    const other = await browsers.editor!.postJson("/api/ops/refund-campaigns", {
      request_id: requestId,
      name: "還元",
      rate_percent: 10,
      purchase_start_at: inMinutes(60),
      purchase_end_at: inMinutes(120),
      period_date: "2099-01-01",
    });
    expect(other.status).toBe(409);
  });
});

describe("a campaign for a label or a genre", () => {
  it("offers the label's or the genre's series as targets, and refuses what is not there", async () => {
    const db = t.services.db;
    const [label] = await db
      .insert(labels)
      .values({ publisherId: 1, name: "花嫁コミックス" })
      .returning({ id: labels.labelId });
    await db.update(series).set({ labelId: label!.id }).where(eq(series.seriesId, 2));
    const byLabel = await browsers.editor!.getJson(
      `/api/ops/campaigns/target-series?label_id=${label!.id}`,
    );
    expect(byLabel.body).toMatchObject({ name: "花嫁コミックス", series_ids: [2], total: 1 });
    // Support reads the form, so it may ask too; it still cannot save.
    const byGenre = await browsers.support!.getJson("/api/ops/campaigns/target-series?genre_id=2");
    expect(byGenre.body).toMatchObject({ name: "少女・女性", series_ids: [1], total: 1 });

    const neither = await browsers.editor!.getJson("/api/ops/campaigns/target-series");
    expect(neither.status).toBe(400);
    expect(neither.body.error_message).toContain("label_id か genre_id のどちらか一方");
    const both = await browsers.editor!.getJson(
      "/api/ops/campaigns/target-series?label_id=1&genre_id=2",
    );
    expect(both.status).toBe(400);
    const unknown = await browsers.editor!.getJson(
      "/api/ops/campaigns/target-series?label_id=999999",
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message).toBe("レーベルが見つかりませんでした");
  });
});
