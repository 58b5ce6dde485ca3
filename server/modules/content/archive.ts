import yauzl from "yauzl";
import { JobRefusal } from "../../lib/jobs";

/**
 * Bounds on an uploaded archive (decision 0089), checked on its directory before anything is
 * inflated, and again on the bytes as they come out (a directory can lie): a 10 KB zip bomb or
 * ten thousand entries are refused without filling memory or disk.
 */
export const ARCHIVE_LIMITS = {
  maxEntries: 2_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 64 * 1024 ** 2,
  /** Page images hardly compress; an entry that shrank more than this is not a picture. */
  maxRatio: 50,
};

export interface ArchiveEntry {
  name: string;
  bytes: Buffer;
}

/** Files a comic archive may carry beside its pages, passed over without a word. */
const SKIPPED = /(^|\/)(__MACOSX\/|\.[^/]*$|thumbs\.db$|desktop\.ini$|comicinfo\.xml$)/i;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const shiftJis = new TextDecoder("shift_jis");

/** Zip names are UTF-8 when flagged; Japanese tools without the flag write Shift_JIS. */
function decodeName(raw: Buffer, flags: number): string {
  if (flags & 0x800) return raw.toString("utf8");
  try {
    return utf8.decode(raw);
  } catch {
    return shiftJis.decode(raw);
  }
}

/** A name that would leave the archive's folder, or name a place outside it, is refused. */
export function unsafeEntryName(name: string): boolean {
  return (
    name.includes("\\") ||
    name.startsWith("/") ||
    /^[a-z]:/i.test(name) ||
    name.includes("\0") ||
    name.split("/").some((part) => part === "..")
  );
}

const open = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );

const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)}MB`;

/**
 * The files of a ZIP/CBZ, in the archive's order, each read whole. Refuses (JobRefusal, with
 * the archive's or the entry's name) a damaged archive, too many entries, an entry that would
 * expand too far, and a name that climbs out of the archive.
 */
export async function readArchive(archiveName: string, buffer: Buffer): Promise<ArchiveEntry[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw new JobRefusal(
      `${archiveName}: ZIPファイルとして読み込めません（壊れている可能性があります）`,
    );
  }
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw new JobRefusal(
        `${archiveName}: ファイル数が多すぎます（${zip.entryCount}件。上限は${ARCHIVE_LIMITS.maxEntries}件です）`,
      );
    }
    const entries: { entry: yauzl.Entry; name: string }[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = decodeName(entry.fileName as unknown as Buffer, entry.generalPurposeBitFlag);
        if (unsafeEntryName(name)) {
          reject(
            new JobRefusal(
              `${name}: ファイル名にフォルダの外を指す部分があるため受け付けられません`,
            ),
          );
          return;
        }
        if (!name.endsWith("/") && !SKIPPED.test(name)) {
          declared += entry.uncompressedSize;
          if (entry.uncompressedSize > ARCHIVE_LIMITS.maxEntryBytes) {
            reject(
              new JobRefusal(
                `${name}: 展開後のサイズが大きすぎます（上限${mb(ARCHIVE_LIMITS.maxEntryBytes)}）`,
              ),
            );
            return;
          }
          if (
            entry.uncompressedSize > 1024 * 1024 &&
            entry.uncompressedSize > ARCHIVE_LIMITS.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            reject(
              new JobRefusal(
                `${name}: 圧縮率が異常に高いため受け付けられません（展開すると${mb(entry.uncompressedSize)}になります）`,
              ),
            );
            return;
          }
          if (declared > ARCHIVE_LIMITS.maxTotalBytes) {
            reject(
              new JobRefusal(
                `${archiveName}: 展開後の合計サイズが上限（${mb(ARCHIVE_LIMITS.maxTotalBytes)}）を超えます`,
              ),
            );
            return;
          }
          entries.push({ entry, name });
        }
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", () =>
        reject(new JobRefusal(`${archiveName}: ZIPファイルの目次が壊れています`)),
      );
      zip.readEntry();
    });
    const files: ArchiveEntry[] = [];
    let total = 0;
    for (const { entry, name } of entries) {
      const bytes = await readEntry(zip, entry, name, ARCHIVE_LIMITS.maxTotalBytes - total);
      total += bytes.length;
      files.push({ name, bytes });
    }
    return files;
  } finally {
    zip.close();
  }
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, room: number) {
  return new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new JobRefusal(`${name}: 展開できません（壊れている可能性があります）`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // The directory said less than this: the bytes decide, not the directory.
        if (size > ARCHIVE_LIMITS.maxEntryBytes || size > room) {
          stream.destroy();
          reject(new JobRefusal(`${name}: 展開後のサイズが上限を超えます`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", () =>
        reject(new JobRefusal(`${name}: 展開できません（壊れているか、サイズが目次と合いません）`)),
      );
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}
