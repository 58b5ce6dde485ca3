import type { PolicyType } from "../../../contract/items";
import type { ItemCampaign } from "../campaign/item-campaigns";

/** Which policy a card labels when a volume is under several: free beats preview beats sale. */
const POLICY_PRIORITY: readonly number[] = [102, 103, 105, 104, 101, 106];

export interface CampaignEffect {
  policyType: PolicyType | null;
  campaignId: number | null;
  endAt: Date | null;
  salePct: number;
  freeCount: number;
  memberFreeCount: number;
  trialPageCount: number;
  wholeVolumeTrialCount: number;
  couponFlag: boolean;
  couponEndAt: Date | null;
}

/** What the running campaigns of a series do to one of its volumes (or the series itself). */
export function campaignEffect(
  running: readonly ItemCampaign[],
  itemId: number | null,
): CampaignEffect {
  const effect: CampaignEffect = {
    policyType: null,
    campaignId: null,
    endAt: null,
    salePct: 0,
    freeCount: 0,
    memberFreeCount: 0,
    trialPageCount: 0,
    wholeVolumeTrialCount: 0,
    couponFlag: false,
    couponEndAt: null,
  };
  let best = Number.POSITIVE_INFINITY;
  for (const c of running) {
    if (c.itemId !== null && c.itemId !== itemId) continue;
    if (c.couponFlag) {
      if (!effect.couponFlag) effect.couponEndAt = c.endAt;
      effect.couponFlag = true;
    }
    for (const p of c.policies) {
      if (p.policyType === 101) effect.salePct = Math.max(effect.salePct, p.salePct ?? 0);
      if (p.policyType === 102) effect.freeCount = Math.max(effect.freeCount, p.freeCount ?? 0);
      if (p.policyType === 103)
        effect.memberFreeCount = Math.max(effect.memberFreeCount, p.freeCount ?? 0);
      if (p.policyType === 104)
        effect.trialPageCount = Math.max(effect.trialPageCount, p.trialPageCount ?? 0);
      if (p.policyType === 105)
        effect.wholeVolumeTrialCount = Math.max(effect.wholeVolumeTrialCount, p.freeCount ?? 0);
      const rank = POLICY_PRIORITY.indexOf(p.policyType);
      if (rank >= 0 && rank < best) {
        best = rank;
        effect.policyType = p.policyType as PolicyType;
        effect.campaignId = c.campaignId;
        effect.endAt = c.endAt;
      }
    }
  }
  return effect;
}
