import { sql } from "drizzle-orm";
import { tokyoMonthDayWeekday } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import type { BannerInput, CoverInput, JacketInput, SquareInput } from "./drawings.ts";

/**
 * The Japanese texts the art shows, read from the content that links to it: a series' name,
 * author and genre for its covers, a campaign's headline, period and offer for its banner, a
 * banner's own name. Kept a minute in memory, since every image request asks.
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
const remembered = new Map<string, { at: number; value: unknown }>();

async function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = remembered.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  if (remembered.size >= MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { at: Date.now(), value });
  return value;
}

type Row = Record<string, unknown>;

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const plain = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

export type SeriesCaption = Pick<CoverInput, "title" | "author" | "genre">;

async function seriesCaptions(db: Db, ids: number[]): Promise<Map<number, SeriesCaption>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.series_id, s.name,
      (select a.name from series_authors sa join authors a on a.author_id = sa.author_id
        where sa.series_id = s.series_id order by sa.sort_order, a.author_id limit 1) as author,
      (select min(g.genre_id) from series_genres g
        where g.series_id = s.series_id and g.genre_id <> 1) as genre
    from series s where s.series_id in (${sql.join(ids, sql`, `)})`);
  return new Map(
    (result.rows as Row[]).map((r) => [
      Number(r.series_id),
      {
        title: text(r.name),
        author: text(r.author),
        genre: r.genre === null ? undefined : Number(r.genre),
      },
    ]),
  );
}

export function seriesCaption(db: Db, seriesId: number): Promise<SeriesCaption> {
  return remember(`series:${seriesId}`, async () => {
    return (await seriesCaptions(db, [seriesId])).get(seriesId) ?? {};
  });
}

export function jacketCaption(db: Db, cdId: number): Promise<Pick<JacketInput, "title" | "sub">> {
  return remember(`cd:${cdId}`, async () => {
    const result = await db.execute(sql`
      select c.name, l.name as label from drama_cds c
      left join cd_labels l on l.label_id = c.label_id where c.cd_id = ${cdId}`);
    const row = (result.rows as Row[])[0];
    return { title: text(row?.name), sub: text(row?.label) };
  });
}

/** "11/30(日)まで" in Japan time. */
function until(end: unknown): string | undefined {
  if (end === null || end === undefined) return undefined;
  const d = new Date(end as string);
  if (Number.isNaN(d.getTime())) return undefined;
  return `${tokyoMonthDayWeekday(d)}まで`;
}

/** The offer a campaign's policies make, as its badge says it. */
function offerOf(policies: Row[], coupon: unknown): string | undefined {
  for (const p of policies) {
    const count = Number(p.free_count ?? 1);
    switch (Number(p.policy_type)) {
      case 101:
        if (p.sale_pct) return `${p.sale_pct}%OFF`;
        break;
      case 102:
      case 103:
        return `${count}巻無料`;
      case 104:
        if (p.trial_page_count) return `${p.trial_page_count}P試し読み`;
        break;
      case 105:
        return `${count}冊試し読み`;
    }
  }
  return coupon ? `${coupon}%OFF` : undefined;
}

type BannerCaption = Pick<BannerInput, "headline" | "sub" | "badge" | "covers" | "ad">;

async function campaignCaption(db: Db, campaignId: number): Promise<BannerCaption | undefined> {
  const result = await db.execute(sql`
    select c.name, c.description, c.end_at,
      (select coalesce(json_agg(p order by p.campaign_policy_id), '[]') from campaign_policies p
        where p.campaign_id = c.campaign_id) as policies,
      (select max(discount_value) from coupons k where k.campaign_id = c.campaign_id) as coupon,
      (select coalesce(json_agg(t.series_id order by t.sort_order), '[]') from (
        select series_id, sort_order from campaign_targets
        where campaign_id = c.campaign_id and series_id is not null
        order by sort_order limit 3) t) as series
    from campaigns c where c.campaign_id = ${campaignId}`);
  const row = (result.rows as Row[])[0];
  if (!row) return undefined;
  const name = String(row.name);
  // "【1巻無料】話題の…" : the bracketed offer becomes the badge when the policies name none.
  const tag = /^【([^】]+)】\s*(.+)$/.exec(name);
  const headline = tag ? tag[2]! : name;
  const policies = (
    typeof row.policies === "string" ? JSON.parse(row.policies) : row.policies
  ) as Row[];
  const seriesIds = (
    typeof row.series === "string" ? JSON.parse(row.series) : row.series
  ) as number[];
  const captions = await seriesCaptions(db, seriesIds);
  const period = until(row.end_at);
  const description = text(row.description) ? plain(String(row.description)) : undefined;
  return {
    headline,
    sub: period ? `${tag ? `${tag[1]} ` : ""}${period}` : (tag?.[1] ?? description),
    badge: offerOf(policies, row.coupon) ?? tag?.[1],
    covers: seriesIds.map((seriesId) => ({ seriesId, ...captions.get(seriesId) })),
  };
}

/** Tables whose rows link to art, most telling first, as record_linked_media_art scans them. */
const CONTENT_TABLES = [
  "link_rotations",
  "home_layout_items",
  "popups",
  "lotteries",
  "lottery_prizes",
  "login_stamp_cards",
  "topic_pages",
  "topic_entries",
  "menu_topic_contents",
  "flick_banners",
  "pickup_campaigns",
  "news",
] as const;

