/**
 * Shared answers are keyed by the hour campaigns switch at, so a cached answer never outlives
 * the campaign state it was made from.
 */
export function currentCampaignTimestamp(now: Date): number {
  return Math.floor(now.getTime() / 3_600_000) * 3600;
}
