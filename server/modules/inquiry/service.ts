import { eq, lt } from "drizzle-orm";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { recordInquiry } from "../account/service";
import { inquiryNonces } from "./schema";

export type MessageKind = "inquiry" | "opinion" | "request";

/** A repeated form token is ignored for this long. */
export const NONCE_WINDOW_SECONDS = 10 * 60;

const RECEIPT_PREFIX: Record<MessageKind, string> = {
  inquiry: "INQ",
  opinion: "OPN",
  request: "REQ",
};

/** What the sender is shown and quotes when writing again: INQ-000123. */
export function receiptNumber(kind: MessageKind, inquiryId: number): string {
  return `${RECEIPT_PREFIX[kind]}-${String(inquiryId).padStart(6, "0")}`;
}

export interface MessageInput {
  kind: MessageKind;
  userId: number | null;
  email: string | null;
  subject: string | null;
  body: string;
  /** `${kind}:${visitorId}:${nonce}` when the page sent a token. */
  nonceKey?: string;
}

export interface SentMessage {
  inquiryId: number;
  receiptNo: string;
  receivedAt: string;
  /** True when the token was seen within the window and nothing new was stored. */
  repeated: boolean;
}

/**
 * Stores a message from /inquiry, /opinion or /request. With a token, the token row is claimed
 * first inside the transaction: a second request with the same token waits on the primary key
 * until the first commits, then finds the row and gets the first receipt back.
 */
export async function sendMessage(
  db: Db,
  input: MessageInput,
  now = new Date(),
): Promise<SentMessage> {
  const { nonceKey, ...message } = input;
  const receipt = (inquiryId: number, at: Date, repeated: boolean) => ({
    inquiryId,
    receiptNo: receiptNumber(message.kind, inquiryId),
    receivedAt: tokyoDateTime(at).slice(0, 16),
    repeated,
  });
  if (!nonceKey) return receipt(await recordInquiry(db, message), now, false);

  return db.transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - NONCE_WINDOW_SECONDS * 1000);
    await tx.delete(inquiryNonces).where(lt(inquiryNonces.createdAt, windowStart));
    const claimed = await tx
      .insert(inquiryNonces)
      .values({ nonceKey, createdAt: now })
      .onConflictDoNothing()
      .returning({ nonceKey: inquiryNonces.nonceKey });
    if (claimed.length === 0) {
      const [seen] = await tx
        .select({ inquiryId: inquiryNonces.inquiryId, createdAt: inquiryNonces.createdAt })
        .from(inquiryNonces)
        .where(eq(inquiryNonces.nonceKey, nonceKey));
      if (seen?.inquiryId) return receipt(seen.inquiryId, seen.createdAt, true);
    }
    const inquiryId = await recordInquiry(tx, message);
    await tx
      .insert(inquiryNonces)
      .values({ nonceKey, inquiryId, createdAt: now })
      .onConflictDoUpdate({ target: inquiryNonces.nonceKey, set: { inquiryId } });
    return receipt(inquiryId, now, false);
  });
}
