import { sql } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { GENRE_IDS, genreName } from "../../../contract/genres";
import { mediaUrl } from "../../../contract/media";
import { startOfTokyoDay, tokyoIsoDate } from "../../../contract/tokyo-time";
import type { TopicBlock, TopicRow } from "../../../contract/topic-content";
import type { Rng } from "../../lib/seeded-random";
import { campaignPolicies, campaigns, campaignTargets } from "../../modules/campaign/schema";
import { coupons } from "../../modules/commerce/schema";
import {
  flickBanners,
  homeLayoutItems,
  homeLayouts,
  hotWords,
  linkRotations,
  menuTopicContents,
  pickupCampaigns,
} from "../../modules/home/schema";
import { lotteries, lotteryPrizes } from "../../modules/lottery/schema";
import { news } from "../../modules/news/schema";
import { POPUP_TYPES, popups } from "../../modules/popup/schema";
import { loginStampCards, stampBoxes } from "../../modules/stamp/schema";
import { topicEntries, topicPages } from "../../modules/topic/schema";
import type { Db } from "../client";
import type { CatalogSummary, SeedContext } from "./types";

/** Spec 001 §4: this home content pages through 1–5 per session, so it holds five pages. */
export const ROTATING_LAYOUT_ID = 1203;

/** Every layout type listed in spec 000 (18 is not one). */
export const LAYOUT_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
  29, 30,
] as const;

/** The ABJ site the store's /abj page also links to: the demo's one outside advertiser. */
const ABJ_SITE = "https://aebs.or.jp/";

type SeriesEntry = CatalogSummary["series"][number];
type CdEntry = CatalogSummary["dramaCds"][number];

/** Fills the marketing and content tables from the catalog the catalog seed made. */
export async function seedMarketing(ctx: SeedContext, catalog: CatalogSummary): Promise<void> {
  const rng = ctx.rng.fork("marketing");
  const now = ctx.options.now;
  const pools = new Pools(catalog);
  const images = new ImageCounter();

  const campaignPlan = planCampaigns(rng.fork("campaigns"), now, pools);
  const bannerPlan = planBanners(rng.fork("banners"), now, pools, campaignPlan);
  const homePlan = planHome(
    rng.fork("home"),
    pools,
    campaignPlan,
    bannerPlan,
    images,
    seasonOf(now),
  );
  const popupPlan = planPopups(rng.fork("popups"), now, pools, campaignPlan);
  const topicPlan = planTopicPages(
    rng.fork("topic"),
    now,
    catalog,
    campaignPlan,
    homePlan,
    popupPlan,
  );

  const { db } = ctx;
  await insertChunked(db, campaigns, campaignPlan.campaigns);
  await insertChunked(db, campaignPolicies, campaignPlan.policies);
  await insertChunked(db, campaignTargets, campaignPlan.targets);
  await insertChunked(db, coupons, campaignPlan.coupons);
  await insertChunked(db, linkRotations, bannerPlan.rotations);
  await insertChunked(db, flickBanners, bannerPlan.flicks);
  await insertChunked(db, homeLayouts, homePlan.layouts);
  await insertChunked(db, homeLayoutItems, homePlan.items);
  await insertChunked(db, hotWords, homePlan.hotWords);
  await insertChunked(db, pickupCampaigns, homePlan.pickups);
  await insertChunked(db, menuTopicContents, planMenuTopics(now, bannerPlan));
  await insertChunked(db, topicEntries, topicPlan.entries);
  await insertChunked(db, topicPages, topicPlan.pages);
  await insertChunked(db, popups, popupPlan);
  await insertChunked(db, news, planNews(rng.fork("news"), now));
  const stamp = planStampCard(now);
  await insertChunked(db, loginStampCards, [stamp.card]);
  await insertChunked(db, stampBoxes, stamp.boxes);
  const lottery = planLottery(now);
  await insertChunked(db, lotteries, [lottery.lottery]);
  await insertChunked(db, lotteryPrizes, lottery.prizes);

  // The seed sets ids itself; move the identity sequences past them so later inserts do not collide.
  for (const [table, column] of [
    ["campaigns", "campaign_id"],
    ["campaign_policies", "campaign_policy_id"],
    ["campaign_targets", "campaign_target_id"],
    ["coupons", "coupon_id"],
    ["link_rotations", "link_rotation_id"],
    ["home_layouts", "layout_id"],
    ["home_layout_items", "layout_item_id"],
    ["hot_words", "hot_word_id"],
    ["topic_entries", "entry_id"],
    ["topic_pages", "topic_page_id"],
    ["popups", "popup_id"],
    ["news", "m_news_id"],
    ["login_stamp_cards", "card_id"],
    ["lotteries", "lottery_id"],
    ["lottery_prizes", "prize_id"],
  ] as const) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}

async function insertChunked<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(table).values(rows.slice(i, i + 500) as PgInsertValue<T>[]);
  }
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

function jstDayStart(now: Date, addDays: number): Date {
  return startOfTokyoDay(now, addDays);
}

function jstDayEnd(now: Date, addDays: number): Date {
  return new Date(jstDayStart(now, addDays + 1).getTime() - 1000);
}

/** 春, 夏, 秋 or 冬 of the Japanese calendar month, so seasonal copy fits the seed's date. */
function seasonOf(now: Date): string {
  const month = Number(jstDate(now, 0).slice(5, 7));
  if (month >= 3 && month <= 5) return "春";
  if (month >= 6 && month <= 8) return "夏";
  if (month >= 9 && month <= 11) return "秋";
  return "冬";
}

/** YYYY-MM-DD of the Japanese calendar day. */
function jstDate(now: Date, addDays: number): string {
  return tokyoIsoDate(jstDayStart(now, addDays));
}

/** n distinct items; cheap on 100,000-entry lists where copying per pick would not be. */
function sampleFrom<T>(rng: Rng, items: readonly T[], n: number): T[] {
  if (n * 4 >= items.length) return rng.sample(items, n);
  const seen = new Set<number>();
  const out: T[] = [];
  while (out.length < n) {
    const i = rng.int(0, items.length - 1);
    if (seen.has(i)) continue;
    seen.add(i);
    out.push(items[i]!);
  }
  return out;
}

class Pools {
  readonly all: SeriesEntry[];
  readonly free: SeriesEntry[];
  readonly cds: CdEntry[];
  private readonly byGenre = new Map<number, SeriesEntry[]>();

  constructor(catalog: CatalogSummary) {
    this.all = catalog.series;
    this.cds = catalog.dramaCds;
    this.free = catalog.series.filter((s) => s.pricesInc[0] === 0);
    for (const s of catalog.series) {
      for (const g of s.genreIds) {
        let list = this.byGenre.get(g);
        if (!list) {
          list = [];
          this.byGenre.set(g, list);
        }
        list.push(s);
      }
    }
  }

  /** Series of a home genre; 総合 (and a genre the catalog left empty) draws from everything. */
  series(genre: number): SeriesEntry[] {
    if (genre === 1) return this.all;
    const list = this.byGenre.get(genre);
    return list && list.length > 0 ? list : this.all;
  }

  freeSeries(genre: number): SeriesEntry[] {
    const inGenre = genre === 1 ? this.free : this.free.filter((s) => s.genreIds.includes(genre));
    if (inGenre.length > 0) return inGenre;
    return this.free.length > 0 ? this.free : this.series(genre);
  }

  /** Union of several genres' series, for campaigns that span genres. */
  seriesOf(genres: readonly number[]): SeriesEntry[] {
    const specific = genres.filter((g) => g !== 1 && g !== 21);
    if (specific.length === 0) return this.all;
    if (specific.length === 1) return this.series(specific[0]!);
    const wanted = new Set(specific);
    const list = this.all.filter((s) => s.genreIds.some((g) => wanted.has(g)));
    return list.length > 0 ? list : this.all;
  }
}

/** Numbers generated images per kind (/media/{kind}/{n}.png), in plan order. */
class ImageCounter {
  private readonly next = new Map<string, number>();
  take(kind: string): string {
    const n = (this.next.get(kind) ?? 0) + 1;
    this.next.set(kind, n);
    return mediaUrl(`/media/${kind}/${n}.png`);
  }
}

// ---------------------------------------------------------------------------------------------
// Campaigns

type PolicyType = 101 | 102 | 103 | 104 | 105 | 106;
type Timing = "new" | "ending" | "flash" | "running" | "open" | "upcoming" | "ended" | "lottery";

interface CampaignTemplate {
  name: string;
  description: string;
  genres: number[];
  policies: Array<{
    type: PolicyType;
    salePct?: number;
    freeCount?: number;
    trialPageCount?: number;
    label?: string;
  }>;
  timing: Timing;
  targets: "series" | "volume" | "cd" | "none";
  /** A coupon campaign: the percent off of the coupon it hands out for its targets. */
  coupon?: number;
  info?: boolean;
  moment?: boolean;
  actionUrl?: string;
  pickupMoreUrl?: string;
}

const ALL_GENRES = [...GENRE_IDS];

