import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { CampaignEntry } from "../../../contract/campaign";
import type { PolicyType } from "../../../contract/items";
import { CampaignBanner } from "./CampaignBanner";
import { CampaignGrid } from "./CampaignGrid";
import { CampaignMarkup, Pager, TabLinks } from "./ListParts";
import { FEATURES_PER_PAGE, filterParam, genreParam, pageParam } from "./list-params";

const at = (query: string) => new URL(`https://komaya.example/otoku${query}`);

function html(node: ReactNode) {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll(
    ' data-discover="true"',
    "",
  );
}

describe("query values of the campaign lists: unknown ones are ignored, never an error page", () => {
  it("genre: one of the store's genres, else none", () => {
    expect(genreParam(at("?genre=4"))).toBe(4);
    expect(genreParam(at("?genre=21"))).toBe(21);
    for (const bad of ["", "?genre=", "?genre=7", "?genre=0", "?genre=abc", "?genre=4.0x"]) {
      expect(genreParam(at(bad))).toBeNull();
    }
  });

  it("page: a whole number from 1 to 10000, anything else is page 1", () => {
    expect(pageParam(at("?page=3"))).toBe(3);
    expect(pageParam(at("?page=10000"))).toBe(10_000);
    for (const bad of [
      "",
      "?page=0",
      "?page=-2",
      "?page=2.5",
      "?page=10001",
      "?page=1e9",
      "?page=x",
    ]) {
      expect(pageParam(at(bad))).toBe(1);
    }
  });

  it("page under another key (pn) when the list names it so", () => {
    expect(pageParam(at("?pn=4&page=2"), "pn")).toBe(4);
    expect(pageParam(at("?page=2"), "pn")).toBe(1);
  });

  it("filter: 1 新着, 2 まもなく終了, 3 無料, 4 SALE, anything else none", () => {
    for (const f of [1, 2, 3, 4]) expect(filterParam(at(`?filter=${f}`))).toBe(f);
    for (const bad of ["", "?filter=0", "?filter=5", "?filter=toString", "?filter=constructor"]) {
      expect(filterParam(at(bad))).toBeNull();
    }
  });

  it("/feature pages hold 12 articles", () => {
    expect(FEATURES_PER_PAGE).toBe(12);
  });
});

const banner = {
  campaign_id: 40,
  name: "冬のBLフェア",
  img: "/media/campaign/40.png",
  url: "/campaign/40",
};

