import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DramaCdListAnswer, DramaCdPageAnswer } from "../../../contract/dramacd";
import type { HomeAnswer } from "../../../contract/home";
import { seedMedia } from "../../db/seed/media/write";
import { DEMO_MEMBER } from "../../db/seed/members";
import { defaultSeedOptions, seedDatabase } from "../../db/seed/seed";
import { Browser, createTestApp } from "../../http/test-client";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
let other: Browser;
let visitor: Browser;
/** The demo member's CD (seeded as a present). */
const OWNED_CD = 1;

const dataDir = mkdtempSync(path.join(tmpdir(), "komaya-dramacd-test-"));

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  await seedDatabase(t.database.db, defaultSeedOptions(60));
  // The tracks and trials the CDs play, as the seed tooling writes them into the store.
  await seedMedia(t.database.db, dataDir, ["audio"]);
  owner = new Browser(t.app);
  const login = await owner.postJson("/api/account/login", {
    email: DEMO_MEMBER.email,
    password: DEMO_MEMBER.password,
  });
  expect(login.body.result).toBe(true);
  other = new Browser(t.app);
  const signup = await other.postJson("/api/account/signup", {
    email: "listener@example.jp",
    password: "password-123",
    nickname: "聴き手",
    agree: true,
  });
  expect(signup.status).toBe(200);
  visitor = new Browser(t.app);
}, 120_000);

afterAll(async () => {
  await t?.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("/api/doramacds", () => {
  it("lists released CDs newest first, paged, with every label to browse by", async () => {
    const answer = await visitor.postJson<DramaCdListAnswer>("/api/doramacds", {});
    expect(answer.status).toBe(200);
    expect(answer.body.cds.length).toBeGreaterThan(0);
    expect(answer.body.pattern).toMatchObject({ page: 1, limit: 24 });
    expect(answer.body.pattern.hit).toBeGreaterThan(answer.body.cds.length - 1);
    expect(answer.body.labels.length).toBeGreaterThan(0);
    expect(answer.body.condition).toEqual({ label: null, cast: null, content: null });
  });

  it("narrows by label and by cast, naming the condition", async () => {
    const all = await visitor.getJson<DramaCdListAnswer>("/api/doramacds");
    const cd = all.body.cds[0]!;
    const detail = await visitor.getJson<DramaCdPageAnswer>(`/api/doramacd/${cd.cd_id}`);
    const labelId = detail.body.cd.label_id;
    const byLabel = await visitor.postJson<DramaCdListAnswer>("/api/doramacds", {
      label: labelId,
    });
    expect(byLabel.body.condition.label).toEqual({
      label_id: labelId,
      name: detail.body.cd.label_name,
    });
    expect(byLabel.body.cds.map((c) => c.cd_id)).toContain(cd.cd_id);
    for (const c of byLabel.body.cds) {
      const page = await visitor.getJson<DramaCdPageAnswer>(`/api/doramacd/${c.cd_id}`);
      expect(page.body.cd.label_id).toBe(labelId);
    }
    const castId = cd.casts[0]!.cast_id;
    const byCast = await visitor.getJson<DramaCdListAnswer>(`/api/doramacds?cast=${castId}`);
    expect(byCast.body.condition.cast?.cast_id).toBe(castId);
    expect(byCast.body.cds.length).toBeGreaterThan(0);
    for (const c of byCast.body.cds) expect(c.casts.map((x) => x.cast_id)).toContain(castId);
  });

  it("lists a home section's CDs in its order (content = layout id); 404 for no section", async () => {
    const home = await visitor.postJson<HomeAnswer>("/api/home", { genre: 1, pagetype: 1 });
    const section = home.body.home_layout.find((l) => l.layout_type === 27)!;
    const answer = await owner.postJson<DramaCdListAnswer>("/api/doramacds", {
      content: section.layout_id,
    });
    expect(answer.body.condition.content?.layout_id).toBe(section.layout_id);
    // The seed puts the demo member's CD first in 新着ボイスドラマ; the list marks it owned.
    expect(answer.body.cds[0]).toMatchObject({ cd_id: OWNED_CD, get_flag: true });
    const missing = await visitor.postJson("/api/doramacds", { content: 2_000_000 });
    expect(missing.status).toBe(404);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const bad = await visitor.postJson("/api/doramacds", { cast: "abc" });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error_message)).toContain("cast");
    expect((await visitor.getJson("/api/doramacds?page=0")).status).toBe(400);
  });
});