const CAMPAIGN_TEMPLATES: CampaignTemplate[] = [
  {
    name: "【最大50%OFF】人気作まとめ買いセール",
    description:
      "話題の人気作が<b>最大50%OFF</b>！<br>完結作品もまとめてお得に揃えるチャンスです。期間限定なのでお見逃しなく。",
    genres: [1, 2, 5],
    policies: [{ type: 101, salePct: 50 }],
    timing: "ending",
    targets: "series",
  },
  {
    name: "【1巻無料】話題の異世界ファンタジー特集",
    description: "転生・追放・スローライフ…今読みたい異世界ファンタジーの1巻が無料で読めます。",
    genres: [1, 5, 6],
    policies: [{ type: 102, freeCount: 1 }],
    timing: "running",
    targets: "series",
  },
  {
    name: "【会員限定】3巻まで無料！胸キュン少女マンガ",
    description: "無料会員登録で対象作品の1〜3巻が読み放題。甘くて切ない恋の物語をたっぷりどうぞ。",
    genres: [1, 2],
    policies: [{ type: 103, freeCount: 3 }],
    timing: "new",
    targets: "series",
  },
  {
    name: "立ち読み増量！50ページ試し読みフェア",
    description: "いつもより長く試し読みできる！対象作品は50ページまで立ち読みOK。",
    genres: [1, 2, 5],
    policies: [{ type: 104, trialPageCount: 50 }],
    timing: "running",
    targets: "series",
  },
  {
    name: "【2冊まるごと試し読み】BL名作フェア",
    description: "名作BLの1〜2巻がまるごと試し読みできます。運命の推しカプに出会えるかも。",
    genres: [4],
    policies: [{ type: 105, freeCount: 2 }],
    timing: "new",
    targets: "series",
  },
  {
    name: "購入金額の20%ポイント還元キャンペーン",
    description: "期間中、対象作品のご購入で購入金額の<b>20%</b>をポイントで還元します。",
    genres: [1, 2, 5, 6],
    policies: [{ type: 106, label: "ポイント20%還元" }],
    timing: "running",
    targets: "series",
    pickupMoreUrl: "/otoku?genre=1",
  },
  {
    name: "甘々溺愛TL 3冊無料",
    description: "独占欲強めなヒーローに溺愛される…！人気TL作品が3冊まで無料。",
    genres: [3],
    policies: [{ type: 102, freeCount: 3 }],
    timing: "ending",
    targets: "series",
  },
  {
    name: "【新刊発売記念】BL 1巻半額",
    description: "最新刊の発売を記念して、対象作品の1巻が50%OFF！",
    genres: [4],
    policies: [{ type: 101, salePct: 50 }],
    timing: "new",
    targets: "volume",
  },
  {
    name: "バトル・アクション 40%OFF",
    description: "手に汗握るバトル漫画が40%OFF。熱い展開を一気読み！",
    genres: [1, 5],
    policies: [{ type: 101, salePct: 40 }],
    timing: "running",
    targets: "series",
  },
  {
    name: "メンズ人気作 2冊無料",
    description: "ラブコメ、ハーレム、異世界…メンズ人気作の1〜2巻が無料で読めます。",
    genres: [6],
    policies: [{ type: 102, freeCount: 2 }],
    timing: "running",
    targets: "series",
  },
  {
    name: "タテヨミ 10話無料で一気読み",
    description: "スマホで読みやすいフルカラーのタテヨミ作品。10話まで無料公開中！",
    genres: [20],
    policies: [{ type: 102, freeCount: 10 }],
    timing: "new",
    targets: "series",
  },
  {
    name: "【今だけ】タテヨミ 立ち読み増量",
    description: "人気タテヨミ作品の試し読みが80ページに増量中。",
    genres: [20],
    policies: [{ type: 104, trialPageCount: 80 }],
    timing: "ending",
    targets: "series",
    moment: true,
  },
  {
    name: "ボイスドラマ 30%OFFセール",
    description: "人気声優が出演するボイスドラマ・ドラマCDが30%OFF。",
    genres: [21],
    policies: [{ type: 101, salePct: 30 }],
    timing: "running",
    targets: "cd",
  },
  {
    name: "完結記念 全巻20%OFF",
    description: "ついに完結！最終巻の配信を記念して、全巻20%OFFでお届けします。",
    genres: [1, 2, 3],
    policies: [{ type: 101, salePct: 20 }],
    timing: "new",
    targets: "series",
  },
  {
    name: "ドラマ化記念！1〜3巻無料＋4巻以降30%OFF",
    description: "実写ドラマ化を記念して1〜3巻を無料公開。4巻以降も30%OFFで続きが読めます。",
    genres: [1, 2],
    policies: [
      { type: 102, freeCount: 3 },
      { type: 101, salePct: 30 },
    ],
    timing: "running",
    targets: "series",
  },
  {
    name: "【48時間限定】タイムセール 1巻0円＋全巻30%OFF",
    description: "48時間だけのタイムセール！1巻が0円、2巻以降も30%OFF。",
    genres: [1, 5, 6],
    policies: [
      { type: 102, freeCount: 1 },
      { type: 101, salePct: 30 },
    ],
    timing: "flash",
    targets: "series",
    moment: true,
  },
  {
    name: "メンズ 1巻まるごと立ち読み",
    description: "対象作品の1巻をまるごと試し読み。気に入ったら続きをどうぞ。",
    genres: [6],
    policies: [{ type: 105, freeCount: 1 }],
    timing: "ending",
    targets: "series",
  },
  {
    name: "BL 会員登録で2巻無料",
    description: "無料会員登録で人気BL作品が2巻まで無料。",
    genres: [4],
    policies: [{ type: 103, freeCount: 2 }],
    timing: "running",
    targets: "series",
  },
  {
    name: "新連載先行配信 購入で描き下ろしプレゼント",
    description: "新連載タテヨミの先行配信を記念して、ご購入の方に描き下ろしイラストをプレゼント。",
    genres: [1, 20],
    policies: [{ type: 106, label: "描き下ろし特典付き" }],
    timing: "new",
    targets: "series",
  },
  {
    name: "TL 試し読み40ページ増量",
    description: "大人の恋をじっくり試し読み。対象TL作品は40ページまで読めます。",
    genres: [3],
    policies: [{ type: 104, trialPageCount: 40 }],
    timing: "new",
    targets: "series",
  },
  {
    name: "ボイスドラマ新作発売記念 SSペーパー特典",
    description: "新作ボイスドラマのご購入で、書き下ろしSSペーパーをプレゼント。",
    genres: [21],
    policies: [{ type: 106, label: "購入特典 SSペーパー" }],
    timing: "new",
    targets: "cd",
  },
  {
    name: "少女・女性マンガで使える30%OFFクーポン",
    description: "対象の少女・女性マンガに使える30%OFFクーポンを配布中。お一人さま1回限り。",
    genres: [2],
    policies: [],
    timing: "running",
    targets: "series",
    coupon: 30,
  },
  {
    name: "BLマンガ 50%OFFクーポン",
    description: "対象BL作品が半額になるクーポン。有効期限にご注意ください。",
    genres: [4],
    policies: [],
    timing: "ending",
    targets: "series",
    coupon: 50,
  },
  {
    name: "ボイスドラマ 20%OFFクーポン",
    description: "対象のボイスドラマ・ドラマCDに使える20%OFFクーポン。",
    genres: [21],
    policies: [],
    timing: "new",
    targets: "cd",
    coupon: 20,
  },
  {
    name: "少年・青年マンガ 全品15%OFFクーポン",
    description: "少年・青年マンガの対象作品に使える15%OFFクーポンです。",
    genres: [1, 5, 6],
    policies: [],
    timing: "running",
    targets: "series",
    coupon: 15,
  },
  {
    name: "新規会員登録で70%OFFクーポンプレゼント",
    description: "無料会員登録で、お好きな作品1冊に使える70%OFFクーポンをプレゼント中！",
    genres: ALL_GENRES,
    policies: [],
    timing: "open",
    targets: "none",
    info: true,
    actionUrl: "/topic/welcome",
  },
  {
    name: "毎日ログインでスタンプGET！",
    description: "ログインするだけで毎日スタンプが押せる！5個ごとにポイントをプレゼント。",
    genres: ALL_GENRES,
    policies: [],
    timing: "open",
    targets: "none",
    info: true,
    actionUrl: "/stamp",
  },
  {
    name: "毎日引ける！マンガおみくじ",
    description: "1日1回おみくじを引いて、最大100ポイントを当てよう。",
    genres: [1],
    policies: [],
    timing: "lottery",
    targets: "none",
    info: true,
    actionUrl: "/lottery/omikuji",
  },
  {
    name: "【近日開催】周年記念 大感謝セール",
    description: "サービス開始周年を記念した大型セールを近日開催予定！",
    genres: [1, 2, 3, 4, 5, 6],
    policies: [{ type: 101, salePct: 30 }],
    timing: "upcoming",
    targets: "series",
  },
  {
    name: "【終了】大感謝祭 第1弾",
    description: "たくさんのご参加ありがとうございました。",
    genres: [1],
    policies: [{ type: 101, salePct: 50 }],
    timing: "ended",
    targets: "series",
  },
];

interface PlannedCampaign {
  id: number;
  template: CampaignTemplate;
  active: boolean;
  startAt: Date;
  endAt: Date | null;
  /** Series ids targeted, in order (empty for CD and info campaigns). */
  seriesIds: number[];
}

interface CampaignPlan {
  campaigns: (typeof campaigns)["$inferInsert"][];
  policies: (typeof campaignPolicies)["$inferInsert"][];
  targets: (typeof campaignTargets)["$inferInsert"][];
  coupons: (typeof coupons)["$inferInsert"][];
  planned: PlannedCampaign[];
}

function campaignPeriod(rng: Rng, now: Date, timing: Timing): { start: Date; end: Date | null } {
  switch (timing) {
    case "new":
      return { start: jstDayStart(now, -rng.int(0, 2)), end: jstDayEnd(now, rng.int(14, 30)) };
    case "ending":
      // 24 to 72 hours left: the ending-soon filter and the end-date labels have work to do.
      return { start: jstDayStart(now, -rng.int(7, 20)), end: jstDayEnd(now, rng.int(1, 2)) };
    case "running":
      return { start: jstDayStart(now, -rng.int(5, 40)), end: jstDayEnd(now, rng.int(5, 30)) };
    case "open":
      return { start: jstDayStart(now, -90), end: null };
    case "upcoming":
      return { start: jstDayStart(now, rng.int(3, 7)), end: jstDayEnd(now, 30) };
    case "flash":
      // A 48-hour sale that began yesterday: it ends tonight.
      return { start: jstDayStart(now, -1), end: jstDayEnd(now, 0) };
    case "lottery":
      // Same period as the lottery the campaign announces (planLottery).
      return { start: jstDayStart(now, -7), end: jstDayEnd(now, 23) };
    case "ended":
      return { start: jstDayStart(now, -40), end: jstDayEnd(now, -rng.int(2, 6)) };
  }
}

function planCampaigns(rng: Rng, now: Date, pools: Pools): CampaignPlan {
  const plan: CampaignPlan = {
    campaigns: [],
    policies: [],
    targets: [],
    coupons: [],
    planned: [],
  };
  let policyId = 0;
  let targetId = 0;
  CAMPAIGN_TEMPLATES.forEach((t, index) => {
    const id = index + 1;
    const { start, end } = campaignPeriod(rng, now, t.timing);
    const types = new Set(t.policies.map((p) => p.type));
    plan.campaigns.push({
      campaignId: id,
      name: t.name,
      description: t.description,
      img: mediaUrl(`/media/campaign/${id}.png`),
      actionUrl: t.actionUrl ?? null,
      genreIds: t.genres,
      couponFlag: t.coupon !== undefined,
      infoFlag: t.info ?? false,
      newFlag: t.timing === "new",
      freeFlag: types.has(102) || types.has(103),
      saleFlag: types.has(101),
      trialFlag: types.has(104) || types.has(105),
      momentFlag: t.moment ?? false,
      pickupMoreUrl: t.pickupMoreUrl ?? null,
      pickupDisplayNumber: 6,
      startAt: start,
      endAt: end,
      sortOrder: id * 10,
    });
    for (const p of t.policies) {
      plan.policies.push({
        campaignPolicyId: ++policyId,
        campaignId: id,
        policyType: p.type,
        salePct: p.salePct ?? null,
        freeCount: p.freeCount ?? null,
        trialPageCount: p.trialPageCount ?? null,
        label: p.label ?? null,
      });
    }
    const seriesIds: number[] = [];
    if (t.targets === "cd") {
      sampleFrom(rng, pools.cds, rng.int(8, 16)).forEach((cd, i) => {
        plan.targets.push({
          campaignTargetId: ++targetId,
          campaignId: id,
          cdId: cd.cdId,
          itemId: cd.itemIds[0] ?? null,
          sortOrder: i + 1,
        });
      });
    } else if (t.targets !== "none") {
      sampleFrom(rng, pools.seriesOf(t.genres), rng.int(12, 30)).forEach((s, i) => {
        seriesIds.push(s.seriesId);
        plan.targets.push({
          campaignTargetId: ++targetId,
          campaignId: id,
          seriesId: s.seriesId,
          // A volume campaign discounts only the first volume, not the series.
          itemId: t.targets === "volume" ? (s.itemIds[0] ?? null) : null,
          sortOrder: i + 1,
        });
      });
    }
    if (t.coupon !== undefined && end !== null) {
      // Its coupon is taken on /coupon?campaign={id} and fits the campaign's targets while it runs.
      plan.coupons.push({
        couponId: plan.coupons.length + 1,
        couponType: 2,
        campaignId: id,
        name: t.name,
        description: t.description,
        discountType: 1,
        discountValue: t.coupon,
        maxDiscount: 1000,
        startAt: start,
        endAt: end,
      });
    }
    plan.planned.push({
      id,
      template: t,
      active: t.timing !== "upcoming" && t.timing !== "ended",
      startAt: start,
      endAt: end,
      seriesIds,
    });
  });
  return plan;
}

