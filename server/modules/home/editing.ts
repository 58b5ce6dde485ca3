import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { HomeItemDraft, HomeSectionDraft } from "../../../contract/ops-home";
import { parseTokyoDateTimeInput, tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { BadInput } from "../../lib/errors";
import { campaignExists } from "../campaign/editing";
import { knownTargets } from "../catalog/editing";
import { knownDramaCdIds } from "../dramacd/service";
import {
  type HomeLayout,
  type HomeLayoutItem,
  homeLayoutItems,
  homeLayouts,
  linkRotations,
} from "./schema";

/**
 * The home tables as the home-layout editor (server/modules/home-editor, decision 0100) reads and
 * writes them: a genre's /home as the editor's section list, and that list written over it.
 */

/** Only /home is edited; the free top (pagetype 2) keeps its seeded sections. */
const HOME_PAGETYPE = 1;

const inputTime = (at: Date | null) => (at === null ? null : tokyoDateTimeInput(at));
const instantOf = (value: string | null) =>
  value === null ? null : parseTokyoDateTimeInput(value);

function itemDraft(row: HomeLayoutItem): HomeItemDraft {
  return {
    series_id: row.seriesId,
    book_id: row.bookId,
    cd_id: row.cdId,
    link_rotation_id: row.linkRotationId,
    author_id: row.authorId,
    img: row.img,
    title: row.title,
    description: row.description,
    url: row.url,
    feature_tag: row.featureTag,
    appeal_img: row.appealImg,
    comment_img: row.commentImg,
    appeal_title: row.appealTitle,
    appeal_intro: row.appealIntro,
    appeal_text: row.appealText,
    appeal_tags: row.appealTags,
  };
}

function sectionDraft(row: HomeLayout, items: HomeLayoutItem[]): HomeSectionDraft {
  return {
    layout_id: row.layoutId,
    layout_type: row.layoutType,
    content_type: row.contentType as HomeSectionDraft["content_type"],
    title: row.title,
    icon: row.icon,
    more_url: row.moreUrl,
    display_number: row.displayNumber,
    campaign_id: row.campaignId,
    ranking_type: row.rankingType as HomeSectionDraft["ranking_type"],
    frame_class: row.frameClass,
    read_flag: row.readFlag,
    display_new_flag: row.displayNewFlag,
    display_final_flag: row.displayFinalFlag,
    display_appeal_flag: row.displayAppealFlag,
    display_policy_flag: row.displayPolicyFlag,
    display_end_label_flag: row.displayEndLabelFlag,
    display_name_flag: row.displayNameFlag,
    start_at: inputTime(row.startAt),
    end_at: inputTime(row.endAt),
    items: items.map(itemDraft),
  };
}

/** A draft section as the home_layouts row it becomes (its id: the live one, or `layoutId`). */
export function layoutRowOf(
  section: HomeSectionDraft,
  genre: number,
  position: number,
  layoutId: number,
): HomeLayout {
  return {
    layoutId,
    genre,
    pagetype: HOME_PAGETYPE,
    position,
    layoutType: section.layout_type,
    contentType: section.content_type,
    title: section.title,
    icon: section.icon,
    moreUrl: section.more_url,
    displayNumber: section.display_number,
    campaignId: section.campaign_id,
    rankingType: section.ranking_type,
    frameClass: section.frame_class,
    readFlag: section.read_flag,
    displayNewFlag: section.display_new_flag,
    displayFinalFlag: section.display_final_flag,
    displayAppealFlag: section.display_appeal_flag,
    displayPolicyFlag: section.display_policy_flag,
    displayEndLabelFlag: section.display_end_label_flag,
    displayNameFlag: section.display_name_flag,
    startAt: instantOf(section.start_at),
    endAt: instantOf(section.end_at),
  };
}

/** A draft section's items as the home_layout_items rows they become. */
export function itemRowsOf(section: HomeSectionDraft, layoutId: number): HomeLayoutItem[] {
  return section.items.map((item, i) => ({
    layoutItemId: 0,
    layoutId,
    position: i + 1,
    seriesId: item.series_id,
    bookId: item.book_id,
    cdId: item.cd_id,
    linkRotationId: item.link_rotation_id,
    campaignId: null,
    authorId: item.author_id,
    img: item.img,
    title: item.title,
    description: item.description,
    url: item.url,
    featureTag: item.feature_tag,
    appealImg: item.appeal_img,
    commentImg: item.comment_img,
    appealTitle: item.appeal_title,
    appealIntro: item.appeal_intro,
    appealText: item.appeal_text,
    appealTags: item.appeal_tags,
  }));
}

/** The genre's live /home sections in order, items included, whatever their dates. */
export async function liveSections(db: Db | Tx, genre: number): Promise<HomeSectionDraft[]> {
  const layouts = await db
    .select()
    .from(homeLayouts)
    .where(and(eq(homeLayouts.genre, genre), eq(homeLayouts.pagetype, HOME_PAGETYPE)))
    .orderBy(asc(homeLayouts.position), asc(homeLayouts.layoutId));
  if (layouts.length === 0) return [];
  const items = await db
    .select()
    .from(homeLayoutItems)
    .where(
      inArray(
        homeLayoutItems.layoutId,
        layouts.map((l) => l.layoutId),
      ),
    )
    .orderBy(asc(homeLayoutItems.layoutId), asc(homeLayoutItems.position));
  const byLayout = new Map<number, HomeLayoutItem[]>();
  for (const item of items) {
    const list = byLayout.get(item.layoutId);
    if (list) list.push(item);
    else byLayout.set(item.layoutId, [item]);
  }
  return layouts.map((l) => sectionDraft(l, byLayout.get(l.layoutId) ?? []));
}

/** The genre of every live /home section (one entry per section). */
export async function liveHomeGenres(db: Db): Promise<number[]> {
  const rows = await db
    .select({ genre: homeLayouts.genre })
    .from(homeLayouts)
    .where(eq(homeLayouts.pagetype, HOME_PAGETYPE));
  return rows.map((r) => r.genre);
}

/**
 * What the payload's checks cannot see: a kept section must be one of this genre's live ones
 * (it could name another genre's or the free top's), a banner must exist, since the items'
 * banner column is a foreign key, and so must every series, volume, drama CD, author and
 * campaign a section names: the store would quietly skip one that does not.
 */
export async function checkSectionsAgainstStore(
  db: Db | Tx,
  genre: number,
  sections: readonly HomeSectionDraft[],
): Promise<void> {
  const kept = sections.flatMap((s) => (s.layout_id === null ? [] : [s.layout_id]));
  if (kept.length > 0) {
    const found = await db
      .select({ layoutId: homeLayouts.layoutId })
      .from(homeLayouts)
      .where(
        and(
          inArray(homeLayouts.layoutId, kept),
          eq(homeLayouts.genre, genre),
          eq(homeLayouts.pagetype, HOME_PAGETYPE),
        ),
      );
    const ok = new Set(found.map((f) => f.layoutId));
    const stray = kept.find((id) => !ok.has(id));
    if (stray !== undefined) {
      throw new BadInput(
        "sections",
        `sections: セクションID ${stray} はこのジャンルのトップページにありません。画面を読み込み直してください`,
      );
    }
  }
  await checkNamedRows(db, sections);
  const banners = [
    ...new Set(
      sections.flatMap((s) =>
        s.items.flatMap((i) => (i.link_rotation_id === null ? [] : [i.link_rotation_id])),
      ),
    ),
  ];
  if (banners.length > 0) {
    const found = await db
      .select({ id: linkRotations.linkRotationId })
      .from(linkRotations)
      .where(inArray(linkRotations.linkRotationId, banners));
    const ok = new Set(found.map((f) => f.id));
    const missing = banners.find((id) => !ok.has(id));
    if (missing !== undefined) {
      throw new BadInput("sections", `sections: バナーID ${missing} は登録されていません`);
    }
  }
}

/**
 * Writes a section list over the genre's live /home inside the caller's transaction: sections
 * the list no longer has go, kept ones keep their layout id (links to /more/{id},
 * /search?tp={id} and the events recorded against them stay right) with the list's fields and
 * position, new ones are added, and every section's items are the list's.
 */
export async function writeHomeSections(
  tx: Tx,
  genre: number,
  sections: readonly HomeSectionDraft[],
): Promise<void> {
  const kept = sections.flatMap((s) => (s.layout_id === null ? [] : [s.layout_id]));
  await tx
    .delete(homeLayouts)
    .where(
      and(
        eq(homeLayouts.genre, genre),
        eq(homeLayouts.pagetype, HOME_PAGETYPE),
        kept.length > 0 ? notInArray(homeLayouts.layoutId, kept) : undefined,
      ),
    );
  if (kept.length > 0) {
    await tx.delete(homeLayoutItems).where(inArray(homeLayoutItems.layoutId, kept));
  }
  for (const [i, section] of sections.entries()) {
    const { layoutId: _generated, ...values } = layoutRowOf(section, genre, i + 1, 0);
    let layoutId = section.layout_id;
    if (layoutId === null) {
      const [made] = await tx
        .insert(homeLayouts)
        .values(values)
        .returning({ layoutId: homeLayouts.layoutId });
      layoutId = made!.layoutId;
    } else {
      await tx.update(homeLayouts).set(values).where(eq(homeLayouts.layoutId, layoutId));
    }
    const items = itemRowsOf(section, layoutId).map(({ layoutItemId: _id, ...row }) => row);
    if (items.length > 0) await tx.insert(homeLayoutItems).values(items);
  }
}

const NAMED_ROWS = [
  ["series_id", "作品ID"],
  ["book_id", "巻ID"],
  ["cd_id", "ドラマCD ID"],
  ["author_id", "著者ID"],
  ["campaign_id", "キャンペーンID"],
] as const;

async function checkNamedRows(db: Db | Tx, sections: readonly HomeSectionDraft[]): Promise<void> {
  const ids = (list: Array<number | null>) => [
    ...new Set(list.filter((id): id is number => id !== null)),
  ];
  const itemIds = (field: "series_id" | "book_id" | "cd_id" | "author_id") =>
    ids(sections.flatMap((s) => s.items.map((i) => i[field])));
  const named = {
    series_id: itemIds("series_id"),
    book_id: itemIds("book_id"),
    cd_id: itemIds("cd_id"),
    author_id: itemIds("author_id"),
    campaign_id: ids(sections.map((s) => s.campaign_id)),
  };
  const [catalog, cds, campaigns] = await Promise.all([
    knownTargets(db, {
      seriesIds: named.series_id,
      bookIds: named.book_id,
      authorIds: named.author_id,
    }),
    knownDramaCdIds(db, named.cd_id),
    Promise.all(named.campaign_id.map(async (id) => [id, await campaignExists(db, id)] as const)),
  ]);
  const known = {
    series_id: catalog.seriesIds,
    book_id: catalog.bookIds,
    cd_id: cds,
    author_id: catalog.authorIds,
    campaign_id: new Set(campaigns.flatMap(([id, ok]) => (ok ? [id] : []))),
  };
  for (const [field, label] of NAMED_ROWS) {
    const missing = named[field].find((id) => !known[field].has(id));
    if (missing !== undefined) {
      throw new BadInput("sections", `sections: ${label} ${missing} は登録されていません`);
    }
  }
}
