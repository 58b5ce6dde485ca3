import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardAnswer, DashboardTable } from "../../../contract/ops-dashboard-rules";
import { tokyoInstant } from "../../../contract/tokyo-time";
import { type Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { refundOrderLines } from "../commerce/line-refunds";
import { sandboxProvider } from "../commerce/payments/provider";
import { coupons, orderItems, orders, paymentMethods, payments } from "../commerce/schema";
import { recordEvents, summariseDay } from "../event/service";
import { popups } from "../popup/schema";
import { priceExTax } from "../pricing/rules";
import { opsCallers } from "../staff/test-fixture";
import {
  dashboardRange,
  dashboardTables,
  runDashboardSummary,
  summariseDays,
  tableCsv,
} from "./service";

/**
 * Issue 24's proof for the shop's numbers: the role table of every dashboard call, and exact
 * figures from hand-made orders, members and events in March 2025 (long before anything the
 * seed writes): Tokyo days cut at Tokyo midnight, the average basket, the funnel, popup rates,
 * and the CSV's bytes.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
let popupId = 0;
let couponId = 0;
let serial = 0;

/** A Tokyo wall-clock instant of March 2025. */
const at = (day: number, hour: number, minute = 0, second = 0) =>
  new Date(tokyoInstant(2025, 3, day, hour, minute).getTime() + second * 1000);

async function order(
  when: Date,
  subtotal: number,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  await t.services.db.insert(orders).values({
    userId: 424242,
    price: subtotal + (extra.discount ?? 0) + (extra.couponDiscount ?? 0),
    subtotal,
    tax: Math.floor((subtotal * 10) / 110),
    amount: subtotal - (extra.usedPoint ?? 0),
    paymentType: 1,
    idempotencyKey: `dashboard-${++serial}`,
    createdAt: when,
    updatedAt: when,
    ...extra,
  });
}

async function event(when: Date, name: string, fields: Record<string, unknown> = {}, n = 1) {
  await recordEvents(
    t.services.db,
    { events: Array.from({ length: n }, () => ({ name, ...fields })) as never },
    null,
    when,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));

  await db
    .insert(paymentMethods)
    .values([
      { paymentType: 1, name: "クレジットカード", sortOrder: 1 },
      { paymentType: 2, name: "PayPay", sortOrder: 2 },
    ])
    .onConflictDoNothing();
  const [coupon] = await db
    .insert(coupons)
    .values({
      couponType: 1,
      name: '春の"半額",クーポン',
      discountType: 2,
      discountValue: 300,
      startAt: at(1, 0),
      endAt: at(31, 0),
    })
    .returning({ id: coupons.couponId });
  couponId = coupon!.id;
  const [formula] = await db
    .insert(coupons)
    .values({
      couponType: 1,
      name: "=HYPERLINK(1)",
      discountType: 2,
      discountValue: 100,
      startAt: at(1, 0),
      endAt: at(31, 0),
    })
    .returning({ id: coupons.couponId });

  // 1 March: two sold orders, one of them the last second before Tokyo midnight; a pending and
  // a cancelled order that never count; the day before, one that is outside the range.
  await order(at(1, 10), 1000, { couponId, couponDiscount: 300 });
  await order(at(1, 23, 59, 59), 2500, { paymentType: 2, discount: 500 });
  await order(at(1, 12), 7000, { status: "pending" });
  await order(at(1, 13), 8000, { status: "cancelled" });
  await order(at(0, 23, 59, 59), 5000);
  // 2 March from Tokyo midnight: a refunded order (still a sale of that day) and one points paid.
  await order(at(2, 0), 999, { status: "refunded", couponId: formula!.id, couponDiscount: 100 });
  await order(at(2, 9), 600, { usedPoint: 600 });

  const signup = (when: Date) => ({
    email: `signup-${++serial}@example.jp`,
    profileId: `dash${serial}`,
    ctrlGroup: 1,
    signupAt: when,
  });
  await db
    .insert(users)
    .values([signup(at(1, 0)), signup(at(1, 23, 59, 59)), signup(at(2, 0)), signup(at(0, 23, 59))]);

  const [popup] = await db
    .insert(popups)
    .values({
      popupType: 1,
      page: "home",
      trackingName: "spring_popup",
      title: "春のおすすめ",
      startAt: at(1, 0),
    })
    .returning({ id: popups.popupId });
  popupId = popup!.id;
  await event(at(1, 9), "view_book", { series: 5, page: "/series/5" }, 4);
  await event(at(1, 9), "page_view", { page: "/cart" }, 2);
  await event(at(1, 23, 59), "page_view", { page: "/home" }, 3);
  await event(at(2, 0, 0, 1), "page_view", { page: "/home" }, 5);
  await event(at(1, 10), "popup_open", { popup: popupId }, 4);
  await event(at(1, 10), "popup_close", { popup: popupId });
  await event(at(1, 10), "click", { popup: popupId, frame: "popup" });
  for (const day of [1, 2, 3]) await summariseDay(db, at(day, 12));
});
afterAll(async () => {
  await t?.database.close();
});

