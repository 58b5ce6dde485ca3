import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { GiftView } from "../../../contract/gift-rules";
import {
  GIFT_CLAIM_DAYS,
  GIFT_OWN_ADDRESS_MESSAGE,
  type GiftPageState,
} from "../../../contract/gifts";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { BadInput, Conflict, Forbidden, NotFound } from "../../lib/errors";
import { mailUrl } from "../account/mailed-links";
import { getMember, normaliseEmail } from "../account/service";
import { ownedItemIds } from "../library/service";
import { giftMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { daysLater } from "./points";
import { putInPresentBox } from "./presents";
import { type Gift, gifts, orderItems } from "./schema";

/** Where the mailed link opens: /gift?token=… (the page asks before it claims). */
export const GIFT_PATH = "/gift";

/** What the store keeps of a claim link: its SHA-256 (the token is 256 random bits). */
export function giftTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The name a recipient sees for the giver: their nickname, or the store's word for a member. */
function giverName(nickname: string | null | undefined): string {
  return nickname?.trim() || "コマヤ会員";
}

/** A member cannot gift to their own address: 400 with the store's message. */
export async function refuseOwnAddress(tx: Tx, giverUserId: number, email: string): Promise<void> {
  const giver = await getMember(tx, giverUserId);
  if (giver?.email && normaliseEmail(giver.email) === normaliseEmail(email)) {
    throw new BadInput("gift_email", GIFT_OWN_ADDRESS_MESSAGE);
  }
}

/** The gift an order buys, written with the order in checkout's transaction. */
export async function recordGift(
  tx: Tx,
  input: {
    orderId: number;
    giverUserId: number;
    item: {
      itemId: number;
      itemType: number;
      seriesId: number | null;
      bookId: number | null;
      cdId: number | null;
    };
    email: string;
    message: string | null;
    now: Date;
  },
): Promise<void> {
  await tx.insert(gifts).values({
    orderId: input.orderId,
    giverUserId: input.giverUserId,
    itemId: input.item.itemId,
    itemType: input.item.itemType,
    seriesId: input.item.seriesId,
    bookId: input.item.bookId,
    cdId: input.item.cdId,
    recipientEmail: normaliseEmail(input.email),
    message: input.message || null,
    createdAt: input.now,
  });
}

export async function giftOfOrder(tx: Db | Tx, orderId: number): Promise<Gift | null> {
  const [row] = await tx.select().from(gifts).where(eq(gifts.orderId, orderId));
  return row ?? null;
}

/**
 * The gift's order is paid (finalizePaid's transaction): the claim link is made, its hash kept,
 * and the mail queued with the payment, so a rolled-back order mails nobody.
 */
export async function sendGift(tx: Tx, gift: Gift, siteUrl: string, now: Date): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = daysLater(now, GIFT_CLAIM_DAYS);
  await tx
    .update(gifts)
    .set({ tokenHash: giftTokenHash(token), sentAt: now, claimExpiresAt: expiresAt })
    .where(eq(gifts.giftId, gift.giftId));
  const [giver, line] = await Promise.all([
    getMember(tx, gift.giverUserId),
    giftLineName(tx, gift.orderId),
  ]);
  await enqueueMail(
    tx,
    giftMail(gift.recipientEmail, {
      giver: giverName(giver?.nickname),
      title: line,
      message: gift.message,
      url: mailUrl(siteUrl, GIFT_PATH, { token }),
      expireDate: tokyoIsoDate(new Date(expiresAt.getTime() - 1)),
    }),
    now,
  );
}

