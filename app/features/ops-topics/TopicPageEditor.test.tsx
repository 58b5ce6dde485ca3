// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TopicPageEditorAnswer } from "../../../contract/ops-topics";
import { TOPIC_BLOCK_TYPES } from "../../../contract/topic-content";
import { BLOCK_KINDS } from "../../../contract/topic-vocabulary";
import { TopicPageEditor } from "./TopicPageEditor";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | null = null;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stored = [
  {
    columns: [
      {
        blocks: [
          { type: "header", text: "冬の特集", level: 1, memo: "unknown field" },
          { type: "text", html: "<p>どなたでも</p>" },
          { type: "sparkle", power: 3 },
        ],
      },
    ],
  },
];

const page: TopicPageEditorAnswer = {
  page_name: "winter",
  page_type: "topic",
  title: "冬の特集",
  state: "draft",
  start_at: null,
  end_at: null,
  updated_at: "2026-11-27T03:00:00.000Z",
  description: null,
  content: JSON.stringify(stored),
  fields: {
    releaseDate: null,
    publisherId: null,
    labelId: null,
    magazineId: null,
    genreId: null,
    categoryId: null,
    tags: [],
    names: {},
  },
};

const EMPTY_FIELDS = page.fields;

async function mount(mayWrite = true) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? "null"));
    sent.push({ url: String(url), body });
    const answer = String(url).includes("/preview")
      ? {
          result: true,
          preview: {
            visitor: [{ columns: [{ blocks: [{ type: "header", text: "訪問者に見える" }] }] }],
            member: [{ columns: [{ blocks: [{ type: "header", text: "会員に見える" }] }] }],
            paid: [{ columns: [{ blocks: [{ type: "header", text: "購入者に見える" }] }] }],
            fields: EMPTY_FIELDS,
          },
        }
      : {
          result: true,
          page: { ...page, content: body.content, updated_at: "2026-11-27T04:00:00.000Z" },
        };
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  });
  const router = createMemoryRouter(
    [
      {
        path: "/ops/topics/winter",
        element: <TopicPageEditor page={page} mayWrite={mayWrite} />,
        loader: () => null,
      },
    ],
    { initialEntries: ["/ops/topics/winter"] },
  );
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<RouterProvider router={router} />));
  const all = <T extends Element>(s: string) => [...container.querySelectorAll<T>(s)];
  const button = (name: string | RegExp) =>
    all<HTMLButtonElement>("button").find((b) =>
      typeof name === "string" ? b.textContent === name : name.test(b.textContent ?? ""),
    )!;
  const labelled = <T extends HTMLElement>(name: string) => {
    const label = all<HTMLLabelElement>("label").find((l) => l.textContent?.startsWith(name))!;
    return (label.control ?? label.querySelector("input,select,textarea")) as T;
  };
  const setValue = (
    element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
    value: string,
  ) =>
    act(() => {
      const proto = Object.getPrototypeOf(element);
      Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(element, value);
      element.dispatchEvent(
        new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
      );
    });
  const click = (element: HTMLElement) => act(() => element.click());
  /** The JSON tab's text, then back to the visual tab. */
  const json = () => {
    click(button("JSON（上級者向け）"));
    const text = container.querySelector<HTMLTextAreaElement>("#topics-json")!.value;
    click(button("ビジュアル編集"));
    return JSON.parse(text);
  };
  const flush = () => act(async () => vi.advanceTimersByTime(500));
  return { container, all, button, labelled, setValue, click, json, sent, flush };
}