const tableOf = (answer: DashboardAnswer, key: string) =>
  answer.tables.find((x) => x.key === key) as DashboardTable;
const figures = () =>
  dashboardTables(t.services.db, dashboardRange({ from: "2025-03-01", to: "2025-03-03" }));

describe("the figures add up per Tokyo day", () => {
  it("sales and orders split at Tokyo midnight; pending and cancelled orders never count", async () => {
    const sales = tableOf(await figures(), "sales");
    expect(sales.columns.map((c) => c.label)).toEqual([
      "日付",
      "売上（税込）",
      "注文数",
      "返金額",
      "純売上",
    ]);
    expect(sales.rows).toEqual([
      ["2025-03-01", 3500, 2, 0, 3500],
      ["2025-03-02", 1599, 2, 0, 1599],
      ["2025-03-03", 0, 0, 0, 0],
    ]);
  });

  it("the average basket is sales over orders, none on a day without orders", async () => {
    expect(tableOf(await figures(), "basket").rows).toEqual([
      ["2025-03-01", 2, 3500, 1750, 0],
      ["2025-03-02", 2, 1599, 800, 600],
      ["2025-03-03", 0, 0, null, 0],
    ]);
  });

  it("new members by the Tokyo day they signed up", async () => {
    expect(tableOf(await figures(), "members").rows).toEqual([
      ["2025-03-01", 2],
      ["2025-03-02", 1],
      ["2025-03-03", 0],
    ]);
  });

  it("orders per payment type, an order points paid in full as ポイント払い", async () => {
    const payments = tableOf(await figures(), "payments");
    const column = (name: string) => payments.columns.findIndex((c) => c.label === name);
    expect(column("ポイント払い")).toBeGreaterThan(0);
    const day1 = payments.rows[0]!;
    const day2 = payments.rows[1]!;
    expect(day1[column("クレジットカード")]).toBe(1);
    expect(day1[column("PayPay")]).toBe(1);
    expect(day2[column("クレジットカード")]).toBe(1);
    expect(day2[column("ポイント払い")]).toBe(1);
  });

  it("page views, and the funnel from series page to cart to order", async () => {
    const answer = await figures();
    expect(tableOf(answer, "pageviews").rows).toEqual([
      ["2025-03-01", 5, 4],
      ["2025-03-02", 5, 0],
      ["2025-03-03", 0, 0],
    ]);
    expect(tableOf(answer, "funnel").rows).toEqual([
      ["2025-03-01", 4, 2, 2, 50, 100],
      ["2025-03-02", 0, 0, 2, null, null],
      ["2025-03-03", 0, 0, 0, null, null],
    ]);
  });

  it("popups: impressions, closes and clicks with their rates, per day and per popup", async () => {
    const answer = await figures();
    expect(tableOf(answer, "popups").rows[0]).toEqual(["2025-03-01", 4, 1, 1, 25, 25]);
    expect(tableOf(answer, "popup-list").rows).toEqual([
      [popupId, "春のおすすめ", 4, 1, 1, 25, 25],
    ]);
  });

  it("campaign sales and coupons used, per day and per coupon", async () => {
    const answer = await figures();
    expect(tableOf(answer, "redemptions").rows).toEqual([
      ["2025-03-01", 1, 500, 1, 300],
      ["2025-03-02", 0, 0, 1, 100],
      ["2025-03-03", 0, 0, 0, 0],
    ]);
    const list = tableOf(answer, "coupons").rows;
    expect(list).toContainEqual([couponId, '春の"半額",クーポン', "", 1, 300]);
  });

  it("a CSV: BOM, Japanese headers, CRLF, quoted commas and quotes, formulas kept as text", async () => {
    const answer = await figures();
    expect(tableCsv(tableOf(answer, "funnel"))).toBe(
      "\uFEFF日付,作品ページ閲覧,カート表示,注文,作品ページ→カート（%）,カート→注文（%）\r\n" +
        "2025-03-01,4,2,2,50.0,100.0\r\n2025-03-02,0,0,2,,\r\n2025-03-03,0,0,0,,\r\n",
    );
    const coupons = tableCsv(tableOf(answer, "coupons"));
    expect(coupons).toContain(`${couponId},"春の""半額"",クーポン",,1,300\r\n`);
    expect(coupons).toContain(",'=HYPERLINK(1),,1,100\r\n");
    expect(
      coupons.startsWith(
        "\uFEFFクーポンID,クーポン名,キャンペーンID,利用された注文,値引額（円）\r\n",
      ),
    ).toBe(true);
  });
});

