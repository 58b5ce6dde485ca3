import { offlineSealLabel } from "../../../contract/offline-rules";

/**
 * The sealing of downloaded files (decision 0117): AES-GCM with the member's key, a fresh
 * 12-byte nonce per file, and the file's path as additional data. public/sw.js opens them the
 * same way; service-worker-offline.test.ts holds the two together.
 */

export interface SealedFile {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const encoder = new TextEncoder();

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The key as the server gave it, made a key script cannot read back: kept in IndexedDB it can
 * seal and open files on this origin, but its bytes never leave the browser's key store.
 */
export async function importMemberKey(base64url: string): Promise<CryptoKey> {
  const raw = fromBase64Url(base64url);
  if (raw.length !== 32) throw new Error("offline key must be 32 bytes");
  return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

export async function sealFile(
  key: CryptoKey,
  path: string,
  bytes: BufferSource,
): Promise<SealedFile> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(offlineSealLabel(path)) },
    key,
    bytes,
  );
  return { iv, data };
}

/** The file's bytes; throws when the key is another's or the record was moved or altered. */
export function openFile(key: CryptoKey, path: string, sealed: SealedFile): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt(
    { name: "AES-GCM", iv: sealed.iv, additionalData: encoder.encode(offlineSealLabel(path)) },
    key,
    sealed.data,
  );
}
