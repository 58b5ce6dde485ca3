import type { MenuCampaign } from "../../../contract/menu";
import { tokyoSlashDateTime } from "../../../contract/tokyo-time";
import { followableUrl } from "../../lib/request";

/** Spec 001 §9: the drawer shows images for up to 7 campaigns; the rest are text links. */
export const DRAWER_CAMPAIGN_IMAGES = 7;

export function splitDrawerCampaigns(campaigns: readonly MenuCampaign[]) {
  const withImage = campaigns.filter((c) => c.img).slice(0, DRAWER_CAMPAIGN_IMAGES);
  const asText = campaigns.filter((c) => !withImage.includes(c));
  return { withImage, asText };
}

/** A campaign's own link when it is a safe one, else its campaign page. */
export function campaignHref(c: MenuCampaign): string {
  return followableUrl(c.action_url) ?? `/campaign/${c.campaign_id}`;
}

/** The drawer's name line: the nickname, or 未設定 when the member has not chosen one. */
export function drawerNickname(nickname: string): string {
  return nickname.trim() || "未設定";
}

/**
 * The staff block's time as people in Japan read it, "2026/11/23 00:00" in Tokyo time (UTC+9 all
 * year), from the ISO instant the status carries; text that is not an instant stays as it is.
 */
export function tokyoClock(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return tokyoSlashDateTime(ms);
}
