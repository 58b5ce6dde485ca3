import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3205";
const [, , login, ...pages] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (login !== "-") {
    const [email, password] = login.split(":");
    await page.goto(base + "/login");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByLabel("パスワード").fill(password);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.getByTestId("header-member").waitFor();
  }
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/tmp/h10shots/${name}-${width}.png`, fullPage: true });
    if (width === 375) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height && i < 6; y += 1300, i++) {
        await page.screenshot({ path: `/tmp/h10shots/${name}-375-part${i}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: Math.min(1300, height - y) } });
      }
    }
  }
  await context.close();
}
await browser.close();
