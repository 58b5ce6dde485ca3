import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
// @ts-expect-error http_ece ships no types; web-push encrypts with it, the test decrypts.
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserStatus } from "../../../contract/status";
import type { VolumeNoticeListAnswer } from "../../../contract/volume-notices";
import { Browser, createTestApp } from "../../http/test-client";
import { books, publishers, series } from "../catalog/schema";
import { outbox } from "../mail/schema";
import { noticeRunDeps } from "./jobs";
import { pushSubscriptions, volumeNotices } from "./schema";
import { runVolumeNotices } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;

async function member(email: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const signup = await browser.postJson("/api/account/signup", {
    email,
    password: "password-123",
    nickname: email.split("@")[0],
    agree: true,
  });
  expect(signup.status).toBe(200);
  return browser;
}

let nextItem = 900_000;

/** A series of three volumes: two on sale long ago, the third going on sale at `at`. */
async function seriesWithVolumeAt(n: number, at: Date) {
  const db = t.services.db;
  const [publisher] = await db
    .insert(publishers)
    .values({ name: `出版社${n}`, nameKana: "シュッパンシャ" })
    .returning({ id: publishers.publisherId });
  const [row] = await db
    .insert(series)
    .values({
      name: `新刊テスト${n}`,
      nameKana: "シンカンテスト",
      publisherId: publisher!.id,
      startDate: new Date(at.getTime() - 400 * DAY),
    })
    .returning({ seriesId: series.seriesId });
  const seriesId = row!.seriesId;
  const volumes = await db
    .insert(books)
    .values(
      [1, 2, 3].map((volume) => ({
        seriesId,
        itemId: nextItem++,
        volume,
        title: `新刊テスト${n} ${volume}巻`,
        price: 500,
        priceInc: 550,
        pageCount: 10,
        itemStartDate: volume === 3 ? at : new Date(at.getTime() - (60 - volume) * DAY),
      })),
    )
    .returning({ bookId: books.bookId, volume: books.volume });
  return { seriesId, bookId: volumes.find((v) => v.volume === 3)!.bookId };
}

const mailsOf = (to: string) =>
  t.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, "new_volumes")));

const noticesOf = (browser: Browser) => browser.getJson<VolumeNoticeListAnswer>("/api/notices");

let demo: Browser;
let follower: Browser;
let bystander: Browser;

beforeAll(async () => {
  t = await createTestApp();
  demo = await member("reader@example.jp");
  follower = await member("follower@example.jp");
  bystander = await member("bystander@example.jp");
}, 300_000);

afterAll(async () => {
  await t?.database.close();
});

