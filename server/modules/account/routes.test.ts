import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { orders } from "../commerce/schema";
import { outbox } from "../mail/schema";
import { leaveReasons, sessions, users } from "./schema";
import { authenticate, findSession } from "./service";
import { LOGIN_AT_ADDRESS, STEP_UP_FROM_ADDRESS } from "./sign-in";

const LOGIN_FAILURE_LIMIT = LOGIN_AT_ADDRESS.points;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});

let n = 0;
const newEmail = () => `member${++n}-${Date.now()}@example.jp`;

async function signup(
  browser: Browser,
  email = newEmail(),
  password = "password-123",
  nickname = "読書家",
) {
  const answer = await browser.postJson("/api/account/signup", {
    email,
    password,
    nickname,
    agree: true,
  });
  expect(answer.status).toBe(200);
  return { email, password, answer };
}

describe("signup and status", () => {
  it("creates a member whose session the status and user calls recognise", async () => {
    const browser = new Browser(t.app);
    const { email } = await signup(browser);
    const status = await browser.getJson<{ is_login: boolean; uid: string }>("/api/status");
    expect(status.body.is_login).toBe(true);
    expect(status.body.uid).not.toBe("");
    const user = await browser.postJson<{ nickname: string; point: number }>("/api/user");
    expect(user.body).toMatchObject({ result: true, nickname: "読書家", point: 0 });
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain("password-123");
  });

  it("answers every session-status field of spec 001 §3, for visitors too", async () => {
    const browser = new Browser(t.app);
    const status = await browser.getJson("/api/status");
    const fields =
      "is_login is_paid now hour today this_month last_month end_of_month timestamp time_group current_cp_ts uid user_type session ctrl_group pay_count signup_date last_pay_date last_read_date signup_time signup_month month_pay_max signup_page login_page account_page leave_page passports_page confirm_page os device adef use_cache cache_key".split(
        " ",
      );
    for (const field of fields) expect(status.body, field).toHaveProperty(field);
    expect(status.body).toMatchObject({
      is_login: false,
      user_type: "general",
      signup_page: "/signup",
      login_page: "/login",
    });
    const post = await browser.postJson("/api/status");
    expect(post.body.is_login).toBe(false);
  });

  it("answers every user-status field of spec 001 §3", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    const user = await browser.postJson("/api/user");
    const fields =
      "nickname introduction profile_id badge display_agreement_flag workspace current_stamp_no point cart_count cart_price coupon_count enable_coupon used_coupon received_coupon upcoming_coupon_ids enable_refund target_popup bookshelf_new_count notice_unread_count signup_coupon_expire_seconds special_sale_expire_seconds newsletter_flag is_today_stamp".split(
        " ",
      );
    for (const field of fields) expect(user.body, field).toHaveProperty(field);
  });

  it("refuses a second account on the same address, whatever its letter case", async () => {
    const browser = new Browser(t.app);
    const { email } = await signup(browser);
    const again = await new Browser(t.app).postJson("/api/account/signup", {
      email: email.toUpperCase(),
      password: "another-password",
      agree: true,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      result: false,
      error_message: "このメールアドレスはすでに登録されています",
    });
  });

  it("rejects an address over 254 characters with a message naming the field, and creates nothing", async () => {
    const before = await t.services.db.$count(users);
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}.jp`;
    expect(email.length).toBeGreaterThan(254);
    const answer = await new Browser(t.app).postJson("/api/account/signup", {
      email,
      password: "password-123",
      agree: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("email");
    expect(await t.services.db.$count(users)).toBe(before);
  });

  it("accepts an address of exactly 254 characters", async () => {
    const local = `x${Date.now()}`;
    const email = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(254 - local.length - 1 - 63 * 3 - 3 - 3)}.jp`;
    expect(email.length).toBe(254);
    const answer = await new Browser(t.app).postJson("/api/account/signup", {
      email,
      password: "password-123",
      agree: true,
    });
    expect(answer.status).toBe(200);
  });

  it("requires agreeing to the terms", async () => {
    const answer = await new Browser(t.app).postJson("/api/account/signup", {
      email: newEmail(),
      password: "password-123",
      agree: false,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("agree");
  });
});

