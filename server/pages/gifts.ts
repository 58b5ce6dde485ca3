import { emailHint, type GiftPageAnswer } from "../../contract/gifts";
import { productUrl } from "../../contract/items";
import { tokyoIsoDate } from "../../contract/tokyo-time";
import type { Db } from "../db/client";
import { giftClaimant, giftOfToken, giftStanding } from "../modules/commerce/gifts";
import { artAddressesOfLines } from "../modules/content/art-addresses";
import { ownedItemIds } from "../modules/library/service";

/**
 * The /gift page (the mailed link, decision 0113): what the link's holder may see and what
 * stands between them and the gift. Opening it claims nothing; 受け取る posts the token.
 */
export async function giftPage(
  db: Db,
  token: string | null,
  userId: number | null,
  now: Date,
): Promise<GiftPageAnswer> {
  const found = token ? await giftOfToken(db, token) : null;
  if (!found) return { state: "gone", gift: null };
  const { gift } = found;
  const [member, owned] = await Promise.all([
    userId === null ? null : giftClaimant(db, userId),
    userId === null ? [] : ownedItemIds(db, userId, [gift.itemId]),
  ]);
  const state = giftStanding(gift, member, owned.length > 0, now);
  // A link claimed by someone else says nothing of the gift.
  if (state === "gone") return { state, gift: null };
  const art = await artAddressesOfLines(db, [gift]);
  const shape = { series_id: gift.seriesId, book_id: gift.bookId, cd_id: gift.cdId };
  return {
    state,
    gift: {
      name: found.name,
      img:
        gift.bookId !== null
          ? art.cover(gift.bookId)
          : gift.cdId !== null
            ? art.jacket(gift.cdId)
            : "",
      url: productUrl(shape),
      giver: found.giver,
      message: gift.message,
      expire_date: gift.claimExpiresAt
        ? tokyoIsoDate(new Date(gift.claimExpiresAt.getTime() - 1))
        : null,
      email_hint: emailHint(gift.recipientEmail),
    },
  };
}
