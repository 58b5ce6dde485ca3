import { and, eq, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { pickupCampaigns } from "./schema";

/**
 * A campaign's place in the genre homes' pickup strips (pickup_campaign_ids of the home answer),
 * as the /ops campaign editor sets it (issue 24, decision 0101). The strips' order is the home
 * editor's; a campaign newly picked up goes last, one dropped leaves its gap (the order stays).
 */

/** The genres whose home picks this campaign up. */
export async function pickupGenresOf(db: Db | Tx, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ genre: pickupCampaigns.genre })
    .from(pickupCampaigns)
    .where(eq(pickupCampaigns.campaignId, campaignId));
  return [...new Set(rows.map((r) => r.genre))].sort((a, b) => a - b);
}

/** Makes exactly `genres` pick the campaign up, leaving the others' order alone. */
export async function setCampaignPickups(
  tx: Tx,
  campaignId: number,
  genres: readonly number[],
): Promise<void> {
  const now = await pickupGenresOf(tx, campaignId);
  for (const genre of now.filter((g) => !genres.includes(g))) {
    await tx
      .delete(pickupCampaigns)
      .where(and(eq(pickupCampaigns.genre, genre), eq(pickupCampaigns.campaignId, campaignId)));
  }
  for (const genre of genres.filter((g) => !now.includes(g))) {
    // Two saves picking campaigns up on one genre at once would both take the same last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('komaya.pickups'), ${genre})`);
    const [last] = await tx
      .select({ position: max(pickupCampaigns.position) })
      .from(pickupCampaigns)
      .where(eq(pickupCampaigns.genre, genre));
    await tx
      .insert(pickupCampaigns)
      .values({ genre, position: (last?.position ?? -1) + 1, campaignId });
  }
}
