import { describe, expect, it } from "vitest";
import {
  applyMemberFreeRule,
  type Book,
  buyableBooks,
  isNotReleased,
  type SeriesInfo,
  showsPrice,
  visibleBooks,
} from "../../../contract/series";
import { jsonLdText, metaDescription, pageMeta } from "../seo/seo";
import { seriesJsonLd, volumeJsonLd } from "./json-ld";
import { volumeView } from "./volume-rules";

const book = (volume: number, extra: Partial<Book> = {}): Book => ({
  book_id: 100 + volume,
  item_id: 1000 + volume,
  volume,
  title: `第${volume}巻`,
  img: `/media/books/${100 + volume}/cover.png`,
  free_flag: false,
  member_free_flag: false,
  onsale_flag: true,
  price: 660,
  before_price: null,
  coupon_flag: false,
  available_coupon_id: null,
  coupon_end_date: "",
  coupon_discount_type: null,
  coupon_discount_value: null,
  campaign_item: null,
  trial_page_count: 10,
  page_count: 100,
  item_start_date: "2026-01-01",
  description: "",
  ...extra,
});

const series: SeriesInfo = {
  series_id: 7,
  item_id: 1003,
  volume: 3,
  publisher_id: 1,
  publisher_name: "桜風社",
  price: 600,
  price_inc: 660,
  img: "/media/books/103/cover.png",
  name: "</script><script>alert(1)</script>の物語",
  rating_average: 4.26,
  rating_count: 12,
  description: "<b>魔法</b>の\n物語",
  genres: [{ genre_id: 2, name: "少女・女性" }],
  categories: [],
  authors: [{ author_id: 1, name: "春野", role: "著者" }],
  tags: [{ tag_id: 3, name: "溺愛" }],
  label: null,
  new_flag: false,
  cart_flag: false,
  complete_flag: false,
  all_free_flag: false,
  part_free_flag: true,
  sale_flag: false,
  book_count: 3,
  own_book_count: 0,
  volume_count: 3,
  campaign_count: 0,
  cart_count: 0,
  favorite_flag: false,
  next_release_date: null,
  next_release_book_id: null,
};

const free = (v: number) => book(v, { free_flag: true, price: 0 });
const absolute = (p: string) => `https://komaya.example${p}`;

