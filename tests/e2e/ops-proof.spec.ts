import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import { pageJpeg, pageNumberOf, zipOf } from "../../server/modules/content/test-fixture";
import {
  cartToOrderPage,
  DEMO_MEMBER,
  expect,
  hydrated,
  login,
  PROOF_TITLE_PREFIX,
  payByCard,
  screenshot,
  test,
  visit,
} from "./fixtures";
import { signInToOps } from "./ops-fixtures";
import { reader, seek } from "./reader-fixtures";

/**
 * Issue 23's own proof, end to end in Chromium: the editor signs in with the second factor,
 * creates a series and a volume, uploads a 20-page ZIP with a progress bar, sets a 5-page trial
 * and a price, previews, publishes; a visitor in another browser finds it in search, reads the
 * 5 trial pages and is offered the purchase; the demo member buys it and reads page 20; the
 * audit log shows each step. The same for a drama-CD track: the trial plays for a visitor, the
 * full track for the buyer. Editor, visitor and member each have their own browser context.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

/** Twenty pages, each saying its number by its height (pageJpeg), zipped as an editor would. */
async function twentyPagesZip(): Promise<Buffer> {
  const entries = [];
  for (let n = 1; n <= 20; n++) {
    entries.push({ name: `${String(n).padStart(3, "0")}.jpg`, data: await pageJpeg(n) });
  }
  return zipOf(entries);
}

/** A mono 16-bit PCM WAV of a 440 Hz sine, `seconds` long, written byte by byte. */
function sineWav(seconds: number, rate = 22_050): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000), 44 + i * 2);
  }
  return wav;
}

async function newPage(browser: Browser, like: Page) {
  const context = await browser.newContext({
    viewport: like.viewportSize() ?? undefined,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.200.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    },
  });
  return { context, page: await context.newPage() };
}

async function emptyCart(page: Page) {
  await visit(page, "/cart");
  const clear = page.getByRole("button", { name: "すべて削除" });
  if (await clear.isVisible()) {
    await clear.click();
    await page.getByRole("dialog").getByRole("button", { name: "削除する" }).click();
  }
  await expect(page.getByText("対象の作品はありません")).toBeVisible();
}

/** From the cart to /order_complete by the sandbox's succeeding card, with no coupon. */
async function checkOut(page: Page, items: number) {
  await visit(page, "/cart");
  await expect(
    page.getByRole("heading", { name: new RegExp(`カート（${items}点）`) }),
  ).toBeVisible();
  await cartToOrderPage(page);
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "ご購入ありがとうございました" })).toBeVisible();
}

/** The store's one <audio> element. */
function audioState(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>("audio.audio-player__element")!;
    return { src: el.currentSrc, time: el.currentTime, paused: el.paused, duration: el.duration };
  });
}

async function playsPast(page: Page, after: number) {
  await expect
    .poll(async () => {
      const s = await audioState(page);
      return !s.paused && s.time > after;
    })
    .toBe(true);
}

/** The audit rows naming `entity #id`, as the audit page lists them. */
async function auditActions(page: Page, entity: string, label: string, id: number) {
  await visit(page, `/ops/audit?entity=${entity}`);
  const rows = page.locator("tbody tr").filter({ hasText: `${label} #${id}` });
  return rows.locator('td[data-label="操作"]').allTextContents();
}

