import type { TopicBlockType } from "./topic-content";

/**
 * What the /ops topic editor offers (issue 24) in the words of the shop: every block type of
 * spec 000's topic renderer with its Japanese name and fields, every visibility marker of spec
 * 000 §5 as a rule to tick or fill in, and every text placeholder. The meanings are decided on
 * the server (server/modules/topic/visibility.ts); a test there checks these names are exactly
 * the ones it knows.
 */

// ---------------------------------------------------------------------------------------------
// Block palette

export type FieldKind =
  | "line"
  | "html"
  | "url"
  | "number"
  | "select"
  | "date"
  | "images"
  /** The page's own search buttons: an id, or the page's own when blank. */
  | "recordId";

export interface BlockField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shown under the field. */
  hint?: string;
  required?: boolean;
  /** For "select": the stored values (numbers or strings) and their labels. */
  options?: ReadonlyArray<{ value: string | number; label: string }>;
  /** For "number": bounds the renderer obeys. */
  min?: number;
  max?: number;
  /** Text placeholders ({this_month}…) are filled in this field. */
  placeholders?: boolean;
}

export interface BlockKind {
  type: TopicBlockType;
  label: string;
  /** Palette group. */
  group:
    | "文字・見出し"
    | "画像・動画"
    | "ボタン"
    | "作品・ランキング"
    | "レイアウト"
    | "検索ボタン";
  description: string;
  /** The block a palette click adds. */
  fresh: () => Record<string, unknown>;
  fields: readonly BlockField[];
}

const SEARCH_HINT = "空欄にするとこのページ自身の設定を使います";

const searchButton = (
  type: "publisher" | "label" | "magazine" | "genre" | "category",
  label: string,
): BlockKind => ({
  type,
  label: `${label}ボタン`,
  group: "検索ボタン",
  description: `${label}の作品一覧（検索）へのボタン`,
  fresh: () => ({ type }),
  fields: [{ name: "id", label: `${label}ID`, kind: "recordId", hint: SEARCH_HINT }],
});

