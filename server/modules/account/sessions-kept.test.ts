import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { sessions } from "./schema";
import { findSession } from "./service";

/**
 * A session and its member are kept in memory under the member's version (decision 0080): a
 * warm page asks the database nothing for them, and whatever the member changes — a logout, a
 * password that ends their other sessions, their profile — is read afresh on the next request.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});

const password = "password-123";

async function signedUp() {
  const email = `kept-session-${Math.random().toString(36).slice(2)}@example.jp`;
  const browser = new Browser(t.app);
  const answer = await browser.postJson("/api/account/signup", { email, password, agree: true });
  expect(answer.body.result).toBe(true);
  return { email, browser };
}

async function loggedIn(email: string) {
  const browser = new Browser(t.app);
  expect((await browser.postJson("/api/account/login", { email, password })).body.result).toBe(
    true,
  );
  return browser;
}

const isLogin = async (browser: Browser) =>
  (await browser.getJson<{ is_login: boolean }>("/api/status")).body.is_login;

/** A browser holding only another's cookies: the old cookie sent again after the change. */
function replaying(browser: Browser) {
  const replay = new Browser(t.app);
  for (const [name, value] of browser.cookies) replay.cookies.set(name, value);
  return replay;
}

describe("sessions kept in memory", () => {
  it("are served from memory under the member's version, and read afresh once it moves", async () => {
    const { browser } = await signedUp();
    const sid = browser.cookies.get("sid")!;
    const { db, sessionSecret, memberKept } = t.services;
    const versionOf = (id: number) => memberKept.version(id);
    const first = await findSession(db, sessionSecret, sid, new Date(), versionOf);
    expect(first).not.toBeNull();
    // The second read is made under the version and kept.
    expect(await findSession(db, sessionSecret, sid, new Date(), versionOf)).not.toBeNull();

    // Revoked behind the store's back (no version moves): memory still answers, which shows
    // it is memory that answers; nothing the store itself does revokes a session this way.
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, first!.user.userId));
    expect(await findSession(db, sessionSecret, sid, new Date(), versionOf)).not.toBeNull();
    // Without versions nothing is kept: the database answers.
    expect(await findSession(db, sessionSecret, sid, new Date())).toBeNull();

    await memberKept.changed(first!.user.userId);
    expect(await findSession(db, sessionSecret, sid, new Date(), versionOf)).toBeNull();
  });

  it("never outlive a logout: the logged-out cookie is a visitor's, the member's other session stays", async () => {
    const { email } = await signedUp();
    const browser = await loggedIn(email);
    const other = await loggedIn(email);
    // Warm: both sessions are now kept.
    for (let i = 0; i < 3; i++) {
      expect(await isLogin(browser)).toBe(true);
      expect(await isLogin(other)).toBe(true);
    }
    const old = replaying(browser);
    expect((await browser.postJson("/api/account/logout")).body.result).toBe(true);
    expect(await isLogin(browser)).toBe(false);
    expect(await isLogin(old)).toBe(false);
    expect(await isLogin(other)).toBe(true);
  });

  it("end in every browser when a password change ends the member's other sessions", async () => {
    const { email } = await signedUp();
    const here = await loggedIn(email);
    const there = await loggedIn(email);
    for (let i = 0; i < 3; i++) expect(await isLogin(there)).toBe(true);
    const changed = await here.postJson("/api/account/password", {
      current_password: password,
      new_password: "password-456",
    });
    expect(changed.body.result).toBe(true);
    expect(await isLogin(there)).toBe(false);
    expect(await isLogin(here)).toBe(true);
  });

  it("carry the member's profile as it is now", async () => {
    const { browser } = await signedUp();
    const sid = browser.cookies.get("sid")!;
    const { db, sessionSecret, memberKept } = t.services;
    const read = () =>
      findSession(db, sessionSecret, sid, new Date(), (id) => memberKept.version(id));
    for (let i = 0; i < 3; i++) await isLogin(browser);
    const saved = await browser.postJson("/api/profile", { nickname: "新しい名前" });
    expect(saved.body.error_message).toBeUndefined();
    expect((await read())?.user.nickname).toBe("新しい名前");
  });
});
