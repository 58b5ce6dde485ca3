import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { GENRES, genreName } from "../../../contract/genres";
import type {
  HomeDraftPayload,
  HomeEditorAnswer,
  HomeEditorTab,
  HomeSectionDraft,
} from "../../../contract/ops-home";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { auditedWrites } from "../audit/service";
import {
  checkSectionsAgainstStore,
  liveHomeGenres,
  liveSections,
  writeHomeSections,
} from "../home/editing";
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
    liveHomeGenres(db),
    db
      .select({ genre: homeLayoutDrafts.genre, updatedAt: homeLayoutDrafts.updatedAt })
      .from(homeLayoutDrafts),
  ]);
  return GENRES.map(([genre, name]) => ({
    genre,
    name,
    sections: layouts.filter((g) => g === genre).length,
    draft_updated_at: drafts.find((d) => d.genre === genre)?.updatedAt.toISOString() ?? null,
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

const actorOf = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

/** Saves the genre's draft (the whole section list); saving the same list again changes nothing. */
export async function saveDraft(
  deps: HomeEditorDeps,
  staff: Staff,
  genre: number,
  input: HomeDraftPayload,
): Promise<HomeEditorAnswer> {
  await auditedWrites(deps.db, actorOf(staff), async (tx, record) => {
    await checkSectionsAgainstStore(tx, genre, input.sections);
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
    await checkSectionsAgainstStore(tx, genre, sections);
    const before = await liveSections(tx, genre);
    await writeHomeSections(tx, genre, sections);
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