/** Active campaigns with targets for a genre's sections; CDs only on the voice-drama home. */
function campaignsForGenre(plan: CampaignPlan, genre: number): PlannedCampaign[] {
  return plan.planned.filter(
    (c) =>
      c.active &&
      !c.template.info &&
      c.template.genres.includes(genre) &&
      (genre === 21) === (c.template.targets === "cd"),
  );
}

// ---------------------------------------------------------------------------------------------
// Banners (link rotations) and flick banners

/** The flick banner at the top of a genre's home shows the genre's first banners. */
const FLICK_BANNERS = 5;

interface BannerPlan {
  rotations: (typeof linkRotations)["$inferInsert"][];
  flicks: (typeof flickBanners)["$inferInsert"][];
  /** Banner ids usable on each genre's home, most prominent first. */
  byGenre: Map<number, number[]>;
  stampBannerId: number;
  lotteryBannerId: number;
  welcomeBannerId: number;
}

function planBanners(rng: Rng, now: Date, pools: Pools, plan: CampaignPlan): BannerPlan {
  const rotations: (typeof linkRotations)["$inferInsert"][] = [];
  const add = (
    name: string,
    url: string,
    opts: { actionType?: number; startAt?: Date | null; endAt?: Date | null } = {},
  ) => {
    const id = rotations.length + 1;
    rotations.push({
      linkRotationId: id,
      name,
      url,
      img: mediaUrl(`/media/banner/${id}.png`),
      alt: name,
      actionType: opts.actionType ?? 1,
      startAt: opts.startAt ?? null,
      endAt: opts.endAt ?? null,
    });
    return id;
  };
  const welcomeBannerId = add("新規会員登録で70%OFFクーポン", "/topic/welcome");
  const stampBannerId = add("毎日ログインでスタンプGET！", "/stamp");
  const lotteryBannerId = add("毎日引ける！マンガおみくじ", "/lottery/omikuji", {
    startAt: jstDayStart(now, -7),
    endAt: jstDayEnd(now, 23),
  });
  // The store's page about its app, which links on to the app stores configured (decision 0065).
  const appBannerId = add("公式アプリならもっと快適に読める", "/app");
  const fairBannerId = add(`${seasonOf(now)}のマンガ祭り 開催中`, "/topic/manga-fair");
  const guideBannerId = add("はじめての方へ ご利用ガイド", "/page/guide");
  const shared = [welcomeBannerId, stampBannerId, lotteryBannerId, fairBannerId, guideBannerId];

  const byGenre = new Map<number, number[]>();
  const campaignBanner = new Map<number, number>();
  for (const genre of GENRE_IDS) {
    const ids: number[] = [];
    const prefix = genre === 1 ? "" : `${genreName(genre)}の`;
    for (const c of campaignsForGenre(plan, genre)) {
      let id = campaignBanner.get(c.id);
      if (id === undefined) {
        id = add(c.template.name, `/campaign/${c.id}`, { startAt: c.startAt, endAt: c.endAt });
        campaignBanner.set(c.id, id);
      }
      ids.push(id);
    }
    if (genre !== 21) {
      for (const s of sampleFrom(rng, pools.series(genre), 3)) {
        ids.push(
          add(`今話題の${genre === 1 ? "人気" : genreName(genre)}作品`, `/series/${s.seriesId}`),
        );
      }
      ids.push(add(`${prefix}無料作品をチェック`, `/free?genre=${genre}`));
    } else {
      for (const cd of sampleFrom(rng, pools.cds, 3)) {
        ids.push(add("話題のボイスドラマ", `/doramacd/${cd.cdId}`));
      }
    }
    ids.push(add(`${prefix}お得なキャンペーン一覧`, `/otoku?genre=${genre}`));
    ids.push(...shared, appBannerId);
    byGenre.set(genre, ids);
  }
  // One scheduled banner that has not started yet, so period filtering has something to hide.
  const upcoming = plan.planned.find((c) => c.template.timing === "upcoming");
  if (upcoming) {
    byGenre.get(1)!.splice(
      1,
      0,
      add(upcoming.template.name, `/campaign/${upcoming.id}`, {
        startAt: upcoming.startAt,
        endAt: upcoming.endAt,
      }),
    );
  }

  const flicks: (typeof flickBanners)["$inferInsert"][] = [];
  for (const genre of GENRE_IDS) {
    byGenre
      .get(genre)!
      .slice(0, FLICK_BANNERS)
      .forEach((linkRotationId, i) => {
        flicks.push({ genre, position: i + 1, linkRotationId });
      });
  }
  return { rotations, flicks, byGenre, stampBannerId, lotteryBannerId, welcomeBannerId };
}

// ---------------------------------------------------------------------------------------------
// Home layouts

type ItemKind =
  | "none"
  | "series"
  | "books"
  | "free"
  | "banners"
  | "features"
  | "appeal"
  | "staff"
  | "authors"
  | "carousel"
  | "cds"
  | "cdsAppeal";

interface LayoutSpec {
  type: number;
  title: string | null;
  display: number;
  items: ItemKind;
  /** How many items to store; defaults to a little more than display, so 'more' has a reason. */
  count?: number;
  content?: 1 | 5 | 18;
  icon?: string;
  more?: string;
  campaignId?: number;
  rankingType?: 1 | 2 | 3;
  frameClass?: string;
  id?: number;
  flags?: Partial<
    Record<"read" | "new" | "final" | "appeal" | "policy" | "endLabel" | "name", true>
  >;
}

type LayoutItem = Omit<
  (typeof homeLayoutItems)["$inferInsert"],
  "layoutItemId" | "layoutId" | "position"
>;

interface HomePlan {
  layouts: (typeof homeLayouts)["$inferInsert"][];
  items: (typeof homeLayoutItems)["$inferInsert"][];
  hotWords: (typeof hotWords)["$inferInsert"][];
  pickups: (typeof pickupCampaigns)["$inferInsert"][];
}

const HOT_WORDS: Record<number, string[]> = {
  1: [
    "魔王",
    "溺愛",
    "転生",
    "悪役令嬢",
    "異世界",
    "婚約破棄",
    "復讐",
    "契約結婚",
    "幼なじみ",
    "スローライフ",
    "聖女",
    "追放",
    "年の差",
    "最強",
    "オメガバース",
    "ざまぁ",
  ],
  2: [
    "溺愛",
    "契約結婚",
    "悪役令嬢",
    "聖女",
    "年の差",
    "幼なじみ",
    "後宮",
    "身代わり",
    "社内恋愛",
    "シンデレラ",
  ],
  3: ["溺愛", "御曹司", "政略結婚", "執着", "年の差", "上司", "幼なじみ", "極上", "甘々", "再会"],
  4: [
    "オメガバース",
    "幼なじみ",
    "執着攻め",
    "年下攻め",
    "リーマン",
    "両片思い",
    "運命の番",
    "再会",
    "溺愛",
    "ヤンデレ",
  ],
  5: [
    "異世界",
    "転生",
    "バトル",
    "最強",
    "追放",
    "ダンジョン",
    "デスゲーム",
    "スポーツ",
    "復讐",
    "料理",
    "ミステリー",
    "魔王",
  ],
  6: [
    "ラブコメ",
    "ハーレム",
    "同居",
    "ギャル",
    "先輩",
    "異世界",
    "転生",
    "幼なじみ",
    "年上",
    "無双",
  ],
  20: ["復讐", "回帰", "転生", "財閥", "悪女", "皇女", "溺愛", "契約結婚", "学園", "ざまぁ"],
  21: [
    "ASMR",
    "バイノーラル",
    "添い寝",
    "癒し",
    "方言",
    "耳かき",
    "執事",
    "年下",
    "ヤンデレ",
    "幼なじみ",
  ],
};

const GENRE_TITLES: Record<
  number,
  { grid: string; pickup: string; pop: string; carousel: string }
> = {
  2: {
    grid: "胸キュン必至！王道恋愛マンガ",
    pickup: "今週の少女・女性ピックアップ",
    pop: "書店員が泣いた！恋愛マンガPOP",
    carousel: "大人の恋愛特集",
  },
  3: {
    grid: "甘々溺愛TL特集",
    pickup: "TL編集部のイチオシ",
    pop: "書店員おすすめ 溺愛TL",
    carousel: "極上ヒーロー特集",
  },
  4: {
    grid: "心ふるえるBL名作選",
    pickup: "BL 今週のピックアップ",
    pop: "書店員推しのBL",
    carousel: "オメガバース特集",
  },
  5: {
    grid: "胸アツ！バトル・アクション",
    pickup: "少年・青年 今週のピックアップ",
    pop: "書店員が語る胸アツ作品",
    carousel: "異世界転生特集",
  },
  6: {
    grid: "メンズ 人気ラブコメ",
    pickup: "メンズ 今週のピックアップ",
    pop: "書店員おすすめ メンズ",
    carousel: "ハーレム・ラブコメ特集",
  },
  20: {
    grid: "一気読み必至！タテヨミ人気作",
    pickup: "タテヨミ 今週のピックアップ",
    pop: "書店員おすすめタテヨミ",
    carousel: "復讐・回帰特集",
  },
};

/** Series shown under each author of the author pickup (layout type 20). */
const AUTHOR_PICKUP_WORKS = 2;

/** What sets an author apart; each author of one section gets a different one. */
const AUTHOR_STYLES = [
  "繊細な心理描写で多くの読者を魅了しています。",
  "SNSでも話題の最新作が好調です。",
  "胸を打つ切ない恋愛描写に定評があります。",
  "王道ファンタジーの名手として知られています。",
  "テンポのよい掛け合いで幅広い世代に人気です。",
  "骨太な人間ドラマが持ち味です。",
  "美麗な作画とドラマチックな展開が人気です。",
  "読後に温かさの残る物語を描き続けています。",
];

/** An author's introduction, naming the works of theirs the section shows. */
function authorIntroduction(works: readonly SeriesEntry[], style: string): string {
  const titles = works.flatMap((w) => (w.name ? [`『${w.name}』`] : []));
  return titles.length > 0 ? `${titles.join("")}を手がける注目の作家。${style}` : style;
}

const APPEAL_TITLES = [
  "ページをめくる手が止まらない！",
  "最後の1ページで号泣必至",
  "この溺愛、甘すぎ注意！",
  "今いちばん続きが気になる作品",
  "笑って泣ける傑作",
  "一気読み確定の面白さ",
  "読み始めたら朝になってた",
  "全人類に読んでほしい",
];

const APPEAL_INTROS = [
  "孤独な令嬢と冷徹公爵の、不器用で甘い契約結婚ラブストーリー。",
  "追放された最弱テイマーが、辺境で最強の仲間たちと成り上がる！",
  "幼なじみの距離感がもどかしい、じれじれ青春ラブコメ。",
  "命を懸けたデスゲームの先に待つ真実とは――。",
  "前世の記憶を取り戻した悪役令嬢が、破滅フラグを全力回避！",
  "町の小さな食堂を舞台に描く、心まであたたまるグルメ物語。",
  "運命の番に出会ってしまったふたりの、切なくも甘い恋。",
  "天才ピッチャーと凡人キャッチャー、甲子園への挑戦が始まる。",
];

