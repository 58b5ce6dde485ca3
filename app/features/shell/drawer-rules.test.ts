import { describe, expect, it } from "vitest";
import type { MenuCampaign } from "../../../contract/menu";
import { campaignHref, drawerNickname, splitDrawerCampaigns, tokyoClock } from "./drawer-rules";

const campaign = (id: number, img: string | null = `/media/campaign/${id}.png`): MenuCampaign => ({
  campaign_id: id,
  name: `C${id}`,
  img,
  action_url: null,
});

describe("drawer campaigns", () => {
  it("shows images for the first 7 and the rest as text, in order", () => {
    const ten = Array.from({ length: 10 }, (_, i) => campaign(i + 1));
    const { withImage, asText } = splitDrawerCampaigns(ten);
    expect(withImage.map((c) => c.campaign_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asText.map((c) => c.campaign_id)).toEqual([8, 9, 10]);
  });

  it("lists a campaign without an image as text", () => {
    const { withImage, asText } = splitDrawerCampaigns([campaign(1, null), campaign(2)]);
    expect(withImage.map((c) => c.campaign_id)).toEqual([2]);
    expect(asText.map((c) => c.campaign_id)).toEqual([1]);
  });

  it("links to action_url when safe, else to the campaign page", () => {
    expect(campaignHref(campaign(4))).toBe("/campaign/4");
    expect(campaignHref({ ...campaign(4), action_url: "/topic/welcome" })).toBe("/topic/welcome");
    expect(campaignHref({ ...campaign(4), action_url: "javascript:alert(1)" })).toBe("/campaign/4");
  });
});

describe("drawer nickname", () => {
  it("shows 未設定 without a nickname", () => {
    expect(drawerNickname("")).toBe("未設定");
    expect(drawerNickname("  ")).toBe("未設定");
    expect(drawerNickname("よみびと")).toBe("よみびと");
  });
});

describe("staff time", () => {
  it("reads an instant in Tokyo time, crossing the date line", () => {
    expect(tokyoClock("2026-11-22T15:00:00.000Z")).toBe("2026/11/23 00:00");
    expect(tokyoClock("2026-01-05T03:07:59Z")).toBe("2026/01/05 12:07");
  });
  it("leaves text that is not an instant as it is", () => {
    expect(tokyoClock("メンテナンス中")).toBe("メンテナンス中");
  });
});