describe("the visual topic page editor", () => {
  it("offers every block type of spec 000 in the palette, by its Japanese name", async () => {
    const { all } = await mount();
    const offered = all<HTMLButtonElement>(".topics-palette__item").map((b) => b.textContent);
    expect(offered).toHaveLength(TOPIC_BLOCK_TYPES.length);
    expect(new Set(BLOCK_KINDS.map((k) => k.type))).toEqual(new Set(TOPIC_BLOCK_TYPES));
    expect(offered).toContain("＋ 見出し");
    expect(offered).toContain("＋ アコーディオン本文");
  });

  it("shows the page's blocks and gives back the stored JSON untouched, unknown parts too", async () => {
    const { all, json } = await mount();
    const listed = all(".topics-block__type").map((e) => e.textContent);
    expect(listed).toEqual(["見出し", "本文", "未対応のブロック（sparkle）"]);
    expect(json()).toEqual(stored);
  });

  it("adds a block from the palette after the chosen one, edits its fields as a form", async () => {
    const { button, labelled, setValue, click, json } = await mount();
    click(button(/^見出し/));
    click(button("＋ 本文"));
    setValue(labelled<HTMLTextAreaElement>("本文（HTML）"), "<p>会員さま限定</p>");
    expect(json()[0].columns[0].blocks[1]).toEqual({ type: "text", html: "<p>会員さま限定</p>" });
  });

  it("says who sees a block with boxes, writes the marker, and refuses what no marker says", async () => {
    const { all, button, labelled, click, json, container } = await mount();
    // Coming back from the JSON tab reads the content anew, so the block is chosen again.
    const box = (name: string) => {
      click(button(/^本文/));
      click(labelled<HTMLInputElement>(name));
    };
    box("訪問者（未ログイン）");
    expect(container.querySelector(".topics-badge")?.textContent).toBe("会員・購入者のみ");
    expect(json()[0].columns[0].blocks[1].class).toBe("loginOnly");
    box("会員（購入なし）");
    expect(json()[0].columns[0].blocks[1].class).toBe("paidOnly");
    box("訪問者（未ログイン）");
    expect(
      all('[role="alert"]')
        .map((e) => e.textContent)
        .join(""),
    ).toMatch(/組み合わせは指定できません/);
    expect(json()[0].columns[0].blocks[1].class).toBe("paidOnly");
    click(button(/^本文/));
    click(button("条件を追加"));
    expect(json()[0].columns[0].blocks[1].class).toBe("paidOnly newUserOnly");
  });

  it("inserts a placeholder chosen from the list into the field", async () => {
    const { button, labelled, setValue, click, json, container } = await mount();
    click(button(/^見出し/));
    const select = container.querySelector<HTMLSelectElement>(".topics-placeholders select")!;
    setValue(select, "3");
    click(button("「見出しの文字」に挿入"));
    expect(labelled<HTMLInputElement>("見出しの文字").value).toContain("{this_month}");
    expect(json()[0].columns[0].blocks[0].text).toMatch(/\{this_month\}/);
  });

  it("moves a block with the ↑↓ buttons", async () => {
    const { all, button, click, json } = await mount();
    click(button(/^本文/));
    click(all<HTMLButtonElement>('[aria-label="本文を上へ"]')[0]!);
    expect(json()[0].columns[0].blocks.map((b: { type: string }) => b.type)).toEqual([
      "text",
      "header",
      "sparkle",
    ]);
  });

  it("previews the content as three audiences, and saves it with the time it opened", async () => {
    const { button, sent, flush, container } = await mount();
    await flush();
    const preview = sent.find((s) => s.url.includes("/preview"))!;
    expect(preview.body).toMatchObject({ page_type: "topic", page_name: "winter" });
    expect(JSON.parse(String(preview.body.content))).toEqual(stored);
    for (const [who, text] of [
      ["visitor", "訪問者に見える"],
      ["member", "会員に見える"],
      ["paid", "購入者に見える"],
    ]) {
      expect(container.querySelector(`[data-testid="preview-${who}"]`)?.textContent).toContain(
        text,
      );
    }
    await act(async () => button("保存する").click());
    const save = sent.find((s) => s.url === "/api/ops/topic-pages/winter?type=topic")!;
    expect(save.body).toMatchObject({ title: "冬の特集", seen_updated_at: page.updated_at });
    expect(JSON.parse(String(save.body.content))).toEqual(stored);
    expect(container.textContent).toContain("保存しました。下書きのため");
  });

  it("without content.write shows the page and preview but no save, publish or palette", async () => {
    const { all, button } = await mount(false);
    expect(button("保存する")).toBeUndefined();
    expect(button("公開する")).toBeUndefined();
    expect(all<HTMLButtonElement>(".topics-palette__item").every((b) => b.disabled)).toBe(true);
  });
});