describe("a campaign banner", () => {
  it("leads to its campaign page with its name as a heading", () => {
    const out = html(<CampaignBanner campaign={banner} policies={[]} />);
    expect(out).toMatch(/^<a class="campaign-banner" href="\/campaign\/40">/);
    expect(out).toContain('<h3 class="campaign-banner__name">冬のBLフェア</h3>');
    expect(out).toContain('width="702" height="240"');
    expect(html(<CampaignBanner campaign={banner} policies={[]} headingLevel={2} />)).toContain(
      "<h2",
    );
  });

  it("names its benefits once each, with クーポン first for a coupon campaign", () => {
    const policies: PolicyType[] = [101, 104, 105, 102];
    const out = html(
      <CampaignBanner campaign={{ ...banner, coupon_flag: true }} policies={policies} />,
    );
    const labels = [...out.matchAll(/campaign-banner__label">([^<]*)</g)].map((m) => m[1]);
    expect(labels).toEqual(["クーポン", "SALE", "立ち読み増量", "無料"]);
    const member = html(<CampaignBanner campaign={banner} policies={[103, 106]} />);
    expect(member).toContain(">会員無料<");
    expect(member).toContain(">特典<");
  });

  it("shows the end as MM/DDまで, preferring the label the server wrote; open-ended shows none", () => {
    expect(
      html(<CampaignBanner campaign={{ ...banner, end_date: "2026-12-05 23:59" }} policies={[]} />),
    ).toContain('<span class="campaign-banner__end">12/05まで</span>');
    expect(
      html(
        <CampaignBanner
          campaign={{ ...banner, end_date: "2026-12-05 23:59", end_date_label: "12/5まで" }}
          policies={[]}
        />,
      ),
    ).toContain(">12/5まで<");
    expect(
      html(<CampaignBanner campaign={{ ...banner, end_date: "" }} policies={[]} />),
    ).not.toContain("campaign-banner__end");
  });

  it("an outside http(s) address is a plain link; a javascript: one is no link at all", () => {
    const outside = html(
      <CampaignBanner campaign={{ ...banner, url: "https://example.com/fair" }} policies={[]} />,
    );
    expect(outside).toContain(
      '<a class="campaign-banner" href="https://example.com/fair" rel="noopener">',
    );
    for (const url of ["javascript:alert(1)", "//evil.example/x", "/\\evil.example"]) {
      const out = html(<CampaignBanner campaign={{ ...banner, url }} policies={[]} />);
      expect(out).not.toContain("<a ");
      expect(out).toMatch(/^<span class="campaign-banner">/);
    }
  });
});

const entry = (id: number, over: Partial<CampaignEntry> = {}): CampaignEntry => ({
  campaign_id: id,
  name: `キャンペーン${id}`,
  description: "",
  img: `/media/campaign/${id}.png`,
  action_url: null,
  url: `/campaign/${id}`,
  genre_id: [1],
  coupon_flag: false,
  info_flag: false,
  new_flag: false,
  free_flag: false,
  sale_flag: false,
  trial_flag: false,
  moment_flag: false,
  ending_flag: false,
  start_date: "2026-11-01 00:00",
  end_date: "2026-11-30 23:59",
  end_date_label: "11/30まで",
  policies: [],
  pickup_more_url: null,
  pickup_display_number: 6,
  ...over,
});

describe("the campaign grid", () => {
  it("says 対象の作品はありません when there is no campaign", () => {
    expect(html(<CampaignGrid campaigns={[]} />)).toBe(
      '<p class="empty">対象の作品はありません</p>',
    );
  });

  it("shows one banner per campaign, in order, with its benefits", () => {
    const out = html(
      <CampaignGrid
        campaigns={[
          entry(1, { policies: [{ policy_type: 101 } as CampaignEntry["policies"][number]] }),
          entry(2),
        ]}
      />,
    );
    expect(out.match(/<li>/g)?.length).toBe(2);
    expect(out.indexOf('href="/campaign/1"')).toBeLessThan(out.indexOf('href="/campaign/2"'));
    expect(out).toContain(">SALE<");
    expect(out).toContain(">11/30まで<");
  });
});

describe("the pager", () => {
  const href = (p: number) => `/otoku?genre=4&page=${p}`;
  const pattern = (page: number, total_page: number) => ({
    page,
    total_page,
    limit: 20,
    offset: (page - 1) * 20,
    hit: total_page * 20,
  });

  it("is not shown for a single page", () => {
    expect(html(<Pager pattern={pattern(1, 1)} href={href} />)).toBe("");
    expect(html(<Pager pattern={pattern(1, 0)} href={href} />)).toBe("");
  });

  it("shows two pages either side of the current one, which is not a link", () => {
    const out = html(<Pager pattern={pattern(5, 9)} href={href} />);
    const numbers = [...out.matchAll(/>(\d+)</g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([3, 4, 5, 6, 7]);
    expect(out).toContain('<span aria-current="page">5</span>');
    expect(out).toContain('<a href="/otoku?genre=4&amp;page=4">4</a>');
  });

  it("offers 前のページ and 次のページ, keeping the other keys, but not past either end", () => {
    const middle = html(<Pager pattern={pattern(5, 9)} href={href} />);
    expect(middle).toContain(
      '<a rel="prev" aria-label="前のページ" href="/otoku?genre=4&amp;page=4">',
    );
    expect(middle).toContain(
      '<a rel="next" aria-label="次のページ" href="/otoku?genre=4&amp;page=6">',
    );
    const first = html(<Pager pattern={pattern(1, 9)} href={href} />);
    expect(first).not.toContain("前のページ");
    expect([...first.matchAll(/>(\d+)</g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
    const last = html(<Pager pattern={pattern(9, 9)} href={href} />);
    expect(last).not.toContain("次のページ");
    expect([...last.matchAll(/>(\d+)</g)].map((m) => Number(m[1]))).toEqual([7, 8, 9]);
  });
});

describe("tab links", () => {
  it("marks the current tab and shows counts when given", () => {
    const out = html(
      <TabLinks
        label="絞り込み"
        tabs={[
          { key: "all", href: "/otoku", text: "すべて", current: true },
          { key: "1", href: "/otoku?filter=1", text: "新着", count: 3, current: false },
        ]}
      />,
    );
    expect(out).toContain('<nav aria-label="絞り込み">');
    expect(out).toContain('<a aria-current="page" href="/otoku">すべて</a>');
    expect(out).toContain(
      '<a href="/otoku?filter=1">新着<span class="filter-tabs__count">3</span></a>',
    );
  });
});

describe("campaign descriptions", () => {
  it("keep <b> and <br> as elements", () => {
    expect(html(<CampaignMarkup text="全巻<b>半額</b>！<br>11/30まで" />)).toBe(
      "全巻<strong>半額</strong>！<br/>11/30まで",
    );
    expect(html(<CampaignMarkup text="<strong>無料</strong><BR />" />)).toBe(
      "<strong>無料</strong><br/>",
    );
  });

  it("never let other markup through: scripts, handlers and links become plain text", () => {
    const out = html(
      <CampaignMarkup
        text={
          '<script>alert(1)</script><b onclick="x()">太字</b><a href="javascript:x">リンク</a><img src=x onerror=alert(1)>'
        }
      />,
    );
    expect(out).not.toMatch(/<(script|a|img|b)[\s>]/i);
    expect(out).not.toContain("onclick");
    expect(out).not.toContain("onerror");
    expect(out).toBe("alert(1)太字リンク");
  });
});
