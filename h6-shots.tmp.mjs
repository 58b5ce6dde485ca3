import { chromium, devices } from "@playwright/test";
// usage: node h6-shots.tmp.mjs <name> <path> <width> [login] [action]
const [, , name, path, width, login, action] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const w = Number(width);
const ctx = await browser.newContext(w < 600 ? { ...devices["Pixel 7"], viewport: { width: w, height: 812 } } : { viewport: { width: w, height: 900 } });
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log("pageerror", e.message));
page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
const base = "http://127.0.0.1:3201";
if (login === "signup") {
  await page.goto(base + "/signup", { waitUntil: "networkidle" });
  await page.getByLabel("メールアドレス").fill(`h6-${Date.now()}@example.jp`);
  await page.getByLabel(/パスワード/).fill("tsuzuki-yomu-123");
  await page.getByLabel(/ニックネーム/).fill("よみびと");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await page.getByTestId("header-member").waitFor();
} else if (login) {
  await page.goto(base + "/login", { waitUntil: "networkidle" });
  await page.getByLabel("メールアドレス").fill("demo@komaya.example");
  await page.getByLabel("パスワード").fill("komaya-demo-2026");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.getByTestId("header-member").waitFor();
}
await page.goto(base + path, { waitUntil: "networkidle" });
if (action === "drawer") { await page.getByRole("button", { name: "メニュー" }).first().click(); await page.waitForTimeout(800); }
if (action === "search") { await page.locator("button[aria-haspopup=dialog]:visible").filter({ hasText: /検索/ }).first().click(); await page.waitForTimeout(800); }
if (action === "bottom") { await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); await page.waitForTimeout(800); }
if (action?.startsWith("drawer@")) { await page.getByRole("button", { name: "メニュー", exact: true }).click(); await page.waitForTimeout(800); await page.evaluate((f) => { const el = document.querySelector(".drawer__scroll"); el.scrollTop = el.scrollHeight * f; }, Number(action.slice(7))); await page.waitForTimeout(800); }
if (action === "scroll") { await page.mouse.wheel(0, 3000); await page.waitForTimeout(800); }
await page.screenshot({ path: `/tmp/h6-${name}-${w}.png`, fullPage: action === "full" });
await browser.close();
