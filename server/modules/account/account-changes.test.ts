import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { outbox } from "../mail/schema";
import { users } from "./schema";
import { UNSUBSCRIBE_PATH, unsubscribeUrl } from "./service";
import { mailsTo, mailedToken as tokenMailedTo } from "./test-fixture";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});

let n = 0;
const newEmail = () => `changes${++n}-${Date.now()}@example.jp`;

async function member(email = newEmail(), password = "password-123") {
  const browser = new Browser(t.app);
  const answer = await browser.postJson("/api/account/signup", { email, password, agree: true });
  expect(answer.status).toBe(200);
  return { browser, email, password };
}

async function login(email: string, password: string) {
  const browser = new Browser(t.app);
  expect((await browser.postJson("/api/account/login", { email, password })).status).toBe(200);
  return browser;
}

async function isLoggedIn(browser: Browser) {
  return (await browser.getJson<{ is_login: boolean }>("/api/status")).body.is_login;
}

const mailTo = (to: string, kind: string) => mailsTo(t.services.db, to, kind);

describe("password change", () => {
  it("needs the current password: a wrong one changes nothing and logs no one out", async () => {
    const { browser, email, password } = await member();
    const other = await login(email, password);
    const answer = await browser.postJson("/api/account/password", {
      current_password: "not-the-password",
      new_password: "brand-new-pass",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      result: false,
      error_message: "現在のパスワードが正しくありません",
    });
    expect(await isLoggedIn(other)).toBe(true);
    expect(await mailTo(email, "password_changed")).toBe(0);
    await login(email, password);
  });

  it("ends the member's other sessions, keeps this one, and queues the mail once", async () => {
    const { browser, email, password } = await member();
    const phone = await login(email, password);
    const tablet = await login(email, password);
    const answer = await browser.postJson("/api/account/password", {
      current_password: password,
      new_password: "brand-new-pass",
    });
    expect(answer.status).toBe(200);
    expect(await isLoggedIn(browser)).toBe(true);
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(tablet)).toBe(false);
    expect(await mailTo(email, "password_changed")).toBe(1);
    expect(
      (await new Browser(t.app).postJson("/api/account/login", { email, password })).status,
    ).toBe(401);
    await login(email, "brand-new-pass");
  });

  it("answers 400 with a message for a short new password", async () => {
    const { browser, password } = await member();
    const answer = await browser.postJson("/api/account/password", {
      current_password: password,
      new_password: "short",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("新しいパスワードは8文字以上で入力してください");
  });
});

const mailedToken = (to: string, kind: string) => tokenMailedTo(t.services.db, to, kind);

describe("e-mail change (item 10)", () => {
  it("changes nothing until the link mailed to the new address is followed; tells the old one", async () => {
    const { browser, email, password } = await member();
    const other = await login(email, password);
    const wrong = await browser.postJson("/api/account/email", {
      current_password: "wrong-password",
      email: newEmail(),
    });
    expect(wrong.status).toBe(400);
    expect(await isLoggedIn(other)).toBe(true);

    const next = newEmail();
    const answer = await browser.postJson("/api/account/email", {
      current_password: password,
      email: next.toUpperCase(),
    });
    expect(answer.body).toMatchObject({ result: true, email, pending_email: next });
    // Asked, not done: the old address still signs in, the other session stays.
    expect(await mailTo(next, "email_change_confirm")).toBe(1);
    expect(await mailTo(email, "email_change_notice")).toBe(1);
    const [notice] = await t.services.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "email_change_notice")));
    expect(notice!.body).toContain(`${next.slice(0, 2)}***@example.jp`);
    expect(notice!.body).not.toContain(next);
    expect(await isLoggedIn(other)).toBe(true);
    await login(email, password);
    expect(
      (await new Browser(t.app).postJson("/api/account/login", { email: next, password })).status,
    ).toBe(401);

    // The link works once, from any browser (here the mail program's); the change ends the
    // member's other sessions but the one that asked for it.
    const token = await mailedToken(next, "email_change_confirm");
    const confirmed = await new Browser(t.app).postJson("/api/account/email/confirm", { token });
    expect(confirmed.body).toMatchObject({ result: true, purpose: "email_change", email: next });
    expect(await isLoggedIn(browser)).toBe(true);
    expect(await isLoggedIn(other)).toBe(false);
    expect(await mailTo(email, "email_changed")).toBe(1);
    await login(next, password);
    expect(
      (await new Browser(t.app).postJson("/api/account/login", { email, password })).status,
    ).toBe(401);
    const again = await new Browser(t.app).postJson("/api/account/email/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body.error_message).toContain("使用済み");
  });

  it("refuses another member's address, when asked and when the link is followed", async () => {
    const taken = await member();
    const { browser, email, password } = await member();
    const other = await login(email, password);
    const answer = await browser.postJson("/api/account/email", {
      current_password: password,
      email: taken.email,
    });
    expect(answer.status).toBe(409);
    expect(await isLoggedIn(other)).toBe(true);

    // Free when asked, taken by a sign-up before the link is followed.
    const next = newEmail();
    await browser.postJson("/api/account/email", { current_password: password, email: next });
    const token = await mailedToken(next, "email_change_confirm");
    await member(next);
    const late = await browser.postJson("/api/account/email/confirm", { token });
    expect(late.status).toBe(409);
    await login(email, password);
  });

  it("keeps only the newest link of two changes asked for", async () => {
    const { browser, password } = await member();
    const first = newEmail();
    const second = newEmail();
    await browser.postJson("/api/account/email", { current_password: password, email: first });
    const stale = await mailedToken(first, "email_change_confirm");
    await browser.postJson("/api/account/email", { current_password: password, email: second });
    expect((await browser.postJson("/api/account/email/confirm", { token: stale })).status).toBe(
      400,
    );
    const token = await mailedToken(second, "email_change_confirm");
    expect((await browser.postJson("/api/account/email/confirm", { token })).status).toBe(200);
  });

  it("is for members only", async () => {
    const visitor = new Browser(t.app);
    const answer = await visitor.postJson("/api/account/email", {
      current_password: "x",
      email: newEmail(),
    });
    expect(answer.status).toBe(401);
  });
});

