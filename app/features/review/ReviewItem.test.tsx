// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReviewView } from "../../../contract/review";
import { ReviewItem } from "./ReviewItem";

const review = (patch: Partial<ReviewView>): ReviewView => ({
  review_id: 7,
  series_id: 12,
  series_name: "魔王の花嫁",
  book_id: null,
  volume: null,
  episodes_flag: false,
  nickname: "読書家",
  profile_id: "abc123",
  title: "最高の結末",
  comment: "一行目\n二行目 <b>太字</b>",
  rating: 4,
  spoil: false,
  tags: [],
  like_count: 3,
  liked_flag: false,
  purchased_flag: false,
  own_flag: false,
  // 23:30 in UTC is the next morning in Tokyo.
  created_at: "2026-11-20T23:30:00.000Z",
  updated_at: "2026-11-20T23:30:00.000Z",
  hidden_reason: null,
  ...patch,
});

/** What the stubbed route shows: the review uses the router (links, revalidation). */
let shown: { review: ReviewView; isLogin: boolean; withSubject?: boolean };
const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewItem {...shown} /> }]);

function dom(r: ReviewView, isLogin = true, withSubject = false): HTMLElement {
  shown = { review: r, isLogin, withSubject };
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<Stub initialEntries={["/"]} />);
  return container;
}

const buttons = (page: HTMLElement) =>
  [...page.querySelectorAll("button")].map((b) => ({
    text: b.textContent,
    disabled: b.hasAttribute("disabled"),
  }));

describe("a review", () => {
  it("reads its rating out as 評価 n点 and draws n of five stars", () => {
    const stars = dom(review({})).querySelector('[role="img"]')!;
    expect(stars.getAttribute("aria-label")).toBe("評価 4点");
    expect(stars.textContent).toBe("★★★★★");
    expect(stars.querySelector(".review-stars__rest")?.textContent).toBe("★");
  });

  it("marks a buyer's review 購入者レビュー, and no other", () => {
    expect(dom(review({ purchased_flag: true })).textContent).toContain("購入者レビュー");
    expect(dom(review({})).textContent).not.toContain("購入者レビュー");
  });

  it("shows its text as written, markup as text, dated by the Tokyo calendar", () => {
    const page = dom(review({}));
    const comment = page.querySelector(".review__comment")!;
    expect(comment.textContent).toBe("一行目\n二行目 <b>太字</b>");
    expect(comment.querySelector("b")).toBeNull();
    expect(page.querySelector("time")?.textContent).toBe("2026/11/21");
    expect(page.querySelector('a[href="/review/user/abc123"]')?.textContent).toBe("読書家");
  });

  it("folds a spoiler's text until the reader opens it", () => {
    const folded = dom(review({ spoil: true })).querySelector("details.review__spoiler")!;
    expect(folded.hasAttribute("open")).toBe(false);
    expect(folded.querySelector("summary")?.textContent).toBe(
      "ネタバレを含むレビューです（タップで表示）",
    );
    expect(folded.querySelector(".review__comment")).not.toBeNull();
    expect(dom(review({})).querySelector("details")).toBeNull();
  });

  it("says which volume it is about, or which series and volume in a list across series", () => {
    expect(dom(review({ volume: 2 })).textContent).toContain("2巻のレビュー");
    const across = dom(review({ volume: 2 }), true, true);
    const subject = across.querySelector(".review__subject")!;
    expect(subject.textContent).toBe("魔王の花嫁 2巻");
    expect(subject.querySelector("a")?.getAttribute("href")).toBe("/review/series/12");
    expect(across.textContent).not.toContain("2巻のレビュー");
  });

  it("lists its tags with #", () => {
    const tags = dom(review({ tags: ["泣ける", "溺愛"] })).querySelectorAll(".review__tags li");
    expect([...tags].map((t) => t.textContent)).toEqual(["#泣ける", "#溺愛"]);
  });

  it("lets a member like or report another's review; a visitor sees the likes but cannot like", () => {
    expect(buttons(dom(review({ liked_flag: true, like_count: 4 })))).toEqual([
      { text: "♥いいね 4", disabled: false },
      { text: "通報", disabled: false },
    ]);
    expect(buttons(dom(review({}), false))).toEqual([{ text: "♡いいね 3", disabled: true }]);
  });

  it("lets its writer remove it, not like or report it", () => {
    const own = dom(review({ own_flag: true }));
    expect(buttons(own)).toEqual([{ text: "削除", disabled: false }]);
    expect(own.querySelector(".review__likes")?.textContent).toBe("いいね 3");
  });
});

describe("a review staff hid (issue 24)", () => {
  it("tells its author it is hidden and why", () => {
    const own = dom(review({ own_flag: true, hidden_reason: "ネタバレの記載があるため" }));
    const notice = own.querySelector(".review__hidden")!;
    expect(notice.textContent).toContain("運営により非表示");
    expect(notice.textContent).toContain("理由：ネタバレの記載があるため");
    expect(dom(review({})).querySelector(".review__hidden")).toBeNull();
  });
});

describe("a タテヨミ review", () => {
  it("names its episode 第N話, not N巻, as subject and in its meta line", () => {
    const episode = review({ book_id: 5, volume: 3, episodes_flag: true });
    expect(dom(episode, true, true).textContent).toContain("第3話");
    expect(dom(episode).textContent).toContain("第3話のレビュー");
    expect(dom(episode).textContent).not.toContain("巻");
    expect(dom(review({ book_id: 5, volume: 3 })).textContent).toContain("3巻のレビュー");
  });
});
