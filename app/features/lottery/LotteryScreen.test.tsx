// @vitest-environment jsdom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  LotteryPlayAnswer,
  LotteryPrizeView,
  LotteryStatus,
  LotteryView,
} from "../../../contract/lottery";
import { LotteryScreen } from "./LotteryScreen";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
});

const prize = (over: Partial<LotteryPrizeView>): LotteryPrizeView => ({
  name: "1等",
  rank: 1,
  img: null,
  description: null,
  point: 0,
  coupon_id: null,
  item_id: null,
  ...over,
});

const lottery: LotteryView = {
  name: "winter",
  title: "冬の運試し抽選会",
  img: "/media/lottery/winter.png",
  upper_page_content: "<p>毎日引ける！</p>",
  lower_page_content: "<p>注意事項</p>",
  share_url: "/lottery/winter",
  start_date: "2026-12-01",
  end_date: "2026-12-25",
  prizes: [
    prize({ name: "1等", point: 1000 }),
    prize({ name: "2等", rank: 2, coupon_id: 55 }),
    prize({ name: "3等", rank: 3, item_id: 901 }),
  ],
};

const canPlay: LotteryStatus = { play_condition_type: 1, can_play: true, message: null };

/** The page at /lottery/winter?from=menu; /api/lottery/winter/play answers `answer`. */
function mount(
  status: LotteryStatus | null,
  answer: Omit<Partial<LotteryPlayAnswer>, "result"> & { result: boolean } = { result: false },
  view: LotteryView = lottery,
) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body ?? "null")) });
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  });
  const router = createMemoryRouter(
    [
      {
        path: "/lottery/:name",
        element: <LotteryScreen data={{ result: true, lottery: view, status }} />,
      },
    ],
    { initialEntries: ["/lottery/winter?from=menu"] },
  );
  const container = document.createElement("div");
  root = createRoot(container);
  act(() => root!.render(<RouterProvider router={router} />));
  const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;
  const button = () =>
    [...container.querySelectorAll("button")].find((b) => b.textContent === "抽選する") ?? null;
  return { container, text, button, sent };
}

describe("a lottery page", () => {
  it("shows its title, image, content, period as YYYY/MM/DD and the prizes with what each gives", () => {
    const { container, text } = mount(canPlay);
    expect(text("h1")).toBe("冬の運試し抽選会");
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("冬の運試し抽選会");
    expect(text('[data-testid="lottery-upper"]')).toBe("毎日引ける！");
    expect(text('[data-testid="lottery-lower"]')).toBe("注意事項");
    expect(text(".lottery__period")).toBe("開催期間：2026/12/01〜2026/12/25");
    expect(text("#prizes-title")).toBe("賞品");
    const prizes = [...container.querySelectorAll(".lottery__prizes li")].map(
      (li) => li.textContent,
    );
    expect(prizes).toEqual(["1等1,000ポイント", "2等クーポン", "3等作品1冊"]);
  });

  it("an open-ended lottery shows only its start; one without prizes has no 賞品", () => {
    const { text } = mount(canPlay, undefined, { ...lottery, end_date: null, prizes: [] });
    expect(text(".lottery__period")).toBe("開催期間：2026/12/01〜");
    expect(text("#prizes-title")).toBeNull();
  });

  it("asks a visitor to log in, coming back to this very address", () => {
    const { container, text, button } = mount(null);
    expect(text(".lottery__condition")).toBe("抽選にはログインが必要です");
    expect(button()).toBeNull();
    const link = [...container.querySelectorAll("a")].find(
      (a) => a.textContent === "ログインして抽選する",
    );
    expect(link?.getAttribute("href")).toBe(
      `/login?return_to=${encodeURIComponent("/lottery/winter?from=menu")}`,
    );
  });

  it("tells a member how often they may draw, for each condition", () => {
    const texts = ([1, 2, 3] as const).map((t) => {
      const { text } = mount({ play_condition_type: t, can_play: true, message: null });
      const shown = text(".lottery__condition");
      act(() => root?.unmount());
      root = null;
      return shown;
    });
    expect(texts).toEqual([
      "1日1回抽選できます",
      "期間中1回抽選できます",
      "作品を1回購入するごとに1回抽選できます",
    ]);
  });

  it("a member who may not draw now sees 抽選する disabled and the shop's reason", () => {
    const { button, text } = mount({
      play_condition_type: 1,
      can_play: false,
      message: "本日の抽選は終了しました",
    });
    expect(button()?.disabled).toBe(true);
    expect(text('[data-testid="lottery-refusal"]')).toBe("本日の抽選は終了しました");
  });

  it("a member who may draw gets an enabled 抽選する and no refusal", () => {
    const { button, text } = mount(canPlay);
    expect(button()?.disabled).toBe(false);
    expect(text('[data-testid="lottery-refusal"]')).toBeNull();
  });

  it("shares the lottery on X with its title and absolute address", () => {
    const { container } = mount(canPlay);
    const x = [...container.querySelectorAll("a")].find((a) => a.textContent === "Xでシェア");
    const href = new URL(x!.getAttribute("href")!);
    expect(href.origin + href.pathname).toBe("https://twitter.com/intent/tweet");
    expect(href.searchParams.get("text")).toBe("冬の運試し抽選会");
    expect(href.searchParams.get("url")).toBe(`${window.location.origin}/lottery/winter`);
    expect(x!.getAttribute("rel")).toBe("noopener noreferrer");
  });
});

