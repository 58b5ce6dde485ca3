import type { Locator, Page } from "@playwright/test";
import { DEMO_MEMBER, expect, keepPicture, login, screenshot, test, visit } from "./fixtures";

/** The store's one <audio> element, which lives at the root beside the shell. */
function audioState(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>("audio.audio-player__element")!;
    return { src: el.currentSrc, time: el.currentTime, paused: el.paused, volume: el.volume };
  });
}

/**
 * Waits until the element plays: not paused and its clock moving past `after` seconds. A file's
 * first request draws its MP3 (decision 0089): a 30 s sample takes about 20 s on a busy machine.
 */
async function playsPast(page: Page, after: number) {
  await expect
    .poll(
      async () => {
        const s = await audioState(page);
        return !s.paused && s.time > after;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** A home section by its title, scrolled into view so it loads. */
async function homeSection(page: Page, title: string): Promise<Locator> {
  const section = page.locator("section[data-layout-id]", {
    has: page.getByRole("heading", { name: title, exact: true }),
  });
  await section.first().scrollIntoViewIfNeeded();
  await expect(section.first()).toHaveAttribute("data-state", "done");
  return section.first();
}

/** What the member sees with the popup open: the viewport, not the whole long page. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/${name}-${width}.png`);
}

const popup = (page: Page) => page.getByRole("region", { name: "音声プレーヤー" });

test.describe("the audio player", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a visitor hears a sample from a home card and from the CD page", async ({ page }) => {
    // The popup's code is not part of the page's first load; it comes with the first sample.
    const popupCode: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/AudioPlayerPopup-[^/]*\.js$/.test(r.url())) popupCode.push(r.url());
    });
    await visit(page, "/");
    const section = await homeSection(page, "試聴できるドラマCD");
    expect(popupCode).toEqual([]);
    await section.getByRole("button", { name: "試聴", exact: true }).first().click();
    await expect(popup(page)).toBeVisible();
    expect(popupCode).toHaveLength(1);
    await playsPast(page, 0.3);
    const sample = await audioState(page);
    expect(sample.src).toMatch(/\/media\/cds\/\d+\/trials\/\d+\.mp3$/);
    // Volume starts at 50 of 100.
    expect(sample.volume).toBeCloseTo(0.5);
    await expect(popup(page).getByText("試聴", { exact: true })).toBeVisible();
    await expect(popup(page)).toContainText("音声ファイルの取得に時間がかかる場合があります");
    await shot(page, "audio-home-sample");

    // Back 10 s never goes below 0; closing stops it.
    await popup(page).getByRole("button", { name: "10秒戻る" }).click();
    expect((await audioState(page)).time).toBeLessThan(1.5);
    await popup(page).getByRole("button", { name: "閉じる" }).click();
    await expect(popup(page)).toHaveCount(0);
    expect((await audioState(page)).paused).toBe(true);

    // The CD page: a visitor gets 試聴 on tracks with a sample and no full playback.
    await visit(page, "/doramacd/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /を再生する$/ })).toHaveCount(0);
    await page
      .getByRole("button", { name: /を試聴$/ })
      .first()
      .click();
    await playsPast(page, 0.3);
    expect((await audioState(page)).src).toMatch(/\/media\/cds\/1\/trials\/1\.mp3$/);
    await expect(popup(page).locator(".audio-popup__time").first()).toHaveText(/^0:0\d$/);
    await screenshot(page, "audio-cd-page-sample");

    // A cast's name leads to their CDs (/doramacd?cast=); the sample plays on meanwhile.
    const cast = page.locator(".dramacd__casts a").first();
    const castName = (await cast.textContent())!;
    await cast.click();
    await expect(page).toHaveURL(/\/doramacd\?cast=\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      new RegExp(`^${castName} 出演のドラマCD`),
    );
    await expect(page.locator(".dramacd-grid .cd-card").first()).toBeVisible();
    expect((await audioState(page)).paused).toBe(false);
    // Jackets in view have loaded (they are lazy), so the screenshot shows the page as seen.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>(".cd-card img")]
            .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
            .every((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toBe(true);
    await screenshot(page, "doramacd-by-cast");
  });

  test("the owner's track plays in full and keeps playing across a page change", async ({
    page,
  }) => {
    await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await visit(page, "/");
    // The seed puts the demo member's CD first in 新着ボイスドラマ: its card says 再生する.
    const section = await homeSection(page, "新着ボイスドラマ");
    await section.getByRole("button", { name: "再生する", exact: true }).first().click();
    await expect(popup(page)).toBeVisible();
    await playsPast(page, 0.3);
    expect((await audioState(page)).src).toMatch(/\/media\/cds\/1\/tracks\/1\.mp3$/);
    await expect(popup(page).getByText("試聴", { exact: true })).toHaveCount(0);

    // A client-side page change: the player is above the routes, so the track goes on.
    const before = (await audioState(page)).time;
    // A mark on the window survives a client-side navigation and no reload.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await section.locator('a[href^="/doramacd/1?"]').first().click();
    await expect(page).toHaveURL(/\/doramacd\/1\?/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
    await expect(popup(page)).toBeVisible();
    await playsPast(page, before + 0.5);
    await shot(page, "audio-owned-after-navigation");

    // Folded to one line it plays on, and its own button pauses and resumes.
    await popup(page).getByRole("button", { name: "プレーヤーをたたむ" }).click();
    await expect(popup(page).getByRole("button", { name: "10秒進む" })).toHaveCount(0);
    await shot(page, "audio-folded");
    await popup(page).getByRole("button", { name: "一時停止" }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await popup(page).getByRole("button", { name: "再生" }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await popup(page).getByRole("button", { name: "プレーヤーを広げる" }).click();

    // On the CD page every track is 再生する; forward 10 s moves the clock on.
    await expect(page.getByRole("button", { name: /を試聴$/ })).toHaveCount(0);
    const tracks = page.getByRole("button", { name: /を再生する$/ });
    expect(await tracks.count()).toBeGreaterThan(2);
    await tracks.nth(1).click();
    await playsPast(page, 0.2);
    expect((await audioState(page)).src).toMatch(/\/media\/cds\/1\/tracks\/2\.mp3$/);
    const at = (await audioState(page)).time;
    await popup(page).getByRole("button", { name: "10秒進む" }).click();
    expect((await audioState(page)).time).toBeGreaterThan(at + 9);
  });

  test("pauses when unfocused or hidden and resumes on return; stops past the end; lock-screen metadata; a 60 s load gives up", async ({
    page,
  }) => {
    await visit(page, "/doramacd/1");
    await page
      .getByRole("button", { name: /を試聴$/ })
      .first()
      .click();
    await playsPast(page, 0.2);
    const trackName = await popup(page).locator(".audio-popup__name").textContent();
    expect(
      await page.evaluate(() => ({
        title: navigator.mediaSession.metadata?.title,
        artwork: navigator.mediaSession.metadata?.artwork[0]?.src,
      })),
    ).toEqual({
      title: trackName,
      artwork: expect.stringMatching(/\/media\/cds\/1\/jacket\.png(\?v=\d+)?$/),
    });

    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    // The same for a hidden page (another tab, a locked phone).
    const setVisibility = (state: string) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", { value, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await setVisibility("hidden");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await setVisibility("visible");
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);

    // Forward past the end of the 30 s sample stops it, back at the start.
    const forward = popup(page).getByRole("button", { name: "10秒進む" });
    for (let i = 0; i < 3; i++) await forward.click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    expect((await audioState(page)).time).toBe(0);
    await expect(popup(page).locator(".audio-popup__time").first()).toHaveText("0:00");
    await popup(page).getByRole("button", { name: "閉じる" }).click();

    // A file that never comes: after 60,000 ms the popup says so instead of waiting forever.
    await page.route("**/media/cds/1/trials/2.mp3", () => {});
    await page.clock.install();
    await page
      .getByRole("button", { name: /を試聴$/ })
      .nth(1)
      .click();
    await expect(popup(page)).toHaveAttribute("data-phase", "loading");
    await expect(popup(page).getByRole("button", { name: "再生" })).toBeDisabled();
    await page.clock.fastForward(59_000);
    await expect(popup(page)).toHaveAttribute("data-phase", "loading");
    await page.clock.fastForward(1_500);
    await expect(popup(page).getByRole("alert")).toHaveText(/音声を読み込めませんでした/);
  });
});
