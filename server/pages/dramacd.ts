import {
  DRAMA_CD_PAGE_SIZE,
  type DramaCdListAnswer,
  type DramaCdListInput,
  type DramaCdPageAnswer,
  type DramaCdTrack,
} from "../../contract/dramacd";
import { trialSeconds } from "../../contract/track-length";
import type { Db } from "../db/client";
import { dramaCdItems } from "../modules/cards/cd-items";
import { withMemberFlags } from "../modules/commerce/member-flags";
import {
  castName,
  cdDetail,
  cdLabelList,
  cdLabelName,
  releasedCdIds,
  trackRatingsOf,
} from "../modules/dramacd/service";
import { trackAccessOf, trackListed } from "../modules/entitlements/rules";
import { layoutCdList } from "../modules/home/service";
import { isCdFavorite } from "../modules/library/series-marks";
import { itemAcquiredAt } from "../modules/library/service";

/**
 * /doramacd and /api/doramacds: released CDs newest first, narrowed by label or cast, or the CDs
 * of one home section in its order (content = layout id, the sections' もっと見る). null: the
 * section asked for does not exist.
 */
export async function dramaCdList(
  db: Db,
  input: DramaCdListInput,
  userId: number | null,
  now = new Date(),
): Promise<DramaCdListAnswer | null> {
  const limit = DRAMA_CD_PAGE_SIZE;
  const offset = (input.page - 1) * limit;
  let cdIds: number[];
  let total: number;
  let content: DramaCdListAnswer["condition"]["content"] = null;
  if (input.content !== undefined) {
    const layout = await layoutCdList(db, input.content);
    if (!layout) return null;
    content = { layout_id: layout.layoutId, title: layout.title };
    total = layout.cdIds.length;
    cdIds = layout.cdIds.slice(offset, offset + limit);
  } else {
    ({ cdIds, total } = await releasedCdIds(
      db,
      { labelId: input.label, castId: input.cast },
      { offset, limit },
      now,
    ));
  }
  const [cards, labelName, cast, labels] = await Promise.all([
    dramaCdItems(db, cdIds, { now }),
    input.label !== undefined ? cdLabelName(db, input.label) : null,
    input.cast !== undefined ? castName(db, input.cast) : null,
    cdLabelList(db),
  ]);
  return {
    cds: await withMemberFlags(db, userId, cards),
    pattern: {
      page: input.page,
      total_page: Math.max(1, Math.ceil(total / limit)),
      limit,
      offset,
      hit: total,
    },
    condition: {
      label:
        input.label !== undefined && labelName !== null
          ? { label_id: input.label, name: labelName }
          : null,
      cast: input.cast !== undefined && cast !== null ? { cast_id: input.cast, name: cast } : null,
      content,
    },
    labels: labels.map((l) => ({ label_id: l.labelId, name: l.name, brand_name: l.brandName })),
  };
}

/**
 * /doramacd/{cdId} and /api/doramacd/{cdId}: the CD as this viewer sees it. Which tracks play in
 * full is the owner's right (spec 001 §6); everyone gets the trial files. null: no such CD.
 */
export async function dramaCdPage(
  db: Db,
  cdId: number,
  userId: number | null,
  now = new Date(),
): Promise<DramaCdPageAnswer | null> {
  const [detail, [card]] = await Promise.all([
    cdDetail(db, cdId),
    dramaCdItems(db, [cdId], { now }),
  ]);
  if (!detail || !card) return null;
  const [flagged] = await withMemberFlags(db, userId, [card]);
  const item = flagged ?? card;
  const [favorite, ratings] =
    userId === null
      ? [false, {}]
      : await Promise.all([isCdFavorite(db, userId, cdId), trackRatingsOf(db, userId, cdId)]);
  const owned = item.get_flag;
  // When the owner got the CD tells whether they keep a track withdrawn on its own (0094).
  const acquiredAt =
    owned && userId !== null && detail.tracks.some((t) => t.withdrawnAt !== null)
      ? await itemAcquiredAt(db, userId, item.item_id)
      : null;
  // Who may play what is the entitlements' rule, the same the media routes apply to the files.
  const tracks: DramaCdTrack[] = detail.tracks.flatMap((t) => {
    const facts = {
      owns: owned,
      acquiredAt,
      hasTrial: t.trialFileName !== null,
      withdrawnAt: t.withdrawnAt,
    };
    if (!trackListed(facts)) return [];
    const access = trackAccessOf(facts);
    return {
      track_id: t.trackId,
      track_no: t.trackNo,
      name: t.name,
      duration_sec: t.durationSec,
      file_name: t.fileName,
      file_url: access === "full" ? `/media/cds/${cdId}/tracks/${t.trackNo}.mp3` : null,
      // A withdrawn track's sample is served to no one, so its owners get only the whole.
      trial_file_name: t.withdrawnAt === null ? t.trialFileName : null,
      trial_file_url:
        t.withdrawnAt === null && t.trialFileName
          ? `/media/cds/${cdId}/trials/${t.trackNo}.mp3`
          : null,
      // The sample's length as the media route serves it: the list and the player show this.
      trial_duration_sec: t.trialFileName !== null ? trialSeconds(t) : null,
      get_flag: access === "full",
    };
  });
  const buyable = !owned && !item.cart_flag && item.onsale_flag && item.price_inc > 0;
  return {
    cd: {
      ...item,
      brand_id: detail.brandId,
      brand_name: detail.brandName,
      label_id: detail.labelId,
      label_name: detail.labelName,
      // The card's jacket address, which names the uploaded jacket (decision 0095).
      jacket_url: item.img,
      description: detail.description,
      ethic_type: detail.ethicType,
      final_flag: detail.finalFlag,
      categories: detail.categories.map((c) => ({ category_id: c.categoryId, name: c.name })),
      series_id: detail.seriesId,
    },
    tracks,
    cast: detail.casts.map((c) => ({ cast_id: c.castId, name: c.name, role: c.role })),
    user: { favorite, ratings, purchased: owned },
    buyable_items: buyable ? [item] : [],
    bonus: detail.bonus.map((b) => ({
      bonus_id: b.bonusId,
      name: b.name,
      description: b.description,
    })),
  };
}
