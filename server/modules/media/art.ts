import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { mediaArt } from "./schema";

export interface ArtName {
  kind: string;
  name: string;
}

/** The form of a decorative image's address; the media route answers exactly these. */
export const ART_NAME = "[a-z0-9]+(?:-[a-z0-9]+)*";
const ART_URL = new RegExp(`/media/([a-z]+)/(${ART_NAME})\\.png`, "g");

/** Every /media/{kind}/{name}.png address in a piece of content (JSON, HTML or plain text). */
export function artNamesIn(content: string): ArtName[] {
  return [...content.matchAll(ART_URL)].map(([, kind, name]) => ({ kind: kind!, name: name! }));
}

export async function recordArt(db: Db | Tx, names: readonly ArtName[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(mediaArt)
    .values([...names])
    .onConflictDoNothing();
}

export async function artExists(db: Db, { kind, name }: ArtName): Promise<boolean> {
  const [row] = await db
    .select({ kind: mediaArt.kind })
    .from(mediaArt)
    .where(and(eq(mediaArt.kind, kind), eq(mediaArt.name, name)))
    .limit(1);
  return row !== undefined;
}