describe("/api/doramacd/{cdId}", () => {
  it("gives the owner every track in full", async () => {
    const answer = await owner.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    expect(answer.status).toBe(200);
    const { cd, tracks, user, buyable_items, cast } = answer.body;
    expect(cd).toMatchObject({ cd_id: OWNED_CD, get_flag: true });
    expect(cd.brand_name).not.toBe("");
    expect(cd.jacket_url).toBe(`/media/cds/${OWNED_CD}/jacket.png?v=3`);
    expect(cast.length).toBeGreaterThan(0);
    expect(user.purchased).toBe(true);
    expect(buyable_items).toEqual([]);
    expect(tracks.length).toBeGreaterThan(2);
    for (const track of tracks) {
      expect(track.get_flag).toBe(true);
      expect(track.file_url).toBe(`/media/cds/${OWNED_CD}/tracks/${track.track_no}.mp3`);
    }
    const full = await owner.fetch(tracks[0]!.file_url!);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("audio/mpeg");
  });

  for (const who of ["visitor", "other member"] as const) {
    it(`gives a ${who} the trial files only, and the item to buy`, async () => {
      const browser = who === "visitor" ? visitor : other;
      const answer = await browser.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
      const { cd, tracks, user, buyable_items } = answer.body;
      expect(cd.get_flag).toBe(false);
      expect(user.purchased).toBe(false);
      for (const track of tracks) {
        expect(track.get_flag).toBe(false);
        expect(track.file_url).toBeNull();
        expect(track.trial_file_url === null).toBe(track.trial_file_name === null);
      }
      const trial = tracks.find((x) => x.trial_file_url)!;
      expect((await browser.fetch(trial.trial_file_url!)).status).toBe(200);
      // The full file is refused with no audio bytes, whatever the page says.
      const refused = await browser.fetch(`/media/cds/${OWNED_CD}/tracks/${trial.track_no}.mp3`);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("content-type")).not.toBe("audio/mpeg");
      if (cd.onsale_flag) expect(buyable_items.map((i) => i.item_id)).toEqual([cd.item_id]);
    });
  }

  it("drops the item from buyable_items once it is in the cart", async () => {
    const before = await other.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    const item = before.body.cd.item_id;
    expect((await other.postJson("/api/cart_add", { items: [item] })).body.result).toBe(true);
    const after = await other.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    expect(after.body.cd.cart_flag).toBe(true);
    expect(after.body.buyable_items).toEqual([]);
    await other.postJson("/api/cart_remove", { items: [item] });
  });

  it("answers 404 for an unknown CD and 400 for a bad id", async () => {
    expect((await visitor.getJson("/api/doramacd/999999")).status).toBe(404);
    expect((await visitor.getJson("/api/doramacd/abc")).status).toBe(400);
  });
});

describe("favourite and rating", () => {
  it("toggles 気になる and shows it on the page", async () => {
    const on = await other.postJson(`/api/doramacd/${OWNED_CD}/favorite`);
    expect(on.body).toMatchObject({ result: true, favorite: true });
    const page = await other.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    expect(page.body.user.favorite).toBe(true);
    const off = await other.postJson(`/api/doramacd/${OWNED_CD}/favorite`);
    expect(off.body).toMatchObject({ result: true, favorite: false });
    expect((await other.postJson("/api/doramacd/999999/favorite")).status).toBe(404);
  });

  it("keeps one rating per member and track, the latest", async () => {
    const page = await owner.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    const track = page.body.tracks[1]!.track_id;
    expect((await owner.postJson("/api/doramacd/rating", { track, rating: 4 })).body).toEqual({
      result: true,
    });
    await owner.postJson("/api/doramacd/rating", { track, rating: 2 });
    const after = await owner.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    expect(after.body.user.ratings).toEqual({ [String(track)]: 2 });
    // Another member's page carries only their own ratings.
    const theirs = await other.getJson<DramaCdPageAnswer>(`/api/doramacd/${OWNED_CD}`);
    expect(theirs.body.user.ratings).toEqual({});
  });

  it("asks visitors to log in (401) and refuses bad ratings (400) and unknown tracks (404)", async () => {
    const anon = await visitor.postJson("/api/doramacd/rating", { track: 1, rating: 3 });
    expect(anon.status).toBe(401);
    expect((await visitor.postJson(`/api/doramacd/${OWNED_CD}/favorite`)).status).toBe(401);
    for (const body of [
      { track: 1, rating: 0 },
      { track: 1, rating: 6 },
      { track: 1, rating: 3.5 },
      { track: "x", rating: 3 },
      { rating: 3 },
    ]) {
      const answer = await owner.postJson("/api/doramacd/rating", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await owner.postJson("/api/doramacd/rating", { track: 9_999_999, rating: 3 })).status,
    ).toBe(404);
  });
});
