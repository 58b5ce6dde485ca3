import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { mailedToken, mailsTo as mailsToAddress } from "./test-fixture";

/**
 * The login throttle raced from outside (issue 21 items 3 and 5): many wrong passwords sent at
 * once, from one address and from many, against one app and against two app instances sharing
 * their counters. "Checked" is a password the server compared, which answers 401; the others
 * answer 429 with Retry-After without a comparison.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

let t: TestApp;
beforeAll(async () => {
  // One PGlite process counts in memory; workers on PostgreSQL share the database's counters.
  t = await createTestApp({ counters: onPostgres ? "postgres" : "memory" });
});
afterAll(async () => {
  await t?.database.close();
});

let n = 0;
async function member(app: TestApp["app"] = t.app) {
  const email = `throttle${++n}-${Date.now()}@example.jp`;
  const password = "right-password-123";
  const answer = await new Browser(app).postJson("/api/account/signup", {
    email,
    password,
    agree: true,
  });
  expect(answer.status).toBe(200);
  return { email, password };
}

function login(browser: Browser, email: string, password: string) {
  return browser.fetch("/api/account/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

/** Sends the tries at once (the ct cookie fetched first, as a page would have it). */
async function race(browsers: Browser[], email: string, password = "wrong-password") {
  await Promise.all(browsers.map((b) => b.open()));
  const answers = await Promise.all(browsers.map((b) => login(b, email, password)));
  return {
    checked: answers.filter((a) => a.status === 401).length,
    refused: answers.filter((a) => a.status === 429),
    others: answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status),
  };
}

/** One attacker's address, many connections: each request its own browser, one address. */
const sameAddress = (app: TestApp["app"], count: number, address: string) =>
  Array.from({ length: count }, () => new Browser(app, address));

const mailLinkTo = (email: string, kind: string) => mailedToken(t.services.db, email, kind);
const mailsTo = (email: string, kind: string) => mailsToAddress(t.services.db, email, kind);