describe("the new-volume notices job", () => {
  it("tells each follower once when a volume goes on sale, mails those who opted in, and no one else", async () => {
    const release = new Date(Date.now() + 2 * DAY);
    const { seriesId, bookId } = await seriesWithVolumeAt(0, release);
    for (const browser of [demo, follower]) {
      const on = await browser.postJson("/api/series_notification", { series: seriesId });
      expect(on.body.notification).toBe(true);
    }
    // The follower turns mail on; the demo member leaves it off (the default).
    const mail = await follower.postJson("/api/notice_settings", { mail: true });
    expect(mail.body).toMatchObject({ result: true, mail: true });
    expect((await demo.getJson("/api/notice_settings")).body).toMatchObject({ mail: false });

    const deps = noticeRunDeps(t.services);
    // The day before: nothing is on sale yet.
    const before = await runVolumeNotices(deps, new Date(release.getTime() - DAY));
    expect(before.notices).toBe(0);
    expect((await noticesOf(follower)).body.notices).toEqual([]);

    // An hour after the release, in Tokyo or anywhere: one notice per follower.
    const after = new Date(release.getTime() + 3_600_000);
    const first = await runVolumeNotices(deps, after);
    expect(first).toMatchObject({ notices: 2, mails: 1 });
    // Run twice (a retry, a second instance): still one each.
    const second = await runVolumeNotices(deps, new Date(after.getTime() + 60_000));
    expect(second.notices).toBe(0);
    const rows = await t.services.db
      .select()
      .from(volumeNotices)
      .where(eq(volumeNotices.bookId, bookId));
    expect(rows).toHaveLength(2);

    for (const browser of [demo, follower]) {
      const list = (await noticesOf(browser)).body;
      expect(list.unread_count).toBe(1);
      expect(list.notices).toHaveLength(1);
      expect(list.notices[0]).toMatchObject({
        series_id: seriesId,
        book_id: bookId,
        url: `/series/${seriesId}/book/${bookId}`,
        read_flag: false,
      });
      const user = await browser.postJson<UserStatus>("/api/user");
      expect(user.body.notice_unread_count).toBe(1);
    }
    // Not following: nothing.
    expect((await noticesOf(bystander)).body).toMatchObject({ notices: [], unread_count: 0 });
    // Mail: the follower who opted in, once, naming the volume; the demo member none.
    const mails = await mailsOf("follower@example.jp");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/series/${seriesId}/book/${bookId}`);
    expect(await mailsOf("reader@example.jp")).toHaveLength(0);
  });

  it("lists several volumes of one run in one mail", async () => {
    const release = new Date(Date.now() + 4 * DAY);
    const a = await seriesWithVolumeAt(1, release);
    const b = await seriesWithVolumeAt(2, release);
    for (const s of [a, b])
      await follower.postJson("/api/series_notification", { series: s.seriesId });
    const before = (await mailsOf("follower@example.jp")).length;
    const run = await runVolumeNotices(
      noticeRunDeps(t.services),
      new Date(release.getTime() + 1000),
    );
    expect(run).toMatchObject({ notices: 2, mails: 1 });
    const mails = await mailsOf("follower@example.jp");
    expect(mails).toHaveLength(before + 1);
    const body = mails.at(-1)!.body;
    expect(body).toContain(`/book/${a.bookId}`);
    expect(body).toContain(`/book/${b.bookId}`);
  });

  it("marks read: one, then all; the count in the user status follows at once", async () => {
    const list = (await noticesOf(follower)).body;
    expect(list.unread_count).toBe(3);
    const one = await follower.postJson("/api/notices/read", { ids: [list.notices[0]!.notice_id] });
    expect(one.body).toMatchObject({ result: true, unread_count: 2 });
    expect((await follower.postJson<UserStatus>("/api/user")).body.notice_unread_count).toBe(2);
    const all = await follower.postJson("/api/notices/read", { all: true });
    expect(all.body.unread_count).toBe(0);
    expect((await follower.postJson<UserStatus>("/api/user")).body.notice_unread_count).toBe(0);
    expect((await noticesOf(follower)).body.notices.every((n) => n.read_flag)).toBe(true);
  });
});

describe("Web Push", () => {
  it("sends the encrypted notice to the member's browser and drops a subscription that is gone", async () => {
    const received: Array<{ url: string; headers: IncomingHttpHeaders; body: Buffer }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url?.startsWith("/gone") ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const browserKey = createECDH("prime256v1");
      browserKey.generateKeys();
      const auth = randomBytes(16);
      const keys = {
        p256dh: browserKey.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      };
      const pushed = await member("pushed@example.jp");
      for (const path of ["/push/one", "/gone/two"]) {
        const saved = await pushed.postJson("/api/push/subscription", {
          endpoint: `${origin}${path}`,
          keys,
        });
        expect(saved.body).toMatchObject({ result: true, subscribed: true });
      }
      const release = new Date(Date.now() + 6 * DAY);
      const { seriesId, bookId } = await seriesWithVolumeAt(3, release);
      await pushed.postJson("/api/series_notification", { series: seriesId });
      const run = await runVolumeNotices(
        noticeRunDeps(t.services),
        new Date(release.getTime() + 1000),
      );
      expect(run).toMatchObject({ notices: 1, pushes: 1, dropped: 1 });

      const one = received.find((r) => r.url === "/push/one")!;
      expect(one.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(one.headers.ttl)).toBeGreaterThan(0);
      const publicKey = (await pushed.getJson<{ public_key: string }>("/api/push/public_key")).body
        .public_key;
      expect(one.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      // Only the browser's keys open it: the store's message, with the volume's page.
      const plain = ece.decrypt(one.body, {
        version: "aes128gcm",
        privateKey: browserKey,
        authSecret: auth.toString("base64url"),
      }) as Buffer;
      const message = JSON.parse(plain.toString("utf8"));
      expect(message).toMatchObject({
        title: "新刊のお知らせ",
        url: `/series/${seriesId}/book/${bookId}`,
      });
      // The push service said 410 for the other: it is forgotten.
      const left = await t.services.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.endpoint, [`${origin}/push/one`, `${origin}/gone/two`]));
      expect(left.map((r) => r.endpoint)).toEqual([`${origin}/push/one`]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the calls", () => {
  const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };

  it("refuses visitors, and writes without the CSRF header", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.getJson("/api/notices")).status).toBe(401);
    expect((await visitor.postJson("/api/notice_settings", { mail: true })).status).toBe(401);
    const noCsrf = await follower.fetch("/api/notice_settings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mail: false }),
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    const deleteNoCsrf = await follower.fetch("/api/push/subscription", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ endpoint: "https://push.example.jp/x" }),
    });
    expect(deleteNoCsrf.status).toBe(403);
  });

  it("answers 400 with a message for bad input", async () => {
    for (const [path, body] of [
      ["/api/notice_settings", { mail: "yes" }],
      ["/api/notices/read", {}],
      ["/api/notices/read", { ids: [0] }],
      ["/api/notices/read", { ids: [1], all: true }],
      ["/api/push/subscription", { endpoint: "https://push.example.jp/x" }],
      [
        "/api/push/subscription",
        { endpoint: "https://push.example.jp/x", keys: { p256dh: "short", auth: keys.auth } },
      ],
      ["/api/push/subscription", { endpoint: "ftp://push.example.jp/x", keys }],
      ["/api/push/subscription", { endpoint: "http://10.0.0.1/x", keys }],
    ] as const) {
      const answer = await follower.postJson(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error_message).toBeTruthy();
    }
    expect((await follower.getJson("/api/notices?page=0")).status).toBe(400);
  });

  it("lets a member change only their own notices and subscriptions", async () => {
    const theirs = (await noticesOf(demo)).body.notices[0]!;
    expect(theirs.read_flag).toBe(false);
    await bystander.postJson("/api/notices/read", { ids: [theirs.notice_id] });
    expect((await noticesOf(demo)).body.notices[0]!.read_flag).toBe(false);

    const endpoint = "https://push.example.jp/demo-browser";
    expect((await demo.postJson("/api/push/subscription", { endpoint, keys })).status).toBe(200);
    const csrf = (b: Browser) => ({
      "content-type": "application/json",
      "x-csrftoken": b.cookies.get("ct")!,
    });
    const other = await bystander.fetch("/api/push/subscription", {
      method: "DELETE",
      headers: csrf(bystander),
      body: JSON.stringify({ endpoint }),
    });
    expect(other.status).toBe(404);
    const status = await demo.postJson("/api/push/subscription/status", { endpoint });
    expect(status.body.subscribed).toBe(true);
    const own = await demo.fetch("/api/push/subscription", {
      method: "DELETE",
      headers: csrf(demo),
      body: JSON.stringify({ endpoint }),
    });
    expect(own.status).toBe(200);
    expect(
      (await demo.postJson("/api/push/subscription/status", { endpoint })).body.subscribed,
    ).toBe(false);
  });
});
