import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type AppLoadContext, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { NewsDetail, NewsListAnswer, NewsListItem } from "../../../contract/news";
import { NewsDetailScreen, NewsListScreen } from "./NewsScreens";
import { loadNewsDetail } from "./news.server";

const item = (id: number, over: Partial<NewsListItem> = {}): NewsListItem => ({
  m_news_id: id,
  title: `年末年始のお知らせ${id}`,
  important_flag: false,
  published_at: "2026-11-20 10:00",
  new_flag: false,
  read_flag: false,
  ...over,
});

const list = (over: Partial<NewsListAnswer> = {}): NewsListAnswer => ({
  result: true,
  news: [item(3), item(2)],
  page: 1,
  last_page: 1,
  total: 2,
  ...over,
});

const html = (node: ReactNode) =>
  renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(' data-discover="true"', "");

describe("/news, the list of notices", () => {
  it("is titled お知らせ and says お知らせはありません when there is none", () => {
    const out = html(<NewsListScreen answer={list({ news: [], total: 0 })} />);
    expect(out).toContain('<h1 id="news-title" class="news__title">お知らせ</h1>');
    expect(out).toContain("お知らせはありません");
    expect(out).not.toContain("news-list");
  });

  it("links each notice to /news_detail?id= with its date as YYYY/MM/DD and its title", () => {
    const out = html(<NewsListScreen answer={list()} />);
    expect(out).toContain('href="/news_detail?id=3"');
    expect(out).toContain('href="/news_detail?id=2"');
    expect(out).toContain('<span class="news__date">2026/11/20</span>');
    expect(out).toContain('<span class="news__item-title">年末年始のお知らせ3</span>');
    expect(out).not.toContain("お知らせはありません");
    expect(out.indexOf("id=3")).toBeLessThan(out.indexOf("id=2"));
  });

  it("marks NEW only a notice of the last 7 days this browser has not opened", () => {
    const out = html(
      <NewsListScreen
        answer={list({
          news: [
            item(1, { new_flag: true, read_flag: false }),
            item(2, { new_flag: true, read_flag: true }),
            item(3, { new_flag: false, read_flag: false }),
          ],
        })}
      />,
    );
    expect(out.match(/data-testid="news-new">NEW</g)?.length).toBe(1);
    expect(out).toMatch(/id=1"[^>]*><span class="news__date">2026\/11\/20<span[^>]*>NEW<\/span>/);
  });

  it("has no pager for one page", () => {
    expect(html(<NewsListScreen answer={list()} />)).not.toContain('aria-label="ページ"');
  });

  it("pages with 前へ and 次へ and shows page / last, neither past the ends", () => {
    const middle = html(<NewsListScreen answer={list({ page: 2, last_page: 3 })} />);
    expect(middle).toContain('<a href="/news?page=1">前へ</a>');
    expect(middle).toContain('<a href="/news?page=3">次へ</a>');
    expect(middle).toContain("<span>2 / 3</span>");
    const first = html(<NewsListScreen answer={list({ page: 1, last_page: 3 })} />);
    expect(first).not.toContain("前へ");
    expect(first).toContain('<a href="/news?page=2">次へ</a>');
    const last = html(<NewsListScreen answer={list({ page: 3, last_page: 3 })} />);
    expect(last).toContain('<a href="/news?page=2">前へ</a>');
    expect(last).not.toContain("次へ");
  });
});

const detail: NewsDetail = {
  m_news_id: 3,
  title: "メンテナンスのお知らせ",
  body: '<p>12/1 2:00〜4:00 はご利用いただけません。</p><p><a href="/help">ヘルプ</a></p>',
  published_at: "2026-11-28 09:30",
  new_flag: false,
  important_flag: false,
};

describe("/news_detail, one notice", () => {
  it("shows the date, the title as heading, the body's markup and a way back to the list", () => {
    const out = html(<NewsDetailScreen detail={detail} />);
    expect(out).toContain('<p class="news__date">2026/11/28</p>');
    expect(out).toContain(
      '<h1 id="news-detail-title" class="news__title">メンテナンスのお知らせ</h1>',
    );
    expect(out).toContain("<p>12/1 2:00〜4:00 はご利用いただけません。</p>");
    expect(out).toContain('<a href="/help">ヘルプ</a>');
    expect(out).toContain('<a href="/news">お知らせ一覧へ戻る</a>');
  });

  it("marks a notice of the last 7 days NEW", () => {
    expect(html(<NewsDetailScreen detail={{ ...detail, new_flag: true }} />)).toContain(
      '2026/11/28<span class="news__new">NEW</span>',
    );
    expect(html(<NewsDetailScreen detail={detail} />)).not.toContain("NEW");
  });

  it("escapes the title: markup in it is text", () => {
    const out = html(<NewsDetailScreen detail={{ ...detail, title: "<script>x()</script>" }} />);
    expect(out).not.toContain("<script>");
    expect(out).toContain("&lt;script&gt;x()&lt;/script&gt;");
  });
});

describe("the notice page's address", () => {
  it("a detail address without an id sends the reader to /news", async () => {
    const answer = await loadNewsDetail(
      {} as AppLoadContext,
      new Request("https://komaya.example/news_detail"),
    ).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/news");
  });
});
