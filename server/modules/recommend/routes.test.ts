import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecommendFrameAnswer, RelatedAnswer } from "../../../contract/recommend";
import { SEEDED_60 } from "../../db/seed/test-fixture";
import { Browser, createTestApp } from "../../http/test-client";
import { runningCampaignEntries, seriesOfCampaigns } from "../campaign/service";
import { seriesTaste } from "../catalog/series-lists";
import { labelOfSeries } from "../catalog/series-lookups";

let t: Awaited<ReturnType<typeof createTestApp>>;
let visitor: Browser;
/** A seeded series with a genre other than 総合, authors and related works. */
let seriesId: number;

type FrameBody = { recommend: RecommendFrameAnswer };

beforeAll(async () => {
  t = await createTestApp({ fixture: SEEDED_60 });
  visitor = new Browser(t.app);
  const first = await visitor.getJson<{ data: Array<{ series_id: number }> }>(
    "/api/recommend/more?tp=1",
  );
  seriesId = first.body.data[0]!.series_id;
}, 120_000);
afterAll(async () => {
  await t?.database.close();
});

describe("/api/recommend?id=", () => {
  it("serves works like a series, cut to the frame's display number, with its more-link", async () => {
    const answer = await visitor.getJson<FrameBody>(`/api/recommend?id=2&series=${seriesId}`);
    expect(answer.status).toBe(200);
    const frame = answer.body.recommend;
    expect(frame).toMatchObject({ rec_id: 2, rec_type: 2, display_number: 6 });
    expect(frame.more_url).toBe(`/recommend?tp=2&series=${seriesId}`);
    expect(frame.items.length).toBeGreaterThan(0);
    expect(frame.items.length).toBeLessThanOrEqual(6);
    expect(frame.items.map((i) => i.series_id)).not.toContain(seriesId);
    // Works like it share a genre with it.
    const { genreIds } = await seriesTaste(t.services.db, [seriesId]);
    const specific = genreIds.filter((g) => g !== 1);
    for (const item of frame.items) {
      const other = await seriesTaste(t.services.db, [item.series_id]);
      if (specific.length > 0) expect(other.genreIds.some((g) => specific.includes(g))).toBe(true);
    }
  });

  it("shows no more than num items, and never more than the display number", async () => {
    const four = await visitor.getJson<FrameBody>(`/api/recommend?id=1&num=4`);
    expect(four.body.recommend.items.length).toBe(4);
    const many = await visitor.postJson<FrameBody>("/api/recommend?id=1", { num: 30 });
    expect(many.status).toBe(200);
    expect(many.body.recommend.items.length).toBe(6);
    expect(many.body.recommend.more_url).toBe("/recommend?tp=1");
  });

  it("campaign frames list running campaigns' works and link to /otoku", async () => {
    const answer = await visitor.getJson<FrameBody>("/api/recommend?id=6&rec=1");
    const frame = answer.body.recommend;
    expect(frame.more_url).toBe("/otoku");
    expect(frame.tr).toBe("rtpop1_rec6");
    const running = (await runningCampaignEntries(t.services.db, new Date())).filter(
      (c) => !c.info_flag && !c.coupon_flag,
    );
    const featured = await seriesOfCampaigns(
      t.services.db,
      running.map((c) => c.campaign_id),
      1000,
    );
    expect(featured.length).toBeGreaterThan(0);
    expect(frame.items.length).toBe(Math.min(6, featured.length));
    for (const item of frame.items) expect(featured).toContain(item.series_id);
  });

  it("the genre campaign frame links to /otoku?genre= of the series, genre 1 when none is known", async () => {
    const withSeries = await visitor.getJson<FrameBody>(`/api/recommend?id=7&series=${seriesId}`);
    const { genreIds } = await seriesTaste(t.services.db, [seriesId]);
    const genre = genreIds.find((g) => g !== 1) ?? 1;
    expect(withSeries.body.recommend.more_url).toBe(`/otoku?genre=${genre}`);
    const without = await visitor.getJson<FrameBody>("/api/recommend?id=7");
    expect(without.body.recommend.more_url).toBe("/otoku?genre=1");
  });

  it("answers an empty frame when there is nothing to recommend", async () => {
    // Works like a series, with no series named and no member to start from.
    const answer = await visitor.getJson<FrameBody>("/api/recommend?id=2");
    expect(answer.status).toBe(200);
    expect(answer.body.recommend.items).toEqual([]);
    expect(answer.body.recommend.more_url).toBe("/recommend?tp=2");
  });

  it("refuses bad input with a 400 in Japanese, and an unknown series with a 404", async () => {
    for (const query of [
      "",
      "?id=abc",
      "?id=5",
      "?id=0",
      "?id=1&num=0",
      "?id=1&num=31",
      "?id=1&series=-1",
    ]) {
      const answer = await visitor.getJson<{ error_message: string }>(`/api/recommend${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error_message, query).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    const unknown = await visitor.getJson("/api/recommend?id=2&series=99999999");
    expect(unknown.status).toBe(404);
  });
});

describe("a member's recommendations", () => {
  it("start from the member's latest 気になる series when the page names none", async () => {
    const member = new Browser(t.app);
    const signup = await member.postJson("/api/account/signup", {
      email: "recommend@example.jp",
      password: "password-123",
      nickname: "読書家",
      agree: true,
    });
    expect(signup.status).toBe(200);
    const favorite = await member.postJson("/api/series_favorite", { series: seriesId });
    expect(favorite.body).toMatchObject({ favorite: true });
    const answer = await member.getJson<FrameBody>("/api/recommend?id=2");
    expect(answer.body.recommend.more_url).toBe(`/recommend?tp=2&series=${seriesId}`);
    expect(answer.body.recommend.items.length).toBeGreaterThan(0);
    expect(answer.body.recommend.items.map((i) => i.series_id)).not.toContain(seriesId);
  });
});

describe("/api/recommend/related", () => {
  it("lists works of the same authors, label or genre, never the series itself", async () => {
    const answer = await visitor.postJson<RelatedAnswer>("/api/recommend/related", {
      series: seriesId,
    });
    expect(answer.status).toBe(200);
    const { related } = answer.body;
    expect(related.length).toBeGreaterThanOrEqual(3);
    expect(related.length).toBeLessThanOrEqual(12);
    expect(related.map((r) => r.series_id)).not.toContain(seriesId);
    const db = t.services.db;
    const own = await seriesTaste(db, [seriesId]);
    const ownLabel = await labelOfSeries(db, seriesId);
    for (const item of related) {
      const other = await seriesTaste(db, [item.series_id]);
      const shares =
        other.authorIds.some((a) => own.authorIds.includes(a)) ||
        (ownLabel !== null && (await labelOfSeries(db, item.series_id)) === ownLabel) ||
        other.genreIds.some((g) => g !== 1 && own.genreIds.includes(g));
      expect(shares, `series ${item.series_id}`).toBe(true);
    }
  });

  it("needs a valid series", async () => {
    expect((await visitor.getJson("/api/recommend/related")).status).toBe(400);
    expect((await visitor.getJson("/api/recommend/related?series=x")).status).toBe(400);
    expect((await visitor.getJson("/api/recommend/related?series=99999999")).status).toBe(404);
  });
});