async function giftLineName(tx: Db | Tx, orderId: number): Promise<string> {
  const [line] = await tx
    .select({ name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return line?.name ?? "";
}

/** What the link shows: the gift with its volume's name and its giver's name; null if unknown. */
export async function giftOfToken(db: Db, token: string) {
  const [gift] = await db
    .select()
    .from(gifts)
    .where(eq(gifts.tokenHash, giftTokenHash(token)));
  if (!gift?.sentAt) return null;
  const [giver, name] = await Promise.all([
    getMember(db, gift.giverUserId),
    giftLineName(db, gift.orderId),
  ]);
  return { gift, name, giver: giverName(giver?.nickname) };
}

const GIFT_GONE = "このギフトのリンクは無効か、受け取り期限を過ぎています";
const GIFT_TAKEN = "このギフトはすでに受け取られています";
const GIFT_OTHER_ADDRESS =
  "このギフトは別のメールアドレスに贈られています。贈られたメールアドレスでログインしてください";
const GIFT_VERIFY =
  "メールアドレスの確認がお済みでないため受け取れません。登録時のメールのリンクから確認してください";
const GIFT_OWNED =
  "この作品はすでに本棚にあります。ギフトは受け取らずにそのまま残ります（お困りの際はお問い合わせください）";

/**
 * Who stands where before a gift: the one place the claim rules are written, used by the page
 * (to say it) and by claimGift (to refuse). `member` null: nobody is signed in.
 */
export function giftStanding(
  gift: Gift,
  member: { userId: number; email: string | null; verified: boolean } | null,
  owned: boolean,
  now: Date,
): GiftPageState {
  if (gift.claimedAt !== null) return member?.userId === gift.recipientUserId ? "claimed" : "gone";
  if (!gift.claimExpiresAt || gift.claimExpiresAt <= now) return "gone";
  if (!member) return "sign_in";
  if (!member.email || normaliseEmail(member.email) !== gift.recipientEmail) return "other";
  if (!member.verified) return "verify";
  if (owned) return "owned";
  return "claimable";
}

/** The member as giftStanding needs them. */
export async function giftClaimant(db: Db | Tx, userId: number) {
  const member = await getMember(db, userId);
  if (!member) return null;
  return { userId, email: member.email, verified: member.emailVerifiedAt !== null };
}

/**
 * The recipient claims the gift from the mailed link: the gift row is locked, every rule of
 * giftStanding is checked again inside the transaction, the volume goes into the member's present
 * box and the gift records who took it, together. Of two claims at once the second waits on the
 * lock and finds it claimed. Claiming again as the same member answers the same present.
 */
export async function claimGift(
  db: Db,
  userId: number,
  token: string,
  now = new Date(),
): Promise<{ presentId: number; again: boolean; giverUserId: number }> {
  return db.transaction(async (tx) => {
    const [gift] = await tx
      .select()
      .from(gifts)
      .where(eq(gifts.tokenHash, giftTokenHash(token)))
      .for("update");
    if (!gift?.sentAt) throw new NotFound(GIFT_GONE);
    const member = await giftClaimant(tx, userId);
    const owned = (await ownedItemIds(tx, userId, [gift.itemId])).length > 0;
    const standing = giftStanding(gift, member, owned, now);
    switch (standing) {
      case "claimed":
        return { presentId: gift.presentId!, again: true, giverUserId: gift.giverUserId };
      case "gone":
        throw new Conflict(gift.claimedAt ? GIFT_TAKEN : GIFT_GONE);
      case "sign_in":
        throw new NotFound(GIFT_GONE);
      case "other":
        throw new Forbidden(GIFT_OTHER_ADDRESS);
      case "verify":
        throw new Forbidden(GIFT_VERIFY);
      case "owned":
        throw new Conflict(GIFT_OWNED);
    }
    const [giver, name] = await Promise.all([
      getMember(tx, gift.giverUserId),
      giftLineName(tx, gift.orderId),
    ]);
    const presentId = await putInPresentBox(tx, {
      userId,
      itemId: gift.itemId,
      itemType: gift.itemType,
      seriesId: gift.seriesId,
      bookId: gift.bookId,
      cdId: gift.cdId,
      caption: `${giverName(giver?.nickname)}さんからのギフト：${name}`,
      message: gift.message,
      createdAt: now,
    });
    const claimed = await tx
      .update(gifts)
      .set({ claimedAt: now, recipientUserId: userId, presentId })
      .where(and(eq(gifts.giftId, gift.giftId), isNull(gifts.claimedAt)))
      .returning({ giftId: gifts.giftId });
    if (claimed.length !== 1) throw new Conflict(GIFT_TAKEN);
    return { presentId, again: false, giverUserId: gift.giverUserId };
  });
}

/** The claim page's messages for each standing, for the page to say. */
export const GIFT_STANDING_MESSAGES = {
  gone: GIFT_GONE,
  other: GIFT_OTHER_ADDRESS,
  verify: GIFT_VERIFY,
  owned: GIFT_OWNED,
} as const;

/** The gifts of a giver's orders as their order history shows them; order id → view. */
export async function giftsOfOrders(
  db: Db,
  giverUserId: number,
  orderIds: readonly number[],
): Promise<Map<number, GiftView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.giverUserId, giverUserId), inArray(gifts.orderId, [...orderIds])));
  return new Map(
    rows.map((g) => [
      g.orderId,
      {
        email: g.recipientEmail,
        message: g.message,
        state: g.claimedAt ? "received" : g.sentAt ? "sent" : "unpaid",
        sent_date: g.sentAt ? tokyoIsoDate(g.sentAt) : null,
        received_date: g.claimedAt ? tokyoIsoDate(g.claimedAt) : null,
      } satisfies GiftView,
    ]),
  );
}
