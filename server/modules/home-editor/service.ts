import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { GENRES, genreName } from "../../../contract/genres";
import type {
  HomeDraftPayload,
  HomeEditorAnswer,
  HomeEditorTab,
  HomeItemDraft,
  HomeSectionDraft,
} from "../../../contract/ops-home";
import { parseTokyoDateTimeInput, tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { BadInput } from "../../lib/errors";
import { auditedWrites } from "../audit/service";
import {
  type HomeLayout,
  type HomeLayoutItem,
  homeLayoutItems,
  homeLayouts,
  linkRotations,
} from "../home/schema";
import type { Staff } from "../staff/service";
import { homeLayoutDrafts } from "./schema";

/**
 * The home-layout editor (issue 24, decision 0100). A genre's /home (pagetype 1) is edited as a
 * draft: the whole section list in home_layout_drafts, which the store never reads. 公開する
 * writes it over the genre's home_layouts and home_layout_items in one audited transaction, then
 * says so on the change bus, so every instance drops its kept home answers and pages.
 */

export interface HomeEditorDeps {
  db: Db;
  changes: ChangeBus;
}

/** Only /home is edited here; the free top (pagetype 2) keeps its seeded sections. */
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

/** The genre's draft, or null when nothing waits to be published. */
export async function draftOf(db: Db | Tx, genre: number) {
  const [row] = await db.select().from(homeLayoutDrafts).where(eq(homeLayoutDrafts.genre, genre));
  if (!row) return null;
  return {
    sections: row.sections as HomeSectionDraft[],
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/** What the editor works on for a genre: the draft if one waits, else the live home. */
export async function sectionsToShow(db: Db, genre: number): Promise<HomeSectionDraft[]> {
  return (await draftOf(db, genre))?.sections ?? liveSections(db, genre);
}

export async function homeEditorTabs(db: Db): Promise<HomeEditorTab[]> {
  const [layouts, drafts] = await Promise.all([
    db
      .select({ genre: homeLayouts.genre })
      .from(homeLayouts)
      .where(eq(homeLayouts.pagetype, HOME_PAGETYPE)),
    db
      .select({ genre: homeLayoutDrafts.genre, updatedAt: homeLayoutDrafts.updatedAt })
      .from(homeLayoutDrafts),
  ]);
  return GENRES.map(([genre, name]) => ({
    genre,
    name,
    sections: layouts.filter((l) => l.genre === genre).length,
    draft_updated_at:
      drafts.find((d) => d.genre === genre)?.updatedAt.toISOString() ?? null,
  }));
}

export async function homeEditor(db: Db, genre: number): Promise<HomeEditorAnswer> {
  const [live, draft] = await Promise.all([liveSections(db, genre), draftOf(db, genre)]);
  return {
    genre,
    genre_name: genreName(genre) ?? String(genre),
    sections: draft?.sections ?? live,
    live,
    draft: draft
      ? { updated_at: draft.updatedAt.toISOString(), updated_by: draft.updatedByEmail }
      : null,
  };
}

/**
 * What the payload's checks cannot see: a kept section must be one of this genre's live ones
 * (it could name another genre's or the free top's), and a banner must exist, since the items'
 * banner column is a foreign key.
 */
async function checkAgainstStore(
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

const actorOf = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

/** Saves the genre's draft (the whole section list); saving the same list again changes nothing. */
export async function saveDraft(
  deps: HomeEditorDeps,
  staff: Staff,
  genre: number,
  input: HomeDraftPayload,
): Promise<HomeEditorAnswer> {
  await auditedWrites(deps.db, actorOf(staff), async (tx, record) => {
    await checkAgainstStore(tx, genre, input.sections);
    const before = await draftOf(tx, genre);
    await tx
      .insert(homeLayoutDrafts)
      .values({
        genre,
        sections: input.sections,
        updatedBy: staff.userId,
        updatedByEmail: staff.email,
      })
      .onConflictDoUpdate({
        target: homeLayoutDrafts.genre,
        set: {
          sections: input.sections,
          updatedBy: staff.userId,
          updatedByEmail: staff.email,
          updatedAt: new Date(),
        },
      });
    await record({
      action: "draft",
      entity: "home_layout",
      entityId: genre,
      before: before?.sections ?? null,
      after: input.sections,
    });
  });
  return homeEditor(deps.db, genre);
}

/** Drops the genre's draft: the editor shows the live home again. */
export async function discardDraft(
  deps: HomeEditorDeps,
  staff: Staff,
  genre: number,
): Promise<HomeEditorAnswer> {
  await auditedWrites(deps.db, actorOf(staff), async (tx, record) => {
    const [gone] = await tx
      .delete(homeLayoutDrafts)
      .where(eq(homeLayoutDrafts.genre, genre))
      .returning({ sections: homeLayoutDrafts.sections });
    if (!gone) return;
    await record({
      action: "discard",
      entity: "home_layout",
      entityId: genre,
      before: gone.sections,
      after: null,
    });
  });
  return homeEditor(deps.db, genre);
}

/**
 * Writes the genre's draft over its live /home in one transaction: sections the draft no longer
 * has go, kept ones keep their layout id (links to /more/{id}, /search?tp={id} and the events
 * recorded against them stay right) with the draft's fields and position, new ones are added,
 * and every section's items are the draft's. The audit row holds the live list before and after.
 * A second click finds no draft and publishes nothing (`published: false`).
 */
export async function publishDraft(
  deps: HomeEditorDeps,
  staff: Staff,
  genre: number,
): Promise<{ published: boolean; editor: HomeEditorAnswer }> {
  const published = await auditedWrites(deps.db, actorOf(staff), async (tx, record) => {
    const [draftRow] = await tx
      .select()
      .from(homeLayoutDrafts)
      .where(eq(homeLayoutDrafts.genre, genre))
      .for("update");
    if (!draftRow) return false;
    const sections = draftRow.sections as HomeSectionDraft[];
    await checkAgainstStore(tx, genre, sections);
    const before = await liveSections(tx, genre);
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
    await tx.delete(homeLayoutDrafts).where(eq(homeLayoutDrafts.genre, genre));
    await record({
      action: "publish",
      entity: "home_layout",
      entityId: genre,
      before,
      after: await liveSections(tx, genre),
    });
    return true;
  });
  // Kept home answers, sections and /home renders of every instance go (decision 0087).
  if (published) await deps.changes.publish({ entity: "home_layout", id: genre });
  return { published, editor: await homeEditor(deps.db, genre) };
}

// ---------------------------------------------------------------- preview tokens

/** How long a preview address works: long enough to look, short enough not to be passed on. */
export const PREVIEW_TOKEN_MINUTES = 30;

const sign = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`home-preview:${body}`).digest("base64url");

/**
 * A signed token naming the staff member and the genre, for /home?preview=: the page shows the
 * draft only when the token's signature holds, it has not expired, and the request also carries
 * that staff member's ops session with content.write (checked by the page). A token alone, or a
 * token of another staff member, shows nothing but the live home.
 */
export function homePreviewToken(secret: string, staffId: number, genre: number, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_TOKEN_MINUTES * 60;
  const body = `${genre}.${staffId}.${expires}`;
  return `${body}.${sign(secret, body)}`;
}

/** The genre and staff member a token names, or null when it is forged, malformed or expired. */
export function readHomePreviewToken(
  secret: string,
  token: string,
  now: Date,
): { genre: number; staffId: number } | null {
  const match = /^(\d{1,2})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, genre, staffId, expires, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(sign(secret, `${genre}.${staffId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { genre: Number(genre), staffId: Number(staffId) };
}