export const BLOCK_KINDS: readonly BlockKind[] = [
  {
    type: "header",
    label: "見出し",
    group: "文字・見出し",
    description: "大・中・小の見出し。IDを付けるとページ内リンクの行き先になります",
    fresh: () => ({ type: "header", text: "見出し", level: 2 }),
    fields: [
      { name: "text", label: "見出しの文字", kind: "line", required: true, placeholders: true },
      {
        name: "level",
        label: "大きさ",
        kind: "select",
        options: [
          { value: 1, label: "大" },
          { value: 2, label: "中" },
          { value: 3, label: "小" },
        ],
      },
      { name: "id", label: "ページ内リンク用ID", kind: "line", hint: "半角英数字（例: faq）" },
    ],
  },
  {
    type: "text",
    label: "本文",
    group: "文字・見出し",
    description: "文章。太字・リンク・改行などのHTMLが使えます",
    fresh: () => ({ type: "text", html: "<p>本文を入力してください。</p>" }),
    fields: [
      { name: "html", label: "本文（HTML）", kind: "html", required: true, placeholders: true },
    ],
  },
  {
    type: "release",
    label: "配信日",
    group: "文字・見出し",
    description: "「配信日：」と日付。空欄ならページの配信日",
    fresh: () => ({ type: "release" }),
    fields: [{ name: "date", label: "配信日", kind: "date", hint: "空欄にするとページの配信日" }],
  },
  {
    type: "toggleTitle",
    label: "アコーディオン見出し",
    group: "文字・見出し",
    description: "押すと直後の「アコーディオン本文」が開きます（一度に1つだけ）",
    fresh: () => ({ type: "toggleTitle", text: "よくある質問" }),
    fields: [
      { name: "text", label: "見出しの文字", kind: "line", required: true, placeholders: true },
    ],
  },
  {
    type: "toggle",
    label: "アコーディオン本文",
    group: "文字・見出し",
    description: "直前の「アコーディオン見出し」で開く本文",
    fresh: () => ({ type: "toggle", html: "<p>回答を入力してください。</p>" }),
    fields: [
      { name: "html", label: "本文（HTML）", kind: "html", required: true, placeholders: true },
    ],
  },
  {
    type: "image",
    label: "画像",
    group: "画像・動画",
    description: "1枚の画像。リンク先を付けられます",
    fresh: () => ({ type: "image", src: "/media/banner/topic-1.png", alt: "" }),
    fields: [
      { name: "src", label: "画像のアドレス", kind: "url", required: true },
      { name: "alt", label: "代替テキスト", kind: "line", placeholders: true },
      { name: "href", label: "リンク先", kind: "url", placeholders: true },
      { name: "width", label: "幅（px）", kind: "number", min: 1, max: 4000 },
      { name: "height", label: "高さ（px）", kind: "number", min: 1, max: 4000 },
    ],
  },
  {
    type: "imgList",
    label: "画像リスト",
    group: "画像・動画",
    description: "画像を格子状に並べます",
    fresh: () => ({ type: "imgList", columns: 2, items: [] }),
    fields: [
      { name: "columns", label: "1行の枚数", kind: "number", min: 1, max: 6 },
      { name: "items", label: "画像", kind: "images" },
    ],
  },
  {
    type: "leadlinkImg",
    label: "外部広告画像（PR）",
    group: "画像・動画",
    description: "PRマークと「外部サイトへ移動します」が付く広告画像",
    fresh: () => ({
      type: "leadlinkImg",
      src: "/media/banner/topic-1.png",
      alt: "",
      href: "https://",
    }),
    fields: [
      { name: "src", label: "画像のアドレス", kind: "url", required: true },
      { name: "alt", label: "代替テキスト", kind: "line", placeholders: true },
      {
        name: "href",
        label: "リンク先（外部サイト）",
        kind: "url",
        required: true,
        placeholders: true,
      },
    ],
  },
  {
    type: "youtube",
    label: "YouTube動画",
    group: "画像・動画",
    description: "再生ボタンを押すまでYouTubeに接続しない動画枠",
    fresh: () => ({ type: "youtube", videoId: "", title: "" }),
    fields: [
      {
        name: "videoId",
        label: "動画ID",
        kind: "line",
        required: true,
        hint: "watch?v= の後の11文字",
      },
      { name: "title", label: "動画のタイトル", kind: "line" },
    ],
  },
  {
    type: "button",
    label: "ボタン",
    group: "ボタン",
    description: "リンクのボタン。リンク先が空欄なら「HOMEへ戻る」",
    fresh: () => ({ type: "button", text: "詳しく見る", href: "/" }),
    fields: [
      { name: "text", label: "ボタンの文字", kind: "line", placeholders: true },
      {
        name: "href",
        label: "リンク先",
        kind: "url",
        hint: "空欄にするとHOMEへ戻るボタン",
        placeholders: true,
      },
    ],
  },
  {
    type: "shortBtn",
    label: "小ボタン",
    group: "ボタン",
    description: "小さなボタン。ページ内リンクにすると見出しまでスクロールします",
    fresh: () => ({ type: "shortBtn", text: "もっと見る", href: "/" }),
    fields: [
      { name: "text", label: "ボタンの文字", kind: "line", required: true, placeholders: true },
      { name: "href", label: "リンク先", kind: "url", placeholders: true },
      {
        name: "pageLink",
        label: "ページ内リンク（見出しのID）",
        kind: "line",
        hint: "入れるとリンク先より優先されます",
      },
    ],
  },
  {
    type: "entryBtn",
    label: "エントリーボタン",
    group: "ボタン",
    description: "キャンペーンへのエントリー（受付期間中・ログイン中のみ押せます）",
    fresh: () => ({
      type: "entryBtn",
      entryId: 1,
      text: "エントリーする",
      enteredText: "エントリー済み",
    }),
    fields: [
      { name: "entryId", label: "エントリーID", kind: "number", required: true, min: 1 },
      { name: "text", label: "ボタンの文字", kind: "line", required: true, placeholders: true },
      {
        name: "enteredText",
        label: "エントリー後の文字",
        kind: "line",
        required: true,
        placeholders: true,
      },
      {
        name: "newsletterText",
        label: "メルマガ購読チェックの文言",
        kind: "line",
        placeholders: true,
      },
    ],
  },
  {
    type: "homeContent",
    label: "ホームの作品枠",
    group: "作品・ランキング",
    description: "ホームのセクションをそのまま表示します",
    fresh: () => ({ type: "homeContent", layoutId: 1 }),
    fields: [
      {
        name: "layoutId",
        label: "セクションID（layout_id）",
        kind: "number",
        required: true,
        min: 1,
      },
      {
        name: "num",
        label: "表示件数",
        kind: "number",
        min: 1,
        max: 100,
        hint: "空欄ならセクションの件数",
      },
    ],
  },
  {
    type: "ranking",
    label: "ランキング",
    group: "作品・ランキング",
    description: "人気ランキングと「もっと見る」",
    fresh: () => ({ type: "ranking" }),
    fields: [
      {
        name: "title",
        label: "タイトル",
        kind: "line",
        hint: "空欄なら「毎日更新！人気ランキング」",
        placeholders: true,
      },
      {
        name: "tp",
        label: "集計期間",
        kind: "select",
        options: [
          { value: 1, label: "デイリー" },
          { value: 2, label: "ウィークリー" },
          { value: 3, label: "マンスリー" },
        ],
      },
      { name: "ln", label: "表示件数", kind: "number", min: 1, max: 100 },
      { name: "genre", label: "ジャンルID", kind: "number", min: 1 },
      {
        name: "pagetype",
        label: "種類",
        kind: "select",
        options: [
          { value: 1, label: "通常ランキング" },
          { value: 2, label: "無料ランキング" },
        ],
      },
    ],
  },
  searchButton("publisher", "出版社"),
  searchButton("label", "レーベル"),
  searchButton("magazine", "掲載誌"),
  searchButton("genre", "ジャンル"),
  searchButton("category", "カテゴリ"),
  {
    type: "box",
    label: "囲み",
    group: "レイアウト",
    description: "ブロックをまとめて色付きの枠で囲みます",
    fresh: () => ({ type: "box", style: "pink", blocks: [] }),
    fields: [
      {
        name: "style",
        label: "枠の色",
        kind: "select",
        options: [
          { value: "plain", label: "枠線のみ" },
          { value: "pink", label: "ピンク" },
          { value: "grey", label: "グレー" },
        ],
      },
    ],
  },
  {
    type: "space",
    label: "余白",
    group: "レイアウト",
    description: "縦の余白",
    fresh: () => ({ type: "space", height: 24 }),
    fields: [
      { name: "height", label: "高さ（px）", kind: "number", required: true, min: 0, max: 400 },
    ],
  },
  {
    type: "hr",
    label: "区切り線",
    group: "レイアウト",
    description: "横線",
    fresh: () => ({ type: "hr" }),
    fields: [],
  },
];

