import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CampaignBanner } from "../campaign/CampaignBanner";
import { TrackedLink } from "./TrackedLink";

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("links written by staff (banners, pickup campaigns)", () => {
  const link = (href: string) => render(<TrackedLink href={href}>バナー</TrackedLink>);

  it("link to store paths and http(s) sites", () => {
    expect(link("/campaign/3")).toBe('<a href="/campaign/3" data-discover="true">バナー</a>');
    expect(link("https://example.jp/x")).toBe('<a href="https://example.jp/x">バナー</a>');
  });

  it("leave the banner unlinked when the address would run script or leave through a disguise", () => {
    for (const href of ["javascript:alert(1)", "/\t/evil.example", "/\\evil.example", "//evil"]) {
      expect(link(href)).toBe("<span>バナー</span>");
    }
  });

  it("campaign banners follow the same guard", () => {
    const banner = (url: string) =>
      render(
        <CampaignBanner
          campaign={{ campaign_id: 1, name: "春の無料", img: "/media/campaign/1.png", url }}
          policies={[102]}
        />,
      );
    expect(banner("/campaign/1")).toContain('<a class="campaign-banner" href="/campaign/1"');
    expect(banner("https://example.jp/")).toContain('href="https://example.jp/"');
    expect(banner("/\t/evil.example")).not.toContain("href=");
    expect(banner("javascript:alert(1)")).not.toContain("href=");
  });
});