describe("bad requests", () => {
  it("answers 403 to a POST without the X-CSRFToken header and changes nothing", async () => {
    const browser = new Browser(t.app);
    await browser.open();
    const before = await t.services.db.$count(users);
    const response = await browser.fetch("/api/account/signup", {
      method: "POST",
      csrf: false,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: newEmail(), password: "password-123", agree: true }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ result: false });
    expect(await t.services.db.$count(users)).toBe(before);
  });

  it("answers 403 when the header does not equal the ct cookie", async () => {
    const browser = new Browser(t.app);
    await browser.open();
    const response = await browser.fetch("/api/user", {
      method: "POST",
      headers: { "x-csrftoken": "forged-token-value-123" },
    });
    expect(response.status).toBe(403);
  });

  it("answers malformed JSON with 400 and a message", async () => {
    const answer = await new Browser(t.app).postJson("/api/account/login", "{ not json");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: false });
    expect(answer.body.error_message).toContain("JSON");
  });

  it("answers a wrong type with 400 naming the field", async () => {
    const answer = await new Browser(t.app).postJson("/api/account/login", {
      email: 12,
      password: "x",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toMatch(/^email: /);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const answer = await new Browser(t.app).getJson("/api/no-such-call");
    expect(answer.status).toBe(404);
    expect(answer.body.result).toBe(false);
  });

  it("marks personal answers private and never cached", async () => {
    const response = await new Browser(t.app).fetch("/api/status");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("login, logout and sessions", () => {
  it("logs in with the right password and out again; the old cookie stops working", async () => {
    const { email, password } = await signup(new Browser(t.app));
    const browser = new Browser(t.app);
    const login = await browser.postJson("/api/account/login", {
      email: email.toUpperCase(),
      password,
    });
    expect(login.body.result).toBe(true);
    const sid = browser.cookies.get("sid")!;
    expect(sid).toBeTruthy();

    const logout = await browser.postJson<{ user: { nickname: string } }>("/api/account/logout");
    expect(logout.status).toBe(200);
    expect(logout.body.user.nickname).toBe("");
    expect((await browser.getJson("/api/status")).body.is_login).toBe(false);

    const replay = new Browser(t.app);
    replay.cookies.set("sid", sid);
    expect((await replay.getJson("/api/status")).body.is_login).toBe(false);
  });

  it("hands requests a member without the password hash", async () => {
    const { email, password } = await signup(new Browser(t.app));
    const browser = new Browser(t.app);
    await browser.postJson("/api/account/login", { email, password });
    const session = await findSession(
      t.database.db,
      t.services.sessionSecret,
      browser.cookies.get("sid")!,
    );
    expect(session?.user.email).toBe(email);
    expect(session?.user).not.toHaveProperty("passwordHash");
    const member = await authenticate(t.database.db, email, password);
    expect(member?.userId).toBe(session?.user.userId);
    expect(member).not.toHaveProperty("passwordHash");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const browser = new Browser(t.app);
    await browser.open();
    const response = await browser.fetch("/api/account/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: newEmail(), password: "password-123", agree: true }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("keeps session tokens only as hashes", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    const sid = browser.cookies.get("sid")!;
    const rows = await t.services.db.select({ hash: sessions.sessionHash }).from(sessions);
    expect(rows.some((r) => r.hash === sid)).toBe(false);
  });

  it("answers a wrong password with 401, then 429 for that account and address, while another address may still try", async () => {
    const { email, password } = await signup(new Browser(t.app));
    const attacker = new Browser(t.app, "198.51.100.9");
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const wrong = await attacker.postJson("/api/account/login", {
        email,
        password: "wrong-password",
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await attacker.postJson("/api/account/login", { email, password });
    expect(locked.status).toBe(429);
    expect(locked.body.error_message).toContain("しばらく");

    const owner = await new Browser(t.app, "192.0.2.44").postJson("/api/account/login", {
      email,
      password,
    });
    expect(owner.status).toBe(200);
  });
});

describe("the ct token changes with the session", () => {
  const postWithToken = (browser: Browser, token: string) =>
    browser.fetch("/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrftoken": token },
      body: JSON.stringify({ enable: true }),
    });

  it("is renewed at sign-up, logout, login and leaving; the next call works with the new one", async () => {
    const browser = new Browser(t.app);
    await browser.open();
    const planted = browser.cookies.get("ct")!;

    const { email, password } = await signup(browser);
    const afterSignup = browser.cookies.get("ct")!;
    expect(afterSignup).not.toBe(planted);
    expect((await postWithToken(browser, planted)).status).toBe(403);
    expect((await postWithToken(browser, afterSignup)).status).toBe(200);

    await browser.postJson("/api/account/logout");
    const afterLogout = browser.cookies.get("ct")!;
    expect(afterLogout).not.toBe(afterSignup);

    expect((await browser.postJson("/api/account/login", { email, password })).status).toBe(200);
    const afterLogin = browser.cookies.get("ct")!;
    expect(afterLogin).not.toBe(afterLogout);
    expect((await postWithToken(browser, afterLogout)).status).toBe(403);
    expect((await browser.postJson("/api/newsletter", { enable: false })).status).toBe(200);

    expect(
      (await browser.postJson("/api/account/leave", { reason: 2, current_password: password }))
        .status,
    ).toBe(200);
    expect(browser.cookies.get("ct")).not.toBe(afterLogin);
  });
});

describe("login throttle behind one load balancer (TRUST_PROXY=1)", () => {
  // The load balancer appends the address it saw; everything left of it is the client's own text.
  const viaBalancer = (claimed: string, seen: string) => `${claimed}, ${seen}`;

  it("counts the address the load balancer saw, however the client fills X-Forwarded-For", async () => {
    const { email } = await signup(new Browser(t.app));
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const attacker = new Browser(t.app, viaBalancer(`10.${i}.0.1`, "198.51.100.77"));
      statuses.push(
        (await attacker.postJson("/api/account/login", { email, password: "wrong" })).status,
      );
    }
    expect(statuses.slice(0, LOGIN_FAILURE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURE_LIMIT).every((s) => s === 429)).toBe(true);
  });

  it("answers password spraying from one address with the mailed-link step, even for a right password", async () => {
    const { email, password } = await signup(new Browser(t.app));
    const answers: Array<{ status: number; link: boolean }> = [];
    for (let i = 0; i < STEP_UP_FROM_ADDRESS + 5; i++) {
      const attacker = new Browser(t.app, viaBalancer(`172.16.${i}.9`, "198.51.100.78"));
      const answer = await attacker.postJson<{ sign_in_link?: boolean }>("/api/account/login", {
        email: `nobody${i}@example.jp`,
        password: "wrong",
      });
      answers.push({ status: answer.status, link: answer.body.sign_in_link === true });
    }
    expect(answers.slice(0, STEP_UP_FROM_ADDRESS).every((a) => a.status === 401 && !a.link)).toBe(
      true,
    );
    expect(answers.slice(STEP_UP_FROM_ADDRESS).every((a) => a.status === 401 && a.link)).toBe(true);
    // A neighbour behind the same address with the right password is mailed a link, not refused.
    const neighbour = new Browser(t.app, viaBalancer("172.16.99.9", "198.51.100.78"));
    const right = await neighbour.postJson<{ sign_in_link?: boolean }>("/api/account/login", {
      email,
      password,
    });
    expect(right).toMatchObject({ status: 401, body: { sign_in_link: true } });
    await expect
      .poll(() =>
        t.services.db.$count(
          outbox,
          and(eq(outbox.toAddress, email), eq(outbox.kind, "sign_in_link")),
        ),
      )
      .toBe(1);
    // From elsewhere the same password signs in at once.
    const elsewhere = new Browser(t.app, "192.0.2.80");
    expect((await elsewhere.postJson("/api/account/login", { email, password })).status).toBe(200);
  });
});

describe("profile, newsletter, agreement", () => {
  it("updates nickname and introduction", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    const answer = await browser.postJson("/api/profile", {
      nickname: "新しい名前",
      introduction: "よろしく",
    });
    expect(answer.body).toMatchObject({ result: true, nickname: "新しい名前" });
    expect((await browser.postJson("/api/user")).body).toMatchObject({
      nickname: "新しい名前",
      introduction: "よろしく",
    });
  });

  it("refuses an over-long nickname and keeps the old one", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    const answer = await browser.postJson("/api/profile", { nickname: "あ".repeat(21) });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("nickname");
    expect((await browser.postJson("/api/user")).body).toMatchObject({ nickname: "読書家" });
  });

  it("switches the newsletter and answers the new value, default false", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    expect((await browser.postJson("/api/newsletter", { enable: true })).body).toMatchObject({
      enable: true,
    });
    expect((await browser.postJson("/api/user")).body).toMatchObject({ newsletter_flag: true });
    expect((await browser.postJson("/api/newsletter", {})).body).toMatchObject({ enable: false });
  });

  it("refuses a nickname that speaks as the store, at sign-up and on the profile (issue 21 item 9)", async () => {
    for (const nickname of ["コマヤ公式", "ｺﾏﾔ", "公 式", "運営チーム", "ＡＤＭＩＮ", "Komaya"]) {
      const signed = await new Browser(t.app).postJson("/api/account/signup", {
        email: newEmail(),
        password: "password-123",
        nickname,
        agree: true,
      });
      expect(signed.status, nickname).toBe(400);
      expect(signed.body.error_message).toMatch(/^nickname: .*ストアを名乗る/);
    }
    const browser = new Browser(t.app);
    await signup(browser);
    const renamed = await browser.postJson("/api/profile", { nickname: "コマヤ運営" });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error_message).toMatch(/^nickname: /);
    expect((await browser.postJson("/api/user")).body).toMatchObject({ nickname: "読書家" });
    expect((await browser.postJson("/api/profile", { nickname: "こもれび" })).status).toBe(200);
  });

  it("asks visitors to log in", async () => {
    const answer = await new Browser(t.app).postJson("/api/profile", { nickname: "x" });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ result: false, error_url: "/login" });
  });

  it("records agreement", async () => {
    const browser = new Browser(t.app);
    await signup(browser);
    expect((await browser.postJson("/api/agree")).body.result).toBe(true);
    expect((await browser.postJson("/api/user")).body).toMatchObject({
      display_agreement_flag: false,
    });
  });
});

