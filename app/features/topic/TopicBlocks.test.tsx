import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { LayoutConfig } from "../../../contract/items";
import type { ShownBlock, ShownRow, TopicPageFields } from "../../../contract/topic";
import { TOPIC_BLOCK_TYPES } from "../../../contract/topic-content";
import { TopicBlocks, type TopicBlocksProps } from "./TopicBlocks";

const fields: TopicPageFields = {
  releaseDate: "2026-11-20",
  publisherId: 3,
  labelId: 4,
  magazineId: 5,
  genreId: 2,
  categoryId: 6,
  tags: ["秋"],
  names: {
    publisher: "星海出版",
    label: "ほしみコミックス",
    magazine: "月刊ほしみ",
    genre: "少女・女性",
    category: "恋愛",
  },
};

function draw(rows: ShownRow[] | null, props: Partial<TopicBlocksProps> = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <TopicBlocks rows={rows} fields={fields} isLogin={false} {...props} />
    </MemoryRouter>,
  );
}
const one = (block: ShownBlock, props: Partial<TopicBlocksProps> = {}) =>
  draw([{ columns: [{ blocks: [block] }] }], props);

const layout: LayoutConfig = {
  layout_id: 1101,
  layout_type: 1,
  content_type: null,
  title: "話題の新刊",
  icon: null,
  more_url: null,
  display_number: 4,
  campaign_id: null,
  frame_class: null,
  read_flag: false,
  display_new_flag: false,
  display_final_flag: false,
  display_appeal_flag: false,
  display_policy_flag: false,
  display_end_label_flag: false,
  display_name_flag: false,
};

const entry = {
  entry_id: 1,
  accepted: true,
  completed: false,
  newsletter_required: false,
  is_login: true,
};

/** What each block type must draw: one example and a check per type of spec 000 §2. */
const CASES: Record<(typeof TOPIC_BLOCK_TYPES)[number], [ShownBlock, (html: string) => void]> = {
  header: [
    { type: "header", text: "特集", level: 1, id: "top" },
    (h) => expect(h).toContain('<h2 class="tp-header tp-header--1" id="topic-top">特集</h2>'),
  ],
  box: [
    { type: "box", style: "pink", blocks: [{ type: "hr" }] },
    (h) => expect(h).toMatch(/class="tp-box tp-box--pink">.*<hr class="tp-hr"/),
  ],
  image: [
    { type: "image", src: "/media/topic/1.png", alt: "バナー", href: "/stamp" },
    (h) =>
      expect(h).toMatch(
        /<a href="\/stamp"[^>]*><img class="tp-image" src="\/media\/topic\/1.png" alt="バナー"/,
      ),
  ],
  youtube: [
    { type: "youtube", videoId: "M7lc1UVf-VE", title: "PV" },
    (h) => {
      // Nothing from YouTube until the reader presses play.
      expect(h).not.toContain("<iframe");
      expect(h).not.toContain("youtube.com");
      expect(h).toContain("再生するとYouTube（Google）に接続します");
    },
  ],
  leadlinkImg: [
    { type: "leadlinkImg", src: "/media/topic/2.png", alt: "広告", href: "https://example.com/" },
    (h) => {
      expect(h).toContain('<span class="tp-pr">PR</span>');
      expect(h).toContain("外部サイトへ移動します");
      expect(h).toContain('rel="noopener noreferrer sponsored"');
    },
  ],
  imgList: [
    {
      type: "imgList",
      columns: 3,
      items: [
        { src: "/media/topic/3.png", alt: "a", href: "/otoku" },
        { src: "/media/topic/4.png", alt: "b" },
      ],
    },
    (h) => {
      expect(h).toContain("grid-template-columns:repeat(3, 1fr)");
      expect(h.match(/<li>/g)).toHaveLength(2);
    },
  ],
  text: [{ type: "text", html: "<b>太字</b>" }, (h) => expect(h).toContain("<b>太字</b>")],
  space: [{ type: "space", height: 24 }, (h) => expect(h).toContain("height:24px")],
  hr: [{ type: "hr" }, (h) => expect(h).toContain('<hr class="tp-hr"/>')],
  release: [{ type: "release" }, (h) => expect(h).toContain("配信日：2026年11月20日")],
  publisher: [
    { type: "publisher" },
    (h) => {
      expect(h).toContain('href="/search?pb=3"');
      expect(h).toContain("星海出版の作品を見る");
    },
  ],
  label: [
    { type: "label", id: 9, name: "つきよコミックス" },
    (h) => {
      expect(h).toContain('href="/search?lb=9"');
      expect(h).toContain("つきよコミックスの作品を見る");
    },
  ],
  magazine: [{ type: "magazine" }, (h) => expect(h).toContain('href="/search?mz=5"')],
  genre: [{ type: "genre" }, (h) => expect(h).toContain('href="/search?gn=2"')],
  category: [{ type: "category" }, (h) => expect(h).toContain('href="/search?cg=6"')],
  button: [
    { type: "button" },
    (h) => expect(h).toMatch(/<a class="tp-button" href="\/"[^>]*>HOMEへ戻る<\/a>/),
  ],
  shortBtn: [
    { type: "shortBtn", text: "使い方へ", pageLink: "howto" },
    (h) => expect(h).toMatch(/<button type="button" class="tp-button tp-button--short">使い方へ/),
  ],
  entryBtn: [
    { type: "entryBtn", entryId: 1, text: "エントリーする", enteredText: "済み", entry },
    (h) =>
      expect(h).toMatch(/<button type="button" class="tp-button tp-entry__button">エントリーする/),
  ],
  homeContent: [
    { type: "homeContent", layoutId: 1101, layout },
    (h) => expect(h).toContain("話題の新刊"),
  ],
  ranking: [
    { type: "ranking", pagetype: 2, tp: 1, genre: 3 },
    (h) => {
      expect(h).toContain("毎日更新！人気ランキング");
      expect(h).toContain('href="/free_ranking?tp=1&amp;genre=3"');
    },
  ],
  toggleTitle: [
    { type: "toggleTitle", text: "質問" },
    // Alone it is a content mistake: the public page leaves it out.
    (h) => expect(h).not.toContain("質問"),
  ],
  toggle: [{ type: "toggle", html: "答え" }, (h) => expect(h).not.toContain("答え")],
};

