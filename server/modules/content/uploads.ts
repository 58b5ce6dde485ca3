import { randomUUID } from "node:crypto";
import { z } from "zod";
import { JobRefusal } from "../../lib/jobs";
import type { Storage } from "../../lib/storage";
import { CONTENT_KINDS } from "./schema";

/**
 * An upload as the job finds it (decision 0089): the raw files under uploads/{uploadId}/, and a
 * manifest beside them with their names as sent, what they are for and any choices made. The
 * job is sent only the manifest's key; the upload id becomes the published set's id.
 */
const manifestSchema = z.object({
  uploadId: z.uuid(),
  kind: z.enum(CONTENT_KINDS),
  ownerId: z.number().int().positive(),
  files: z.array(z.object({ key: z.string(), name: z.string(), size: z.number().int() })),
  trial: z.object({ startSec: z.number().int(), seconds: z.number().int() }).optional(),
});
export type UploadManifest = z.infer<typeof manifestSchema>;

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** Stores the upload's files and manifest; answers the manifest's key for the job. */
export async function storeUpload(
  storage: Storage,
  upload: Omit<UploadManifest, "uploadId" | "files"> & { files: UploadedFile[] },
): Promise<{ uploadId: string; manifestKey: string }> {
  const uploadId = randomUUID();
  const files = upload.files.map((file, i) => ({
    key: `uploads/${uploadId}/f${i + 1}`,
    name: file.name,
    size: file.bytes.length,
  }));
  for (const [i, file] of upload.files.entries()) {
    await storage.put(files[i]!.key, file.bytes, "application/octet-stream");
  }
  const manifest: UploadManifest = { ...upload, uploadId, files };
  const manifestKey = `uploads/${uploadId}/manifest.json`;
  await storage.put(manifestKey, Buffer.from(JSON.stringify(manifest)), "application/json");
  return { uploadId, manifestKey };
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The manifest; null when the upload is gone (it is removed once published). */
export async function readManifest(storage: Storage, key: string): Promise<UploadManifest | null> {
  const bytes = await readAll(storage, key);
  return bytes ? manifestSchema.parse(JSON.parse(bytes.toString("utf8"))) : null;
}

export async function readUploadedFiles(
  storage: Storage,
  manifest: UploadManifest,
): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for (const file of manifest.files) {
    const bytes = await readAll(storage, file.key);
    if (!bytes) throw new JobRefusal(`${file.name}: アップロードされたファイルが見つかりません`);
    files.push({ name: file.name, bytes });
  }
  return files;
}

export async function dropUpload(storage: Storage, uploadId: string): Promise<void> {
  await storage.delete(await storage.list(`uploads/${uploadId}`));
}