const STAFF_COMMENTS = [
  "書店員 佐藤：伏線回収が見事で、2周目がさらに面白いです！",
  "書店員 田中：キャラクター同士の掛け合いが最高。毎巻笑わせてもらっています。",
  "書店員 鈴木：絵の美しさに息をのみました。カラーページは必見です。",
  "書店員 高橋：読後の余韻がすごい。大切な人にすすめたくなる一冊。",
  "書店員 伊藤：ヒーローの不器用な優しさにやられました…！",
  "書店員 渡辺：バトルシーンの迫力が段違い。アニメ化も納得です。",
];

const FEATURE_TITLES = [
  ["特集", "【特集】冷徹公爵の溺愛が止まらない！契約結婚マンガ"],
  ["特集", "【特集】最強なのに無自覚？ 異世界無双マンガ"],
  ["インタビュー", "【インタビュー】連載10周年！作者が語る創作秘話"],
  ["コラム", "【コラム】編集部が選ぶ、泣けるマンガ10選"],
  ["新連載", "【新連載】話題のタテヨミ作品が独占先行配信スタート"],
  ["特集", "【特集】今年アニメ化される注目作まとめ"],
  ["コラム", "【コラム】初心者におすすめの完結マンガ"],
  ["特集", "【特集】オメガバース入門 ― 運命の番に出会う名作たち"],
] as const;

const CD_APPEAL_TEXTS = [
  "耳元でささやく甘いセリフに癒される、添い寝シチュエーションボイス。",
  "人気声優の掛け合いが楽しい、にぎやかなドタバタ日常ドラマ。",
  "原作者書き下ろしシナリオで贈る、本編のその後のふたり。",
  "バイノーラル録音で、まるで隣にいるような臨場感。",
  "切ない三角関係を描く、涙なしでは聴けない感動作。",
];

const CD_APPEAL_TAGS = ["ASMR", "バイノーラル", "添い寝", "癒し", "特典付き", "書き下ろし", "新録"];

function planHome(
  rng: Rng,
  pools: Pools,
  plan: CampaignPlan,
  banners: BannerPlan,
  images: ImageCounter,
  season: string,
): HomePlan {
  const home: HomePlan = { layouts: [], items: [], hotWords: [], pickups: [] };
  let itemId = 0;
  let hotWordId = 0;

  const makeItems = (
    kind: ItemKind,
    genre: number,
    count: number,
    offset: number,
  ): LayoutItem[] => {
    const series = pools.series(genre);
    const genreBanners = banners.byGenre.get(genre)!;
    const genreCampaigns = campaignsForGenre(plan, genre);
    switch (kind) {
      case "none":
        return [];
      case "series":
        return sampleFrom(rng, series, count).map((s) => ({
          seriesId: s.seriesId,
          bookId: s.bookIds[0] ?? null,
        }));
      case "books":
        return sampleFrom(rng, series, count).map((s) => ({
          seriesId: s.seriesId,
          bookId: s.bookIds[s.bookIds.length - 1] ?? null,
        }));
      case "free":
        return sampleFrom(rng, pools.freeSeries(genre), count).map((s) => ({
          seriesId: s.seriesId,
          bookId: s.bookIds[0] ?? null,
        }));
      case "banners": {
        // Banner rows start after the flick banner's, so the row under it shows other banners.
        const rest = [
          ...genreBanners.slice(FLICK_BANNERS),
          ...genreBanners.slice(0, FLICK_BANNERS),
        ];
        return Array.from({ length: Math.min(count, rest.length) }, (_, i) => ({
          linkRotationId: rest[(offset + i) % rest.length]!,
        }));
      }
      case "features":
        return sampleFrom(rng, series, count).map((s, i) => {
          const [tag, title] = FEATURE_TITLES[(offset + i) % FEATURE_TITLES.length]!;
          const campaign =
            genreCampaigns.length > 0 ? genreCampaigns[i % genreCampaigns.length] : null;
          const toCampaign = i % 3 === 0 && campaign ? campaign : null;
          // A feature that opens a campaign shows one of that campaign's own series.
          const seriesId =
            toCampaign && toCampaign.seriesIds.length > 0
              ? toCampaign.seriesIds[i % toCampaign.seriesIds.length]!
              : s.seriesId;
          const url = toCampaign
            ? `/campaign/${toCampaign.id}`
            : i % 3 === 1
              ? "/topic/manga-fair"
              : `/series/${seriesId}`;
          return {
            seriesId,
            campaignId: toCampaign?.id ?? null,
            img: images.take("feature"),
            title,
            description: `<b>${rng.pick(APPEAL_TITLES)}</b><br>${rng.pick(APPEAL_INTROS)}\n編集部が自信をもっておすすめする作品を集めました。`,
            url,
            featureTag: tag,
          };
        });
      case "appeal":
        return sampleFrom(rng, series, count).map((s, i) => ({
          seriesId: s.seriesId,
          bookId: s.bookIds[0] ?? null,
          // Half the cards carry an appeal image (grey border), the rest the pink speech bubble.
          appealImg: i % 2 === 0 ? images.take("appeal") : null,
          commentImg: i % 3 === 0 ? images.take("comment") : null,
          appealTitle: rng.pick(APPEAL_TITLES),
          appealIntro: rng.pick(APPEAL_INTROS),
        }));
      case "staff":
        return sampleFrom(rng, series, count).map((s) => ({
          seriesId: s.seriesId,
          bookId: s.bookIds[0] ?? null,
          img: images.take("appeal"),
          appealTitle: "書店スタッフのイチオシ",
          appealIntro: rng.pick(STAFF_COMMENTS),
        }));
      case "authors": {
        // Spec 000 §2 (type 20): each author's card, then rows of series that author is
        // credited on, with an introduction of their own.
        const works = new Map<number, SeriesEntry[]>();
        // Only series with a volume out: a row shows a volume.
        for (const s of series.filter((entry) => entry.bookIds.length > 0)) {
          for (const authorId of s.authorIds) {
            const list = works.get(authorId) ?? [];
            list.push(s);
            works.set(authorId, list);
          }
        }
        const wanted = Math.ceil(count / (AUTHOR_PICKUP_WORKS + 1));
        // Authors with a shelf of works first; a small catalog falls back to single works.
        const prolific = [...works.keys()].filter(
          (a) => works.get(a)!.length >= AUTHOR_PICKUP_WORKS,
        );
        const pool = prolific.length >= wanted ? prolific : [...works.keys()];
        const authors = sampleFrom(rng, pool, Math.min(wanted, pool.length));
        const styles = rng.sample(AUTHOR_STYLES, Math.min(authors.length, AUTHOR_STYLES.length));
        const out: LayoutItem[] = [];
        authors.forEach((authorId, i) => {
          const own = sampleFrom(
            rng,
            works.get(authorId)!,
            Math.min(AUTHOR_PICKUP_WORKS, works.get(authorId)!.length),
          );
          out.push({
            authorId,
            img: mediaUrl(`/media/author/${authorId}.png`),
            appealIntro: authorIntroduction(own, styles[i % styles.length]!),
          });
          for (const s of own) {
            out.push({ seriesId: s.seriesId, bookId: s.bookIds[0] ?? null, authorId });
          }
        });
        return out;
      }
      case "carousel":
        return sampleFrom(rng, series, count).map((s) => ({
          seriesId: s.seriesId,
          img: images.take("carousel"),
          title: rng.pick(APPEAL_TITLES),
          url: `/series/${s.seriesId}`,
        }));
      case "cds": {
        // The first CD is the demo member's (activity.ts), so 新着ボイスドラマ shows a 再生する card.
        const [mine, ...others] = pools.cds;
        const picks = mine ? [mine, ...sampleFrom(rng, others, count - 1)] : [];
        return picks.map((cd) => ({ cdId: cd.cdId }));
      }
      case "cdsAppeal":
        return sampleFrom(rng, pools.cds, count).map((cd) => ({
          cdId: cd.cdId,
          appealText: rng.pick(CD_APPEAL_TEXTS),
          appealTags: rng.sample(CD_APPEAL_TAGS, rng.int(1, 3)),
        }));
    }
  };

  const addLayouts = (genre: number, pagetype: 1 | 2, specs: LayoutSpec[]) => {
    specs.forEach((spec, index) => {
      const position = index + 1;
      const layoutId = spec.id ?? genre * 1000 + (pagetype === 1 ? 100 : 500) + position;
      const f = spec.flags ?? {};
      home.layouts.push({
        layoutId,
        genre,
        pagetype,
        position,
        layoutType: spec.type,
        contentType: spec.content ?? null,
        title: spec.title,
        icon: spec.icon ?? null,
        moreUrl: spec.more ?? null,
        displayNumber: spec.display,
        campaignId: spec.campaignId ?? null,
        rankingType: spec.rankingType ?? null,
        frameClass: spec.frameClass ?? null,
        readFlag: f.read ?? false,
        displayNewFlag: f.new ?? false,
        displayFinalFlag: f.final ?? false,
        displayAppealFlag: f.appeal ?? false,
        displayPolicyFlag: f.policy ?? false,
        displayEndLabelFlag: f.endLabel ?? false,
        displayNameFlag: f.name ?? false,
      });
      const count = spec.count ?? spec.display + rng.int(2, 6);
      makeItems(spec.items, genre, count, index).forEach((item, i) => {
        home.items.push({ ...item, layoutItemId: ++itemId, layoutId, position: i + 1 });
      });
    });
  };

  for (const genre of GENRE_IDS) {
    const campaignsHere = campaignsForGenre(plan, genre);
    const featured = campaignsHere.find((c) => !c.template.coupon);
    const coupon = campaignsHere.find((c) => c.template.coupon);
    // The hot-word block lays its words out in two rows of display_number.
    const hotWordRow = Math.ceil(HOT_WORDS[genre]!.length / 2);
    const freeCampaign = campaignsHere.find((c) =>
      c.template.policies.some((p) => p.type === 102 || p.type === 103),
    );
    const campaignSection = (
      c: PlannedCampaign | undefined,
      type: number,
      display = 9,
    ): LayoutSpec[] =>
      c
        ? [
            {
              type,
              content: 1,
              title: c.template.name,
              display,
              items: "none",
              icon: "sale",
              campaignId: c.id,
              more: `/campaign/${c.id}`,
              flags: { policy: true, endLabel: true },
            },
          ]
        : [];

    let specs: LayoutSpec[];
    if (genre === 1) {
      specs = [
        { type: 9, title: null, display: 6, items: "banners", count: 7 },
        {
          type: 17,
          title: "注目のキーワード",
          display: hotWordRow,
          items: "none",
          icon: "hotword",
        },
        {
          type: 1,
          content: 18,
          title: "話題の新刊",
          display: 8,
          items: "books",
          icon: "new",
          flags: { new: true, name: true },
        },
        {
          type: 6,
          title: "今日の無料",
          display: 12,
          items: "free",
          icon: "free",
          more: "/free?genre=1",
          flags: { read: true },
        },
        {
          type: 4,
          title: "急上昇ランキング",
          display: 10,
          items: "none",
          icon: "ranking",
          rankingType: 1,
          frameClass: "frame-ranking",
        },
        ...campaignSection(featured, 7),
        { type: 5, title: null, display: 2, items: "banners", count: 2 },
        {
          type: 2,
          title: "完結作品を一気読み",
          display: 6,
          items: "series",
          flags: { final: true, name: true },
        },
        {
          type: 13,
          title: "編集部おすすめの新作",
          display: 6,
          items: "series",
          flags: { new: true },
        },
        {
          type: 1,
          id: ROTATING_LAYOUT_ID,
          title: "毎日更新！無料ピックアップ",
          display: 8,
          items: "free",
          count: 40,
          icon: "free",
          more: "/free",
          flags: { read: true },
        },
        { type: 21, title: "アニメ化・ドラマ化作品", display: 10, items: "series", more: "hide" },
        {
          type: 3,
          title: "特集",
          display: 6,
          items: "features",
          icon: "feature",
          more: "/feature",
        },
        { type: 10, title: "今週のピックアップ", display: 6, items: "appeal", icon: "pickup" },
        { type: 15, title: "編集部のイチオシ特集", display: 6, items: "features" },
        { type: 19, title: null, display: 3, items: "banners", count: 3 },
        { type: 11, title: "書店スタッフのおすすめ", display: 6, items: "staff", icon: "staff" },
        { type: 20, title: "注目の作家", display: 12, items: "authors", count: 12, icon: "author" },
        { type: 12, title: null, display: 8, items: "banners", count: 8 },
        { type: 22, title: "コラム・読み物", display: 4, items: "features", more: "Hide" },
        { type: 23, title: "名作セレクション", display: 5, items: "carousel", count: 5 },
        { type: 24, title: `${season}の新作特集`, display: 5, items: "carousel", count: 5 },
        { type: 16, title: null, display: 8, items: "banners", count: 8 },
        { type: 25, title: "今月の注目作", display: 5, items: "carousel", count: 5 },
        { type: 26, title: "映像化原作コレクション", display: 5, items: "carousel", count: 5 },
        { type: 27, title: "新着ボイスドラマ", display: 6, items: "cds", icon: "cd" },
        {
          type: 28,
          title: "人気声優出演ドラマCD",
          display: 6,
          items: "cdsAppeal",
          icon: "cd",
          flags: { appeal: true },
        },
        {
          type: 29,
          title: "試聴できるドラマCD",
          display: 6,
          items: "cdsAppeal",
          icon: "cd",
          more: "/doramacd",
          flags: { appeal: true },
        },
        { type: 8, title: null, display: 4, items: "banners", count: 4 },
        {
          type: 30,
          title: "書店員のPOP",
          display: 6,
          items: "appeal",
          flags: { appeal: true },
          frameClass: "frame-pop",
        },
        { type: 14, title: "今イチオシの特集", display: 4, items: "none", icon: "campaign" },
        {
          type: 6,
          content: 5,
          title: "最近チェックした作品",
          display: 12,
          items: "none",
          icon: "history",
          more: "hide",
        },
        {
          type: 4,
          title: "週間ランキング",
          display: 10,
          items: "none",
          icon: "ranking",
          rankingType: 2,
          more: "/ranking?tp=2&genre=1",
          frameClass: "frame-ranking",
        },
        ...campaignSection(coupon, 2),
        {
          type: 1,
          title: "新着マンガ",
          display: 8,
          items: "series",
          icon: "new",
          more: "/more?sort=1",
          // Spec 000: a card shows its series' name only with display_name_flag; a shopper
          // scanning new titles needs them under the covers.
          flags: { new: true, name: true },
        },
      ];
    } else if (genre === 21) {
      specs = [
        { type: 9, title: null, display: 5, items: "banners", count: 5 },
        {
          type: 17,
          title: "注目のキーワード",
          display: hotWordRow,
          items: "none",
          icon: "hotword",
        },
        { type: 27, title: "新着ボイスドラマ", display: 6, items: "cds", icon: "cd" },
        {
          type: 28,
          title: "人気声優出演ドラマCD",
          display: 6,
          items: "cdsAppeal",
          flags: { appeal: true },
        },
        ...campaignSection(featured, 28, 6),
        {
          type: 29,
          title: "試聴できるボイスドラマ",
          display: 6,
          items: "cdsAppeal",
          more: "/doramacd",
          flags: { appeal: true },
        },
        { type: 14, title: "今イチオシの特集", display: 3, items: "none" },
        { type: 5, title: null, display: 2, items: "banners", count: 2 },
      ];
    } else {
      const titles = GENRE_TITLES[genre]!;
      specs = [
        { type: 9, title: null, display: 6, items: "banners", count: 6 },
        {
          type: 17,
          title: "注目のキーワード",
          display: hotWordRow,
          items: "none",
          icon: "hotword",
        },
        {
          type: 1,
          content: 18,
          title: "話題の新刊",
          display: 8,
          items: "books",
          icon: "new",
          flags: { new: true },
        },
        {
          type: 6,
          title: "今日の無料",
          display: 12,
          items: "free",
          icon: "free",
          more: `/free?genre=${genre}`,
          flags: { read: true },
        },
        {
          type: 4,
          title: `${genreName(genre)}ランキング`,
          display: 10,
          items: "none",
          icon: "ranking",
          rankingType: 2,
        },
        ...campaignSection(featured, 7),
        { type: 2, title: titles.grid, display: 6, items: "series", flags: { name: true } },
        { type: 5, title: null, display: 2, items: "banners", count: 2 },
        { type: 3, title: "特集", display: 4, items: "features" },
        { type: 10, title: titles.pickup, display: 6, items: "appeal" },
        { type: 30, title: titles.pop, display: 6, items: "appeal", flags: { appeal: true } },
        { type: 14, title: "今イチオシの特集", display: 4, items: "none" },
        { type: 24, title: titles.carousel, display: 5, items: "carousel", count: 5 },
        { type: 13, title: "完結作品", display: 6, items: "series", flags: { final: true } },
        {
          type: 6,
          content: 5,
          title: "最近チェックした作品",
          display: 12,
          items: "none",
          more: "hide",
        },
      ];
    }
    addLayouts(genre, 1, specs);

    if (genre !== 21) {
      addLayouts(genre, 2, [
        { type: 9, title: null, display: 4, items: "banners", count: 4 },
        {
          type: 6,
          title: "今日の無料",
          display: 12,
          items: "free",
          icon: "free",
          flags: { read: true },
        },
        {
          type: 4,
          title: "無料ランキング",
          display: 10,
          items: "none",
          icon: "ranking",
          rankingType: 1,
        },
        ...campaignSection(freeCampaign, 7),
        {
          type: 1,
          title: "会員登録で読める無料作品",
          display: 8,
          items: "free",
          flags: { read: true },
        },
        {
          type: 2,
          title: "完結作品 無料で試し読み",
          display: 6,
          items: "series",
          flags: { final: true },
        },
      ]);
    }

    HOT_WORDS[genre]!.forEach((word, i) => {
      home.hotWords.push({ hotWordId: ++hotWordId, genre, position: i + 1, word });
    });
    campaignsHere
      .filter((c) => !c.template.coupon)
      .slice(0, 5)
      .forEach((c, i) => {
        home.pickups.push({ genre, position: i + 1, campaignId: c.id });
      });
  }
  return home;
}