export const BLOCK_KIND: ReadonlyMap<string, BlockKind> = new Map(
  BLOCK_KINDS.map((k) => [k.type, k]),
);

export const blockLabel = (type: unknown): string =>
  BLOCK_KIND.get(String(type))?.label ?? `未対応のブロック（${String(type)}）`;

// ---------------------------------------------------------------------------------------------
// Visibility markers

/** Who sees a block, as three boxes: 訪問者, 会員（未購入）, 購入済みの会員. */
export const AUDIENCES = ["visitor", "member", "paid"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  visitor: "訪問者（未ログイン）",
  member: "会員（購入なし）",
  paid: "購入したことのある会員",
};

/**
 * The markers that say who sees a block, by the set of audiences each leaves. The markers are
 * all-of, so "visitors and paying members" has no marker: the editor refuses that choice.
 */
export const AUDIENCE_MARKERS: ReadonlyArray<{ marker: string; audiences: readonly Audience[] }> = [
  { marker: "logoutOnly", audiences: ["visitor"] },
  { marker: "loginOnly", audiences: ["member", "paid"] },
  { marker: "paidOnly", audiences: ["paid"] },
  { marker: "unpaidOnly", audiences: ["visitor", "member"] },
];

export interface MarkerKind {
  name: string;
  label: string;
  group:
    | "会員"
    | "登録"
    | "購入"
    | "カート"
    | "表示場所"
    | "クーポン"
    | "返金・ポップアップ"
    | "レビュー・日時"
    | "閲覧";
  /** none: a plain marker; one: name + N; two: name_{id}_{n}. */
  numbers: "none" | "one" | "two";
  /** What N (and for two, the second number) is, for the field labels. */
  unit?: string;
  second?: string;
}