/**
 * A paid order with its lines (tax-included prices after any campaign price) and its payment,
 * as the checkout leaves it: what the refund step needs to find.
 */
async function paidOrder(when: Date, prices: number[], couponDiscount = 0) {
  const db = t.services.db;
  const subtotal = prices.reduce((a, b) => a + b, 0) - couponDiscount;
  const [row] = await db
    .insert(orders)
    .values({
      userId: 434343,
      price: subtotal + couponDiscount,
      subtotal,
      couponDiscount,
      tax: Math.floor((subtotal * 10) / 110),
      amount: subtotal,
      paymentType: 1,
      idempotencyKey: `dashboard-${++serial}`,
      createdAt: when,
      updatedAt: when,
    })
    .returning({ id: orders.orderId });
  const orderId = row!.id;
  const lines = await db
    .insert(orderItems)
    .values(
      prices.map((price, i) => ({
        orderId,
        itemId: 900_000 + serial * 10 + i,
        itemType: 1,
        name: `返金テスト ${serial}-${i}`,
        price: priceExTax(price),
        priceInc: price,
        createdAt: when,
      })),
    )
    .returning({ id: orderItems.orderItemId });
  await db.insert(payments).values({
    orderId,
    paymentType: 1,
    amount: subtotal,
    status: "captured",
    providerRef: `sbx_dashboard_${serial}`,
    createdAt: when,
  });
  return { orderId, lineIds: lines.map((l) => l.id).sort((a, b) => a - b) };
}

/** Support's refund step (decisions 0096, 0104) at a given instant. */
async function refund(orderId: number, lines: { orderItemId: number } | "rest", now: Date) {
  return t.services.db.transaction((tx) =>
    refundOrderLines(tx, sandboxProvider(), {
      userId: 434343,
      orderId,
      lines,
      reason: "ダッシュボードの確認",
      staffUserId: 1,
      email: null,
      now,
    }),
  );
}

describe("refunds count on the Tokyo day they were given", () => {
  const range = () => dashboardRange({ from: "2025-03-10", to: "2025-03-13" });
  const salesRows = async (now = new Date()) =>
    tableOf(await dashboardTables(t.services.db, range(), now), "sales").rows;

  it("a line refund and a whole-order refund either side of Tokyo midnight; the orders stay sales of their own day", async () => {
    // 10 March: two lines (1,000 + 500 yen); the 500-yen line refunded the last second of the day.
    const a = await paidOrder(at(10, 12), [1000, 500]);
    const line = await refund(a.orderId, { orderItemId: a.lineIds[1]! }, at(10, 23, 59, 59));
    expect(line).toMatchObject({ amount: 500, point: 0, orderRefunded: false });
    // 10 March: 800 + 400 yen with a 300-yen coupon (900 paid), refunded whole at Tokyo midnight:
    // the 900 paid comes back on 11 March, the coupon's 300 was never paid, so not refunded.
    const b = await paidOrder(at(10, 20), [800, 400], 300);
    const whole = await refund(b.orderId, "rest", at(11, 0));
    expect(whole).toMatchObject({ amount: 900, orderRefunded: true });

    expect(await salesRows()).toEqual([
      ["2025-03-10", 2400, 2, 500, 1900],
      ["2025-03-11", 0, 0, 900, -900],
      ["2025-03-12", 0, 0, 0, 0],
      ["2025-03-13", 0, 0, 0, 0],
    ]);
    const csv = tableCsv(tableOf(await figures(), "sales")).split("\r\n")[0];
    expect(csv).toBe("\uFEFF日付,売上（税込）（円）,注文数,返金額（円）,純売上（円）");
  });

  it("a refund given today lands on a day kept already and shows once the pass after midnight rebuilds it", async () => {
    // 12 March is kept (built by the read above) when support refunds an order of 9 March at
    // 9:00 on the 12th. As the page would that day the refund is live; the kept copy is from
    // before it, until the pass of the 13th (00:05) rebuilds yesterday.
    const c = await paidOrder(at(9, 15), [700]);
    await refund(c.orderId, "rest", at(12, 9));
    expect((await salesRows(at(12, 9, 1)))[2]).toEqual(["2025-03-12", 0, 0, 700, -700]);
    expect((await salesRows())[2]).toEqual(["2025-03-12", 0, 0, 0, 0]);
    await runDashboardSummary(t.services.db, at(13, 0, 5));
    expect((await salesRows())[2]).toEqual(["2025-03-12", 0, 0, 700, -700]);
  });
});