describe("TopicBlocks draws every block type", () => {
  it.each(TOPIC_BLOCK_TYPES)("%s", (type) => {
    const [block, check] = CASES[type];
    check(one(block));
  });

  it("draws a toggleTitle and its toggle as a closed accordion panel", () => {
    const html = draw([
      {
        columns: [
          {
            blocks: [
              { type: "toggleTitle", text: "質問1" },
              { type: "toggle", html: "答え1" },
              { type: "toggleTitle", text: "質問2" },
              { type: "toggle", html: "答え2" },
            ],
          },
        ],
      },
    ]);
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(2);
    expect(html).not.toContain("答え1");
  });

  it("a main ranking goes to /ranking with the defaults tp 2 and genre 1", () => {
    expect(one({ type: "ranking" })).toContain('href="/ranking?tp=2&amp;genre=1"');
  });

  it("a button with an href is a link with its text, an unsafe one only text", () => {
    expect(one({ type: "button", text: "詳しく", href: "/coupon" })).toMatch(
      /<a class="tp-button" href="\/coupon"[^>]*>詳しく/,
    );
    const unsafe = one({ type: "button", text: "x", href: "javascript:alert(1)" });
    expect(unsafe).not.toContain("javascript");
    expect(unsafe).toContain('<span class="tp-button">x</span>');
  });

  it("an entry button is disabled once entered, outside the period or for visitors", () => {
    const base = {
      type: "entryBtn",
      entryId: 1,
      text: "エントリーする",
      enteredText: "済み",
    } as const;
    expect(one({ ...base, entry: { ...entry, completed: true } })).toMatch(/disabled="">済み/);
    expect(one({ ...base, entry: { ...entry, accepted: false } })).toContain("disabled");
    expect(one({ ...base, entry: { ...entry, is_login: false } })).toContain("disabled");
  });

  it("an entry needing the newsletter shows the box ticked by default", () => {
    const html = one({
      type: "entryBtn",
      entryId: 2,
      text: "登録してエントリー",
      enteredText: "済み",
      newsletterText: "メールマガジンを受け取る",
      entry: { ...entry, newsletter_required: true },
    });
    expect(html).toMatch(/<input type="checkbox" checked=""\/>メールマガジンを受け取る/);
  });

  it("column widths come from sRange and lRange, 12 of 12 by default", () => {
    const html = draw([{ columns: [{ sRange: 6, lRange: 4, blocks: [] }, { blocks: [] }] }]);
    expect(html).toContain("--tp-s:6;--tp-l:4");
    expect(html).toContain("--tp-s:12;--tp-l:12");
  });

  it("shows plain text with the page's release date, buttons and tags when content is not JSON", () => {
    const html = draw(null, { plainText: "お知らせ本文" });
    expect(html).toContain("お知らせ本文");
    expect(html).toContain("配信日：2026年11月20日");
    for (const key of ["pb=3", "lb=4", "mz=5", "gn=2", "cg=6"]) expect(html).toContain(key);
    for (const name of Object.values(fields.names)) expect(html).toContain(`${name}の作品を見る`);
    expect(html).not.toContain(" ID ");
    expect(html).toContain("#秋");
  });

  it("leaves out a search button whose id names nothing; staff are told", () => {
    const block: ShownBlock = { type: "publisher", id: 404 };
    expect(one(block)).not.toContain("search?pb=404");
    expect(one(block, { showConditions: true })).toContain("出版社 ID 404");
  });

  it("shows staff the conditions only when asked", () => {
    const rows: ShownRow[] = [
      { class: "loginOnly", columns: [{ blocks: [{ type: "hr", utmSource: "^x$" }] }] },
    ];
    expect(draw(rows)).not.toContain("表示条件");
    const overlay = draw(rows, { showConditions: true });
    expect(overlay).toContain("表示条件 class: loginOnly");
    expect(overlay).toContain("表示条件 utmSource: ^x$");
  });
});