export const MARKER_KINDS: readonly MarkerKind[] = [
  { name: "loginOnly", label: "ログイン中の会員だけ", group: "会員", numbers: "none" },
  { name: "logoutOnly", label: "未ログインの訪問者だけ", group: "会員", numbers: "none" },
  { name: "paidOnly", label: "購入したことのある会員だけ", group: "会員", numbers: "none" },
  { name: "unpaidOnly", label: "購入したことのない方だけ", group: "会員", numbers: "none" },
  { name: "newUserOnly", label: "登録から7日以内の会員だけ", group: "登録", numbers: "none" },
  { name: "lastMonthNewUserOnly", label: "先月登録した会員だけ", group: "登録", numbers: "none" },
  {
    name: "signupTimeUnder",
    label: "登録からの時間が次の時間未満",
    group: "登録",
    numbers: "one",
    unit: "時間",
  },
  {
    name: "signupTimeOver",
    label: "登録からの時間が次の時間以上",
    group: "登録",
    numbers: "one",
    unit: "時間",
  },
  {
    name: "signupMonthUnder",
    label: "登録からの月数が次の月数未満",
    group: "登録",
    numbers: "one",
    unit: "か月",
  },
  {
    name: "signupMonthOver",
    label: "登録からの月数が次の月数以上",
    group: "登録",
    numbers: "one",
    unit: "か月",
  },
  {
    name: "monthPayMaxUnder",
    label: "月間の最高購入額が次の金額未満",
    group: "購入",
    numbers: "one",
    unit: "円",
  },
  {
    name: "payCountUnder",
    label: "購入回数が次の回数未満",
    group: "購入",
    numbers: "one",
    unit: "回",
  },
  {
    name: "payCountOver",
    label: "購入回数が次の回数以上",
    group: "購入",
    numbers: "one",
    unit: "回",
  },
  { name: "cartBookOnly", label: "カートが巻（本）だけのとき", group: "カート", numbers: "none" },
  {
    name: "cartPriceUnder",
    label: "カートの金額が次の金額未満",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "cartPriceOver",
    label: "カートの金額が次の金額以上",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "cartNoNewPriceUnder",
    label: "カートの既刊分の金額が次の金額未満",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "cartNoNewPriceOver",
    label: "カートの既刊分の金額が次の金額以上",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "amountUnder",
    label: "カートの点数が次の点数未満",
    group: "カート",
    numbers: "one",
    unit: "点",
  },
  {
    name: "amountOver",
    label: "カートの点数が次の点数以上",
    group: "カート",
    numbers: "one",
    unit: "点",
  },
  {
    name: "itemPriceUnder",
    label: "カートの定価合計が次の金額未満",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "itemPriceOver",
    label: "カートの定価合計が次の金額以上",
    group: "カート",
    numbers: "one",
    unit: "円",
  },
  {
    name: "seriesOnly",
    label: "この作品のページだけ",
    group: "表示場所",
    numbers: "one",
    unit: "作品ID",
  },
  {
    name: "doramacdOnly",
    label: "このドラマCDのページだけ",
    group: "表示場所",
    numbers: "one",
    unit: "ドラマCD ID",
  },
  {
    name: "publisherOnly",
    label: "この出版社のページだけ",
    group: "表示場所",
    numbers: "one",
    unit: "出版社ID",
  },
  {
    name: "genreOnly",
    label: "このジャンルのページだけ",
    group: "表示場所",
    numbers: "one",
    unit: "ジャンルID",
  },
  { name: "couponEnable", label: "今使えるクーポンがある", group: "クーポン", numbers: "none" },
  { name: "haveCoupon", label: "未使用のクーポンを持っている", group: "クーポン", numbers: "none" },
  {
    name: "notHaveCoupon",
    label: "未使用のクーポンを持っていない",
    group: "クーポン",
    numbers: "none",
  },
  {
    name: "notReceivedCoupon",
    label: "受け取れるクーポンをまだ受け取っていない",
    group: "クーポン",
    numbers: "none",
  },
  {
    name: "haveUpcomingCoupon",
    label: "開始前のクーポンを持っている",
    group: "クーポン",
    numbers: "none",
  },
  {
    name: "notHaveUpcomingCoupon",
    label: "この開始前クーポンを持っていない",
    group: "クーポン",
    numbers: "one",
    unit: "クーポンID",
  },
  {
    name: "refundEnable",
    label: "この返金キャンペーンが受付中",
    group: "返金・ポップアップ",
    numbers: "one",
    unit: "返金キャンペーンID",
  },
  {
    name: "havePopup",
    label: "このポップアップの対象",
    group: "返金・ポップアップ",
    numbers: "one",
    unit: "ポップアップID",
  },
  {
    name: "notHavePopup",
    label: "このポップアップの対象外",
    group: "返金・ポップアップ",
    numbers: "one",
    unit: "ポップアップID",
  },
  {
    name: "totalRatingUnder",
    label: "レビュー投稿数が次の件数未満",
    group: "レビュー・日時",
    numbers: "one",
    unit: "件",
  },
  {
    name: "totalRatingOver",
    label: "レビュー投稿数が次の件数以上",
    group: "レビュー・日時",
    numbers: "one",
    unit: "件",
  },
  {
    name: "dateUnder",
    label: "次の日付より前",
    group: "レビュー・日時",
    numbers: "one",
    unit: "日付（20261201）",
  },
  {
    name: "dateOver",
    label: "次の日付から",
    group: "レビュー・日時",
    numbers: "one",
    unit: "日付（20261201）",
  },
  {
    name: "datetimeUnder",
    label: "次の日時より前",
    group: "レビュー・日時",
    numbers: "one",
    unit: "日時（202612011000）",
  },
  {
    name: "datetimeOver",
    label: "次の日時から",
    group: "レビュー・日時",
    numbers: "one",
    unit: "日時（202612011000）",
  },
  {
    name: "dailyReadSeriesCountUnder",
    label: "今日この作品を読んだ冊数が次の冊数未満",
    group: "閲覧",
    numbers: "two",
    unit: "作品ID",
    second: "冊",
  },
  {
    name: "dailyReadSeriesCountOver",
    label: "今日この作品を読んだ冊数が次の冊数以上",
    group: "閲覧",
    numbers: "two",
    unit: "作品ID",
    second: "冊",
  },
];