describe("closed days are kept, today is live", () => {
  it("a closed day keeps its figures until it is rebuilt; the job rebuilds yesterday", async () => {
    const day3 = () => figures().then((a) => tableOf(a, "sales").rows[2]);
    expect(await day3()).toEqual(["2025-03-03", 0, 0, 0, 0]);
    // Kept since the first read: an order written into the past afterwards is not seen …
    await order(at(3, 15), 1200);
    expect(await day3()).toEqual(["2025-03-03", 0, 0, 0, 0]);
    // … until the day is built again, as the summary job does for yesterday and the day before.
    await summariseDays(t.services.db, ["2025-03-03"]);
    expect(await day3()).toEqual(["2025-03-03", 1200, 1, 0, 1200]);
    const rebuilt = await runDashboardSummary(t.services.db, at(5, 1));
    expect(rebuilt).toBeGreaterThanOrEqual(2);
  });

  it("today's orders count at once", async () => {
    const now = new Date();
    const today = dashboardRange({}, now);
    const before = tableOf(await dashboardTables(t.services.db, today, now), "sales").rows.at(-1)!;
    await order(new Date(now.getTime() - 1000), 4321);
    const after = tableOf(await dashboardTables(t.services.db, today, now), "sales").rows.at(-1)!;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe((before[1] as number) + 4321);
    expect(after[2]).toBe((before[2] as number) + 1);
  });

  it("today's refunds count at once, whenever the order was placed", async () => {
    const now = new Date();
    const today = dashboardRange({}, now);
    const row = async () =>
      tableOf(await dashboardTables(t.services.db, today, now), "sales").rows.at(-1)!;
    const before = await row();
    const old = await paidOrder(at(20, 10), [650, 350]);
    await refund(old.orderId, { orderItemId: old.lineIds[0]! }, new Date(now.getTime() - 1000));
    const after = await row();
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after[3]).toBe((before[3] as number) + 650);
    expect(after[4]).toBe((before[4] as number) - 650);
  });
});

describe("GET /api/ops/dashboard", () => {
  type Who = "visitor" | "member" | "support" | "editor" | "admin";
  const expected: Record<Who, number> = {
    visitor: 401,
    member: 403,
    support: 200,
    editor: 200,
    admin: 200,
  };
  const paths = [
    "/api/ops/dashboard?from=2025-03-01&to=2025-03-03",
    "/api/ops/dashboard/sales.csv?from=2025-03-01&to=2025-03-03",
  ];
  for (const who of Object.keys(expected) as Who[]) {
    for (const path of paths) {
      it(`${who} → ${path.split("?")[0]}: ${expected[who]}`, async () => {
        const response = await browsers[who]!.fetch(path);
        expect(response.status).toBe(expected[who]);
      });
    }
  }

  it("answers the tables as JSON and one table as a CSV download", async () => {
    const json = await browsers.support!.getJson<DashboardAnswer>(paths[0]!);
    expect(json.body).toMatchObject({ result: true, from: "2025-03-01", to: "2025-03-03" });
    expect(tableOf(json.body, "sales").rows[0]).toEqual(["2025-03-01", 3500, 2, 0, 3500]);
    const response = await browsers.support!.fetch(paths[1]!);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="komaya-sales-2025-03-01_2025-03-03.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      "日付,売上（税込）（円）,注文数,返金額（円）,純売上（円）\r\n2025-03-01,3500,2,0,3500\r\n2025-03-02,1599,2,0,1599\r\n2025-03-03,1200,1,0,1200\r\n",
    );
  });

  it("a range it cannot show is a 400 in Japanese; an unknown table a 404", async () => {
    const cases: Array<[string, RegExp]> = [
      ["from=2025-03-05&to=2025-03-01", /終了日は開始日以降/],
      ["from=2024-01-01&to=2025-03-01", /366日以内/],
      ["from=2025-02-30&to=2025-03-01", /実在する日付/],
      ["from=2025/03/01&to=2025-03-02", /YYYY-MM-DD/],
      ["from=2099-01-01", /終了日は開始日以降/],
    ];
    for (const [query, message] of cases) {
      for (const path of ["/api/ops/dashboard", "/api/ops/dashboard/sales.csv"]) {
        const answer = await browsers.admin!.getJson<{ error_message: string }>(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body.error_message).toMatch(message);
      }
    }
    const unknown = await browsers.admin!.getJson<{ error_message: string }>(
      "/api/ops/dashboard/profits.csv",
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message).toMatch(/集計「profits」/);
  });
});
