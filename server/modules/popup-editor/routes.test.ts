import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PopupEditorAnswer } from "../../../contract/ops-popups";
import type { PopupEditorList } from "../../../contract/ops-popups-rules";
import type { PopupsAnswer } from "../../../contract/popup";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { type Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { auditLog } from "../audit/schema";
import { analyticsEvents } from "../event/schema";
import { popups } from "../popup/schema";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";

/**
 * Issue 24's popup editor: every call for every kind of caller (visitor 401, member 403, support
 * 403 on writes, editor and admin answered), one audit row and one change on the bus per
 * answered write, 400 for what the store could not read, the store's queue reading what the
 * editor wrote, and the impressions, closes and clicks counted from the analytics events.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
let target = 0;

const inMinutes = (minutes: number) => tokyoDateTimeInput(new Date(Date.now() + minutes * 60_000));

const popupBody = (extra: Record<string, unknown> = {}) => ({
  popup_type: 35,
  page: "home",
  priority: 500,
  tracking_name: "pop_ad_scroll",
  title: "広告から来た方へ",
  body: "スクロールありがとうございます",
  img: null,
  link_url: "/otoku",
  button_label: "お得を見る",
  display: { scroll_ratio: 40, utm: [{ source: "ad_test" }] },
  target_rules: { login: "visitor" },
  start_at: inMinutes(-60),
  end_at: inMinutes(7 * 24 * 60),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));
  const made = await browsers.admin!.postJson<{ popup: PopupEditorAnswer }>(
    "/api/ops/popups",
    popupBody(),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  target = made.body.popup.popup_id;
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
  creates?: boolean;
}

let serial = 0;
const calls: Call[] = [
  { name: "list", method: "GET", path: () => "/api/ops/popups?q=pop&page=1" },
  { name: "get", method: "GET", path: () => `/api/ops/popups/${target}` },
  {
    name: "create",
    method: "POST",
    path: () => "/api/ops/popups",
    body: () => popupBody({ tracking_name: `pop_new_${++serial}` }),
    creates: true,
  },
  {
    name: "update",
    method: "POST",
    path: () => `/api/ops/popups/${target}`,
    body: () => popupBody({ title: `広告から来た方へ（${++serial}）` }),
  },
  // Withdraw and restore take turns, so each caller's pair answers.
  ...(["withdraw", "restore"] as const).map(
    (action): Call => ({
      name: action,
      method: "POST",
      path: () => `/api/ops/popups/${target}/${action}`,
    }),
  ),
];

describe("every /api/ops/popups call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
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
        const answeredWrite = answer.status === 200 && call.method === "POST";
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        expect(told.length - toldBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe("popup");
          expect(told.at(-1)).toEqual({ entity: "popup", id: Number(row!.entityId) });
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

describe("what the store could not read is a 400, and nothing is written", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["an unknown type", { popup_type: 13 }, /popup_type/],
    ["an unknown page", { page: "cart" }, /page は/],
    ["a tracking name with a space", { tracking_name: "pop ad" }, /tracking_name/],
    ["no title", { title: " " }, /タイトルを入力/],
    ["a script link", { link_url: "javascript:alert(1)" }, /リンク先/],
    ["an end before the start", { end_at: inMinutes(-120) }, /表示期間の終了/],
    ["a scroll ratio of 100", { display: { scroll_ratio: 100 } }, /scroll_ratio/],
    ["a utm rule without a source", { display: { utm: [{ source: "" }] } }, /utm_source/],
    ["a sign-up coupon without a rate", { popup_type: 10 }, /割引率/],
    ["a big image without a link", { popup_type: 2, link_url: null }, /リンク先が必要/],
    ["a koma popup without images", { popup_type: 39 }, /コマ画像/],
    ["an unknown login rule", { target_rules: { login: "staff" } }, /login/],
    ["an unknown genre", { target_rules: { genres: [7] } }, /ジャンル/],
    ["two control-group titles", { display: { ctrl_titles: ["a", "b"] } }, /3つ/],
  ];
  for (const [name, extra, message] of cases) {
    it(name, async () => {
      const before = await t.services.db.$count(auditLog);
      const answer = await browsers.editor!.postJson<{ error_message: string }>(
        "/api/ops/popups",
        popupBody(extra),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error_message).toMatch(message);
      expect(await t.services.db.$count(auditLog)).toBe(before);
    });
  }

  it("a missing popup is a 404; a bad id a 400", async () => {
    expect((await browsers.editor!.getJson("/api/ops/popups/99999")).status).toBe(404);
    expect((await browsers.editor!.getJson("/api/ops/popups/abc")).status).toBe(400);
    expect((await browsers.editor!.getJson("/api/ops/popups?from=2026-02-30")).status).toBe(400);
  });

  it("withdrawing twice is refused", async () => {
    const path = `/api/ops/popups/${target}`;
    expect((await browsers.editor!.postJson(`${path}/withdraw`, {})).status).toBe(200);
    expect((await browsers.editor!.postJson(`${path}/withdraw`, {})).status).toBe(400);
    expect((await browsers.editor!.postJson(`${path}/restore`, {})).status).toBe(200);
  });
});

describe("the store reads what the editor wrote", () => {
  it("the queue answers the popup with its display, and drops it once withdrawn", async () => {
    const made = await browsers.editor!.postJson<{ popup: PopupEditorAnswer }>(
      "/api/ops/popups",
      popupBody({ tracking_name: "pop_store_reads", priority: 99_000 }),
    );
    const id = made.body.popup.popup_id;
    expect(made.body.popup).toMatchObject({
      state: "running",
      display: { scroll_ratio: 40, utm: [{ source: "ad_test" }] },
      target_rules: { login: "visitor" },
    });
    const queue = async () =>
      (await browsers.visitor!.postJson<PopupsAnswer>("/api/popups", { page: "home" })).body.popups;
    const shown = (await queue()).find((p) => p.popup_id === id);
    expect(shown).toMatchObject({
      popup_type: 35,
      tracking_name: "pop_store_reads",
      display: { scroll_ratio: 40, utm: [{ source: "ad_test" }] },
    });
    // The member is not a visitor: the target rule keeps it from them.
    const forMember = await browsers.member!.postJson<PopupsAnswer>("/api/popups", {
      page: "home",
    });
    expect(forMember.body.popups.some((p) => p.popup_id === id)).toBe(false);

    await browsers.editor!.postJson(`/api/ops/popups/${id}/withdraw`, {});
    expect((await queue()).some((p) => p.popup_id === id)).toBe(false);
    // Withdrawn, never deleted: the row stays for its events.
    const [row] = await t.services.db.select().from(popups).where(eq(popups.popupId, id));
    expect(row?.withdrawnAt).not.toBeNull();
    const again = await browsers.editor!.postJson<{ popup: PopupEditorAnswer }>(
      `/api/ops/popups/${id}/restore`,
      {},
    );
    expect(again.body.popup.state).toBe("running");
    expect((await queue()).some((p) => p.popup_id === id)).toBe(true);
  });

  it("counts impressions, closes and clicks per popup from the events, within the range", async () => {
    const made = await browsers.editor!.postJson<{ popup: PopupEditorAnswer }>(
      "/api/ops/popups",
      popupBody({ tracking_name: "pop_counted" }),
    );
    const id = made.body.popup.popup_id;
    const popup = { category: "popup", popup: id, frame: "pop_counted", page: "home" };
    const sent = await browsers.visitor!.postJson("/api/events", {
      utm_source: "ad_test",
      events: [
        { name: "popup_open", ...popup },
        { name: "popup_open", ...popup },
        { name: "popup_close", ...popup },
        { name: "click", ...popup, target_id: "/otoku?_tr=pop_counted" },
        { name: "click_leadlink", ...popup },
        // Another popup's and a page's events are not this popup's.
        { name: "popup_open", ...popup, popup: target },
        { name: "page_view", page: "home" },
      ],
    });
    expect(sent.status).toBe(200);
    // An impression long ago is outside the default 30 days.
    await t.services.db.insert(analyticsEvents).values({
      name: "popup_open",
      popupId: id,
      receivedAt: new Date(Date.now() - 90 * 86_400_000),
    });

    const one = await browsers.editor!.getJson<{ popup: PopupEditorAnswer }>(
      `/api/ops/popups/${id}`,
    );
    expect(one.body.popup).toMatchObject({ impressions: 2, closes: 1, clicks: 2 });
    const list = await browsers.support!.getJson<PopupEditorList>("/api/ops/popups?q=pop_counted");
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({ popup_id: id, impressions: 2, closes: 1, clicks: 2 });
    const wide = await browsers.editor!.getJson<{ popup: PopupEditorAnswer }>(
      `/api/ops/popups/${id}?from=2000-01-01`,
    );
    expect(wide.body.popup.impressions).toBe(3);
  });
});