// ---------------------------------------------------------------------------------------------
// Drawer topic content

function planMenuTopics(
  now: Date,
  banners: BannerPlan,
): (typeof menuTopicContents)["$inferInsert"][] {
  const common: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            {
              type: "image",
              src: `/media/banner/${banners.stampBannerId}.png`,
              alt: "毎日ログインでスタンプGET！",
              href: "/stamp",
            },
            {
              type: "image",
              src: `/media/banner/${banners.lotteryBannerId}.png`,
              alt: "毎日引ける！マンガおみくじ",
              href: "/lottery/omikuji",
              class: "loginOnly",
            },
            {
              type: "image",
              src: `/media/banner/${banners.welcomeBannerId}.png`,
              alt: "新規会員登録で70%OFFクーポン",
              href: "/topic/welcome",
              class: "logoutOnly",
            },
          ],
        },
      ],
    },
    {
      columns: [
        { sRange: 6, blocks: [{ type: "shortBtn", text: "はじめての方へ", href: "/page/guide" }] },
        { sRange: 6, blocks: [{ type: "shortBtn", text: "よくある質問", href: "/topic/faq" }] },
      ],
    },
  ];
  const voice: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "ボイスドラマの楽しみ方", level: 3 },
            {
              type: "text",
              html: "購入したボイスドラマは本棚からいつでも再生できます。まずは試聴でお気に入りの声を見つけてください。",
            },
            { type: "shortBtn", text: "ボイスドラマ一覧", href: "/doramacd" },
          ],
        },
      ],
    },
    ...common,
  ];
  return [
    { genre: 0, content: common, updatedAt: now },
    { genre: 21, content: voice, updatedAt: now },
  ];
}

// ---------------------------------------------------------------------------------------------
// Topic pages and entries

interface TopicPlan {
  pages: (typeof topicPages)["$inferInsert"][];
  entries: (typeof topicEntries)["$inferInsert"][];
}

const YOUTUBE_VIDEO_ID = "M7lc1UVf-VE";

function yyyymmdd(now: Date, addDays: number): string {
  return jstDate(now, addDays).replaceAll("-", "");
}

