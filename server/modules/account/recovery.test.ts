import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { outbox } from "../mail/schema";
import { mailedLinks, users } from "./schema";
import { LOGIN_TO_ACCOUNT } from "./sign-in";
import { mailsTo as mailsToAddress, mailedToken as tokenMailedTo } from "./test-fixture";
import { RESETS_FROM_ADDRESS, RESETS_TO_ACCOUNT, SIGNUPS_FROM_ADDRESS } from "./throttles";

/**
 * Mailed single-use links (issue 21 items 4, 9 and 34): the forgotten-password reset, the
 * address confirmation of a new member, leaving with the password.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});

let n = 0;
const newEmail = () => `recover${++n}-${Date.now()}@example.jp`;

async function member(email = newEmail(), password = "password-123") {
  const browser = new Browser(t.app);
  const answer = await browser.postJson("/api/account/signup", { email, password, agree: true });
  expect(answer.status).toBe(200);
  return { browser, email, password };
}

const mailsTo = (to: string, kind: string) => mailsToAddress(t.services.db, to, kind);
const mailedToken = (to: string, kind: string) => tokenMailedTo(t.services.db, to, kind);

async function isLoggedIn(browser: Browser) {
  return (await browser.getJson<{ is_login: boolean }>("/api/status")).body.is_login;
}

async function canLogIn(email: string, password: string) {
  return (await new Browser(t.app).postJson("/api/account/login", { email, password })).status;
}

describe("forgotten password (item 34)", () => {
  it("answers the same whether or not the address is a member's, and mails only a member", async () => {
    const { email } = await member();
    const stranger = newEmail();
    const known = await new Browser(t.app).postJson("/api/account/password_reset", { email });
    const unknown = await new Browser(t.app).postJson("/api/account/password_reset", {
      email: stranger,
    });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, body: { result: true } });
    await mailedToken(email, "password_reset");
    expect(await mailsTo(stranger, "password_reset")).toBe(0);
  });

  it("sets a new password once by the mailed link, ends every session and mails a notice", async () => {
    const { browser, email, password } = await member();
    const phone = new Browser(t.app);
    await phone.postJson("/api/account/login", { email, password });
    await new Browser(t.app).postJson("/api/account/password_reset", {
      email: email.toUpperCase(),
    });
    const token = await mailedToken(email, "password_reset");
    const mail = (
      await t.services.db
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "password_reset")))
    )[0]!.body;
    expect(mail).toMatch(/^http:\/\/localhost:3000\/password_reset\?token=[\w-]{43}$/m);
    expect(mail).toContain("30分以内");

    const short = await new Browser(t.app).postJson("/api/account/password_reset/confirm", {
      token,
      new_password: "short",
    });
    expect(short.status).toBe(400);
    const reset = await new Browser(t.app).postJson("/api/account/password_reset/confirm", {
      token,
      new_password: "a-brand-new-one",
    });
    expect(reset).toMatchObject({ status: 200, body: { result: true } });
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await mailsTo(email, "password_reset_done")).toBe(1);
    expect(await canLogIn(email, password)).toBe(401);
    expect(await canLogIn(email, "a-brand-new-one")).toBe(200);

    const again = await new Browser(t.app).postJson("/api/account/password_reset/confirm", {
      token,
      new_password: "yet-another-one",
    });
    expect(again.status).toBe(400);
    expect(again.body.error_message).toContain("使用済み");
    expect(await canLogIn(email, "a-brand-new-one")).toBe(200);
  });

  it("refuses an expired link, one replaced by a newer mail, and one of another purpose", async () => {
    const { email } = await member();
    const ask = () => new Browser(t.app).postJson("/api/account/password_reset", { email });
    await ask();
    const first = await mailedToken(email, "password_reset");
    await ask();
    await expect.poll(() => mailsTo(email, "password_reset")).toBe(2);
    const second = await mailedToken(email, "password_reset");
    const confirm = (token: string) =>
      new Browser(t.app).postJson("/api/account/password_reset/confirm", {
        token,
        new_password: "a-brand-new-one",
      });
    expect((await confirm(first)).status).toBe(400);
    // Half an hour later the newest one is dead too.
    const [member_] = await t.services.db.select().from(users).where(eq(users.email, email));
    await t.services.db
      .update(mailedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailedLinks.userId, member_!.userId));
    expect((await confirm(second)).status).toBe(400);
    // The address link of the sign-up is not a reset link.
    const verify = await mailedToken(email, "welcome");
    expect((await confirm(verify)).status).toBe(400);
  });

  it("is throttled like the login: per address and per account, for members and strangers alike", async () => {
    const browser = new Browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < RESETS_FROM_ADDRESS.points + 2; i++) {
      const answer = await browser.postJson("/api/account/password_reset", { email: newEmail() });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([
      ...Array(RESETS_FROM_ADDRESS.points).fill(200),
      ...Array(2).fill(429),
    ]);

    const { email } = await member();
    const fromMany: number[] = [];
    for (let i = 0; i < RESETS_TO_ACCOUNT.points + 1; i++) {
      fromMany.push(
        (await new Browser(t.app).postJson("/api/account/password_reset", { email })).status,
      );
    }
    expect(fromMany).toEqual([...Array(RESETS_TO_ACCOUNT.points).fill(200), 429]);
    await expect.poll(() => mailsTo(email, "password_reset")).toBe(RESETS_TO_ACCOUNT.points);
  });

  it("lets the owner of an account stepped up by an attack log in with the new password", async () => {
    const { email } = await member();
    for (let i = 0; i <= LOGIN_TO_ACCOUNT.points; i++) {
      await new Browser(t.app).postJson("/api/account/login", { email, password: "guess" });
    }
    const stepped = await new Browser(t.app).postJson("/api/account/login", {
      email,
      password: "guess",
    });
    expect(stepped.body).toMatchObject({ sign_in_link: true });
    await new Browser(t.app).postJson("/api/account/password_reset", { email });
    const token = await mailedToken(email, "password_reset");
    await new Browser(t.app).postJson("/api/account/password_reset/confirm", {
      token,
      new_password: "after-the-attack",
    });
    expect(await canLogIn(email, "after-the-attack")).toBe(200);
  });
});

describe("a new member's address (item 9)", () => {
  it("is confirmed by the link in the welcome mail; reviews wait for it, purchases do not", async () => {
    const { browser, email } = await member();
    const [before] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(before!.emailVerifiedAt).toBeNull();
    const review = () =>
      browser.postJson("/api/review/add", {
        series: 999_999,
        nickname: "よみびと",
        title: "よかった",
        comment: "続きが楽しみです",
        rating: 4,
      });
    const waiting = await review();
    expect(waiting.status).toBe(403);
    expect(waiting.body.error_message).toContain("メールアドレスの確認");
    // The cart (and so a purchase) does not wait: decision 0051.
    expect((await browser.postJson("/api/personal/user/items", { items: [1] })).status).toBe(200);

    const token = await mailedToken(email, "welcome");
    const confirmed = await new Browser(t.app).postJson("/api/account/email/confirm", { token });
    expect(confirmed.body).toMatchObject({ result: true, purpose: "email_verify", email });
    const [after] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(after!.emailVerifiedAt).not.toBeNull();
    // Past the address check: the series is unknown, so now it is the catalogue's 404.
    expect((await review()).status).toBe(404);
  });

  it("mails the confirmation again on request, once an hour at most thrice; the old link dies", async () => {
    const { browser, email } = await member();
    const first = await mailedToken(email, "welcome");
    const resent = await browser.postJson("/api/account/email/verify", {});
    expect(resent.body).toMatchObject({ result: true, sent: true });
    const second = await mailedToken(email, "email_verify");
    expect((await browser.postJson("/api/account/email/confirm", { token: first })).status).toBe(
      400,
    );
    expect((await browser.postJson("/api/account/email/confirm", { token: second })).status).toBe(
      200,
    );
    expect((await browser.postJson("/api/account/email/verify", {})).body).toMatchObject({
      sent: false,
    });
    await browser.postJson("/api/account/email/verify", {});
    expect((await browser.postJson("/api/account/email/verify", {})).status).toBe(429);
  });
});

describe("sign-ups from one address (item 9)", () => {
  it("are limited; past the limit a 429 with Retry-After, and no mail", async () => {
    const address = "198.51.100.150";
    const statuses: number[] = [];
    let last: Response | null = null;
    const emails: string[] = [];
    for (let i = 0; i < SIGNUPS_FROM_ADDRESS.points + 5; i++) {
      const browser = new Browser(t.app, address);
      await browser.open();
      const email = newEmail();
      emails.push(email);
      last = await browser.fetch("/api/account/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "password-123", agree: true }),
      });
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGNUPS_FROM_ADDRESS.points);
    expect(statuses.slice(SIGNUPS_FROM_ADDRESS.points).every((s) => s === 429)).toBe(true);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(emails.at(-1)!, "welcome")).toBe(0);
    // Another address signs up as usual.
    await member();
  });
});

describe("leaving (item 4)", () => {
  it("needs the current password: without it or with a wrong one nothing happens", async () => {
    const { browser, email, password } = await member();
    const none = await browser.postJson("/api/account/leave", { reason: 9 });
    expect(none.status).toBe(400);
    expect(none.body.error_message).toMatch(/^current_password: /);
    const wrong = await browser.postJson("/api/account/leave", {
      reason: 9,
      current_password: "not-it",
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error_message: "現在のパスワードが正しくありません" },
    });
    expect(await isLoggedIn(browser)).toBe(true);
    const [still] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(still!.leftAt).toBeNull();

    const left = await browser.postJson("/api/account/leave", {
      reason: 9,
      current_password: password,
    });
    expect(left.status).toBe(200);
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await canLogIn(email, password)).toBe(401);
  });
});
