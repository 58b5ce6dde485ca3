import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--no-first-run"] });
const page = await browser.newPage();
await page.goto("http://127.0.0.1:3201/", { waitUntil: "networkidle" });
await page.evaluate(() => navigator.serviceWorker.ready);
await page.reload({ waitUntil: "networkidle" });
const info = await page.evaluate(async () => {
  const names = await caches.keys();
  const out = {};
  for (const n of names) out[n] = (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname);
  return { controlled: !!navigator.serviceWorker.controller, caches: out };
});
console.log(JSON.stringify(info, null, 1).slice(0, 1500));
await browser.close();
