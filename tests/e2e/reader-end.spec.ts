import type { Page, Request } from "@playwright/test";
import { expect, hydrated, keepPicture, test, visit } from "./fixtures";
import {
  forwardPointOver,
  openReader,
  ownedVolume,
  reader,
  readerLinkFrom,
  tap,
} from "./reader-fixtures";

/**
 * What follows the last page (issue 21 items 20, 23, 24): the tap that turns onto an end panel
 * never presses what appears under it, a free volume's end offers sign-up for a next volume
 * that is free to members, and a visitor's カートに入れる offers login instead of failing.
 */

/** Every request and top-level navigation the page makes from now on. */
function watch(page: Page) {
  const requests: Request[] = [];
  const navigations: string[] = [];
  page.on("request", (r) => requests.push(r));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return { requests, navigations };
}

/** From the end panel back to the last page, by the key that goes back in right-to-left reading. */
async function backToLastPage(page: Page) {
  await expect(reader(page)).toHaveAttribute("data-direction", "rtl");
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).not.toHaveAttribute("data-end", /.+/);
}

test("the tap that turns past the last trial page does not press 購入する under the finger", async ({
  page,
}, info) => {
  const trial = await readerLinkFrom(page, "/ranking", /^試し読み$/);
  await trial.click();
  await hydrated(page);
  const here = page.url();
  // Where the offer's buttons will be: seen once, then back to the last trial page.
  await page.keyboard.press("End");
  const end = page.getByRole("region", { name: "試し読みはここまで" });
  const buy = end.getByRole("link", { name: "購入する" });
  await expect(buy).toBeVisible();
  const over = await forwardPointOver(page, buy);
  await backToLastPage(page);

  const seen = watch(page);
  // The turning tap, and a second one right after it, meant as one more turn.
  await tap(page, info, over.x, over.y);
  await tap(page, info, over.x, over.y);
  await expect(reader(page)).toHaveAttribute("data-end", "trial");
  await expect(buy).toBeVisible();
  // Long enough for a click, a navigation or a cart call to have started.
  await page.waitForTimeout(800);
  expect(page.url()).toBe(here);
  expect(seen.navigations).toEqual([]);
  const left = seen.requests
    .map((r) => r.url())
    .filter((u) => /\/order\/|\/login|cart_add/.test(u));
  expect(left).toEqual([]);
  await keepPicture(
    page,
    `tests/e2e/screenshots/reader-turned-to-offer-${page.viewportSize()?.width}.png`,
  );
  // Once settled, the offer is pressed as usual.
  await buy.click();
  await expect(page).toHaveURL(/\/login\?return_to=%2Forder%2F\d+$/);
});

test("the tap that turns past an owned volume's last page does not rate it", async ({
  page,
}, info) => {
  await openReader(page, (await ownedVolume(page)).href);
  await page.keyboard.press("End");
  const end = page.getByRole("region", { name: "最後まで読みました" });
  const star = end.getByRole("button", { name: "1点" });
  await expect(star).toBeVisible();
  const note = await end.locator(".reader-rating__note").textContent();
  const over = await forwardPointOver(page, star);
  await backToLastPage(page);

  const seen = watch(page);
  await tap(page, info, over.x, over.y);
  await expect(reader(page)).toHaveAttribute("data-end", "volume");
  await page.waitForTimeout(800);
  expect(seen.requests.filter((r) => r.url().endsWith("/api/book_rating"))).toEqual([]);
  await expect(end.locator(".reader-rating__note")).toHaveText(note ?? "");
  expect(seen.navigations).toEqual([]);
});

test("the tap that shows the toolbar does not move the page slider that appears under it", async ({
  page,
}, info) => {
  await openReader(page, (await ownedVolume(page)).href);
  await page.keyboard.press("Home");
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  const slider = page.getByRole("slider", { name: "ページ" });
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  if (!(await slider.isVisible())) {
    await tap(page, info, stage.x + stage.width / 2, stage.y + stage.height / 2);
  }
  await expect(slider).toBeVisible();
  const box = (await slider.boundingBox())!;
  // A centre tap puts the toolbar away; a centre tap where the slider was brings it back.
  await tap(page, info, stage.x + stage.width / 2, stage.y + stage.height / 2);
  await expect(slider).toBeHidden();
  await tap(page, info, stage.x + stage.width / 2, box.y + box.height / 2);
  await expect(slider).toBeVisible();
  await page.waitForTimeout(300);
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await expect(slider).toHaveValue("0");
});

