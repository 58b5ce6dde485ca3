/**
 * The ops dashboard's queries at the size (issue 24, decision 0103), never run as a test:
 * 100,000 series, 1,000,000 orders with their items (one line in a hundred orders refunded) and
 * 10,000,000 analytics events over 400 days, then each figure the dashboard reads timed for a 30-day and a 365-day range (median of
 * three), and the whole dashboard answer as the page and GET /api/ops/dashboard build it.
 *
 *   npx tsx bench/dashboard.ts [--scale 1] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * It needs a real PostgreSQL (PGlite would take hours to fill): it creates a database of its own
 * beside the one named (komaya_dashboard_bench_<pid>), migrates it, fills it with generate_series
 * SQL, and drops it at the end. When nothing answers at that address it says so and skips.
 * --scale 0.1 runs the same at a tenth of the size. npm run bench runs it as its dashboard row.
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { startOfTokyoDay, tokyoIsoDate } from "../contract/tokyo-time";
import { openDatabase } from "../server/db/client";
import { signupsByDay } from "../server/modules/account/signup-figures";
import {
  couponsUsedOnOrders,
  refundsByDay,
  salesByDay,
  salesByPaymentType,
} from "../server/modules/commerce/sales-figures";
import {
  dashboardRange,
  dashboardTables,
  summariseDays,
} from "../server/modules/dashboard/service";
import {
  dailyEventFigures,
  popupFiguresOfDays,
  summariseDay,
} from "../server/modules/event/service";

const args = z
  .object({
    scale: z.coerce.number().min(0.001).max(1).default(1),
    "database-url": z.string().default("postgres://postgres@127.0.0.1:5432/postgres"),
  })
  .parse(
    parseArgs({ options: { scale: { type: "string" }, "database-url": { type: "string" } } })
      .values,
  );

const DAYS = 400;
const SERIES = Math.round(100_000 * args.scale);
const ORDERS = Math.round(1_000_000 * args.scale);
const EVENTS = Math.round(10_000_000 * args.scale);
const MEMBERS = Math.round(300_000 * args.scale);
const POPUPS = 20;
const COUPONS = 50;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  console.log(`  ${label}: ${seconds(ms)}`);
  return ms;
}

/** Median of three runs, in milliseconds. */
async function median3(work: () => Promise<unknown>): Promise<number> {
  const taken: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await work();
    taken.push(performance.now() - started);
  }
  return taken.sort((a, b) => a - b)[1]!;
}

