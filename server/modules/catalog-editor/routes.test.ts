import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { auditLog } from "../audit/schema";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";
import {
  dramaCdBody,
  type EditorReferences,
  seedEditorReferences,
  seriesBody,
  volumeBody,
} from "./test-fixture";

/**
 * Issue 23's proof for the catalog editor: every /api/ops/catalog call for every kind of caller,
 * checked on the server (visitor 401, member 403, support 403 on every write, editor and admin
 * answered); each answered write leaves exactly one audit row with its before and after, and
 * tells the change bus once; a refused call leaves neither.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
let refs: EditorReferences;
const target = { series: 0, volume: 0, cd: 0, track: 0 };
const told: CatalogChange[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  refs = await seedEditorReferences(db);
  Object.assign(browsers, await opsCallers(t.app, db));
  const admin = browsers.admin!;
  const s = await admin.postJson<{ series: { series_id: number } }>(
    "/api/ops/catalog/series",
    seriesBody(refs),
  );
  target.series = s.body.series.series_id;
  const v = await admin.postJson<{ volume: { book_id: number } }>(
    "/api/ops/catalog/volumes",
    volumeBody(target.series, 1),
  );
  target.volume = v.body.volume.book_id;
  const cd = await admin.postJson<{ drama_cd: { cd_id: number } }>(
    "/api/ops/catalog/drama-cds",
    dramaCdBody(refs),
  );
  target.cd = cd.body.drama_cd.cd_id;
  const track = await admin.postJson<{ track: { track_id: number } }>(
    `/api/ops/catalog/drama-cds/${target.cd}/tracks`,
    { track_no: 1, name: "プロローグ" },
  );
  target.track = track.body.track.track_id;
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  /** The audit entity an answered write records. */
  entity?: string;
  creates?: boolean;
}

let n = 10;
const next = () => ++n;
const C = "/api/ops/catalog";
const reads: Call[] = [
  { name: "form choices", method: "GET", path: () => `${C}/choices` },
  { name: "series list", method: "GET", path: () => `${C}/series?q=月影&page=1` },
  { name: "series get", method: "GET", path: () => `${C}/series/${target.series}` },
  {
    name: "series preview as visitor",
    method: "GET",
    path: () => `${C}/series/${target.series}/preview?as=visitor`,
  },
  {
    name: "series preview as member",
    method: "GET",
    path: () => `${C}/series/${target.series}/preview?as=member`,
  },
  { name: "volume list", method: "GET", path: () => `${C}/volumes?series_id=${target.series}` },
  { name: "volume get", method: "GET", path: () => `${C}/volumes/${target.volume}` },
  {
    name: "volume preview",
    method: "GET",
    path: () => `${C}/volumes/${target.volume}/preview?as=member`,
  },
  { name: "drama CD list", method: "GET", path: () => `${C}/drama-cds` },
  { name: "drama CD get", method: "GET", path: () => `${C}/drama-cds/${target.cd}` },
  ...["authors", "publishers", "labels", "magazines", "genres", "categories", "tags"].map(
    (kind): Call => ({ name: `${kind} list`, method: "GET", path: () => `${C}/${kind}?page=1` }),
  ),
  { name: "author get", method: "GET", path: () => `${C}/authors/${refs.authorId}` },
];

const publication = (kind: string, entity: string, id: () => number): Call[] =>
  ["publish", "withdraw", "restore"].map((action) => ({
    name: `${entity} ${action}`,
    method: "POST",
    path: () => `${C}/${kind}/${id()}/${action}`,
    entity,
  }));

const referenceBodies: Record<string, () => Record<string, unknown>> = {
  authors: () => ({ name: `作家${next()}`, name_kana: "サッカ" }),
  publishers: () => ({ name: `出版社${next()}`, name_kana: "シュッパンシャ" }),
  labels: () => ({ name: `レーベル${next()}`, publisher_id: refs.publisherId }),
  magazines: () => ({ name: `月刊誌${next()}`, publisher_id: refs.publisherId }),
  genres: () => ({ name: `ジャンル${next()}` }),
  categories: () => ({ name: `カテゴリ${next()}` }),
  tags: () => ({ name: `タグ${next()}` }),
};
const singular: Record<string, string> = {
  authors: "author",
  publishers: "publisher",
  labels: "label",
  magazines: "magazine",
  genres: "genre",
  categories: "category",
  tags: "tag",
};

