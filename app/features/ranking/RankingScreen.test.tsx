// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { SeriesItem } from "../../../contract/items";
import { shellAnswer } from "../../../contract/page-clock";
import { type SessionStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { RankingScreen } from "./RankingScreen";
import type { RankingPage } from "./ranking.server";

const series = (rank: number, name: string): SeriesItem => ({
  series_id: 100 + rank,
  book_id: 1000 + rank,
  item_id: 2000 + rank,
  series_name: name,
  name,
  title: name,
  url: `/series/${100 + rank}`,
  img: `/media/series/${100 + rank}/cover.png`,
  latest_cover: `/media/series/${100 + rank}/cover.png`,
  cover: `/media/series/${100 + rank}/cover.png`,
  volume: 1,
  volume_count: 3,
  volume_count_own: 0,
  author: "桜井ミナ",
  description: "",
  introduction: "",
  rating_average: 4.2,
  rating_count: 12,
  appeal_tags: [],
  feature_tag: "",
  genres: [{ genre_id: 2, name: "少女・女性" }],
  authors: [{ author_id: 1, name: "桜井ミナ" }],
  final_flag: false,
  new_flag: false,
  free_flag: false,
  member_free_flag: false,
  onsale_flag: false,
  get_flag: false,
  cart_flag: false,
  favorite_flag: false,
  notification_flag: false,
  coupon_flag: false,
  appeal_cp_flag: false,
  trial_increase_flag: false,
  sale_pct: 0,
  free_count: 0,
  trial_page_count: 0,
  pub_campaign_id: null,
  campaign_end_date: "",
  coupon_end_date: "",
  cp_end_date_label: "",
  item_start_date: "2026-01-01",
  continue_cid: "",
  rank,
  policy_type: null,
  price: 600,
  price_inc: 660,
});

const status = { is_login: false, today: "20261124", ctrl_group: 1 } as SessionStatus;

function dom(page: Partial<RankingPage>, pagetype: 1 | 2 = 1, path = "/ranking"): HTMLElement {
  const shown: RankingPage = {
    tp: 2,
    genre: 1,
    answer: {
      data: [series(1, "魔王の花嫁"), series(2, "月夜の契約"), series(4, "恋と花嫁")],
      pattern: { page: 1, total_page: 1, limit: 3, offset: 0, hit: 3, genre: 1, type: 2, pagetype },
    },
    ...page,
  };
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <ShellStateProvider answer={shellAnswer(status, structuredClone(VISITOR_USER_STATUS))}>
        <RankingScreen page={shown} pagetype={pagetype} />
      </ShellStateProvider>
    </MemoryRouter>,
  );
  return container;
}

const tabs = (page: HTMLElement, label: string) =>
  [...page.querySelectorAll(`nav[aria-label="${label}"] a`)].map((a) => ({
    label: a.textContent,
    href: a.getAttribute("href"),
    current: a.getAttribute("aria-current") === "page",
  }));

describe("the ranking page", () => {
  it("has period tabs daily, weekly, monthly that keep the genre, the chosen one marked", () => {
    expect(tabs(dom({ tp: 2, genre: 4 }), "集計期間")).toEqual([
      { label: "デイリー", href: "/ranking?tp=1&genre=4", current: false },
      { label: "週間", href: "/ranking?tp=2&genre=4", current: true },
      { label: "月間", href: "/ranking?tp=3&genre=4", current: false },
    ]);
  });

  it("has a tab per genre except ボイスドラマ (no comic ranking), keeping the period", () => {
    const genres = tabs(dom({ tp: 3, genre: 4 }), "ジャンル");
    expect(genres.map((g) => g.label)).toEqual([
      "総合",
      "少女・女性",
      "TL",
      "BL",
      "少年・青年",
      "メンズ",
      "タテヨミ",
    ]);
    expect(genres.find((g) => g.current)).toEqual({
      label: "BL",
      href: "/ranking?tp=3&genre=4",
      current: true,
    });
    expect(genres[0]!.href).toBe("/ranking?tp=3&genre=1");
  });

  it("says what was counted over which period", () => {
    const note = (tp: 1 | 2 | 3, pagetype: 1 | 2) =>
      dom({ tp }, pagetype).querySelector(".ranking-page__note")?.textContent;
    expect(note(1, 1)).toBe("過去24時間の購入数と閲覧数で集計しています。");
    expect(note(2, 1)).toBe("過去7日間の購入数と閲覧数で集計しています。");
    expect(note(3, 2)).toBe("過去30日間の無料巻の閲覧数で集計しています。");
  });

  it("is titled ランキング or 無料ランキング, each linking to the other", () => {
    const paid = dom({});
    expect(paid.querySelector("h1")?.textContent).toBe("ランキング");
    expect(paid.querySelector("a.ranking-page__switch")?.getAttribute("href")).toBe(
      "/free_ranking",
    );
    const free = dom({}, 2, "/free_ranking");
    expect(free.querySelector("h1")?.textContent).toBe("無料ランキング");
    expect(free.querySelector("a.ranking-page__switch")?.textContent).toBe("総合ランキングへ");
    expect(tabs(free, "集計期間")[0]!.href).toBe("/free_ranking?tp=1&genre=1");
  });

  it("lists the series in rank order, each read out as 第n位, the top three set apart", () => {
    const rows = [...dom({}).querySelectorAll(".ranking-list > li")];
    expect(rows.map((r) => r.querySelector(".ranking-row__rank")?.textContent)).toEqual([
      "第1位",
      "第2位",
      "第4位",
    ]);
    expect(rows.map((r) => r.querySelector(".ranking-row__rank")?.className)).toEqual([
      "ranking-row__rank ranking-row__rank--1",
      "ranking-row__rank ranking-row__rank--2",
      "ranking-row__rank ranking-row__rank--other",
    ]);
    expect(rows[0]!.textContent).toContain("魔王の花嫁");
  });

  it("says so when no series qualifies", () => {
    const empty = dom({
      answer: {
        data: [],
        pattern: {
          page: 1,
          total_page: 0,
          limit: 3,
          offset: 0,
          hit: 0,
          genre: 3,
          type: 1,
          pagetype: 1,
        },
      },
    });
    expect(empty.textContent).toContain("対象の作品はありません");
    expect(empty.querySelector(".ranking-list")).toBeNull();
  });
});