export async function dashboardBench(): Promise<void> {
  const base = args["database-url"];
  if (!(await reachable(base))) {
    console.log(`## dashboard: skipped (no PostgreSQL answers at ${new URL(base).host})\n`);
    return;
  }
  const name = `komaya_dashboard_bench_${process.pid}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  await admin(base, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    console.log(
      `## dashboard (PostgreSQL, ${SERIES.toLocaleString()} series, ${ORDERS.toLocaleString()} orders, ${EVENTS.toLocaleString()} events over ${DAYS} days)`,
    );
    await database.migrate();
    const db = database.db;
    const now = new Date();
    // Every row lands in the DAYS Tokyo days ending today; `spread` turns a row number into one.
    const first = startOfTokyoDay(now, 1 - DAYS);
    const when = sql.raw(
      `(timestamptz '${first.toISOString()}' + (((i::bigint * 7919) % ${DAYS * 86_400}) * interval '1 second'))`,
    );
    console.log("filling:");
    await timed(`${SERIES.toLocaleString()} series`, async () => {
      await db.execute(
        sql`insert into publishers (publisher_id, name, name_kana) overriding system value values (1, 'ベンチ出版', 'ベンチシュッパン')`,
      );
      await db.execute(sql`
        insert into series (name, name_kana, publisher_id, start_date)
        select 'ベンチ作品' || i, 'ベンチサクヒン' || i, 1, now() - (i % 3000) * interval '1 day'
        from generate_series(1, ${SERIES}) as i`);
    });
    await timed(`${MEMBERS.toLocaleString()} members`, () =>
      db.execute(sql`
        insert into users (email, profile_id, ctrl_group, signup_at)
        select 'bench' || i || '@example.jp', 'b' || i, 1 + i % 9, ${when}
        from generate_series(1, ${MEMBERS}) as i`),
    );
    await db.execute(sql`
      insert into payment_methods (payment_type, name, sort_order) values
        (1, 'クレジットカード', 1), (2, 'PayPay', 2), (3, 'd払い', 3),
        (4, 'auかんたん決済', 4), (5, 'ソフトバンクまとめて支払い', 5), (6, 'Amazon Pay', 6)`);
    await db.execute(sql`
      insert into coupons (coupon_type, name, discount_type, discount_value, start_at, end_at)
      select 1, 'ベンチクーポン' || i, 2, 100 + i, now() - interval '500 days', now() + interval '30 days'
      from generate_series(1, ${COUPONS}) as i`);
    await db.execute(sql`
      insert into popups (popup_type, page, tracking_name, title, start_at)
      select 1, 'home', 'bench_' || i, 'ベンチポップアップ' || i, now() - interval '500 days'
      from generate_series(1, ${POPUPS}) as i`);
    // Orders: 1 in 20 still pending or cancelled, 1 in 4 with a sale, 1 in 10 with a coupon,
    // 1 in 50 paid in points alone; two items each.
    await timed(`${ORDERS.toLocaleString()} orders`, () =>
      db.execute(sql`
        insert into orders (user_id, status, price, discount, coupon_discount, used_point, subtotal,
          tax, amount, payment_type, coupon_id, idempotency_key, created_at, updated_at)
        select 1 + i % ${MEMBERS}, case when i % 20 = 0 then 'pending' when i % 20 = 1 then 'cancelled' else 'paid' end,
          p + d + c, d, c, u, p, p * 10 / 110, p - u, 1 + i % 6,
          case when c > 0 then 1 + i % ${COUPONS} end, 'bench-' || i, t, t
        from (select i, ${when} as t, 300 + (i * 37) % 2000 as p,
                case when i % 4 = 0 then 100 else 0 end as d,
                case when i % 10 = 3 then 150 else 0 end as c,
                case when i % 50 = 7 then 300 + (i * 37) % 2000 else 0 end as u
              from generate_series(1, ${ORDERS}) as i) o`),
    );
    await timed(`${(ORDERS * 2).toLocaleString()} order items`, () =>
      db.execute(sql`
        insert into order_items (order_id, item_id, item_type, series_id, name, price, price_inc, discount, created_at)
        select o.order_id, o.order_id * 2 + k, 0, 1 + (o.order_id * 13 + k) % ${SERIES}, 'ベンチ作品 ' || k || '巻',
          o.subtotal / 2 * 100 / 110, o.subtotal / 2, o.discount / 2, o.created_at
        from orders o cross join generate_series(0, 1) as k`),
    );
    // Refunds: one line of 1 paid order in 100, given back 0–29 days after the order (never in
    // the future), as support does now and then.
    await timed(`${Math.floor(ORDERS / 100).toLocaleString()} refunded lines`, () =>
      db.execute(sql`
        insert into order_refunds (order_id, order_item_id, user_id, amount, point, coupon_discount,
          earned_taken_back, reason, staff_user_id, created_at)
        select o.order_id, oi.order_item_id, o.user_id, oi.price_inc - o.used_point / 2, o.used_point / 2,
          0, 0, 'ベンチ返金', 1, least(now(), o.created_at + (o.order_id % 30) * interval '1 day')
        from orders o join order_items oi on oi.order_id = o.order_id and oi.item_id = o.order_id * 2
        where o.status = 'paid' and o.order_id % 100 = 5`),
    );
    // Events: 60 % page views (1 in 12 of the cart, a third of home, the rest series pages, so
    // the daily summary holds a row per page a day as in the store), 20 % series-page views, 12 % clicks, and popup
    // impressions, closes and clicks; in chunks, so one statement never holds the whole table.
    const chunk = 1_000_000;
    await timed(`${EVENTS.toLocaleString()} events`, async () => {
      for (let from = 1; from <= EVENTS; from += chunk) {
        const to = Math.min(EVENTS, from + chunk - 1);
        await db.execute(sql`
          insert into analytics_events (name, received_at, member_id, page, series_id, popup_id)
          select case when r < 60 then 'page_view' when r < 80 then 'view_book' when r < 92 then 'click'
                      when r < 96 then 'popup_open' when r < 98 then 'popup_close' else 'click' end,
            ${when},
            case when i % 3 = 0 then 1 + i % ${MEMBERS} end,
            case when r < 60 and i % 12 = 0 then '/cart' when r < 60 and i % 3 = 1 then '/home'
                 when r < 80 then '/series/' || (1 + i % ${SERIES})
                 when r < 60 then '/series/' || (1 + (i * 31) % ${SERIES}) end,
            case when r >= 60 and r < 80 then 1 + i % ${SERIES} end,
            case when r >= 92 and r < 96 then 1 + i % ${POPUPS}
                 when r >= 96 and r < 98 then 1 + i % ${POPUPS}
                 when r >= 98 then 1 + i % ${POPUPS} end
          from (select i, (i * 7) % 100 as r from generate_series(${from}::int, ${to}::int) as i) e`);
      }
    });
    await timed("vacuum analyze", () => db.execute(sql`vacuum analyze`));
    // The daily summary the event job keeps: every day of the 400 built once, as a fresh install
    // with a history would; the job itself rebuilds today and yesterday every 10 minutes.
    const perDay: number[] = [];
    await timed(`daily event summary of ${DAYS} days`, async () => {
      for (let d = 0; d < DAYS; d++) {
        const started = performance.now();
        await summariseDay(db, startOfTokyoDay(first, d), now);
        perDay.push(performance.now() - started);
      }
    });
    perDay.sort((a, b) => a - b);
    console.log(
      `  one day's summary (the job's pass, twice every 10 minutes): median ${perDay[Math.floor(DAYS / 2)]!.toFixed(0)} ms, max ${perDay[DAYS - 1]!.toFixed(0)} ms`,
    );
    await db.execute(sql`vacuum analyze analytics_daily`);

    // The dashboard's kept figures of every closed day, built once as the summary job (or the
    // first read of a range) would.
    const closedDays = Array.from({ length: DAYS - 1 }, (_, d) =>
      tokyoIsoDate(startOfTokyoDay(first, d)),
    );
    const keptPerDay: number[] = [];
    await timed(`dashboard figures kept for ${DAYS - 1} closed days`, async () => {
      for (const day of closedDays) {
        const started = performance.now();
        await summariseDays(db, [day], now);
        keptPerDay.push(performance.now() - started);
      }
    });
    keptPerDay.sort((a, b) => a - b);
    console.log(
      `  one day's kept figures (the job's pass rebuilds two every 10 minutes): median ${keptPerDay[Math.floor(keptPerDay.length / 2)]!.toFixed(0)} ms, max ${keptPerDay[keptPerDay.length - 1]!.toFixed(0)} ms`,
    );
    await db.execute(sql`vacuum analyze dashboard_daily`);

    const ranges = [30, 365].map((days) =>
      dashboardRange(
        { from: tokyoIsoDate(startOfTokyoDay(now, 1 - days)), to: tokyoIsoDate(now) },
        now,
      ),
    );
    const rows: string[] = ["| query | 30 days (ms) | 365 days (ms) |", "|---|---:|---:|"];
    const queries: Array<[string, (r: (typeof ranges)[number]) => Promise<unknown>]> = [
      [
        "**the dashboard answer** (every table; kept days + today live)",
        (r) => dashboardTables(db, r, now),
      ],
      [
        "page views, funnel, popups per day (event daily summary)",
        (r) => dailyEventFigures(db, r.from, r.to),
      ],
      ["per popup (event daily summary)", (r) => popupFiguresOfDays(db, r.from, r.to)],
      [
        "for comparison, without kept days: sales per day from orders",
        (r) => salesByDay(db, r.start, r.end),
      ],
      [
        "for comparison: orders per payment type from orders",
        (r) => salesByPaymentType(db, r.start, r.end),
      ],
      ["for comparison: coupons used from orders", (r) => couponsUsedOnOrders(db, r.start, r.end)],
      ["for comparison: new members from users", (r) => signupsByDay(db, r.start, r.end)],
      [
        "for comparison: refunds per day from order_refunds",
        (r) => refundsByDay(db, r.start, r.end),
      ],
    ];
    const answer: number[] = [];
    for (const [label, query] of queries) {
      const a = await median3(() => query(ranges[0]!));
      const b = await median3(() => query(ranges[1]!));
      rows.push(`| ${label} | ${a.toFixed(1)} | ${b.toFixed(1)} |`);
      if (answer.length === 0) answer.push(a, b);
    }
    const today = await median3(() =>
      dashboardTables(
        db,
        dashboardRange({ from: tokyoIsoDate(now), to: tokyoIsoDate(now) }, now),
        now,
      ),
    );
    console.log(rows.join("\n"));
    console.log(
      `dashboard answer at ${ORDERS.toLocaleString()} orders and ${EVENTS.toLocaleString()} events: ${answer[0]!.toFixed(0)} ms for 30 days, ${answer[1]!.toFixed(0)} ms for 365 days, ${today.toFixed(0)} ms for today alone (live; median of 3)\n`,
    );
  } finally {
    await database.close();
    await admin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

// Run alone (tsx bench/dashboard.ts) as well as from bench/run.ts.
if (process.argv[1]?.endsWith("dashboard.ts")) {
  dashboardBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