const writes: Call[] = [
  {
    name: "series create",
    method: "POST",
    path: () => `${C}/series`,
    body: () => seriesBody(refs, { name: `新作${next()}` }),
    entity: "series",
    creates: true,
  },
  {
    name: "series update",
    method: "POST",
    path: () => `${C}/series/${target.series}`,
    body: () => seriesBody(refs, { description: `改訂${next()}` }),
    entity: "series",
  },
  ...publication("series", "series", () => target.series),
  {
    name: "volume create",
    method: "POST",
    path: () => `${C}/volumes`,
    body: () => volumeBody(target.series, next()),
    entity: "volume",
    creates: true,
  },
  {
    name: "volume update",
    method: "POST",
    path: () => `${C}/volumes/${target.volume}`,
    body: () => volumeBody(target.series, 1, { price_inc: 600 + next() }),
    entity: "volume",
  },
  ...publication("volumes", "volume", () => target.volume),
  {
    name: "drama CD create",
    method: "POST",
    path: () => `${C}/drama-cds`,
    body: () => dramaCdBody(refs, { name: `ドラマ${next()}` }),
    entity: "drama_cd",
    creates: true,
  },
  {
    name: "drama CD update",
    method: "POST",
    path: () => `${C}/drama-cds/${target.cd}`,
    body: () => dramaCdBody(refs, { price_inc: 1500 + next() }),
    entity: "drama_cd",
  },
  ...publication("drama-cds", "drama_cd", () => target.cd),
  {
    name: "track create",
    method: "POST",
    path: () => `${C}/drama-cds/${target.cd}/tracks`,
    body: () => ({ track_no: next(), name: "本編" }),
    entity: "track",
    creates: true,
  },
  {
    name: "track update",
    method: "POST",
    path: () => `${C}/tracks/${target.track}`,
    body: () => ({ track_no: 1, name: `プロローグ${next()}` }),
    entity: "track",
  },
  ...["withdraw", "restore"].map(
    (action): Call => ({
      name: `track ${action}`,
      method: "POST",
      path: () => `${C}/tracks/${target.track}/${action}`,
      entity: "track",
    }),
  ),
  ...Object.keys(referenceBodies).map(
    (kind): Call => ({
      name: `${kind} create`,
      method: "POST",
      path: () => `${C}/${kind}`,
      body: referenceBodies[kind],
      entity: singular[kind],
      creates: true,
    }),
  ),
  {
    name: "author update",
    method: "POST",
    path: () => `${C}/authors/${refs.authorId}`,
    body: () => ({ name: "春野こまち", name_kana: "ハルノコマチ", profile: `略歴${next()}` }),
    entity: "author",
  },
  {
    name: "tag withdraw",
    method: "POST",
    path: () => `${C}/tags/${refs.tagId}/withdraw`,
    entity: "tag",
  },
  {
    name: "tag restore",
    method: "POST",
    path: () => `${C}/tags/${refs.tagId}/restore`,
    entity: "tag",
  },
];

describe("every /api/ops/catalog call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of [...reads, ...writes]) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const browser = browsers[who]!;
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const answer =
          call.method === "GET"
            ? await browser.getJson(call.path())
            : await browser.postJson(call.path(), call.body?.() ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const written = (await t.services.db.$count(auditLog)) - auditBefore;
        const answeredWrite = answer.status === 200 && call.method === "POST";
        expect(written).toBe(answeredWrite ? 1 : 0);
        expect(told.length - toldBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe(call.entity);
          expect(told.at(-1)!.entity).toBe(call.entity);
          expect(String(told.at(-1)!.id)).toBe(row!.entityId);
          expect(row!.after).not.toBeNull();
          if (call.creates) expect(row!.before).toBeNull();
          else expect(row!.before).not.toBeNull();
        }
        if (answer.status === 401) {
          expect(answer.body).toMatchObject({ result: false, error_url: "/ops/login" });
        }
      });
    }
  }
});

