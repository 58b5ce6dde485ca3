import { READER_PAGE_WIDTHS } from "../../../contract/reader";
import type { AppServices } from "../../lib/context";
import { JobRefusal, type RunningJob } from "../../lib/jobs";
import { setVolumePageCount } from "../catalog/page-count";
import { readArchive } from "./archive";
import { PAGE_BOUNDS, webpDerivatives } from "./images";
import { publishSet, setPrefix } from "./sets";
import { sniff } from "./sniff";
import { type ContentJobData, runSetJob } from "./upload-job";
import { readUploadedFiles, type UploadedFile } from "./uploads";

/** A volume holds at most this many pages (the archive's entry bound). */
export const MAX_PAGES = 2_000;

/** Page order: by name as a person reads numbers, so p2 comes before p10. */
const naturalOrder = new Intl.Collator("ja", { numeric: true, sensitivity: "base" });

export function pageKey(bookId: number, setId: string, page: number, variant: string): string {
  return `${setPrefix("pages", bookId, setId)}/p${page}-${variant}.webp`;
}

/** The pages of an upload in reading order: an archive's images, or the images sent. */
export async function pageFiles(files: UploadedFile[]): Promise<UploadedFile[]> {
  const [only] = files;
  const pages =
    files.length === 1 && only && sniff(only.bytes) === "zip"
      ? await readArchive(only.name, only.bytes)
      : files;
  if (pages.length === 0) throw new JobRefusal("ページの画像がありません");
  if (pages.length > MAX_PAGES) {
    throw new JobRefusal(`ページが多すぎます（${pages.length}枚。上限は${MAX_PAGES}枚です）`);
  }
  return [...pages].sort((a, b) => naturalOrder.compare(a.name, b.name));
}

/**
 * Makes a volume's uploaded pages into what the reader serves and publishes them at once
 * (decision 0089): every page is checked and made into WebP at the reader's widths and a
 * thumbnail, under the new set's prefix; only when all are written does one transaction switch
 * the volume to them. A refused page fails the job with its name and leaves nothing behind.
 */
export async function runPagesJob(
  services: AppServices,
  job: RunningJob<ContentJobData>,
): Promise<void> {
  const { db, storage } = services;
  const asPages = () => "pages" as const;
  await runSetJob(services, job, asPages, async ({ manifest, setId, ownerId: bookId, written }) => {
    const pages = await pageFiles(await readUploadedFiles(storage, manifest));
    await job.progress(5);
    let done = 0;
    // Two pages at a time (sharp uses the other cores within each); the first refusal stops
    // both, and nothing is removed until neither is writing.
    const queue = pages.map((page, i) => ({ page, n: i + 1 }));
    let failed = false;
    const worker = async () => {
      for (let next = queue.shift(); next && !failed; next = queue.shift()) {
        try {
          const { files } = await webpDerivatives(
            next.page.name,
            next.page.bytes,
            READER_PAGE_WIDTHS,
            PAGE_BOUNDS,
            { thumb: true },
          );
          for (const [variant, bytes] of files) {
            const key = pageKey(bookId, setId, next.n, variant);
            written.push(key);
            await storage.put(key, bytes, "image/webp");
          }
        } catch (error) {
          failed = true;
          throw error;
        }
        done += 1;
        await job.progress(5 + Math.floor((90 * done) / pages.length));
      }
    };
    const outcomes = await Promise.allSettled([worker(), worker()]);
    const refused = outcomes.find((o) => o.status === "rejected");
    if (refused) throw refused.reason;
    const published = await publishSet(
      db,
      job.data.actor,
      {
        setId,
        kind: "pages",
        ownerId: bookId,
        itemCount: pages.length,
        widths: [...READER_PAGE_WIDTHS],
      },
      { entity: "volume", action: "pages", entityId: bookId },
      async (tx, previous) => {
        const before = await setVolumePageCount(tx, bookId, pages.length);
        if (before === null) throw new JobRefusal("この巻は削除されたため、ページを公開できません");
        return {
          before: { page_set: previous, page_count: before },
          after: { page_set: setId, page_count: pages.length },
        };
      },
    );
    if (published) await services.changes.publish({ entity: "volume", id: bookId });
  });
}
