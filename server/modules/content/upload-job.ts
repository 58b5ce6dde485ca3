import type { AppServices } from "../../lib/context";
import { JobRefusal, type RunningJob } from "../../lib/jobs";
import type { AuditActor } from "../audit/service";
import type { ContentKind } from "./schema";
import { dropOldSets, setExists } from "./sets";
import {
  dropUpload,
  readManifest,
  readUploadedFiles,
  type UploadedFile,
  type UploadManifest,
} from "./uploads";

/** What every content job is sent: the upload's manifest key and who uploaded it. */
export interface ContentJobData {
  manifest: string;
  actor: AuditActor;
}

/** uploads/{uploadId}/manifest.json → uploadId. */
export function uploadIdOf(manifestKey: string): string {
  return manifestKey.split("/")[1] ?? "";
}

/** An upload on its way to becoming a published set: the set's id is the upload's. */
export interface SetInMaking<K extends ContentKind> {
  manifest: UploadManifest;
  setId: string;
  ownerId: number;
  kind: K;
  /** Every storage key written so far, removed again if the job fails. */
  written: string[];
}

/**
 * The frame every content job shares (decision 0089): the upload is read (already published by
 * an earlier run whose worker died before the queue heard: nothing left to do), `make` writes and
 * publishes the set, and then the upload and the sets it replaced go. If `make` fails, what it
 * wrote goes; a refusal (the upload itself is wrong) also drops the upload, since a retry cannot
 * mend it.
 */
export async function runSetJob<K extends ContentKind>(
  services: AppServices,
  job: RunningJob<ContentJobData>,
  kindOf: (manifest: UploadManifest) => K,
  make: (set: SetInMaking<K>) => Promise<void>,
): Promise<void> {
  const { db, storage } = services;
  const manifest = await readManifest(storage, job.data.manifest);
  if (!manifest) {
    if (await setExists(db, uploadIdOf(job.data.manifest))) return;
    throw new JobRefusal(
      "アップロードされたファイルが見つかりません。もう一度アップロードしてください",
    );
  }
  const kind = kindOf(manifest);
  const { uploadId: setId, ownerId } = manifest;
  if (await setExists(db, setId)) {
    await dropUpload(storage, setId);
    return;
  }
  await job.progress(1);
  const written: string[] = [];
  try {
    await make({ manifest, setId, ownerId, kind, written });
  } catch (error) {
    await storage.delete(written);
    if (error instanceof JobRefusal) await dropUpload(storage, setId);
    throw error;
  }
  await dropUpload(storage, setId);
  await dropOldSets(db, storage, kind, ownerId);
}

/** The one file of an upload that must be exactly one (a track, a cover); `refusal` otherwise. */
export async function onlyUploadedFile(
  services: AppServices,
  manifest: UploadManifest,
  refusal: string,
): Promise<UploadedFile> {
  const [file] = await readUploadedFiles(services.storage, manifest);
  if (!file || manifest.files.length !== 1) throw new JobRefusal(refusal);
  return file;
}