describe("wrong passwords sent at once from one address", () => {
  for (const tries of [40, 200]) {
    it(`checks at most 5 of ${tries}; the rest are 429 with Retry-After`, async () => {
      const { email, password } = await member();
      const result = await race(sameAddress(t.app, tries, `198.51.100.${tries % 250}`), email);
      expect(result.others).toEqual([]);
      expect(result.checked).toBeLessThanOrEqual(5);
      expect(result.checked + result.refused.length).toBe(tries);
      for (const refusal of result.refused) {
        expect(Number(refusal.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Not locked out elsewhere: the owner's own address still signs in.
      const owner = new Browser(t.app);
      expect((await owner.postJson("/api/account/login", { email, password })).status).toBe(200);
    });
  }
});

describe("two app instances on one store of counters", () => {
  it("check at most 5 of 200 wrong passwords split between them (one database)", async () => {
    const twin = await createTestApp({ database: t.database, counters: "postgres" });
    const first = await createTestApp({ database: t.database, counters: "postgres" });
    const { email } = await member(first.app);
    const address = "198.51.100.201";
    const result = await race(
      [...sameAddress(first.app, 100, address), ...sameAddress(twin.app, 100, address)],
      email,
    );
    expect(result.others).toEqual([]);
    expect(result.checked).toBeLessThanOrEqual(5);
    expect(result.refused).toHaveLength(200 - result.checked);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)(
    "check at most 5 of 200 wrong passwords split between them (one Redis)",
    async () => {
      const redis = new Redis(redisUrl!);
      const prefix = `test:login:${process.pid}:${Date.now()}:`;
      try {
        const counters = { kind: "redis" as const, client: redis, prefix };
        const one = await createTestApp({ database: t.database, counters });
        const two = await createTestApp({ database: t.database, counters });
        const { email } = await member(one.app);
        const address = "198.51.100.202";
        const result = await race(
          [...sameAddress(one.app, 100, address), ...sameAddress(two.app, 100, address)],
          email,
        );
        expect(result.others).toEqual([]);
        expect(result.checked).toBeLessThanOrEqual(5);
        expect(result.refused).toHaveLength(200 - result.checked);
      } finally {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    },
  );
});

describe("one account tried from many addresses", () => {
  it("checks at most 10 in all; then even the right password only gets a mailed sign-in link", async () => {
    const { email, password } = await member();
    const many = Array.from({ length: 40 }, (_, i) => new Browser(t.app, `203.0.113.${i + 1}`));
    await Promise.all(many.map((b) => b.open()));
    const answers = await Promise.all(
      many.map(async (b) => {
        const response = await login(b, email, "wrong-password");
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      }),
    );
    const plainWrong = answers.filter((a) => a.status === 401 && !a.body.sign_in_link);
    const linkStep = answers.filter((a) => a.status === 401 && a.body.sign_in_link === true);
    expect(plainWrong.length).toBeLessThanOrEqual(10);
    expect(plainWrong.length + linkStep.length).toBe(40);

    // A wrong and a right password from fresh addresses get the same answer…
    const wrong = await new Browser(t.app, "192.0.2.201").postJson("/api/account/login", {
      email,
      password: "still-wrong",
    });
    const owner = new Browser(t.app, "192.0.2.202");
    const right = await owner.postJson("/api/account/login", { email, password });
    expect(right.status).toBe(wrong.status);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toMatchObject({ result: false, sign_in_link: true });
    expect(owner.cookies.has("sid")).toBe(false);

    // …but only the right one mails a link, and the link signs the owner in, once.
    const token = await mailLinkTo(email, "sign_in_link");
    expect(await mailsTo(email, "sign_in_link")).toBe(1);
    const signedIn = await owner.postJson<{ user: { profile_id: string } }>(
      "/api/account/login/link",
      { token },
    );
    expect(signedIn.status).toBe(200);
    expect((await owner.getJson<{ is_login: boolean }>("/api/status")).body.is_login).toBe(true);
    const again = await new Browser(t.app).postJson("/api/account/login/link", { token });
    expect(again.status).toBe(400);
    expect(again.body.error_message).toContain("使用済み");
  });

  it("answers a made-up link with 400 and signs no one in", async () => {
    const browser = new Browser(t.app);
    const answer = await browser.postJson("/api/account/login/link", { token: "x".repeat(43) });
    expect(answer.status).toBe(400);
    expect(browser.cookies.has("sid")).toBe(false);
  });
});

describe("every call that checks a password shares the limit (item 5)", () => {
  const calls: Array<[string, (password: string) => Record<string, unknown>]> = [
    ["/api/account/password", (p) => ({ current_password: p, new_password: "brand-new-pass" })],
    ["/api/account/email", (p) => ({ current_password: p, email: `new${Date.now()}@example.jp` })],
    ["/api/account/leave", (p) => ({ current_password: p, reason: 9 })],
  ];
  for (const [path, body] of calls) {
    it(`${path}: 5 wrong passwords, then 429 for every try, the right one too`, async () => {
      const { email, password } = await member();
      const browser = new Browser(t.app);
      expect((await browser.postJson("/api/account/login", { email, password })).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await browser.postJson(path, body(`wrong-${i}`))).status);
      }
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
      const right = await browser.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body(password)),
      });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  }

  it("checks at most 5 of 40 wrong current passwords sent at once", async () => {
    const { email, password } = await member();
    const browser = new Browser(t.app);
    await browser.postJson("/api/account/login", { email, password });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        browser.postJson("/api/account/password", {
          current_password: `wrong-${i}`,
          new_password: "brand-new-pass",
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(35);
  });

  it("gives a right password's try back, so a member who types it right is never held", async () => {
    const { email, password } = await member();
    const browser = new Browser(t.app);
    await browser.postJson("/api/account/login", { email, password });
    let current = password;
    for (let i = 0; i < 8; i++) {
      const next = `changed-password-${i}`;
      const answer = await browser.postJson("/api/account/password", {
        current_password: current,
        new_password: next,
      });
      expect(answer.status).toBe(200);
      current = next;
    }
  });
});
