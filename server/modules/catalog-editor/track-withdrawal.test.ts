import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import { dramaCdItems } from "../cards/cd-items";
import { dramaCdItemId } from "../catalog/service";
import { tracks } from "../dramacd/schema";
import { trackAccess } from "../entitlements/service";
import { userItems } from "../library/schema";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";
import { dramaCdBody, seedEditorReferences } from "./test-fixture";

/**
 * A drama-CD track withdrawn on its own (decision 0094), as the store reads it: it leaves the
 * CD's page, its sample and the card's sample for everyone who did not have the CD before it
 * left (a visitor, a member, a member who buys the CD afterwards), while whoever had the CD
 * before still sees it and plays it whole. Restored, it is back for everyone.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-track-withdrawal-"));
let editor: Browser;
let cdId: number;
const trackIds: number[] = [];
const viewers: Record<"visitor" | "member" | "owner" | "lateBuyer", Browser> = {} as never;
const C = "/api/ops/catalog";

async function member(acquiredAt: Date | null, itemId: number) {
  const db = t.services.db;
  const account = await newStaffAccount(db, null);
  if (acquiredAt) {
    await db.insert(userItems).values({
      userId: account.userId,
      itemId,
      itemType: 101,
      cdId,
      source: "purchase",
      acquiredAt,
    });
  }
  const browser = new Browser(t.app);
  expect((await browser.postJson("/api/account/login", account)).status).toBe(200);
  return browser;
}

beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  const db = t.services.db;
  const refs = await seedEditorReferences(db);
  editor = new Browser(t.app);
  await signInToOps(editor, await newStaffAccount(db, "editor"));
  const made = await editor.postJson<{ drama_cd: { cd_id: number } }>(
    `${C}/drama-cds`,
    dramaCdBody(refs, { sale_start_date: tokyoDateTimeInput(new Date(Date.now() - 86_400_000)) }),
  );
  cdId = made.body.drama_cd.cd_id;
  for (const [no, name] of [
    [1, "プロローグ"],
    [2, "月の裏側"],
  ] as const) {
    const answer = await editor.postJson<{ track: { track_id: number } }>(
      `${C}/drama-cds/${cdId}/tracks`,
      { track_no: no, name },
    );
    trackIds.push(answer.body.track.track_id);
  }
  // Track 1 has no sample, track 2 has one: the card's sample is track 2's while it is in.
  await db.update(tracks).set({ durationSec: 6 }).where(eq(tracks.trackId, trackIds[0]!));
  await db
    .update(tracks)
    .set({ durationSec: 6, trialFileName: "trial_2.mp3", trialDurationSec: 2 })
    .where(eq(tracks.trackId, trackIds[1]!));
  expect((await editor.postJson(`${C}/drama-cds/${cdId}/publish`, {})).status).toBe(200);

  const itemId = (await dramaCdItemId(db, cdId))!;
  viewers.visitor = new Browser(t.app);
  viewers.member = await member(null, itemId);
  viewers.owner = await member(new Date(Date.now() - 3_600_000), itemId);
  const withdrawn = await editor.postJson<{ track: { withdrawn_at: string | null } }>(
    `${C}/tracks/${trackIds[1]}/withdraw`,
    {},
  );
  expect(withdrawn.status).toBe(200);
  expect(withdrawn.body.track.withdrawn_at).not.toBeNull();
  // Bought after the track left: the purchase does not give it.
  viewers.lateBuyer = await member(new Date(Date.now() + 60_000), itemId);
}, 60_000);
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

interface PageTrack {
  track_no: number;
  get_flag: boolean;
  file_url: string | null;
  trial_file_url: string | null;
}
const pageTracks = async (who: keyof typeof viewers) => {
  const answer = await viewers[who].getJson<{ tracks: PageTrack[] }>(`/api/doramacd/${cdId}`);
  expect(answer.status).toBe(200);
  return answer.body.tracks;
};
const status = async (who: keyof typeof viewers, file: string) =>
  (await viewers[who].fetch(`/media/cds/${cdId}/${file}`)).status;

describe("a withdrawn track", () => {
  it("leaves the CD's page for a visitor, a member and whoever buys the CD afterwards", async () => {
    for (const who of ["visitor", "member", "lateBuyer"] as const) {
      expect(
        (await pageTracks(who)).map((tr) => tr.track_no),
        who,
      ).toEqual([1]);
    }
    const [bought] = await pageTracks("lateBuyer");
    expect(bought).toMatchObject({ track_no: 1, get_flag: true });
  });

  it("stays on the page of whoever had the CD before, to be played whole", async () => {
    const list = await pageTracks("owner");
    expect(list.map((tr) => tr.track_no)).toEqual([1, 2]);
    expect(list[1]).toMatchObject({
      get_flag: true,
      file_url: `/media/cds/${cdId}/tracks/2.mp3`,
      // Its sample is served to no one.
      trial_file_url: null,
    });
  });

  it("plays whole only to whoever had the CD before; its sample to no one", async () => {
    expect(await status("owner", "tracks/2.mp3")).toBe(200);
    expect(await status("lateBuyer", "tracks/2.mp3")).toBe(404);
    expect(await status("lateBuyer", "tracks/1.mp3")).toBe(200);
    expect(await status("member", "tracks/2.mp3")).toBe(404);
    expect(await status("visitor", "trials/2.mp3")).toBe(404);
    expect(await status("owner", "trials/2.mp3")).toBe(404);
    const db = t.services.db;
    expect((await trackAccess(db, cdId, 2, null))?.access).toBe("none");
  });

  it("takes its sample off the CD's card", async () => {
    const [card] = await dramaCdItems(t.services.db, [cdId]);
    expect(card?.trial_file_name).toBeNull();
  });

  it("is withdrawn once: withdrawing it again keeps the first time", async () => {
    const [before] = await t.services.db
      .select({ at: tracks.withdrawnAt })
      .from(tracks)
      .where(eq(tracks.trackId, trackIds[1]!));
    expect((await editor.postJson(`${C}/tracks/${trackIds[1]}/withdraw`, {})).status).toBe(200);
    const [after] = await t.services.db
      .select({ at: tracks.withdrawnAt })
      .from(tracks)
      .where(eq(tracks.trackId, trackIds[1]!));
    expect(after?.at?.getTime()).toBe(before?.at?.getTime());
  });

  it("comes back for everyone when restored", async () => {
    const restored = await editor.postJson<{ track: { withdrawn_at: string | null } }>(
      `${C}/tracks/${trackIds[1]}/restore`,
      {},
    );
    expect(restored.body.track.withdrawn_at).toBeNull();
    expect((await pageTracks("visitor")).map((tr) => tr.track_no)).toEqual([1, 2]);
    expect((await pageTracks("lateBuyer"))[1]).toMatchObject({ track_no: 2, get_flag: true });
    expect(await status("visitor", "trials/2.mp3")).toBe(200);
    expect(await status("lateBuyer", "tracks/2.mp3")).toBe(200);
    const [card] = await dramaCdItems(t.services.db, [cdId]);
    expect(card?.trial_file_name).toBe("trial_2.mp3");
  });
});