test("a volume: the editor makes and publishes it, a visitor reads the trial, the member buys and reads it all", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `${PROOF_TITLE_PREFIX}${randomBytes(3).toString("hex").toUpperCase()}`;
  await signInToOps(page, EDITOR);

  // The series and its volume through the editor's forms: 20 pages, a 5-page trial, 550 円.
  await visit(page, "/ops/catalog");
  await page.getByRole("link", { name: "作品を追加する" }).click();
  await page.getByLabel("作品名", { exact: true }).fill(name);
  await page.getByLabel("作品名の読み（カタカナ）").fill("ホシヨミノコウボウ");
  await page.getByLabel("紹介文").fill("星の声を聞く見習い職人が、壊れた天球儀を直す。");
  await page.getByLabel("出版社").selectOption({ index: 1 });
  await page.getByRole("button", { name: "著者を探す" }).click();
  await page.locator(".catalog-picker__found button").first().click();
  await page.getByRole("group", { name: "ジャンル" }).getByLabel("少女・女性").check();
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/series\/\d+$/);
  const seriesId = Number(page.url().split("/").pop());

  await page.getByRole("link", { name: "巻を追加する" }).click();
  await page.getByLabel("ページ数", { exact: true }).fill("20");
  await page.getByLabel("試し読みページ数").fill("5");
  await page.getByLabel("定価（円）").fill("550");
  await page
    .getByLabel("配信日（カードに出る日付）")
    .fill(tokyoDateTimeInput(Date.now() - 86_400_000));
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/volumes\/\d+$/);
  const volumeId = Number(page.url().split("/").pop());

  // The 20-page ZIP through the upload screen's file input (on the PC and the phone alike).
  await page.getByRole("link", { name: "ページ・表紙をアップロード" }).click();
  await expect(page).toHaveURL(`/ops/volumes/${volumeId}/content`);
  await hydrated(page);
  const pagesPanel = page.getByRole("region", { name: "ページをアップロード" });
  await pagesPanel.locator('input[type="file"]').setInputFiles({
    name: "星読みの工房1.zip",
    mimeType: "application/zip",
    buffer: await twentyPagesZip(),
  });
  const fileBar = pagesPanel.getByRole("progressbar", { name: "星読みの工房1.zip の送信" });
  await expect(fileBar).toBeVisible();
  await pagesPanel.getByRole("button", { name: "アップロードして公開" }).click();
  const jobBar = pagesPanel.getByRole("progressbar", { name: "公開までの進み具合" });
  await expect(jobBar).toBeVisible({ timeout: 30_000 });
  await expect(pagesPanel.getByRole("status")).toContainText("公開しました", { timeout: 120_000 });
  await expect(fileBar).toHaveAttribute("value", "100");
  await expect(jobBar).toHaveAttribute("value", "100");
  await expect(page.getByText("ページ数：20ページ")).toBeVisible();
  await screenshot(page, "ops-proof-pages-uploaded");

  // Preview, then publish the volume and the series.
  await visit(page, `/ops/catalog/series/${seriesId}`);
  await page.getByRole("link", { name: "プレビュー（ゲスト・会員）" }).click();
  await expect(page.getByRole("heading", { name: `プレビュー：${name}` })).toBeVisible();
  for (const viewer of ["ゲスト（未ログイン）の表示", "会員の表示"]) {
    const view = page.getByRole("region", { name: viewer });
    await expect(view.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(view.locator(".volume-list")).toContainText("550");
  }
  await screenshot(page, "ops-proof-preview");
  await page.locator(".catalog-drafts").getByRole("button", { name: "公開する" }).click();
  await expect(page.locator(".catalog-drafts")).toHaveCount(0);
  await page.getByRole("button", { name: "公開する" }).click();
  await expect(page.getByRole("status")).toContainText("作品を公開しました");
  await expect(page.locator(".catalog-publication .catalog-state")).toHaveText("公開中");

  // A visitor in another browser finds it in search and reads the trial: 5 pages, then the offer.
  const visitor = await newPage(browser, page);
  const guest = visitor.page;
  await expect
    .poll(
      async () => {
        await visit(guest, `/search?wd=${encodeURIComponent(name)}`);
        return guest.locator(".result-grid article").count();
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  await guest.locator(".result-grid article a").first().click();
  await expect(guest).toHaveURL(new RegExp(`/series/${seriesId}`));
  await hydrated(guest);
  const trialLink = guest
    .locator(".volume-row a[href^='/viewer/speed.html']")
    .filter({ hasText: /試し読み/ });
  await expect(trialLink).toHaveAttribute("href", new RegExp(`cid=${volumeId}&`));
  await trialLink.click();
  await hydrated(guest);
  // The trial opens on the volume's cover (decision 0118), page 1 fetched behind it.
  await expect(reader(guest)).toHaveAttribute("data-page", "0");
  expect(Number(await guest.locator(".reader__slider").getAttribute("max"))).toBe(5);
  const first = guest.locator('img[data-page="1"]').first();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const firstSrc = (await first.getAttribute("src"))!;
  expect(await pageNumberOf(await (await guest.request.get(firstSrc)).body())).toBe(1);
  const stage = (await guest.locator(".reader__stage").boundingBox())!;
  for (let turns = 0; turns < 10; turns++) {
    if ((await reader(guest).getAttribute("data-end")) !== null) break;
    await guest.mouse.click(stage.x + stage.width * 0.1, stage.y + stage.height / 2);
  }
  await expect(reader(guest)).toHaveAttribute("data-end", "trial");
  const end = guest.getByRole("region", { name: "試し読みはここまで" });
  await expect(end.getByRole("link", { name: "購入する" })).toBeVisible();
  await screenshot(guest, "ops-proof-visitor-trial-end");
  // Page 5 is the last the visitor gets; page 6 is refused whatever the address.
  const fifth = await guest.request.get(firstSrc.replace("/pages/1.png", "/pages/5.png"));
  expect(fifth.status()).toBe(200);
  expect(await pageNumberOf(await fifth.body())).toBe(5);
  expect((await guest.request.get(firstSrc.replace("/pages/1.png", "/pages/6.png"))).status()).toBe(
    403,
  );
  await visitor.context.close();

  // The demo member buys it through the cart and checkout, then reads page 20.
  const memberCtx = await newPage(browser, page);
  const member = memberCtx.page;
  await login(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await emptyCart(member);
  await visit(member, `/series/${seriesId}`);
  await member.getByRole("button", { name: "カートに入れる", exact: true }).first().click();
  await expect(member.getByTestId("cart-badge")).toHaveText("1");
  await checkOut(member, 1);
  await visit(member, `/viewer/speed.html?cid=${volumeId}&series=${seriesId}`);
  expect(Number(await member.locator(".reader__slider").getAttribute("max"))).toBe(20);
  await seek(member, 20);
  const last = member.locator('img[data-page="20"]').first();
  await expect
    .poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const lastBytes = await (await member.request.get((await last.getAttribute("src"))!)).body();
  expect(await pageNumberOf(lastBytes)).toBe(20);
  await screenshot(member, "ops-proof-member-page-20");
  await memberCtx.context.close();

  // The audit log has each step.
  expect(await auditActions(page, "series", "作品", seriesId)).toEqual(
    expect.arrayContaining(["追加", "公開"]),
  );
  expect(await auditActions(page, "volume", "巻", volumeId)).toEqual(
    expect.arrayContaining(["追加", "ページの差し替え", "公開"]),
  );
  await screenshot(page, "ops-proof-audit");
});

test("a drama-CD track: the editor uploads its audio, a visitor hears the trial, the buyer the whole track", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `${PROOF_TITLE_PREFIX} ドラマCD ${randomBytes(2).toString("hex").toUpperCase()}`;
  await signInToOps(page, EDITOR);
  await visit(page, "/ops/catalog/drama-cds");
  await page.getByRole("link", { name: "ドラマCDを追加する" }).click();
  await page.getByLabel("タイトル", { exact: true }).fill(title);
  await page.getByLabel("タイトルの読み").fill("ホシヨミノコウボウ ドラマシーディー");
  await page.getByLabel("メーカー").selectOption({ index: 1 });
  await page.getByLabel("レーベル").selectOption({ index: 1 });
  await page.getByLabel("販売価格（税込・円）").fill("1650");
  await page.getByLabel("販売開始（東京）").fill(tokyoDateTimeInput(Date.now() - 60_000));
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/drama-cds\/\d+$/);
  const cdId = Number(page.url().split("/").pop());
  await page.getByLabel("新しいトラックの名前").fill("天球儀の夜");
  await page.getByRole("button", { name: "トラックを追加" }).click();
  const track = page.locator(".catalog-track").first();
  await expect(track.getByRole("textbox", { name: "トラック名" })).toHaveValue("天球儀の夜");
  await track.getByRole("link", { name: "音声をアップロード" }).click();
  await expect(page).toHaveURL(/\/ops\/tracks\/\d+\/audio$/);
  const trackId = Number(page.url().split("/").at(-2));
  await hydrated(page);

  // An 8-second WAV, its trial the 3 seconds from 2 s in.
  await page.getByLabel("試聴の開始位置（秒）").fill("2");
  await page.getByLabel(/試聴の長さ/).fill("3");
  const panel = page.getByRole("region", { name: "音声をアップロード" });
  await panel
    .locator('input[type="file"]')
    .setInputFiles({ name: "天球儀の夜.wav", mimeType: "audio/wav", buffer: sineWav(8) });
  const fileBar = panel.getByRole("progressbar", { name: "天球儀の夜.wav の送信" });
  await expect(fileBar).toBeVisible();
  await panel.getByRole("button", { name: "アップロードして公開" }).click();
  await expect(panel.getByRole("progressbar", { name: "公開までの進み具合" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByRole("status")).toContainText("公開しました", { timeout: 120_000 });
  await expect(fileBar).toHaveAttribute("value", "100");
  await expect(page.getByText("長さ：0分08秒")).toBeVisible();
  await expect(page.getByText("試聴：2秒から3秒間")).toBeVisible();
  await screenshot(page, "ops-proof-track-uploaded");

  await visit(page, `/ops/catalog/drama-cds/${cdId}`);
  await page.locator(".catalog-publication").getByRole("button", { name: "公開する" }).click();
  await expect(page.locator(".catalog-publication .catalog-state")).toHaveText("公開中");

  // A visitor hears the 3-second trial.
  const visitor = await newPage(browser, page);
  const guest = visitor.page;
  await visit(guest, `/doramacd/${cdId}`);
  await expect(guest.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(guest.getByRole("button", { name: /を再生する$/ })).toHaveCount(0);
  await guest.getByRole("button", { name: "天球儀の夜を試聴", exact: true }).click();
  await playsPast(guest, 0.3);
  const sample = await audioState(guest);
  expect(sample.src).toMatch(new RegExp(`/media/cds/${cdId}/trials/1\\.mp3$`));
  expect(sample.duration).toBeGreaterThan(2.5);
  expect(sample.duration).toBeLessThan(3.6);
  expect((await guest.request.get(sample.src)).status()).toBe(200);
  expect((await guest.request.get(sample.src.replace("/trials/", "/tracks/"))).status()).toBe(403);
  await screenshot(guest, "ops-proof-visitor-trial");
  await visitor.context.close();

  // The demo member buys the CD and hears the whole 8 seconds.
  const memberCtx = await newPage(browser, page);
  const member = memberCtx.page;
  await login(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await emptyCart(member);
  await visit(member, `/doramacd/${cdId}`);
  await member.getByRole("button", { name: "カートに入れる", exact: true }).first().click();
  await expect(member.getByTestId("cart-badge")).toHaveText("1");
  await checkOut(member, 1);
  await visit(member, `/doramacd/${cdId}`);
  await member.getByRole("button", { name: "天球儀の夜を再生する", exact: true }).click();
  await playsPast(member, 0.3);
  const full = await audioState(member);
  expect(full.src).toMatch(new RegExp(`/media/cds/${cdId}/tracks/1\\.mp3$`));
  expect(full.duration).toBeGreaterThan(7.5);
  expect(full.duration).toBeLessThan(8.6);
  expect((await member.request.get(full.src)).status()).toBe(200);
  await screenshot(member, "ops-proof-member-track");
  await memberCtx.context.close();

  expect(await auditActions(page, "drama_cd", "ドラマCD", cdId)).toEqual(
    expect.arrayContaining(["追加", "公開"]),
  );
  expect(await auditActions(page, "track", "トラック", trackId)).toEqual(
    expect.arrayContaining(["音声の差し替え"]),
  );
});