/** The row of marketing content that links to an image, as JSON. */
async function linkingRow(db: Db, url: string): Promise<Row | undefined> {
  const union = sql.join(
    CONTENT_TABLES.map(
      (table, rank) =>
        sql`select ${rank}::int as rank, to_jsonb(t) as row from ${sql.identifier(table)} t where strpos(t::text, ${url}) > 0`,
    ),
    sql` union all `,
  );
  const result = await db.execute(sql`select row from (${union}) found order by rank limit 1`);
  const row = (result.rows as Row[])[0]?.row;
  return (typeof row === "string" ? JSON.parse(row) : row) as Row | undefined;
}

function firstText(row: Row, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === "string" && value.trim() !== "") return plain(value);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const inner = firstText(value as Row, ["name", "label", "title"]);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The block of topic content (a topic page's or the drawer's) that shows this image: its own
 * alt names the image, not the page's title that every image of the page shares.
 */
function showingBlock(row: Row, url: string): { alt?: string; ad: boolean } | undefined {
  let content: unknown = row.content;
  if (typeof content === "string") {
    try {
      content = JSON.parse(content);
    } catch {
      return undefined;
    }
  }
  const find = (node: unknown, ad: boolean): { alt?: string; ad: boolean } | undefined => {
    if (Array.isArray(node)) {
      for (const child of node) {
        const found = find(child, ad);
        if (found) return found;
      }
      return undefined;
    }
    if (!node || typeof node !== "object") return undefined;
    const block = node as Row;
    const isAd = ad || block.type === "leadlinkImg";
    if (block.src === url) return { alt: text(block.alt), ad: isAd };
    for (const key of ["columns", "blocks", "items"]) {
      const found = find(block[key], isAd);
      if (found) return found;
    }
    return undefined;
  };
  return find(content, false);
}

export interface ArtCaption {
  banner: BannerCaption;
  square: Pick<SquareInput, "label" | "sub">;
}

/** What a piece of marketing art (/media/{kind}/{name}.png) shows, from what links to it. */
export function artCaption(db: Db, kind: string, name: string): Promise<ArtCaption> {
  return remember(`art:${kind}/${name}`, async () => {
    if (kind === "campaign" && /^\d+$/.test(name)) {
      const campaign = await campaignCaption(db, Number(name));
      if (campaign) return { banner: campaign, square: { label: campaign.headline } };
    }
    if (kind === "author" && /^\d+$/.test(name)) {
      const result = await db.execute(
        sql`select name from authors where author_id = ${Number(name)}`,
      );
      const author = text((result.rows as Row[])[0]?.name);
      return {
        banner: { headline: author },
        square: { label: author, sub: author ? "先生" : undefined },
      };
    }
    if (kind === "stamp") {
      // on-3, off-bonus-7, card-1: the number is what the stamp shows.
      const number = /(\d+)$/.exec(name)?.[1];
      const row = /^card|^bg/.test(name)
        ? await linkingRow(db, `/media/${kind}/${name}.png`)
        : undefined;
      return {
        banner: { headline: row ? firstText(row, ["description"]) : undefined },
        square: { label: name, sub: /^(on|off)/.test(name) ? number : undefined },
      };
    }
    const url = `/media/${kind}/${name}.png`;
    const row = await linkingRow(db, url);
    if (!row) return { banner: {}, square: {} };
    const block = showingBlock(row, url);
    const named =
      (block?.alt && plain(block.alt)) ||
      firstText(row, ["title", "appeal_title", "alt", "name", "prize", "tracking_name"]);
    // "【最大50%OFF】人気作…": the bracketed offer becomes the badge, the rest the headline.
    const tag = named ? /^【([^】]{1,10})】\s*(.+)$/.exec(named) : null;
    const headline = tag ? tag[2] : named;
    if (block?.ad) {
      // An advertiser's image: its own plain look, never the store's banner art.
      return { banner: { headline, ad: true }, square: { label: headline } };
    }
    if (block) return { banner: { headline, badge: tag?.[1] }, square: { label: headline } };
    // A banner that opens a campaign shows that campaign's offer, period and series.
    const opens = /^\/campaign\/(\d+)$/.exec(String(row.url ?? row.link_url ?? ""));
    const campaign = opens ? await campaignCaption(db, Number(opens[1])) : undefined;
    if (campaign) {
      return {
        banner: { ...campaign, headline: headline ?? campaign.headline },
        square: { label: headline },
      };
    }
    let sub = firstText(row, ["feature_tag", "appeal_intro", "description", "body"]);
    const covers: CoverInput[] = [];
    const seriesId = Number(row.series_id);
    if (Number.isInteger(seriesId) && seriesId > 0) {
      const series = await seriesCaption(db, seriesId);
      covers.push({ seriesId, ...series });
      if (series.title) sub = `『${series.title}』`;
    }
    return {
      banner: { headline, sub: tag ? (sub ?? tag[1]) : sub, badge: tag?.[1], covers },
      square: { label: headline, sub: covers[0]?.title },
    };
  });
}
