import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkStorageKey, type S3Location, type Storage, type StoredEntry } from "./storage";

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    error.$metadata.httpStatusCode === 404);

function prefixOf(prefix: string): string {
  const trimmed = prefix.replace(/\/$/, "");
  if (trimmed !== "") checkStorageKey(trimmed);
  return trimmed;
}

/**
 * Files in an S3-compatible bucket (STORAGE_URL). A PUT is whole or nothing, so a reader never
 * sees half a file, as with the folder. Credentials come from the SDK's usual places
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile or role); with an endpoint
 * (MinIO, R2, Wasabi, an emulator) buckets are addressed by path, which every such store serves.
 */
export function s3Storage(
  location: S3Location,
  options: { credentials?: { accessKeyId: string; secretAccessKey: string } } = {},
): Storage {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.endpoint !== undefined,
    credentials: options.credentials,
    // The SDK's default checksums (CRC32 trailers in aws-chunked bodies) are AWS's own; other
    // stores refuse or ignore them. Checksums are sent where the API requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const { bucket } = location;
  const base = location.prefix === "" ? "" : `${location.prefix}/`;
  const objectKey = (key: string) => base + checkStorageKey(key);

  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // A ranged answer counts the range; the whole file's size follows the slash.
        const whole = answer.ContentRange ? Number(answer.ContentRange.split("/")[1]) : NaN;
        return {
          body: answer.Body as Readable,
          size: Number.isFinite(whole) ? whole : (answer.ContentLength ?? 0),
          contentType: answer.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      const objects = keys.map((key) => ({ Key: objectKey(key) }));
      for (let i = 0; i < objects.length; i += DELETE_BATCH) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true },
          }),
        );
        // A key already gone is no error in S3; anything listed here is a real failure.
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`storage delete failed for ${failed.Key}: ${failed.Code}`);
      }
    },
    async list(prefix) {
      return (await objectsUnder(prefix)).map((entry) => entry.key);
    },
    entries: objectsUnder,
  };

  async function objectsUnder(prefix: string): Promise<StoredEntry[]> {
    const under = prefixOf(prefix);
    const searched = base + (under === "" ? "" : `${under}/`);
    const found: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: searched, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          found.push({
            key: object.Key.slice(base.length),
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}
