import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReaderBook, ReaderNextBook } from "../../../contract/reader";
import { ReaderEnd } from "./ReaderEnd";

const base: ReaderBook = {
  book: {
    book_id: 501,
    series_id: 9,
    series_title: "雨宿りのプリンセス",
    title: "雨宿りのプリンセス（2）",
    volume: 2,
    page_count: 120,
    vertical: false,
    cover_url: "/media/books/501/cover.png",
    width: 720,
    height: 1024,
  },
  entitlement: "trial",
  readable_pages: 12,
  pages: [],
  position: null,
  direction: "rtl",
  offer: null,
  next_book: null,
  my_rating: null,
  is_login: false,
  bookmarks: [],
};

const next: ReaderNextBook = {
  book_id: 502,
  series_id: 9,
  title: "雨宿りのプリンセス（3）",
  volume: 3,
  cover_url: "/media/books/502/cover.png",
  button: "read",
  price: 715,
  item_id: 1502,
};

function render(reader: ReaderBook, kind: "trial" | "volume") {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ReaderEnd
        reader={reader}
        kind={kind}
        seriesUrl="/series/9"
        onRestart={() => {}}
        canRestart
      />
    </MemoryRouter>,
  );
}

describe("the end of a trial", () => {
  it("offers buying: 購入する, カートに入れる and the price with tax", () => {
    const html = render(
      {
        ...base,
        offer: { kind: "buy", book_id: 501, item_id: 1501, price: 715, in_cart: false },
      },
      "trial",
    );
    expect(html).toContain("試し読みはここまで");
    expect(html).toContain('href="/order/1501"');
    expect(html).toContain(">購入する<");
    expect(html).toContain(">カートに入れる<");
    expect(html).toContain("715");
    expect(html).not.toContain("会員登録で無料で読む");
  });

  it("leads to the cart when the volume is in it already", () => {
    const html = render(
      { ...base, offer: { kind: "buy", book_id: 501, item_id: 1501, price: 715, in_cart: true } },
      "trial",
    );
    expect(html).toContain(">購入手続きへ<");
    expect(html).not.toContain(">カートに入れる<");
  });

  it("offers a visitor sign-up for a member-free volume, not buying", () => {
    const html = render(
      {
        ...base,
        offer: { kind: "signup", book_id: 501, item_id: 1501, price: null, in_cart: false },
      },
      "trial",
    );
    // Sign-up brings the new member back to this volume, to read it free.
    const back = encodeURIComponent("/viewer/speed.html?cid=501&series=9&_rs=free");
    expect(html).toContain(`href="/signup?return_to=${back}"`);
    expect(html).toContain(">会員登録で無料で読む<");
    expect(html).not.toContain("購入する");
  });

  it("says what opens a volume with no trial pages", () => {
    const none = { ...base, entitlement: "none" as const, readable_pages: 0 };
    const signup = render(
      {
        ...none,
        offer: { kind: "signup", book_id: 501, item_id: 1501, price: null, in_cart: false },
      },
      "trial",
    );
    expect(signup).toContain("この巻は会員登録で無料で読めます");
    expect(signup).not.toContain("試し読みはここまで");
    const buy = render(
      { ...none, offer: { kind: "buy", book_id: 501, item_id: 1501, price: 715, in_cart: false } },
      "trial",
    );
    expect(buy).toContain("この巻は購入すると読めます");
  });

  it("always leads back to the series", () => {
    expect(render(base, "trial")).toContain('href="/series/9"');
  });
});

describe("the end of a volume", () => {
  const volumeEnd = (button: ReaderNextBook["button"], isLogin = true) =>
    render(
      { ...base, entitlement: "owned", is_login: isLogin, next_book: { ...next, button } },
      "volume",
    );

  it("lets a member rate it 1 to 5, and not a visitor", () => {
    const html = volumeEnd("read");
    for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`aria-label="${n}点"`);
    expect(volumeEnd("read", false)).not.toContain('aria-label="1点"');
  });

  it("offers the next volume with the button its state calls for", () => {
    expect(volumeEnd("read")).toContain('href="/viewer/speed.html?cid=502&amp;series=9">読む<');
    expect(volumeEnd("free_read")).toContain(
      'href="/viewer/speed.html?cid=502&amp;series=9&amp;_rs=free">無料で読む<',
    );
    expect(volumeEnd("buy")).toMatch(/href="\/series\/9\/book\/502"[^>]*>購入する</);
    const back = encodeURIComponent("/viewer/speed.html?cid=502&series=9&_rs=free");
    expect(volumeEnd("signup", false)).toContain(
      `href="/signup?return_to=${back}">会員登録で無料で読む<`,
    );
    expect(volumeEnd("signup", false)).not.toContain("購入する");
    expect(volumeEnd("cart")).toContain(">カートに入れる<");
    expect(volumeEnd("in_cart")).toMatch(/href="\/cart"[^>]*>購入手続きへ</);
  });

  it("shows the price only for a volume to pay for", () => {
    expect(volumeEnd("cart")).toContain("715");
    expect(volumeEnd("read")).not.toContain("715");
  });
});

describe("the end of a タテヨミ episode", () => {
  const episode: ReaderBook = {
    ...base,
    book: { ...base.book, title: "夜明けのレシピ 第1話", volume: 1, vertical: true },
    entitlement: "owned",
    is_login: true,
  };
  const nextEpisode: ReaderNextBook = { ...next, title: "夜明けのレシピ 第2話", volume: 2 };
  const episodeEnd = (button: ReaderNextBook["button"]) =>
    render({ ...episode, next_book: { ...nextEpisode, button } }, "volume");

  it("offers the next episode by its name, 第2話, never 巻", () => {
    const html = episodeEnd("cart");
    expect(html).toContain(">次の話<");
    expect(html).toContain(">第2話<");
    expect(html).toContain("夜明けのレシピ 第2話");
    expect(html).toContain("この話の評価");
    expect(html).not.toContain("巻");
  });

  it("reads on when the next episode is owned or free, and sells it otherwise", () => {
    expect(episodeEnd("read")).toContain(
      'href="/viewer/speed.html?cid=502&amp;series=9">続けて読む<',
    );
    expect(episodeEnd("free_read")).toContain(
      'href="/viewer/speed.html?cid=502&amp;series=9&amp;_rs=free">読む<',
    );
    const paid = episodeEnd("cart");
    expect(paid).toContain(">カートに入れる<");
    expect(paid).toContain("715");
    expect(episodeEnd("read")).not.toContain("715");
  });

  it("offers the next episode before the rating, right under the strip", () => {
    const html = episodeEnd("read");
    expect(html.indexOf("次の話")).toBeLessThan(html.indexOf("この話の評価"));
  });

  it("says the last episode is the newest one", () => {
    const html = render({ ...episode, next_book: null }, "volume");
    expect(html).toContain("第1話は最新話です");
    expect(html).not.toContain("次の話<");
  });

  it("names the episode in the trial's offer", () => {
    const html = render(
      {
        ...episode,
        entitlement: "none",
        readable_pages: 0,
        offer: { kind: "buy", book_id: 501, item_id: 1501, price: 88, in_cart: false },
      },
      "trial",
    );
    expect(html).toContain("この話は購入すると読めます");
  });
});
