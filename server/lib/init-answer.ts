import type { InitAnswer } from "../../contract/home";
import { DEFAULT_MEMBER_FREE_VOL } from "../../contract/series";
import { currentCampaignTimestamp } from "./campaign-timestamp";
import { detectDevice } from "./device";

/**
 * The init answer of spec 001 §7.3. Shared data hold no user data and are keyed by the hour
 * campaigns switch at (the same cache_key /api/status gives), so every page can use them.
 */
export function initAnswer(isLogin: boolean, userAgent: string | undefined, now: Date): InitAnswer {
  return {
    use_cache: true,
    cache_key: String(currentCampaignTimestamp(now)),
    member_free_vol: DEFAULT_MEMBER_FREE_VOL,
    login: isLogin,
    os: detectDevice(userAgent).os,
  };
}