describe("the page as the server sends it", () => {
  it("gives X the absolute address once the server's page has hydrated", async () => {
    const page = () => {
      const router = createMemoryRouter(
        [
          {
            path: "/lottery/:name",
            element: <LotteryScreen data={{ result: true, lottery, status: canPlay }} />,
          },
        ],
        { initialEntries: ["/lottery/winter"] },
      );
      return <RouterProvider router={router} />;
    };
    // On the server there is no window: the page goes out with the stored path.
    vi.stubGlobal("window", undefined);
    const html = renderToString(page());
    vi.unstubAllGlobals();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    const x = [...container.querySelectorAll("a")].find((a) => a.textContent === "Xでシェア");
    const href = new URL(x!.getAttribute("href")!);
    expect(href.searchParams.get("url")).toBe(`${window.location.origin}/lottery/winter`);
    container.remove();
  });
});

describe("drawing", () => {
  it("sends the condition, shows 抽選中…, then the prize and where it was delivered", async () => {
    const { button, text, sent } = mount(canPlay, {
      result: true,
      prize: prize({ name: "1等", description: "おめでとうございます", point: 1000 }),
      present_id: 7,
      status: { play_condition_type: 1, can_play: false, message: "本日の抽選は終了しました" },
    });
    let drawing: Promise<void> | undefined;
    act(() => {
      drawing = Promise.resolve(button()!.click());
    });
    expect(text('[role="status"]')).toBe("抽選中…");
    expect(button()?.disabled).toBe(true);
    await act(async () => {
      await drawing;
      await new Promise((resolve) => setTimeout(resolve, 1600));
    });
    expect(sent).toEqual([{ url: "/api/lottery/winter/play", body: { condition_type: 1 } }]);
    expect(text(".lottery__result-name")).toBe("1等");
    expect(text('[data-testid="lottery-result"]')).toContain("おめでとうございます");
    expect(text(".lottery__result-note")).toBe(
      "1,000ポイントをプレゼントボックスにお届けしました。メニューのプレゼントボックスから受け取ってください。",
    );
    expect(button()?.disabled).toBe(true);
    expect(text('[data-testid="lottery-refusal"]')).toBe("本日の抽選は終了しました");
  }, 10_000);

  it("a blank says はずれ with no delivery note", async () => {
    const { button, text } = mount(canPlay, {
      result: true,
      prize: null,
      present_id: null,
      status: { play_condition_type: 2, can_play: false, message: null },
    });
    await act(async () => {
      button()!.click();
      await new Promise((resolve) => setTimeout(resolve, 1600));
    });
    expect(text(".lottery__result-name")).toBe("はずれ");
    expect(text(".lottery__result-note")).toBeNull();
  }, 10_000);
});
