import { IMAGE_WIDTHS } from "../../../contract/media";
import type { AuditEntity } from "../../../contract/ops-roles";
import type { CatalogChange } from "../../lib/changes";
import type { AppServices } from "../../lib/context";
import { JobRefusal, type RunningJob } from "../../lib/jobs";
import { seriesOnRecord } from "../catalog/series-record";
import { bookAccess } from "../catalog/service";
import { dramaCdExists } from "../dramacd/service";
import { ART_BOUNDS, webpDerivatives } from "./images";
import { publishSet, setPrefix } from "./sets";
import { type ContentJobData, onlyUploadedFile, runSetJob } from "./upload-job";

/**
 * The widths a cover, jacket or appeal image is made at: those the cards, lists and pages ask
 * for (?w=, served at the nearest) and the 300 px an address without ?w= gets.
 */
export const ART_WIDTHS = [...new Set([...IMAGE_WIDTHS, 300])].sort((a, b) => a - b);

/** One picture per owner: a volume's cover, a drama CD's jacket, a series' appeal image. */
export type ArtKind = "cover" | "jacket" | "appeal";

/** Art stored as these are, whose upload another module makes (a campaign's banner, 0101). */
export type StoredArtKind = ArtKind | "campaign";

export function artKey(kind: StoredArtKind, ownerId: number, setId: string, width: number) {
  return `${setPrefix(kind, ownerId, setId)}/w${width}.webp`;
}

/** What each picture belongs to: how the job finds it, audits it and tells the store. */
const ART_OWNERS: Record<
  ArtKind,
  {
    exists: (services: AppServices, id: number) => Promise<boolean>;
    entity: AuditEntity & CatalogChange["entity"];
    action: string;
  }
> = {
  cover: {
    exists: async ({ db }, id) => (await bookAccess(db, id)) !== null,
    entity: "volume",
    action: "cover",
  },
  jacket: { exists: ({ db }, id) => dramaCdExists(db, id), entity: "drama_cd", action: "jacket" },
  appeal: {
    exists: async ({ db }, id) => (await seriesOnRecord(db, id)) !== null,
    entity: "series",
    action: "appeal_image",
  },
};

/**
 * Makes an uploaded volume cover, drama-CD jacket or series appeal image into the sizes the
 * store's cards ask for and publishes it: one audited transaction makes it the owner's live set.
 */
export async function runArtJob(
  services: AppServices,
  job: RunningJob<ContentJobData>,
): Promise<void> {
  const { db, storage } = services;
  const artKind = ({ kind }: { kind: string }): ArtKind => {
    if (kind !== "cover" && kind !== "jacket" && kind !== "appeal") {
      throw new Error(`not an art upload: ${kind}`);
    }
    return kind;
  };
  await runSetJob(services, job, artKind, async ({ manifest, setId, ownerId, kind, written }) => {
    const file = await onlyUploadedFile(services, manifest, "画像ファイルを1つ選んでください");
    const { files, width, height } = await webpDerivatives(
      file.name,
      file.bytes,
      ART_WIDTHS,
      ART_BOUNDS,
    );
    await job.progress(60);
    for (const w of ART_WIDTHS) {
      const key = artKey(kind, ownerId, setId, w);
      written.push(key);
      await storage.put(key, files.get(`w${w}`)!, "image/webp");
    }
    await job.progress(90);
    const owner = ART_OWNERS[kind];
    if (!(await owner.exists(services, ownerId))) {
      throw new JobRefusal("対象が削除されたため、画像を公開できません");
    }
    const published = await publishSet(
      db,
      job.data.actor,
      { setId, kind, ownerId, itemCount: 1, widths: ART_WIDTHS },
      { entity: owner.entity, action: owner.action, entityId: ownerId },
      async (_tx, previous) => ({
        before: { image_set: previous },
        after: { image_set: setId, width, height },
      }),
    );
    if (published) await services.changes.publish({ entity: owner.entity, id: ownerId });
  });
}
