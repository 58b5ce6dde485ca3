import { describe, expect, it } from "vitest";
import { readUrl } from "../../../contract/orders";
import { withTracking } from "../../lib/tracking";
import { bookButton, cartButton, viewerUrl } from "../cards/card-rules";
import { readerAddress } from "./reader-address";

const query = (href: string) => new URL(href, "https://komaya.example").searchParams;

describe("the reader's address", () => {
  it("reads the volume from cid and the series", () => {
    expect(readerAddress(query("/viewer/speed.html?cid=100&series=7"))).toEqual({
      ok: true,
      bookId: 100,
      seriesId: 7,
    });
  });

  it("reads continue_cid, which wins over cid", () => {
    expect(readerAddress(query("/viewer/speed.html?continue_cid=105&series=7"))).toMatchObject({
      bookId: 105,
    });
    expect(
      readerAddress(query("/viewer/speed.html?cid=100&continue_cid=105&series=7")),
    ).toMatchObject({ bookId: 105 });
  });

  it("ignores _rs and _tr, which only say where the reader came from", () => {
    expect(
      readerAddress(query("/viewer/speed.html?cid=100&series=7&_rs=trial&_tr=top_1_2")),
    ).toEqual({ ok: true, bookId: 100, seriesId: 7 });
  });

  it("refuses a missing or malformed volume or series with a message", () => {
    expect(readerAddress(query("/viewer/speed.html?series=7"))).toEqual({
      ok: false,
      message: "cid を指定してください",
    });
    expect(readerAddress(query("/viewer/speed.html?cid=abc&series=7"))).toMatchObject({
      ok: false,
      message: "cid は巻の番号で指定してください",
    });
    expect(readerAddress(query("/viewer/speed.html?cid=0"))).toMatchObject({ ok: false });
    expect(readerAddress(query("/viewer/speed.html?cid=1&series=x"))).toEqual({
      ok: false,
      message: "series は作品の番号で指定してください",
    });
    expect(readerAddress(query("/viewer/speed.html?cid=1"))).toEqual({
      ok: true,
      bookId: 1,
      seriesId: null,
    });
  });

  it("reads every reading link the cards, series page and order history make", () => {
    const item = {
      book_id: 100,
      series_id: 7,
      continue_cid: "105",
      url: "/series/7/book/100",
      get_flag: false,
      cart_flag: false,
      free_flag: false,
      free_count: 0,
      policy_type: null,
      member_free_flag: false,
      trial_page_count: 12,
      onsale_flag: true,
    };
    const hrefs = [
      bookButton({ ...item, get_flag: true }, { isLogin: true }).href, // 読む
      bookButton({ ...item, free_flag: true }, { isLogin: false }).href, // 無料で読む
      bookButton({ ...item, free_flag: true, policy_type: 104 }, { isLogin: false }).href, // 立ち読み増量
      bookButton(item, { isLogin: false }).href, // 試し読み
      cartButton({ ...item, member_free_flag: true }, { isLogin: true }).href,
      readUrl({ book_id: 100, series_id: 7, cd_id: null }),
      withTracking(viewerUrl(item, "trial"), { frame: "top", position: 3 }),
    ];
    for (const href of hrefs) {
      expect(href.startsWith("/viewer/speed.html?")).toBe(true);
      expect(readerAddress(query(href))).toEqual({ ok: true, bookId: 100, seriesId: 7 });
    }
    const continuing = viewerUrl(item, null, { continueReading: true });
    expect(readerAddress(query(continuing))).toEqual({ ok: true, bookId: 105, seriesId: 7 });
  });
});
