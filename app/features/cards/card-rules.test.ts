import { describe, expect, it } from "vitest";
import {
  badges,
  bookButton,
  CLOSE_LABEL,
  cartButton,
  castLine,
  cutCredits,
  displayName,
  dramaCdActions,
  dramaCdPrice,
  featureReadButton,
  firstLine,
  MORE_LABEL,
  policyLabel,
  viewerUrl,
} from "./card-rules";

const book = {
  book_id: 100,
  series_id: 7,
  continue_cid: "",
  url: "/series/7",
  get_flag: false,
  free_flag: false,
  free_count: 0,
  policy_type: null,
  member_free_flag: false,
  trial_page_count: 0,
  onsale_flag: true,
  cart_flag: false,
} as const;
const visitor = { isLogin: false };
const member = { isLogin: true };

describe("viewerUrl", () => {
  it("opens the reader with cid and series, and _rs when given", () => {
    expect(viewerUrl(book)).toBe("/viewer/speed.html?cid=100&series=7");
    expect(viewerUrl(book, "free")).toBe("/viewer/speed.html?cid=100&series=7&_rs=free");
    expect(viewerUrl(book, "trial")).toBe("/viewer/speed.html?cid=100&series=7&_rs=trial");
    expect(viewerUrl({ ...book, continue_cid: "105" }, null, { continueReading: true })).toBe(
      "/viewer/speed.html?cid=105&series=7",
    );
  });
});

describe("bookButton priority", () => {
  it("1. owned and read on: 読む without _rs", () => {
    const owned = { ...book, get_flag: true, free_flag: true, trial_page_count: 20 };
    expect(bookButton(owned, member)).toEqual({
      kind: "read",
      label: "読む",
      href: "/viewer/speed.html?cid=100&series=7",
    });
    expect(bookButton(owned, { ...member, readOn: false }).kind).toBe("free");
  });

  it("2. free: 無料で読む, {n}冊無料で読む with free_count, 立ち読み増量 for 104/105", () => {
    const free = { ...book, free_flag: true, trial_page_count: 20 };
    expect(bookButton(free, visitor)).toMatchObject({
      label: "無料で読む",
      href: "/viewer/speed.html?cid=100&series=7&_rs=free",
    });
    expect(bookButton({ ...free, free_count: 3 }, visitor).label).toBe("3冊無料で読む");
    expect(bookButton({ ...free, free_count: 3, policy_type: 104 }, visitor).label).toBe(
      "立ち読み増量",
    );
    expect(bookButton({ ...free, policy_type: 105 }, visitor).label).toBe("立ち読み増量");
  });

  it("3. member-free: sign-up for visitors, free reading for members", () => {
    const memberFree = { ...book, member_free_flag: true, trial_page_count: 20 };
    expect(bookButton(memberFree, visitor)).toMatchObject({ kind: "signup", href: "/signup" });
    expect(bookButton(memberFree, member)).toMatchObject({ kind: "free", label: "無料で読む" });
  });

  it("4. trial pages: 試し読み with _rs=trial", () => {
    expect(bookButton({ ...book, trial_page_count: 20 }, visitor)).toEqual({
      kind: "trial",
      label: "試し読み",
      href: "/viewer/speed.html?cid=100&series=7&_rs=trial",
    });
  });

  it("5. otherwise 詳細を見る to the series", () => {
    expect(bookButton(book, member)).toEqual({
      kind: "detail",
      label: "詳細を見る",
      href: "/series/7",
    });
    expect(bookButton({ ...book, book_id: null, trial_page_count: 9 }, member).kind).toBe("detail");
  });
});

describe("cartButton", () => {
  it("reads owned volumes and free ones", () => {
    expect(cartButton({ ...book, get_flag: true }, member).label).toBe("読む");
    expect(cartButton({ ...book, free_flag: true }, visitor)).toMatchObject({
      kind: "free",
      label: "無料で読む",
      disabled: false,
    });
  });

  it("shows ComingSoon, disabled, for member-free volumes not on sale", () => {
    const soon = { ...book, member_free_flag: true, onsale_flag: false };
    expect(cartButton(soon, member)).toMatchObject({ label: "ComingSoon", disabled: true });
    expect(cartButton(soon, visitor)).toMatchObject({
      kind: "signup",
      label: "ComingSoon",
      disabled: true,
    });
    expect(cartButton({ ...soon, onsale_flag: true }, visitor)).toMatchObject({
      kind: "signup",
      disabled: false,
    });
  });

  it("goes to checkout when in the cart, else offers カートに入れる", () => {
    expect(cartButton({ ...book, cart_flag: true }, member)).toMatchObject({
      kind: "checkout",
      href: "/cart",
    });
    expect(cartButton(book, member)).toMatchObject({
      kind: "add",
      label: "カートに入れる",
      disabled: false,
    });
    expect(cartButton({ ...book, onsale_flag: false }, member).disabled).toBe(true);
  });
});

