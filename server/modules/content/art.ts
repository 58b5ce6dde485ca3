import { IMAGE_WIDTHS } from "../../../contract/media";
import type { AppServices } from "../../lib/context";
import { JobRefusal, type RunningJob } from "../../lib/jobs";
import { bookAccess } from "../catalog/service";
import { dramaCdExists } from "../dramacd/service";
import { ART_BOUNDS, webpDerivatives } from "./images";
import { publishSet, setPrefix } from "./sets";
import { type ContentJobData, onlyUploadedFile, runSetJob } from "./upload-job";

/**
 * The widths a cover or jacket is made at: those the cards, lists and pages ask for (?w=, served
 * at the nearest) and the 300 px an address without ?w= gets.
 */
export const ART_WIDTHS = [...new Set([...IMAGE_WIDTHS, 300])].sort((a, b) => a - b);

export function artKey(kind: "cover" | "jacket", ownerId: number, setId: string, width: number) {
  return `${setPrefix(kind, ownerId, setId)}/w${width}.webp`;
}

/**
 * Makes an uploaded volume cover or drama-CD jacket into the sizes the store's cards ask for and
 * publishes it: one audited transaction makes it the owner's live set.
 */
export async function runArtJob(
  services: AppServices,
  job: RunningJob<ContentJobData>,
): Promise<void> {
  const { db, storage } = services;
  const artKind = ({ kind }: { kind: string }) => {
    if (kind !== "cover" && kind !== "jacket") throw new Error(`not an art upload: ${kind}`);
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
    const exists =
      kind === "cover"
        ? (await bookAccess(db, ownerId)) !== null
        : await dramaCdExists(db, ownerId);
    if (!exists) throw new JobRefusal("対象が削除されたため、画像を公開できません");
    const published = await publishSet(
      db,
      job.data.actor,
      { setId, kind, ownerId, itemCount: 1, widths: ART_WIDTHS },
      kind === "cover"
        ? { entity: "volume", action: "cover", entityId: ownerId }
        : { entity: "drama_cd", action: "jacket", entityId: ownerId },
      async (_tx, previous) => ({
        before: { image_set: previous },
        after: { image_set: setId, width, height },
      }),
    );
    if (published) {
      await services.changes.publish({
        entity: kind === "cover" ? "volume" : "drama_cd",
        id: ownerId,
      });
    }
  });
}