describe("leaving", () => {
  it("keeps the reason, removes personal data, revokes sessions, keeps orders and frees the address", async () => {
    const browser = new Browser(t.app);
    const { email, password } = await signup(browser);
    const other = new Browser(t.app);
    await other.postJson("/api/account/login", { email, password });
    const [member] = await t.services.db.select().from(users).where(eq(users.email, email));
    await t.services.db.insert(orders).values({
      userId: member!.userId,
      price: 660,
      subtotal: 660,
      tax: 60,
      amount: 660,
      paymentType: 1,
      idempotencyKey: `leave-test-${member!.userId}`,
    });

    const bad = await browser.postJson("/api/account/leave", {
      reason: 999,
      current_password: password,
    });
    expect(bad.status).toBe(400);
    expect((await browser.getJson("/api/status")).body.is_login).toBe(true);

    const answer = await browser.postJson<{ user: { nickname: string } }>("/api/account/leave", {
      reason: 2,
      opinion: "もっと安いと嬉しい",
      current_password: password,
    });
    expect(answer.body.result).toBe(true);
    expect(answer.body.user.nickname).toBe("");

    const [after] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.userId, member!.userId));
    expect(after).toMatchObject({ email: null, passwordHash: null, nickname: null });
    expect(after!.leftAt).not.toBeNull();
    const reasons = await t.services.db
      .select()
      .from(leaveReasons)
      .where(eq(leaveReasons.opinion, "もっと安いと嬉しい"));
    expect(reasons).toHaveLength(1);
    expect(await t.services.db.$count(orders, eq(orders.userId, member!.userId))).toBe(1);
    expect((await other.getJson("/api/status")).body.is_login).toBe(false);
    expect(
      (await new Browser(t.app).postJson("/api/account/login", { email, password })).status,
    ).toBe(401);
    await signup(new Browser(t.app), email);
  });
});
