import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, keepPicture, login, test, visit } from "./fixtures";

/**
 * The drama-CD player (issue 25 item 8): すべて再生 plays a CD through by itself, 前の曲 / 次の曲
 * move between tracks, a track closed part-way resumes where it was, and the player shows each
 * track's length exactly as the CD page lists it.
 */

/** The store's one <audio> element, which lives at the root beside the shell. */
function audioState(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>("audio.audio-player__element")!;
    return { src: el.currentSrc, time: el.currentTime, paused: el.paused };
  });
}

/** Skips to `secondsBeforeEnd` before the end of what plays, instead of listening through it. */
function nearTheEnd(page: Page, secondsBeforeEnd: number) {
  return page.evaluate((left) => {
    const el = document.querySelector<HTMLAudioElement>("audio.audio-player__element")!;
    el.currentTime = Math.max(0, el.duration - left);
  }, secondsBeforeEnd);
}

const popup = (page: Page) => page.getByRole("region", { name: "音声プレーヤー" });
const popupLength = (page: Page) => popup(page).locator('.audio-popup__time[title="長さ"]');
const popupClock = (page: Page) => popup(page).locator('.audio-popup__time[title="再生位置"]');

/**
 * Waits until the element plays `file` (a path ending) with its clock past `after` seconds. A
 * track's first request draws its MP3 (decision 0089), which takes a while on a busy machine.
 */
async function plays(page: Page, file: RegExp, after = 0.2) {
  await expect
    .poll(
      async () => {
        const s = await audioState(page);
        return file.test(s.src) && !s.paused && s.time > after;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
}

/** What the CD page lists for each track: number, name, length and the sample's length. */
async function listedTracks(page: Page) {
  return page.locator(".dramacd-track").evaluateAll((rows) =>
    rows.map((row) => ({
      no: Number(row.getAttribute("data-track")),
      name: row.querySelector(".dramacd-track__name")?.textContent ?? "",
      length: row.querySelector(".dramacd-track__length")?.textContent ?? "",
      trial: (row.querySelector(".dramacd-track__state")?.textContent ?? "").replace(/^試聴 /, ""),
    })),
  );
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/${name}-${width}.png`);
}

test.describe("the drama-CD player", () => {
  // Several full tracks are drawn on their first request: minutes on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test("a visitor's play-all goes through the samples and stops after the last one", async ({
    page,
  }) => {
    await visit(page, "/doramacd/1");
    const tracks = (await listedTracks(page)).filter((t) => t.trial !== "");
    // The seed gives the first three tracks a sample; the rest have none and are skipped.
    expect(tracks.map((t) => t.no)).toEqual([1, 2, 3]);
    await expect(page.getByRole("button", { name: "すべて再生" })).toHaveCount(0);
    await page.getByRole("button", { name: "すべて試聴" }).click();
    await plays(page, /\/media\/cds\/1\/trials\/1\.mp3$/);
    await expect(popup(page).getByText("試聴", { exact: true })).toBeVisible();
    // The player's length is the sample's, as the list shows it, not the whole track's.
    await expect(popupLength(page)).toHaveText(tracks[0]!.trial);
    await expect(popup(page)).toContainText("1／3");

    await nearTheEnd(page, 1);
    await plays(page, /\/media\/cds\/1\/trials\/2\.mp3$/, 0);
    await expect(popupLength(page)).toHaveText(tracks[1]!.trial);
    await popup(page).getByRole("button", { name: "次の曲" }).click();
    await plays(page, /\/media\/cds\/1\/trials\/3\.mp3$/);
    await expect(popup(page).getByRole("button", { name: "次の曲" })).toBeDisabled();
    await shot(page, "cd-player-samples");

    // The last sample ends: playback stops there, back at its start.
    await nearTheEnd(page, 0.5);
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    expect((await audioState(page)).src).toMatch(/\/media\/cds\/1\/trials\/3\.mp3$/);
    await expect(popup(page).getByRole("button", { name: "再生" })).toBeVisible();
    await expect(popupClock(page)).toHaveText("0:00");
  });

  test("an owner plays a CD through, moves between tracks and comes back where they left off", async ({
    page,
  }) => {
    await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // The seed gives the demo member CD 1: every track plays in full.
    await visit(page, "/doramacd/1");
    const tracks = await listedTracks(page);
    expect(tracks.length).toBeGreaterThan(2);
    for (const t of tracks) expect(t.length).toMatch(/^\d+:\d\d$/);

    await page.getByRole("button", { name: "すべて再生" }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/1\.mp3$/);
    await expect(popup(page).locator(".audio-popup__name")).toHaveText(tracks[0]!.name);
    await expect(popupLength(page)).toHaveText(tracks[0]!.length);
    await expect(popup(page)).toContainText(`1／${tracks.length}`);
    await expect(page.locator('.dramacd-track[data-track="1"]')).toHaveClass(
      /dramacd-track--current/,
    );
    await expect(popup(page).getByRole("button", { name: "前の曲" })).toBeDisabled();
    await shot(page, "cd-player-play-all");

    // Track 1 ends and track 2 starts by itself, in full, with the length the list shows.
    await nearTheEnd(page, 1);
    await plays(page, /\/media\/cds\/1\/tracks\/2\.mp3$/, 0);
    await expect(popup(page).locator(".audio-popup__name")).toHaveText(tracks[1]!.name);
    await expect(popupLength(page)).toHaveText(tracks[1]!.length);
    await expect(popup(page)).toContainText(`2／${tracks.length}`);
    await expect(popup(page).getByText("試聴", { exact: true })).toHaveCount(0);
    // The lock screen names the track now playing.
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
      .toBe(tracks[1]!.name);

    // 次の曲 and 前の曲.
    await popup(page).getByRole("button", { name: "次の曲" }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/3\.mp3$/);
    await expect(popupLength(page)).toHaveText(tracks[2]!.length);
    await popup(page).getByRole("button", { name: "前の曲" }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/2\.mp3$/);
    await expect(popupLength(page)).toHaveText(tracks[1]!.length);

    // Left 20 s in and closed: reopening the track resumes there, and so after a reload.
    await page.evaluate(() => {
      document.querySelector<HTMLAudioElement>("audio.audio-player__element")!.currentTime = 20;
    });
    await plays(page, /\/tracks\/2\.mp3$/, 20);
    await popup(page).getByRole("button", { name: "閉じる" }).click();
    await expect(popup(page)).toHaveCount(0);
    await page.getByRole("button", { name: `${tracks[1]!.name}を再生する` }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/2\.mp3$/, 20);
    expect((await audioState(page)).time).toBeLessThan(26);
    await expect(popupClock(page)).toHaveText(/^0:2\d$/);
    await expect(popupLength(page)).toHaveText(tracks[1]!.length);
    await shot(page, "cd-player-resumed");

    await popup(page).getByRole("button", { name: "一時停止" }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const left = (await audioState(page)).time;
    await visit(page, "/doramacd/1");
    await page.getByRole("button", { name: `${tracks[1]!.name}を再生する` }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/2\.mp3$/, Math.floor(left) - 0.5);

    // Heard to the end, a track starts over next time.
    await nearTheEnd(page, 0.5);
    await plays(page, /\/media\/cds\/1\/tracks\/3\.mp3$/, 0);
    await popup(page).getByRole("button", { name: "前の曲" }).click();
    await plays(page, /\/media\/cds\/1\/tracks\/2\.mp3$/);
    expect((await audioState(page)).time).toBeLessThan(5);
  });
});