describe("the shop's rules, checked on the server", () => {
  const refused = async (path: string, body: Record<string, unknown>, message: RegExp) => {
    const before = await t.services.db.$count(auditLog);
    const answer = await browsers.editor!.postJson<{ error_message: string }>(path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error_message).toMatch(message);
    expect(await t.services.db.$count(auditLog)).toBe(before);
  };

  it("refuses a sale price at or above the list price", async () => {
    await refused(
      `${C}/volumes`,
      volumeBody(target.series, 500, { price_inc: 660, sale_price_inc: 660 }),
      /sale_price_inc: セール価格は定価（660円）より安くしてください/,
    );
  });

  it("refuses a trial longer than the volume", async () => {
    await refused(
      `${C}/volumes/${target.volume}`,
      volumeBody(target.series, 1, { page_count: 40, trial_page_count: 41 }),
      /trial_page_count: 試し読みのページ数は巻のページ数（40ページ）以下/,
    );
  });

  it("refuses a day that does not exist and a window that ends before it starts", async () => {
    await refused(
      `${C}/volumes`,
      volumeBody(target.series, 501, { item_start_date: "2026-02-30T10:00" }),
      /item_start_date: item_start_date は実在する日時/,
    );
    await refused(
      `${C}/volumes`,
      volumeBody(target.series, 502, {
        sale_price_inc: 330,
        sale_start_at: "2026-03-10T00:00",
        sale_end_at: "2026-03-01T00:00",
      }),
      /sale_end_at: セール期間の終了は開始より後の日時/,
    );
    await refused(
      `${C}/drama-cds`,
      dramaCdBody(refs, { sale_end_date: "2025-12-31T23:59" }),
      /sale_end_date: 販売期間の終了は開始より後/,
    );
  });

  it("refuses a free window without the free flag, and a struck-out CD price below its price", async () => {
    await refused(
      `${C}/volumes`,
      volumeBody(target.series, 503, { free_start_at: "2026-03-01T00:00" }),
      /free_flag: 無料期間を決めるときは/,
    );
    await refused(
      `${C}/drama-cds`,
      dramaCdBody(refs, { price_inc: 1650, before_price_inc: 1500 }),
      /before_price_inc: 値下げ前の価格は販売価格（1650円）より高く/,
    );
  });

  it("refuses a volume number the series already has, and a track number its CD has", async () => {
    await refused(
      `${C}/volumes`,
      volumeBody(target.series, 1),
      /volume: この作品には第1巻がすでにあります/,
    );
    await refused(
      `${C}/drama-cds/${target.cd}/tracks`,
      { track_no: 1, name: "重複" },
      /track_no: トラック1はすでにあります/,
    );
  });

  it("refuses links to rows that are not there and a series without an author", async () => {
    await refused(
      `${C}/series`,
      seriesBody(refs, { genre_ids: [99999] }),
      /genre_ids: ジャンル（id 99999）が見つかりません/,
    );
    await refused(
      `${C}/series`,
      seriesBody(refs, { authors: [] }),
      /authors: 著者を1人以上指定してください/,
    );
    await refused(
      `${C}/labels`,
      { name: "迷子", publisher_id: 99999 },
      /publisher_id: 出版社が見つかりません/,
    );
  });

  it("refuses a track id that is not one, and finds no track that is not there", async () => {
    await refused(`${C}/tracks/abc/withdraw`, {}, /id/);
    await refused(`${C}/tracks/0/restore`, {}, /id/);
    const before = await t.services.db.$count(auditLog);
    const missing = await browsers.editor!.postJson<{ error_message: string }>(
      `${C}/tracks/999999/withdraw`,
      {},
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error_message).toBe("トラックが見つかりませんでした");
    expect(await t.services.db.$count(auditLog)).toBe(before);
  });

  it("records a track's withdrawal and restoring with its before and after", async () => {
    const withdraw = await browsers.editor!.postJson(`${C}/tracks/${target.track}/withdraw`, {});
    expect(withdraw.status).toBe(200);
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(row).toMatchObject({ entity: "track", action: "withdraw" });
    expect(row!.entityId).toBe(String(target.track));
    expect(row!.before).toMatchObject({ track_id: target.track, withdrawn_at: null });
    expect((row!.after as { withdrawn_at: string | null }).withdrawn_at).toMatch(/^\d{4}-/);
    expect(
      (await browsers.editor!.postJson(`${C}/tracks/${target.track}/restore`, {})).status,
    ).toBe(200);
    const cd = await browsers.support!.getJson<{ drama_cd: { tracks: unknown[] } }>(
      `${C}/drama-cds/${target.cd}`,
    );
    expect(cd.body.drama_cd.tracks[0]).toMatchObject({
      track_id: target.track,
      withdrawn_at: null,
    });
  });

  it("writes the price without tax by the shop's one tax rule", async () => {
    const answer = await browsers.editor!.postJson<{
      volume: { price: number; price_inc: number };
    }>(`${C}/volumes/${target.volume}`, volumeBody(target.series, 1, { price_inc: 1000 }));
    expect(answer.status).toBe(200);
    // floor(1000·10/110) = 90 yen of tax: 910 without it (decision 0068).
    expect(answer.body.volume).toMatchObject({ price_inc: 1000, price: 910 });
  });
});
