import { chromium } from "@playwright/test";
const [,, url, out, width, full] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const errors = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: "networkidle" });
if (full) {
  for (let y = 0; y < 40; y++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
}
if (full) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const seg = Number(process.env.SEG ?? 1400);
  let n = 0;
  for (let y = 0; y < height; y += seg) {
    await page.screenshot({ path: out.replace(".png", `-${n++}.png`), fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(seg, height - y) } });
  }
  console.log("segments", n, "height", height);
} else {
  await page.screenshot({ path: out });
}
console.log(JSON.stringify({ errors, states: await page.$$eval("section[data-layout-id]", (s) => s.map((x) => x.dataset.layoutId + ":" + x.dataset.state)) }));
await browser.close();
