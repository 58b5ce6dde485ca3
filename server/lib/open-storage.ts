import path from "node:path";
import { fileStorage, type S3Location, type Storage } from "./storage";

/**
 * The store's Storage: the S3-compatible bucket STORAGE_URL names, else the folder under
 * DATA_DIR/store (decision 0086). A file of its own, so storage.ts, which env.ts reads, never
 * pulls in the AWS SDK.
 */
export async function openStorage(env: {
  STORAGE_URL?: S3Location | undefined;
  DATA_DIR: string;
}): Promise<Storage> {
  if (!env.STORAGE_URL) return fileStorage(path.join(env.DATA_DIR, "store"));
  const { s3Storage } = await import("./s3-storage");
  return s3Storage(env.STORAGE_URL);
}