describe("member-free volumes (spec 001 §1)", () => {
  it("shows free volumes from member_free_vol upward as members-only to visitors", () => {
    const list = [free(1), free(2), free(3), book(4)];
    const visitor = applyMemberFreeRule(list, false, 2);
    expect(visitor.map((b) => [b.free_flag, b.member_free_flag])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [false, false],
    ]);
    expect(applyMemberFreeRule(list, true, 2).map((b) => b.free_flag)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(applyMemberFreeRule(list, false, 4).map((b) => b.free_flag)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("offers visitors sign-up, and members the free read, for a member-free volume", () => {
    const [asVisitor] = applyMemberFreeRule([free(2)], false);
    const visitor = volumeView(asVisitor!, 7, { isLogin: false, ownItems: [], cartItems: [] });
    expect(visitor).toMatchObject({
      state: "会員登録で無料",
      price: null,
      read: { kind: "signup" },
    });
    const member = volumeView(free(2), 7, { isLogin: true, ownItems: [], cartItems: [] });
    expect(member).toMatchObject({
      state: "無料",
      price: null,
      read: { kind: "free", label: "無料で読む" },
    });
  });
});

describe("buyable volumes and prices (spec 001 §4, §5)", () => {
  it("buys only volumes with a price, not in the cart and not owned", () => {
    const list = [free(1), book(2), book(3), book(4), book(5, { onsale_flag: false })];
    expect(buyableBooks(list, [1003], [1004]).map((b) => b.volume)).toEqual([2]);
  });

  it("shows a price only for volumes neither owned nor free; sales show the old price struck", () => {
    expect(showsPrice(book(2), [], false)).toBe(true);
    expect(showsPrice(book(2), [1002], false)).toBe(false);
    expect(showsPrice(free(1), [], false)).toBe(false);
    const sale = volumeView(book(2, { price: 330, before_price: 660 }), 7, {
      isLogin: true,
      ownItems: [],
      cartItems: [],
    });
    expect(sale.price).toEqual({ before: "660", now: "330" });
    expect(sale.read?.kind).toBe("trial");
    expect(sale.cart).toMatchObject({ kind: "add", label: "カートに入れる" });
    const inCart = volumeView(book(2), 7, { isLogin: true, ownItems: [], cartItems: [1002] });
    expect(inCart.cart).toMatchObject({ kind: "checkout", label: "購入手続きへ" });
    const owned = volumeView(book(2), 7, { isLogin: true, ownItems: [1002], cartItems: [] });
    expect(owned).toMatchObject({
      state: "購入済み",
      price: null,
      read: { kind: "read", label: "読む" },
      cart: null,
    });
  });
});

describe("not released (spec 001 §4)", () => {
  it("drops volumes not on sale unless owned, and calls a series with none left not released", () => {
    const announced = book(1, { onsale_flag: false });
    expect(visibleBooks([announced], [])).toEqual([]);
    expect(isNotReleased([announced], [])).toBe(true);
    expect(isNotReleased([announced], [1001])).toBe(false);
    const view = volumeView(announced, 7, { isLogin: true, ownItems: [], cartItems: [] });
    expect(view).toEqual({ state: "配信予定", price: null, read: null, cart: null });
  });
});

describe("structured data", () => {
  it("describes a series as a Book and Product with a yen offer, escaped inside its script", () => {
    const list = [free(1), free(2), book(3), book(4, { onsale_flag: false })];
    const data = seriesJsonLd(series, list, "https://komaya.example/series/7", absolute);
    const text = jsonLdText(data);
    expect(text).not.toContain("<");
    expect(text).not.toContain("</script");
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({
      "@context": "https://schema.org",
      "@type": ["Book", "Product"],
      name: series.name,
      image: "https://komaya.example/media/books/103/cover.png",
      author: [{ "@type": "Person", name: "春野" }],
      aggregateRating: { ratingValue: 4.3, ratingCount: 12 },
      offers: {
        "@type": "AggregateOffer",
        priceCurrency: "JPY",
        lowPrice: 0,
        highPrice: 660,
        offerCount: 3,
        availability: "https://schema.org/InStock",
      },
    });
    expect(parsed.description).toBe("魔法の 物語");
  });

  it("offers an announced series as a pre-order", () => {
    const data = seriesJsonLd(series, [book(1, { onsale_flag: false })], "u", absolute);
    expect(data.offers).toMatchObject({
      "@type": "Offer",
      availability: "https://schema.org/PreOrder",
      price: 660,
    });
  });

  it("describes a volume with its price in JPY, availability and series", () => {
    const data = volumeJsonLd(
      series,
      book(3),
      "https://k.example/series/7/book/103",
      "https://k.example/series/7",
      absolute,
    );
    const parsed = JSON.parse(jsonLdText(data));
    expect(parsed).toMatchObject({
      "@type": ["Book", "Product"],
      position: 3,
      isPartOf: { "@type": "BookSeries", url: "https://k.example/series/7" },
      isAccessibleForFree: false,
      offers: {
        "@type": "Offer",
        price: 660,
        priceCurrency: "JPY",
        availability: "https://schema.org/InStock",
      },
    });
    // A visitor sees volume 2 as members-only, so it is not marked free for everyone.
    const second = volumeJsonLd(series, free(2), "u", "s", absolute);
    expect(second.isAccessibleForFree).toBe(false);
    const first = volumeJsonLd(series, free(1), "u", "s", absolute);
    expect(first.isAccessibleForFree).toBe(true);
  });
});

describe("page meta", () => {
  it("sets title, description, canonical and the Open Graph and Twitter tags", () => {
    const meta = pageMeta(
      {
        title: "作品 | コマヤ",
        description: "<b>太字</b>の説明",
        url: "https://komaya.example/series/7",
        image: "https://komaya.example/media/books/103/cover.png",
        type: "book",
      },
      "作品",
    );
    const find = (key: string, value: string) =>
      meta.find((m) => (m as Record<string, string>)[key] === value) as
        | Record<string, string>
        | undefined;
    expect(meta[0]).toEqual({ title: "作品 | コマヤ" });
    expect(find("name", "description")?.content).toBe("太字の説明");
    expect(find("rel", "canonical")?.href).toBe("https://komaya.example/series/7");
    for (const p of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
      expect(find("property", p)?.content).toBeTruthy();
    }
    expect(find("property", "og:type")?.content).toBe("book");
    expect(find("name", "twitter:card")?.content).toBe("summary");
  });

  it("cuts long descriptions to one short plain line", () => {
    expect(metaDescription("あ".repeat(200)).length).toBe(120);
    expect(metaDescription("一行目<br>二行目\n三行目")).toBe("一行目 二行目 三行目");
  });
});