/** A series whose vol. 1 is free to everyone and whose vol. 2 a member reads free. */
async function freeThenMemberFree(page: Page) {
  for (let id = 1; id <= 120; id++) {
    const answer = await page.request.get(`/api/shared/series/${id}/main?k=reader-end-e2e`);
    if (!answer.ok()) continue;
    const { books } = (await answer.json()) as {
      books: {
        book_id: number;
        volume: number;
        free_flag: boolean;
        member_free_flag: boolean;
        onsale_flag: boolean;
        item_start_date: string;
      }[];
    };
    const [first, second] = books;
    if (!first || !second || first.volume !== 1 || second.volume !== 2) continue;
    const released = (b: { item_start_date: string }) => new Date(b.item_start_date) < new Date();
    if (!first.free_flag || !released(first)) continue;
    if (!second.onsale_flag || !released(second)) continue;
    if (second.free_flag || second.member_free_flag) {
      return { seriesId: id, first: first.book_id, second: second.book_id };
    }
  }
  throw new Error("no series with a free vol. 1 and a member-free vol. 2");
}

test("a visitor at the end of a free vol. 1 is offered vol. 2 free with sign-up, and reads it after signing up", async ({
  page,
}) => {
  const { seriesId, first, second } = await freeThenMemberFree(page);
  await visit(page, `/viewer/speed.html?cid=${first}&series=${seriesId}&_rs=free`);
  await page.keyboard.press("End");
  const end = page.getByRole("region", { name: "最後まで読みました" });
  await expect(end).toBeVisible();
  const next = end.locator(".reader-next");
  await expect(next.getByRole("link", { name: "購入する" })).toHaveCount(0);
  const signup = next.getByRole("link", { name: "会員登録で無料で読む" });
  await expect(signup).toBeVisible();
  const vol2 = `/viewer/speed.html?cid=${second}&series=${seriesId}&_rs=free`;
  await expect(signup).toHaveAttribute("href", `/signup?return_to=${encodeURIComponent(vol2)}`);
  await keepPicture(
    page,
    `tests/e2e/screenshots/reader-free-end-signup-${page.viewportSize()?.width}.png`,
  );

  await signup.click();
  await expect(page).toHaveURL(/\/signup\?return_to=/);
  await hydrated(page);
  await page
    .getByLabel("メールアドレス")
    .fill(`reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.jp`);
  await page.getByLabel(/パスワード/).fill("reader-pass-2026");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/viewer/speed(\\.html)?\\?cid=${second}&series=${seriesId}`),
  );
  await hydrated(page);
  // The whole of vol. 2, not its trial.
  await page.keyboard.press("End");
  await expect(page.getByRole("region", { name: "最後まで読みました" })).toBeVisible();
});

test("a visitor's カートに入れる at the trial end offers login and sign-up without a failing call", async ({
  page,
}) => {
  const trial = await readerLinkFrom(page, "/ranking", /^試し読み$/);
  await trial.click();
  await hydrated(page);
  const here = new URL(page.url());
  await page.keyboard.press("End");
  const end = page.getByRole("region", { name: "試し読みはここまで" });
  const seen = watch(page);
  await end.getByRole("button", { name: "カートに入れる" }).click();
  const offer = page.getByRole("dialog", { name: "ログインしてご利用ください" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("カート");
  const back = encodeURIComponent(here.pathname + here.search);
  await expect(offer.getByRole("link", { name: "ログイン" })).toHaveAttribute(
    "href",
    `/login?return_to=${back}`,
  );
  await expect(offer.getByRole("link", { name: "会員登録" })).toHaveAttribute(
    "href",
    `/signup?return_to=${back}`,
  );
  await expect(page.getByRole("dialog", { name: "エラー" })).toHaveCount(0);
  expect(seen.requests.filter((r) => r.url().includes("/api/cart_add"))).toEqual([]);
  await keepPicture(
    page,
    `tests/e2e/screenshots/reader-visitor-cart-${page.viewportSize()?.width}.png`,
  );
  await offer.getByRole("button", { name: "閉じる" }).click();
  await expect(offer).toBeHidden();
});