describe("mail queued with its cause", () => {
  it("queues one welcome mail per sign-up and none for a refused one", async () => {
    const { email } = await member();
    expect(await mailTo(email, "welcome")).toBe(1);
    const again = await new Browser(t.app).postJson("/api/account/signup", {
      email,
      password: "password-123",
      agree: true,
    });
    expect(again.status).toBe(409);
    expect(await mailTo(email, "welcome")).toBe(1);
  });

  it("queues the newsletter confirmation when it is turned on, not when it was already on", async () => {
    const { browser, email } = await member();
    await browser.postJson("/api/newsletter", { enable: true });
    await browser.postJson("/api/newsletter", { enable: true });
    expect(await mailTo(email, "newsletter_confirmed")).toBe(1);
    const [mail] = await t.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "newsletter_confirmed")));
    expect(mail!.body).toMatch(/\/unsubscribe_newsletter\?u=[\w-]+&s=[\w-]+/);
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(
        /^<http:\/\/[^>]+\/unsubscribe_newsletter\?u=[\w-]+&s=[\w-]+>$/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("one-click newsletter unsubscribe", () => {
  async function subscribed() {
    const { browser, email } = await member();
    await browser.postJson("/api/newsletter", { enable: true });
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    const link = new URL(
      unsubscribeUrl("http://shop.test", t.services.sessionSecret, row!.profileId),
    );
    return { userId: row!.userId, u: link.searchParams.get("u")!, s: link.searchParams.get("s")! };
  }
  const flag = async (userId: number) =>
    (await t.services.db.select().from(users).where(eq(users.userId, userId)))[0]!.newsletterFlag;

  it("stops the newsletter without a login", async () => {
    const { userId, u, s } = await subscribed();
    expect(await flag(userId)).toBe(true);
    const answer = await new Browser(t.app).postJson("/api/newsletter/unsubscribe", { u, s });
    expect(answer.body).toMatchObject({ result: true });
    expect(await flag(userId)).toBe(false);
  });

  /** What a mail program does with List-Unsubscribe-Post: a bare POST, no cookies, no token. */
  async function oneClick(link: string, body = "List-Unsubscribe=One-Click") {
    const url = new URL(link);
    return t.app.request(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  }

  it("a POST to the mail's List-Unsubscribe address unsubscribes without a login (RFC 8058)", async () => {
    const { browser, email } = await member();
    await browser.postJson("/api/newsletter", { enable: true });
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    const [mail] = await t.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "newsletter_confirmed")));
    const link = mail!.headers!["List-Unsubscribe"]!.slice(1, -1);
    expect(new URL(link).pathname).toBe(UNSUBSCRIBE_PATH);
    expect(mail!.body).toContain(link);

    // Without the RFC's body nothing happens: a link scanner's bare POST does not unsubscribe.
    expect((await oneClick(link, "")).status).toBe(400);
    expect(await flag(row!.userId)).toBe(true);
    const tampered = link.replace(/s=([\w-])/, (_m, c: string) => `s=${c === "A" ? "B" : "A"}`);
    expect((await oneClick(tampered)).status).toBe(403);
    expect(await flag(row!.userId)).toBe(true);

    const answer = await oneClick(link);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ result: true });
    expect(await flag(row!.userId)).toBe(false);
    // Other POSTs still need the CSRF token.
    const bare = await t.app.request("/api/newsletter/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ u: row!.profileId, s: new URL(link).searchParams.get("s") }),
    });
    expect(bare.status).toBe(403);
  });

  it("refuses a tampered signature or another member's id with the signature", async () => {
    const one = await subscribed();
    const two = await subscribed();
    const visitor = new Browser(t.app);
    const flipped = one.s.slice(0, -1) + (one.s.endsWith("A") ? "B" : "A");
    for (const payload of [
      { u: one.u, s: flipped },
      { u: two.u, s: one.s },
      { u: one.u, s: "x" },
    ]) {
      const answer = await visitor.postJson("/api/newsletter/unsubscribe", payload);
      expect(answer.status).toBe(403);
    }
    expect(await flag(one.userId)).toBe(true);
    expect(await flag(two.userId)).toBe(true);
    expect((await visitor.postJson("/api/newsletter/unsubscribe", { u: "" })).status).toBe(400);
  });
});