describe("drama CD card", () => {
  const cd = {
    cd_id: 9,
    get_flag: false,
    trial_file_name: "trial_9_1.mp3",
    onsale_flag: true,
    cart_flag: false,
    sale_flag: false,
    before_price_inc: null,
    price_inc: 1650,
  };

  it("offers 再生する when owned, else 試聴 and the purchase button", () => {
    expect(dramaCdActions({ ...cd, get_flag: true }).map((a) => a.label)).toEqual(["再生する"]);
    expect(dramaCdActions(cd).map((a) => a.label)).toEqual(["試聴", "カートに入れる"]);
    expect(dramaCdActions({ ...cd, cart_flag: true }).map((a) => [a.label, a.href])).toEqual([
      ["試聴", "/doramacd/9"],
      ["購入手続きへ", "/cart"],
    ]);
    expect(
      dramaCdActions({ ...cd, trial_file_name: null, onsale_flag: false }).map((a) => a.label),
    ).toEqual(["詳細"]);
  });

  it("shows the price only when not owned, with the struck-out price of a sale", () => {
    expect(dramaCdPrice({ ...cd, get_flag: true })).toBeNull();
    expect(dramaCdPrice(cd)).toEqual({ before: null, price: "1,650", suffix: "円 ( 税込 )" });
    expect(dramaCdPrice({ ...cd, sale_flag: true, before_price_inc: 2200 })).toEqual({
      before: "2,200",
      price: "1,650",
      suffix: "円 ( 税込 )",
    });
  });
});

describe("display limits and text", () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `人${i + 1}` }));

  it("shows up to five authors, with 他 at five or more", () => {
    expect(cutCredits(people(4))).toEqual({ shown: people(4), others: false });
    expect(cutCredits(people(5))).toEqual({ shown: people(5), others: true });
    expect(cutCredits(people(7)).shown).toHaveLength(5);
    expect(castLine(people(6).map((p, i) => ({ ...p, cast_id: i })))).toBe(
      "人1、人2、人3、人4、人5 他",
    );
  });

  it("cuts descriptions at the first line break, markup included", () => {
    expect(firstLine("一行目\n二行目")).toEqual({ line: "一行目", more: true });
    expect(firstLine("<b>見出し</b><br>本文")).toEqual({ line: "見出し", more: true });
    expect(firstLine("一行だけ")).toEqual({ line: "一行だけ", more: false });
    expect(firstLine("一行目\n  ")).toEqual({ line: "一行目", more: false });
    expect([MORE_LABEL, CLOSE_LABEL]).toEqual(["- もっと見る -", "- 閉じる -"]);
  });

  it("treats UNKNOWN names as absent", () => {
    expect(displayName({ title: "UNKNOWN", series_name: "作品名", name: "x" })).toBe("作品名");
    expect(displayName({ title: "UNKNOWN", series_name: "UNKNOWN", name: "" })).toBe("");
  });

  it("labels policies, 104 and 105 as 立ち読み増量", () => {
    const label = (policy_type: 101 | 102 | 103 | 104 | 105 | 106 | null) =>
      policyLabel({ policy_type, sale_pct: 30, free_count: 2 });
    expect([101, 102, 103, 104, 105, 106, null].map((p) => label(p as never))).toEqual([
      "30%OFF",
      "2冊無料",
      "会員登録で2冊無料",
      "立ち読み増量",
      "立ち読み増量",
      "キャンペーン中",
      null,
    ]);
  });

  it("badges 完 and 新 when the section shows them", () => {
    const item = { final_flag: true, new_flag: true };
    expect(badges(item, { final: true, fresh: true })).toEqual(["完", "新"]);
    expect(badges(item, { final: false, fresh: true })).toEqual(["新"]);
  });
});

describe("featureReadButton", () => {
  const feature = {
    series_id: 7,
    url: "/campaign/1",
    get_flag: false,
    free_flag: false,
    free_count: 0,
    policy_type: null,
    trial_page_count: 0,
  } as const;

  it("words the button like the book card and opens the series page", () => {
    expect(featureReadButton({ ...feature, get_flag: true })).toEqual({
      kind: "read",
      label: "読む",
      href: "/series/7",
    });
    expect(featureReadButton({ ...feature, free_flag: true, free_count: 2 }).label).toBe(
      "2冊無料で読む",
    );
    expect(featureReadButton({ ...feature, free_flag: true, policy_type: 104 }).label).toBe(
      "立ち読み増量",
    );
    expect(featureReadButton({ ...feature, trial_page_count: 10 }).label).toBe("試し読み");
    expect(featureReadButton({ ...feature, series_id: null })).toEqual({
      kind: "detail",
      label: "詳細を見る",
      href: "/campaign/1",
    });
  });
});
