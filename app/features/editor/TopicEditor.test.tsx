// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { type AppLoadContext, MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TopicRow } from "../../../contract/topic-content";
import { requireStaff, STAFF_ONLY_MESSAGE } from "./editor.server";
import { type EditorPage, editorUrl, PREVIEW_WIDTH, TopicEditor } from "./TopicEditor";
import { previewRows } from "./TopicPreview";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | null = null;
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
});

const content = JSON.stringify([
  { columns: [{ blocks: [{ type: "header", level: 1, text: "冬の特集" }] }] },
]);

const page: EditorPage = {
  pageName: "winter",
  pageType: "topic",
  title: "冬の特集",
  content,
  updatedAt: "2026-11-27T03:00:00.000Z",
  releaseDate: null,
  publisherId: null,
  labelId: null,
  magazineId: null,
  genreId: null,
  categoryId: null,
  tags: [],
  names: {},
};

const pages = [
  { pageName: "winter", pageType: "topic" as const, title: "冬の特集" },
  { pageName: "guide", pageType: "page" as const, title: "ご利用ガイド" },
];

function mount(shown: EditorPage | null, answer: unknown = { result: false }) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body ?? "null")) });
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  });
  const container = document.createElement("div");
  root = createRoot(container);
  act(() =>
    root!.render(
      <MemoryRouter initialEntries={["/debug/topic_test"]}>
        <TopicEditor pages={pages} page={shown} />
      </MemoryRouter>,
    ),
  );
  const q = <T extends Element>(s: string) => container.querySelector<T>(s);
  const text = (s: string) => q(s)?.textContent ?? null;
  const buttonNamed = (name: string) =>
    [...container.querySelectorAll("button")].find((b) => b.textContent === name)!;
  const type = (value: string) =>
    act(() => {
      const area = q<HTMLTextAreaElement>("#topic-json")!;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(
        area,
        value,
      );
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
  return { container, q, text, buttonNamed, type, sent };
}

describe("the topic editor (staff)", () => {
  it("opens a page as indented JSON, says it is valid and links the public page", () => {
    const { q, text } = mount(page);
    expect(q<HTMLTextAreaElement>("#topic-json")!.value).toBe(
      JSON.stringify(JSON.parse(content), null, 2),
    );
    expect(text("#topic-json-state")).toBe("JSONは正しい形式です（1行）");
    expect(q("a[target=_blank]")?.getAttribute("href")).toBe("/topic/winter");
    expect(text(".editor__meta")).toContain("最終更新：");
    expect(text('[data-testid="preview-canvas"]')).toContain("冬の特集");
  });

  it("lists the pages to edit as /type/name — title, the open one chosen", () => {
    const { container } = mount(page);
    const options = [...container.querySelectorAll("option")].map((o) => o.textContent);
    expect(options).toEqual(["/topic/winter — 冬の特集", "/page/guide — ご利用ガイド"]);
    expect(container.querySelector("select")!.value).toBe("topic:winter");
  });

  it("without a page says there is none to edit and cannot update", () => {
    const { text, buttonNamed } = mount(null);
    expect(text(".empty")).toBe("編集できるトピックページがありません。");
    expect(buttonNamed("更新する").disabled).toBe(true);
  });

  it("switches the preview between PC (1280 px) and スマホ (375 px)", () => {
    expect(PREVIEW_WIDTH).toEqual({ pc: 1280, sp: 375 });
    const { q, text, buttonNamed } = mount(page);
    expect(buttonNamed("PC").getAttribute("aria-pressed")).toBe("true");
    expect(q<HTMLElement>('[data-testid="preview-canvas"]')!.style.width).toBe("1280px");
    act(() => buttonNamed("スマホ").click());
    expect(buttonNamed("スマホ").getAttribute("aria-pressed")).toBe("true");
    expect(q<HTMLElement>('[data-testid="preview-canvas"]')!.style.width).toBe("375px");
    expect(text(".editor__preview .editor__label")).toContain("プレビュー：スマホ（幅375px");
  });

  it("invalid JSON: marks it, keeps the last good preview, and 更新する warns 内容を見直してください without sending", async () => {
    const { q, text, buttonNamed, type, sent } = mount(page);
    type('[{"columns": [');
    expect(q("#topic-json")!.getAttribute("aria-invalid")).toBe("true");
    expect(text("#topic-json-state")).toMatch(/^JSONに誤りがあります：JSON として読み取れません/);
    expect(text(".editor__label")).toContain("未保存の変更あり");
    expect(text(".editor__preview")).toContain("最後に正しかった内容を表示中");
    expect(text('[data-testid="preview-canvas"]')).toContain("冬の特集");
    await act(async () => buttonNamed("更新する").click());
    expect(text('[role="alert"]')).toContain("内容を見直してください");
    expect(sent).toEqual([]);
  });

  it("JSON of the wrong shape is refused the same way, naming the place", async () => {
    const { text, buttonNamed, type, sent } = mount(page);
    type('[{"columns": [{"blocks": [{"text": "x"}]}]}]');
    await act(async () => buttonNamed("更新する").click());
    expect(text('[role="alert"]')).toBe(
      "内容を見直してください1行目の1列目の1番目のブロックに type がありません",
    );
    expect(sent).toEqual([]);
  });

  it("valid JSON is sent to /api/topic_page/{name} and the time it was saved is shown", async () => {
    const { text, buttonNamed, type, sent } = mount(page, {
      result: true,
      page: { content: "[]", updated_at: "2026-11-28T01:02:00.000Z" },
    });
    type("[]");
    await act(async () => buttonNamed("更新する").click());
    expect(sent).toEqual([
      { url: "/api/topic_page/winter", body: { content: "[]", page_type: "topic" } },
    ]);
    expect(text('[role="status"]')).toMatch(/^更新しました（2026[/-]11[/-]28 10:02/);
    expect(text(".editor__label")).not.toContain("未保存の変更あり");
    expect(text('[role="alert"]')).toBeNull();
  });
});

describe("the editor's address and preview rows", () => {
  it("addresses a page by ?page= (encoded) and ?type=", () => {
    expect(editorUrl({ pageName: "冬 特集&x", pageType: "page" })).toBe(
      `/debug/topic_test?page=${encodeURIComponent("冬 特集&x")}&type=page`,
    );
  });

  it("cleans HTML blocks, boxes included, with the server's sanitiser", () => {
    const rows = [
      {
        columns: [
          {
            blocks: [
              { type: "html", html: '<p onclick="x()">本文</p><script>alert(1)</script>' },
              { type: "box", blocks: [{ type: "html", html: '<img src=x onerror="alert(1)">' }] },
            ],
          },
        ],
      },
    ] as unknown as TopicRow[];
    const shown = JSON.stringify(previewRows(rows));
    expect(shown).toContain("本文");
    expect(shown).not.toContain("<script");
    expect(shown).not.toContain("onclick");
    expect(shown).not.toContain("onerror");
  });
});

describe("who may open the staff screens", () => {
  const request = new Request("https://komaya.example/debug/topic_test?page=winter");
  const as = (member: unknown) => ({ request: { member } }) as unknown as AppLoadContext;

  it("a visitor is sent to log in and back", () => {
    let thrown: unknown;
    try {
      requireStaff(as(null), request);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/login?return_to=${encodeURIComponent("/debug/topic_test?page=winter")}`,
    );
  });

  it("a member who is not staff is refused with 403 and the staff-only message", () => {
    let thrown: unknown;
    try {
      requireStaff(as({ userId: 5, userType: "member" }), request);
    } catch (error) {
      thrown = error;
    }
    const refusal = thrown as { data: unknown; init: { status: number } };
    expect(refusal.init.status).toBe(403);
    expect(refusal.data).toBe(STAFF_ONLY_MESSAGE);
    expect(STAFF_ONLY_MESSAGE).toContain("運営スタッフ専用");
  });

  it("staff are let in", () => {
    const staff = { userId: 1, userType: "staff" };
    expect(requireStaff(as(staff), request)).toBe(staff);
  });
});
