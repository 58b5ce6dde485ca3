import { DEMO_MEMBER, expect, hydrated, login, test, visit } from "./fixtures";

test("pages hydrate under a nonce-only script policy with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/home", "/login", "/ranking", "/series/10"]) {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    await hydrated(page);
  }
  expect(violations).toEqual([]);
});

test("member pages are private and never stored", async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const response = await page.goto("/account");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
});

/** Issue 21 item 2: paths whose dot segments the browser resolves into "//evil.example". */
const DOT_SEGMENT_PAYLOADS = [
  "%2F.%2F%2Fevil.example%2Fphish",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "/.%5C%5Cevil.example",
  "/.%09//evil.example",
  "/.%0a//evil.example",
  "%2F%252e%2F%2Fevil.example",
];

test("logging in at a return_to of dot segments ends on the store", async ({ page }) => {
  const store = new URL(test.info().project.use.baseURL!).host;
  await visit(page, "/login?return_to=%2F.%2F%2Fevil.example%2Fphish");
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  expect(new URL(page.url()).host).toBe(store);
  expect(new URL(page.url()).pathname).toBe("/");
});

test("a logged-in member's /login and /signup never answer a Location off the store", async ({
  page,
}) => {
  const base = test.info().project.use.baseURL!;
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  for (const route of ["/login", "/signup"]) {
    for (const payload of DOT_SEGMENT_PAYLOADS) {
      const response = await page.request.get(`${route}?return_to=${payload}`, {
        maxRedirects: 0,
      });
      const location = response.headers().location ?? "";
      expect(response.status(), `${route} ${payload}`).toBe(302);
      expect(location, `${route} ${payload}`).toBe("/");
      expect(new URL(location, base).host).toBe(new URL(base).host);
    }
  }
});

test("login does not follow a return_to the browser would take off-site", async ({ page }) => {
  await visit(page, "/login?return_to=/%09/evil.example");
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);

  // Logged in, the login page redirects at once: a line break must not break the header.
  for (const returnTo of ["/%0d%0a/evil.example", "/%5Cevil.example", "/%0a%0d"]) {
    const response = await page.goto(`/login?return_to=${returnTo}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  }
});