export const MARKER_KIND: ReadonlyMap<string, MarkerKind> = new Map(
  MARKER_KINDS.map((k) => [k.name, k]),
);

/** One class name read as a marker; others are styling and kept as they are. */
export interface MarkerRule {
  name: string;
  n?: number;
  m?: number;
}

const NUMBERED = /^([A-Za-z]+?)(?:(\d+)|_(\d+)_(\d+))$/;

/** The marker a class name is, or null (a styling class). The same reading as the server's. */
export function readMarkerRule(className: string): MarkerRule | null {
  const plain = MARKER_KIND.get(className);
  if (plain?.numbers === "none") return { name: className };
  const match = NUMBERED.exec(className);
  if (!match) return null;
  const kind = MARKER_KIND.get(match[1]!);
  if (!kind || kind.numbers === "none") return null;
  if (kind.numbers === "one" && match[2] !== undefined)
    return { name: kind.name, n: Number(match[2]) };
  if (kind.numbers === "two" && match[3] !== undefined) {
    return { name: kind.name, n: Number(match[3]), m: Number(match[4]) };
  }
  return null;
}

export function markerClass(rule: MarkerRule): string {
  const kind = MARKER_KIND.get(rule.name);
  if (!kind || kind.numbers === "none") return rule.name;
  if (kind.numbers === "two") return `${rule.name}_${rule.n ?? 0}_${rule.m ?? 0}`;
  return `${rule.name}${rule.n ?? 0}`;
}

/** The regular-expression rules a row, column or block may carry besides class names. */
export const PATTERN_RULES = [
  { name: "url", label: "ページのURL（正規表現）", hint: "例: ^/topic/spring" },
  { name: "utmSource", label: "流入元 utm_source（正規表現）", hint: "例: ^twitter$" },
  { name: "utmMedium", label: "媒体 utm_medium（正規表現）", hint: "例: ^cpc$" },
  { name: "utmCampaign", label: "キャンペーン utm_campaign（正規表現）", hint: "例: spring" },
] as const;

// ---------------------------------------------------------------------------------------------
// Text placeholders

export interface PlaceholderKind {
  /** What is inserted; N marks a number the editor asks for. */
  token: string;
  label: string;
  /** The number's meaning, when the placeholder takes one. */
  argument?: string;
}

export const PLACEHOLDERS: readonly PlaceholderKind[] = [
  { token: "{signup_url}", label: "会員登録ページのURL" },
  { token: "{login_url}", label: "ログインページのURL" },
  { token: "{leave_url}", label: "退会ページのURL" },
  { token: "{this_month}", label: "今月（例: 12）" },
  { token: "{end_of_month}", label: "今月の末日（例: 12月31日）" },
  {
    token: "{remaining_price:N}",
    label: "N円まであと何円か（カート金額から）",
    argument: "目標の金額（円）",
  },
  { token: "{total_rating}", label: "その会員のレビュー投稿数" },
  { token: "{read_series_count}", label: "その会員が読んだ作品数" },
  {
    token: "{refund_period_date:N}",
    label: "返金キャンペーンの受付期限（例: 12月31日）",
    argument: "返金キャンペーンID",
  },
];

/** The placeholder text to insert, its N replaced by the number given. */
export function placeholderText(kind: PlaceholderKind, n?: number): string {
  return kind.argument ? kind.token.replace("N", String(n ?? 0)) : kind.token;
}