function planTopicPages(
  rng: Rng,
  now: Date,
  catalog: CatalogSummary,
  plan: CampaignPlan,
  home: HomePlan,
  popupRows: readonly (typeof popups)["$inferInsert"][],
): TopicPlan {
  const homeLayoutId = (layoutType: number) =>
    home.layouts.find((l) => l.genre === 1 && l.pagetype === 1 && l.layoutType === layoutType)
      ?.layoutId ?? ROTATING_LAYOUT_ID;
  const season = seasonOf(now);
  let img = 0;
  const topicImg = () => `/media/topic/${++img}.png`;
  const pick = (ids: number[]) => (ids.length > 0 ? rng.pick(ids) : null);
  const seriesIds = catalog.series.map((s) => s.seriesId);
  const someSeries = seriesIds.length > 0 ? rng.pick(seriesIds) : 1;
  const coupon = plan.planned.find((c) => c.template.coupon && c.active);
  const sale = plan.planned.find(
    (c) => c.active && c.template.policies.some((p) => p.type === 101),
  );
  const couponPopupId = popupRows.find((p) => p.popupType === 31)?.popupId ?? null;

  const entries: (typeof topicEntries)["$inferInsert"][] = [
    {
      entryId: 1,
      name: `${season}のマンガ祭り エントリーで全員50ポイント`,
      acceptStartAt: jstDayStart(now, -10),
      acceptEndAt: jstDayEnd(now, 20),
      newsletterRequired: false,
      campaignId: sale?.id ?? null,
    },
    {
      entryId: 2,
      name: "メルマガ登録者限定 100ポイントプレゼント",
      acceptStartAt: jstDayStart(now, -3),
      acceptEndAt: jstDayEnd(now, 27),
      newsletterRequired: true,
      campaignId: null,
    },
    {
      entryId: 3,
      name: "大感謝祭 第1弾 エントリー（受付終了）",
      acceptStartAt: jstDayStart(now, -40),
      acceptEndAt: jstDayEnd(now, -5),
      newsletterRequired: false,
      campaignId: null,
    },
  ];

  const backHome: TopicRow = {
    columns: [{ blocks: [{ type: "space", height: 24 }, { type: "button" }] }],
  };

  const welcome: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "新規会員登録で70%OFFクーポンプレゼント！", level: 1 },
            {
              type: "image",
              src: topicImg(),
              alt: "70%OFFクーポンプレゼント",
              width: 750,
              height: 400,
            },
            {
              type: "text",
              html: "今なら無料会員登録で、お好きな作品1冊に使える<b>70%OFFクーポン</b>をプレゼント。<br>クーポンの有効期限は{end_of_month}までです。",
            },
          ],
        },
      ],
    },
    {
      class: "logoutOnly",
      columns: [
        {
          blocks: [
            { type: "button", text: "無料会員登録はこちら", href: "{signup_url}" },
            { type: "shortBtn", text: "ログインはこちら", href: "{login_url}" },
            { type: "shortBtn", text: "クーポンの使い方を見る", pageLink: "howto" },
          ],
        },
      ],
    },
    {
      class: "loginOnly",
      columns: [
        {
          blocks: [
            {
              type: "text",
              class: "signupTimeUnder72",
              html: "ご登録ありがとうございます！クーポンはクーポン一覧から受け取れます。",
            },
            {
              type: "text",
              class: "notReceivedCoupon",
              html: "{this_month}月のクーポンをまだ受け取っていません。お早めにどうぞ。",
            },
            { type: "shortBtn", class: "haveCoupon", text: "クーポンを使う", href: "/coupon" },
            {
              type: "text",
              class: "cartPriceUnder1000",
              html: "あと{remaining_price:1000}円のお買い物でクーポンが使えます。",
            },
          ],
        },
      ],
    },
    {
      columns: [
        {
          sRange: 12,
          lRange: 6,
          blocks: [
            {
              type: "box",
              style: "pink",
              blocks: [
                { type: "header", text: "STEP1 会員登録", level: 3 },
                { type: "text", html: "メールアドレスだけで30秒で登録完了。" },
              ],
            },
          ],
        },
        {
          sRange: 12,
          lRange: 6,
          blocks: [
            {
              type: "box",
              style: "grey",
              blocks: [
                { type: "header", text: "STEP2 クーポンを受け取る", level: 3 },
                { type: "text", html: "クーポン一覧から「受け取る」を押すだけ。" },
              ],
            },
          ],
        },
      ],
    },
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "クーポンの使い方", level: 2, id: "howto" },
            { type: "toggleTitle", text: "クーポンはどの作品に使えますか？" },
            { type: "toggle", html: "一部を除くすべての有料作品にご利用いただけます。" },
            { type: "toggleTitle", text: "有効期限はいつまでですか？" },
            { type: "toggle", html: "受け取りから72時間です。期限を過ぎると失効します。" },
          ],
        },
      ],
    },
    backHome,
  ];

  const fair: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: `${season}のマンガ祭り 開催中！`, level: 1 },
            {
              type: "image",
              src: topicImg(),
              alt: `${season}のマンガ祭り`,
              href: sale ? `/campaign/${sale.id}` : undefined,
            },
            {
              type: "youtube",
              videoId: YOUTUBE_VIDEO_ID,
              title: `${season}のマンガ祭り 告知ムービー`,
            },
            {
              type: "imgList",
              columns: 2,
              items: [
                {
                  src: topicImg(),
                  alt: "最大50%OFFセール",
                  href: sale ? `/campaign/${sale.id}` : "/otoku",
                },
                { src: topicImg(), alt: "1巻無料フェア", href: "/otoku?filter=3" },
                { src: topicImg(), alt: "ログインスタンプ", href: "/stamp" },
                { src: topicImg(), alt: "マンガおみくじ", href: "/lottery/omikuji" },
              ],
            },
            { type: "hr" },
            // The home section brings its own title (話題の新刊).
            { type: "homeContent", layoutId: homeLayoutId(1), num: 8 },
            { type: "space", height: 16 },
            { type: "ranking", tp: 1, ln: 10, genre: 1, pagetype: 1 },
            { type: "ranking", title: "無料ランキング", tp: 2, ln: 5, genre: 1, pagetype: 2 },
            { type: "header", text: "マンガ祭りのよくある質問", level: 2 },
            { type: "toggleTitle", text: "セールはいつまでですか？" },
            {
              type: "toggle",
              html: "{end_of_month}までの開催です。作品により終了日が異なります。",
            },
            { type: "toggleTitle", text: "エントリーは必要ですか？" },
            {
              type: "toggle",
              html: "ポイントプレゼントの対象になるには、<b>ログインしてエントリー</b>が必要です。",
            },
            {
              type: "leadlinkImg",
              src: topicImg(),
              // A lead link leaves the store (spec 000 §2): the ABJ page on telling real
              // e-book stores from pirate sites, the one outside address the store vouches for.
              alt: "【PR】STOP!海賊版 ABJマークのある正規版で読もう",
              href: ABJ_SITE,
            },
          ],
        },
      ],
    },
    {
      class: "loginOnly",
      columns: [
        {
          blocks: [
            { type: "header", text: "エントリーでポイントGET", level: 2 },
            {
              type: "entryBtn",
              entryId: 1,
              text: "エントリーする",
              enteredText: "エントリー済み",
            },
          ],
        },
      ],
    },
    {
      class: "logoutOnly",
      columns: [
        {
          blocks: [
            {
              type: "text",
              html: "エントリーには<a href='{login_url}'>ログイン</a>が必要です。",
            },
          ],
        },
      ],
    },
    {
      utmSource: "^(facebook|twitter|x)$",
      columns: [
        {
          blocks: [
            {
              type: "text",
              html: "SNSから来てくれたあなたへ：初回購入で使える半額クーポン配布中！",
            },
          ],
        },
      ],
    },
    backHome,
  ];

  const faqBlocks: TopicBlock[] = [{ type: "header", text: "よくある質問", level: 1 }];
  for (const [q, a] of [
    ["購入した作品はどこで読めますか？", "ログイン後、本棚からいつでも読むことができます。"],
    [
      "支払い方法は何がありますか？",
      "クレジットカード、キャリア決済、電子マネーがご利用いただけます。",
    ],
    ["ポイントの有効期限は？", "付与日から180日間です。期限の近いポイントから使われます。"],
    [
      "退会するとどうなりますか？",
      "購入した作品が読めなくなります。退会は<a href='{leave_url}'>こちら</a>。",
    ],
  ] as const) {
    faqBlocks.push({ type: "toggleTitle", text: q }, { type: "toggle", html: a });
  }
  const faq: TopicRow[] = [{ columns: [{ blocks: faqBlocks }] }, backHome];

  const publisherId = pick(catalog.publisherIds);
  const labelId = pick(catalog.labelIds);
  const magazineId = pick(catalog.magazineIds);
  const categoryId = pick(catalog.categoryIds);
  const feature: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "人気レーベル 新刊発売記念特集", level: 1 },
            { type: "release" },
            { type: "image", src: topicImg(), alt: "新刊発売記念" },
            {
              type: "text",
              html: "待望の最新刊がついに配信開始！シリーズ累計100万部突破の人気作をこの機会にぜひ。",
            },
            { type: "youtube", videoId: YOUTUBE_VIDEO_ID, title: "最新刊PV" },
          ],
        },
      ],
    },
    {
      columns: [
        { sRange: 6, lRange: 4, blocks: [{ type: "publisher" }] },
        { sRange: 6, lRange: 4, blocks: [{ type: "label" }] },
        { sRange: 6, lRange: 4, blocks: [{ type: "magazine" }] },
        { sRange: 6, lRange: 6, blocks: [{ type: "genre", id: 2 }] },
        { sRange: 6, lRange: 6, blocks: [{ type: "category" }] },
      ],
    },
    {
      columns: [
        {
          blocks: [
            {
              type: "text",
              class: `seriesOnly${someSeries}`,
              html: "この作品を読んだあなたにおすすめ！",
            },
            {
              type: "text",
              class: `dailyReadSeriesCountOver_${someSeries}_3`,
              html: "今日はもう3話以上読みましたね！続きもどうぞ。",
            },
            { type: "text", class: "genreOnly2", html: "少女・女性マンガ好きのあなたに。" },
            {
              type: "text",
              class: `dateUnder${yyyymmdd(now, 14)}`,
              html: "2週間限定の特別公開です。",
            },
          ],
        },
      ],
    },
    backHome,
  ];

  const entry: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "エントリーキャンペーン", level: 1 },
            {
              type: "text",
              html: "エントリーして対象期間中に作品を購入すると、ポイントをプレゼント！",
            },
          ],
        },
      ],
    },
    {
      class: "loginOnly",
      columns: [
        {
          sRange: 12,
          lRange: 4,
          blocks: [
            { type: "header", text: "全員50ポイント", level: 3 },
            { type: "entryBtn", entryId: 1, text: "エントリーする", enteredText: "エントリー済み" },
          ],
        },
        {
          sRange: 12,
          lRange: 4,
          blocks: [
            { type: "header", text: "メルマガ登録で100ポイント", level: 3 },
            {
              type: "entryBtn",
              entryId: 2,
              text: "メルマガに登録してエントリー",
              enteredText: "エントリー済み",
              newsletterText: "メールマガジンを受け取る",
            },
          ],
        },
        {
          sRange: 12,
          lRange: 4,
          blocks: [
            { type: "header", text: "大感謝祭 第1弾", level: 3 },
            { type: "entryBtn", entryId: 3, text: "エントリーする", enteredText: "エントリー済み" },
          ],
        },
      ],
    },
    {
      class: "logoutOnly",
      columns: [
        { blocks: [{ type: "button", text: "ログインしてエントリー", href: "{login_url}" }] },
      ],
    },
    {
      class: "paidOnly",
      columns: [{ blocks: [{ type: "text", html: "いつもご購入ありがとうございます。" }] }],
    },
    {
      class: "unpaidOnly",
      columns: [
        {
          blocks: [
            {
              type: "text",
              html: "はじめてのご購入なら、<b>初回限定クーポン</b>がお得です。",
            },
            {
              type: "shortBtn",
              // Shown to members the coupon popup (type 31) is for, while they hold a coupon.
              class: couponPopupId ? `havePopup${couponPopupId} couponEnable` : "couponEnable",
              text: "クーポンを見る",
              href: coupon ? `/coupon?campaign=${coupon.id}` : "/coupon",
            },
          ],
        },
      ],
    },
    {
      class: "newUserOnly",
      url: "^/topic/entry",
      columns: [{ blocks: [{ type: "text", html: "新規登録から7日間限定の特典もあります。" }] }],
    },
    backHome,
  ];

  const topicHome: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "特集・読み物", level: 1 },
            {
              type: "imgList",
              columns: 3,
              items: [
                { src: topicImg(), alt: `${season}のマンガ祭り`, href: "/topic/manga-fair" },
                { src: topicImg(), alt: "新刊発売記念特集", href: "/topic/label-feature" },
                { src: topicImg(), alt: "エントリーキャンペーン", href: "/topic/entry" },
              ],
            },
            { type: "homeContent", layoutId: homeLayoutId(3) },
            { type: "homeContent", layoutId: ROTATING_LAYOUT_ID, num: 8 },
          ],
        },
      ],
    },
  ];

  const guide: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "はじめての方へ", level: 1 },
            {
              type: "text",
              html: "会員登録（無料）をすると、毎日の無料作品やクーポン、ログインスタンプなどの特典が利用できます。",
            },
            { type: "shortBtn", text: "できること", pageLink: "features" },
            { type: "shortBtn", text: "お支払い方法", pageLink: "payment" },
            { type: "header", text: "できること", level: 2, id: "features" },
            {
              type: "text",
              html: "無料で読む・試し読み・購入・本棚での管理・レビュー投稿ができます。",
            },
            { type: "header", text: "お支払い方法", level: 2, id: "payment" },
            { type: "text", html: "クレジットカード、キャリア決済、電子マネーに対応しています。" },
            { type: "button", class: "logoutOnly", text: "無料会員登録", href: "{signup_url}" },
          ],
        },
      ],
    },
    backHome,
  ];

  const about: TopicRow[] = [
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "コマヤについて", level: 1 },
            {
              type: "text",
              html: "コマヤはマンガとボイスドラマのストアです。試し読みや無料作品、毎日のログインスタンプでお得に楽しめます。",
            },
            {
              type: "text",
              class: "logoutOnly",
              html: "<a href='{signup_url}'>無料会員登録</a>で、クーポンやポイントの特典が受けられます。",
            },
            { type: "shortBtn", text: "はじめての方へ", href: "/page/guide" },
            { type: "shortBtn", text: "よくある質問", href: "/topic/faq" },
          ],
        },
      ],
    },
    backHome,
  ];

  const updatedAt = jstDayStart(now, -1);
  const page = (
    id: number,
    pageName: string,
    title: string,
    content: string,
    extra: Partial<(typeof topicPages)["$inferInsert"]> = {},
  ): (typeof topicPages)["$inferInsert"] => ({
    topicPageId: id,
    pageName,
    pageType: "topic",
    title,
    description: null,
    content,
    startAt: null,
    endAt: null,
    updatedAt,
    ...extra,
  });

  return {
    entries,
    pages: [
      page(1, "welcome", "新規会員登録で70%OFFクーポンプレゼント", JSON.stringify(welcome), {
        description: "無料会員登録でお好きな作品1冊に使える70%OFFクーポンをプレゼント。",
        tags: ["クーポン", "会員登録"],
      }),
      page(2, "manga-fair", `${season}のマンガ祭り`, JSON.stringify(fair), {
        startAt: jstDayStart(now, -10),
        endAt: jstDayEnd(now, 20),
        tags: ["キャンペーン", "セール"],
      }),
      page(3, "faq", "よくある質問", JSON.stringify(faq)),
      page(4, "label-feature", "人気レーベル 新刊発売記念特集", JSON.stringify(feature), {
        releaseDate: jstDate(now, -2),
        publisherId,
        labelId,
        magazineId,
        genreId: 2,
        categoryId,
        tags: ["新刊", "特集"],
      }),
      page(5, "entry", "エントリーキャンペーン", JSON.stringify(entry)),
      // Deliberately not JSON: the renderer shows it as text followed by the page's fields.
      page(
        6,
        "new-release-info",
        "今月の新刊ラインナップ",
        "今月の新刊ラインナップを公開しました！\n人気シリーズの最新刊が続々登場します。\n配信日は作品ページでご確認ください。\n※配信日は予告なく変更になる場合があります。",
        {
          releaseDate: jstDate(now, 3),
          publisherId,
          labelId,
          magazineId,
          genreId: 1,
          categoryId,
          tags: ["新刊", "ラインナップ"],
        },
      ),
      page(7, "index", "特集・読み物", JSON.stringify(topicHome)),
      page(8, "guide", "はじめての方へ", JSON.stringify(guide), { pageType: "page" }),
      // /page without a slug shows about.
      page(9, "about", "コマヤについて", JSON.stringify(about), {
        pageType: "page",
        description: "マンガとボイスドラマのストア「コマヤ」のご案内です。",
      }),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Popups

function planPopups(
  rng: Rng,
  now: Date,
  pools: Pools,
  plan: CampaignPlan,
): (typeof popups)["$inferInsert"][] {
  const seriesIds = sampleFrom(rng, pools.all, 6);
  const one = seriesIds[0];
  const sale = plan.planned.find(
    (c) => c.active && c.template.policies.some((p) => p.type === 101),
  );
  const coupon = plan.planned.find((c) => c.active && c.template.coupon);
  const member = { login: "member" };
  // The demo's popups go to sessions that came from the store's ads (utm_source adroute, …), on
  // top of each type's own condition, so an ordinary visit is not interrupted; the login stamp
  // (8) and the corner banner (34), which does not block the page, go to everyone.
  const fromAds = [
    { source: "adroute" },
    { source: "facebook", medium: "display" },
    { source: "google", medium: "cpc" },
  ];
  const longStanding = jstDayStart(now, -30).toISOString();
  const rows: Array<Omit<(typeof popups)["$inferInsert"], "popupId" | "startAt" | "endAt">> = [
    {
      popupType: 1,
      page: "free",
      priority: 50,
      trackingName: "pop_appeal_newrelease",
      title: "今月の新刊が続々登場！",
      body: "人気シリーズの最新刊を配信中。お見逃しなく！",
      linkUrl: "/more?sort=1",
      buttonLabel: "新刊をチェック",
      display: { utm: fromAds },
    },
    {
      popupType: 2,
      page: "home",
      priority: 90,
      trackingName: "pop_big_sale",
      title: sale?.template.name ?? "セール開催中",
      linkUrl: sale ? `/campaign/${sale.id}` : "/otoku",
      buttonLabel: "セール会場へ",
      campaignId: sale?.id ?? null,
      display: { dismissible: true, utm: fromAds },
    },
    {
      popupType: 3,
      page: "ranking",
      priority: 40,
      trackingName: "pop_big_leadlink_app",
      title: "公式アプリならオフラインでも読める",
      linkUrl: "/app",
      buttonLabel: "アプリを見る",
      display: { dismissible: true, pr: true, utm: fromAds },
    },
    {
      popupType: 4,
      page: "home",
      priority: 100,
      trackingName: "pop_continue",
      title: "続きから読みませんか？",
      buttonLabel: "続きを読む",
      display: {
        utm: fromAds,
        ctrl_titles: [
          "続きから読みませんか？",
          "あの続き、気になりませんか？",
          "読みかけの作品があります",
        ],
        nickname_title: "{nickname}さん、続きから読みませんか？",
      },
      // Readers who have not opened the reader for a week.
      targetRules: { login: "member", idle_days: 7 },
    },
    {
      popupType: 5,
      page: "series",
      priority: 30,
      trackingName: "pop_big_leadlink_abj",
      title: "この作品は正規版で配信中",
      linkUrl: ABJ_SITE,
      buttonLabel: "ABJマークについて",
      seriesId: one?.seriesId ?? null,
      display: {
        utm: fromAds,
        dismissible: true,
        pr: true,
      },
    },
    {
      popupType: 6,
      page: "*",
      priority: 1000,
      trackingName: "pop_terms_update",
      title: "利用規約改定のお知らせ",
      body: "利用規約を改定しました。内容をご確認のうえ、同意してご利用ください。",
      linkUrl: "/agreement",
      buttonLabel: "確認して同意する",
      display: { dismissible: false, utm: fromAds },
      // Members who registered before the terms changed; newer members agreed to them at sign-up.
      targetRules: { login: "member", signup_before: "2026-04-01T00:00:00+09:00" },
      displayLimit: 1,
    },
    {
      popupType: 7,
      page: "otoku",
      priority: 60,
      trackingName: "pop_point_books",
      title: "ポイントで購入できるマンガはこちら！",
      display: { utm: fromAds },
      targetRules: member,
    },
    {
      popupType: 8,
      page: "home",
      priority: 95,
      trackingName: "pop_login_stamp",
      title: "今日のログインスタンプ",
      targetRules: member,
    },
    {
      popupType: 9,
      page: "bookshelf",
      priority: 80,
      display: { utm: fromAds },
      trackingName: "pop_bookshelf_new",
      title: "気になる作品の新刊が配信されました",
      linkUrl: "/bookshelf?category=2",
      targetRules: member,
    },
    {
      popupType: 10,
      page: "home",
      priority: 85,
      trackingName: "pop_signup_coupon",
      title: "新規会員登録で70%OFFクーポン",
      body: "今なら登録するだけで、お好きな作品1冊が70%OFF！",
      buttonLabel: "無料会員登録",
      display: { discount_rate: 70, utm: fromAds },
      targetRules: { login: "visitor" },
    },
    {
      popupType: 11,
      page: "home",
      priority: 70,
      display: { utm: fromAds },
      trackingName: "pop_remind_cart",
      title: "カートに作品が残っています",
      linkUrl: "/cart",
      buttonLabel: "カートを見る",
      targetRules: { login: "member", signup_before: longStanding },
    },
    {
      popupType: 12,
      page: "series",
      priority: 20,
      display: { utm: fromAds },
      trackingName: "pop_launch_app",
      title: "アプリで快適に読もう",
      buttonLabel: "アプリで開く",
      targetRules: { os: ["android", "ios"], login: "member", paid: "paid" },
    },
    {
      popupType: 31,
      page: "campaign",
      priority: 75,
      trackingName: "pop_coupon",
      title: coupon ? `${coupon.template.name} 配布中` : "クーポン配布中",
      linkUrl: coupon ? `/coupon?campaign=${coupon.id}` : "/coupon",
      buttonLabel: "クーポンを受け取る",
      campaignId: coupon?.id ?? null,
      display: { countdown: true, utm: fromAds },
      targetRules: member,
    },
    {
      popupType: 32,
      page: "series",
      priority: 55,
      trackingName: "pop_practical_free",
      title: "ポイント還元で実質無料！",
      body: "200円以下の作品はポイント還元で実質無料で読めます。",
      display: {
        utm: fromAds,
        price_min: 1,
        price_max: 200,
      },
      // Points back needs an account and a purchase history.
      targetRules: { login: "member", paid: "paid" },
    },
    {
      popupType: 33,
      page: "series",
      priority: 10,
      trackingName: "pop_move_ranking",
      title: "人気ランキングもチェック！",
      linkUrl: "/ranking?tp=1",
      display: {
        scroll_ratio: 40,
        // Spec 001 §5: only for facebook display ads and adroute.
        utm: [{ source: "facebook", medium: "display" }, { source: "adroute" }],
      },
    },
    {
      popupType: 34,
      page: "*",
      priority: 5,
      trackingName: "pop_bottom_banner",
      title: "お得なキャンペーン開催中",
      linkUrl: "/otoku",
      display: { position: "bottom-right" },
    },
    {
      popupType: 35,
      page: "home",
      priority: 15,
      trackingName: "pop_shortcut",
      title: "ホーム画面に追加してすぐ読める",
      body: "ブラウザのメニューから「ホーム画面に追加」を選ぶと、次からワンタップで開けます。",
      display: { image_name: "shortcut_home", scroll_ratio: 40, utm: fromAds },
    },
    {
      popupType: 36,
      page: "series",
      priority: 200,
      trackingName: "pop_favorite_appeal",
      title: "「気になる」に登録すると新刊をお知らせします",
      buttonLabel: "気になる",
      display: {
        utm: fromAds,
        force: true,
      },
      targetRules: member,
    },
    {
      popupType: 37,
      page: "home",
      priority: 45,
      trackingName: "pop_genre_campaign",
      title: "いつも読んでいるジャンルのキャンペーン",
      display: { display: true, utm: fromAds },
    },
    {
      popupType: 38,
      page: "series",
      priority: 12,
      trackingName: "pop_pickup_free",
      title: "同じジャンルの無料作品",
      display: {
        utm: fromAds,
        display: true,
        scroll_ratio: 40,
      },
    },
    {
      popupType: 39,
      page: "series",
      priority: 35,
      trackingName: "pop_koma_appeal",
      title: "名シーンをちょっとだけ",
      seriesId: one?.seriesId ?? null,
      bookId: one?.bookIds[0] ?? null,
      display: {
        utm: fromAds,
        koma: [1, 2, 3].map((n) => `/media/popup/koma-${n}.png`),
      },
    },
    {
      popupType: 40,
      page: "bookshelf",
      priority: 25,
      display: { utm: fromAds },
      trackingName: "pop_mail_magazine",
      title: "メルマガ登録でお得な情報をお届け",
      body: "セールやクーポンの情報をいち早くお知らせします。",
      buttonLabel: "メルマガを受け取る",
      // Asked of members who have used the store a while without it.
      targetRules: { login: "member", newsletter: false, signup_before: longStanding },
    },
    {
      popupType: 41,
      page: "series",
      priority: 11,
      trackingName: "pop_staff_book",
      title: "書店スタッフのおすすめ",
      seriesId: seriesIds[1]?.seriesId ?? null,
      bookId: seriesIds[1]?.bookIds[0] ?? null,
      display: {
        utm: fromAds,
        display: true,
        genre_read: true,
        scroll_ratio: 20,
      },
    },
    {
      // The pickup-campaign popup (spec 001 §2.7): type 1 showing the home's pickup campaign.
      popupType: 1,
      page: "home",
      priority: 48,
      trackingName: "pop_pickup_campaign",
      title: "今イチオシの特集はこちら！",
      display: { pickup: true, utm: fromAds },
      targetRules: member,
      displayLimit: 3,
    },
    {
      popupType: 42,
      page: "ranking",
      priority: 33,
      trackingName: "pop_koma_multi",
      title: "話題の名シーンまとめ",
      display: {
        series_ids: seriesIds.slice(2).map((s) => s.seriesId),
        koma: [4, 5, 6, 7].map((n) => `/media/popup/koma-${n}.png`),
        utm: fromAds,
      },
    },
  ];
  if (POPUP_TYPES.some((type) => !rows.some((r) => r.popupType === type))) {
    throw new Error("every popup type needs a demo popup");
  }
  return rows.map((row, i) => ({
    ...row,
    popupId: i + 1,
    img: `/media/popup/${i + 1}.png`,
    startAt: jstDayStart(now, -7),
    endAt: jstDayEnd(now, 30),
  }));
}

// ---------------------------------------------------------------------------------------------
// News

function planNews(rng: Rng, now: Date): (typeof news)["$inferInsert"][] {
  const month = (addDays: number) => Number(jstDate(now, addDays).slice(5, 7));
  const templates: Array<[string, string]> = [
    [
      "【重要】システムメンテナンスのお知らせ",
      "<p>サービス品質向上のため、システムメンテナンスを実施します。メンテナンス中はサイトをご利用いただけません。</p><p>ご不便をおかけしますが、ご理解のほどよろしくお願いいたします。</p>",
    ],
    [
      "新規会員登録で70%OFFクーポンプレゼント中！",
      "<p>無料会員登録で、お好きな作品1冊に使える70%OFFクーポンをプレゼントしています。</p><p><a href='/topic/welcome'>詳しくはこちら</a></p>",
    ],
    [
      `${month(0)}月の新刊ラインナップを公開しました`,
      "<p>今月配信の新刊ラインナップを公開しました。人気シリーズの最新刊が続々登場します。</p>",
    ],
    [
      "ログインスタンプカードがリニューアル",
      "<p>毎日ログインでスタンプが押せるスタンプカードがリニューアル。5個ごとにポイントがもらえます。</p>",
    ],
    [
      "一部作品の配信終了のお知らせ",
      "<p>権利元の意向により、一部作品の配信を終了いたします。購入済みの作品は引き続きお読みいただけます。</p>",
    ],
    [
      "ボイスドラマの配信を開始しました",
      "<p>人気声優が出演するボイスドラマ・ドラマCDの配信を開始しました。試聴もできます。</p>",
    ],
    [
      "公式アプリ バージョンアップのお知らせ",
      "<p>公式アプリを更新しました。本棚の表示速度が向上し、一部の不具合を修正しました。</p>",
    ],
    [
      "お支払い方法に電子マネーを追加しました",
      "<p>お支払い方法に電子マネーを追加しました。ぜひご利用ください。</p>",
    ],
    [
      "【復旧】一部作品が表示されない不具合について",
      "<p>一部作品のページが表示されない不具合は復旧いたしました。ご迷惑をおかけし申し訳ございません。</p>",
    ],
    [
      "レビュー機能をリニューアルしました",
      "<p>レビューに「いいね」ができるようになりました。ネタバレを含むレビューは折りたたんで表示されます。</p>",
    ],
    [
      "毎日引ける！マンガおみくじ開催中",
      "<p>1日1回おみくじを引いて、最大100ポイントが当たります。<a href='/lottery/omikuji'>おみくじを引く</a></p>",
    ],
    [
      `${seasonOf(now)}のマンガ祭り開催のお知らせ`,
      "<p>セール、無料、ポイント還元など、お得なキャンペーンを多数開催中です。<a href='/topic/manga-fair'>会場はこちら</a></p>",
    ],
    [
      "お問い合わせ窓口の営業時間変更について",
      "<p>お問い合わせ窓口の営業時間を平日10:00〜18:00に変更いたします。</p>",
    ],
    [
      "ポイントの有効期限に関するお知らせ",
      "<p>ポイントの有効期限は付与日から180日間です。期限の近いポイントからご利用ください。</p>",
    ],
    [
      "なりすましメールにご注意ください",
      "<p>当サービスを装った不審なメールが確認されています。メール内のリンクは開かず削除してください。</p>",
    ],
    [
      "タテヨミ作品の独占先行配信スタート",
      "<p>話題のタテヨミ作品を独占先行配信中。10話まで無料で読めます。</p>",
    ],
    [
      "推奨環境変更のお知らせ",
      "<p>一部の古いブラウザのサポートを終了します。最新のブラウザでご利用ください。</p>",
    ],
    [
      "プレゼントボックス機能を追加しました",
      "<p>キャンペーンのプレゼントは、プレゼントボックスから受け取れるようになりました。</p>",
    ],
    [
      "年末年始のお問い合わせ対応について",
      "<p>年末年始期間中にいただいたお問い合わせは、休業明けより順次回答いたします。</p>",
    ],
    [
      "人気作品 アニメ化決定記念キャンペーン",
      "<p>アニメ化決定を記念して、原作1〜3巻を無料公開します。</p>",
    ],
    [
      "利用規約改定のお知らせ",
      "<p>利用規約を改定いたしました。改定後の規約は<a href='/agreement'>こちら</a>からご確認ください。</p>",
    ],
    [
      "メールマガジン登録キャンペーン",
      "<p>メールマガジンに登録してエントリーすると100ポイントをプレゼント。</p>",
    ],
    [
      "本棚の新着通知機能について",
      "<p>「気になる」に登録した作品の新刊が配信されると、本棚でお知らせします。</p>",
    ],
    [
      "サービス開始のお知らせ",
      "<p>マンガとボイスドラマのストアがオープンしました。これからどうぞよろしくお願いいたします。</p>",
    ],
  ];
  let daysAgo = 0;
  return templates.map(([title, body], i) => {
    const publishedAt = new Date(jstDayStart(now, -daysAgo).getTime() + (10 + (i % 8)) * 3_600_000);
    daysAgo += rng.int(1, 6);
    return { mNewsId: templates.length - i, title, body, publishedAt };
  });
}

// ---------------------------------------------------------------------------------------------
// Login stamp card and lottery

function planStampCard(now: Date) {
  const stampCount = 30;
  const cardId = 1;
  const boxes: (typeof stampBoxes)["$inferInsert"][] = [];
  for (let n = 1; n <= stampCount; n++) {
    const milestone = n % 5 === 0;
    boxes.push({
      cardId,
      stampNo: n,
      row: Math.ceil(n / 6),
      col: ((n - 1) % 6) + 1,
      imageUrlOn: milestone ? `/media/stamp/on-bonus-${n}.png` : `/media/stamp/on-${n}.png`,
      imageUrlOff: milestone ? `/media/stamp/off-bonus-${n}.png` : `/media/stamp/off-${n}.png`,
      rewardPoint: n === stampCount ? 100 : milestone ? 10 : null,
    });
  }
  const card: (typeof loginStampCards)["$inferInsert"] = {
    cardId,
    imageUrl: `/media/stamp/card-${cardId}.png`,
    // The card began a few days ago, so members can already have pressed some stamps.
    startDate: jstDate(now, -6),
    endDate: jstDate(now, stampCount - 7),
    description:
      "毎日ログインしてスタンプを集めよう！5個ごとに10ポイント、30個達成で100ポイントをプレゼント。",
    bgColor: "fff4e6",
    bgImageUrl: `/media/stamp/bg-${cardId}.png`,
    bandStyle: "background-color:#ff6f91;color:#ffffff",
    stampCount,
  };
  return { card, boxes };
}

function planLottery(now: Date) {
  const lotteryId = 1;
  const lottery: (typeof lotteries)["$inferInsert"] = {
    lotteryId,
    name: "omikuji",
    title: "毎日引ける！マンガおみくじ",
    img: `/media/lottery/${lotteryId}.png`,
    upperPageContent:
      "<p>1日1回、おみくじを引いてポイントをもらおう！<br>大吉なら<b>100ポイント</b>プレゼント。</p>",
    lowerPageContent:
      "<p>※ポイントの有効期限は付与日から180日です。<br>※ログインした会員の方のみご参加いただけます。</p>",
    shareUrl: "/lottery/omikuji",
    playConditionType: 1,
    startAt: jstDayStart(now, -7),
    endAt: jstDayEnd(now, 23),
  };
  const prizes = (
    [
      ["大吉", 100, 2, 100, "おめでとうございます！100ポイントをプレゼント。"],
      ["中吉", 30, 10, null, "30ポイントをプレゼント。"],
      ["小吉", 10, 30, null, "10ポイントをプレゼント。"],
      ["吉", 5, 28, null, "5ポイントをプレゼント。"],
      ["末吉", 1, 30, null, "1ポイントをプレゼント。明日も引いてね！"],
    ] as const
  ).map(([name, point, weight, stock, description], i): (typeof lotteryPrizes)["$inferInsert"] => ({
    prizeId: i + 1,
    lotteryId,
    position: i + 1,
    prize: {
      name,
      rank: i + 1,
      img: `/media/lottery/prize-${i + 1}.png`,
      description,
      point,
    },
    weight,
    stock,
  }));
  return { lottery, prizes };
}
