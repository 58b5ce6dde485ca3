import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3966";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [w, h, tag] of [[375, 812, "phone"], [1280, 900, "pc"]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  for (const [path, name] of [["/home", "home"], ["/series/12", "series"], ["/campaign", "campaign"]]) {
    await page.goto(base + path, { waitUntil: "networkidle", timeout: 120000 });
    await page.evaluate(async () => { for (let y = 0; y < 3000; y += 400) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 250)); } window.scrollTo(0, 0); });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/art-${name}-${tag}.png`, fullPage: false });
    if (tag === "pc") await page.screenshot({ path: `/tmp/art-${name}-${tag}-full.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
