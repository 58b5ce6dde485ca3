import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  type SessionStatus,
  SHELL_PAGES,
  type UserStatus,
  VISITOR_USER_STATUS,
} from "../../../contract/status";
import { StoreLinksProvider, storeLinks } from "../../lib/store-links";
import { CountdownBars } from "./CountdownBars";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { WORKSPACE_TOAST_MS, WorkspaceBadge } from "./WorkspaceBadge";

const status: SessionStatus = {
  is_login: false,
  is_paid: false,
  now: "2026-11-21 09:30:00",
  hour: 9,
  today: "20261121",
  this_month: "202611",
  last_month: "202610",
  end_of_month: "20261130",
  timestamp: 1_795_000_000,
  time_group: 1,
  current_cp_ts: 1_794_999_600,
  uid: "",
  user_type: "general",
  session: "s",
  ctrl_group: 1,
  pay_count: 0,
  signup_date: "",
  last_pay_date: "",
  last_read_date: "",
  signup_time: 0,
  signup_month: "",
  month_pay_max: 0,
  ...SHELL_PAGES,
  os: "other",
  device: "pc",
  adef: "",
  use_cache: true,
  cache_key: "1",
};

const user: UserStatus = structuredClone(VISITOR_USER_STATUS) as UserStatus;

const DEFAULT_LINKS = storeLinks({ X_ACCOUNT_URL: "https://x.com/komaya_official" });

const render = (node: React.ReactNode, url = "/", links = DEFAULT_LINKS) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <StoreLinksProvider links={links}>{node}</StoreLinksProvider>
    </MemoryRouter>,
  );

describe("the header", () => {
  it("gives visitors login and sign-up, and no member name", () => {
    const html = render(<SiteHeader status={status} user={user} />);
    expect(html).toContain(">ログイン<");
    expect(html).toContain("会員登録");
    expect(html).toContain("はじめての方へ");
    expect(html).not.toContain('data-testid="header-member"');
  });

  it("shows a member's nickname (or 未設定), points, badges and logout", () => {
    const member = { ...status, is_login: true };
    const html = render(
      <SiteHeader
        status={member}
        user={{
          ...user,
          nickname: "よみびと",
          point: 1200,
          bookshelf_new_count: 150,
          notice_unread_count: 0,
          cart_count: 3,
        }}
      />,
    );
    expect(html).toMatch(/data-testid="header-member"[^>]*>.*よみびと.*1,200pt/);
    expect(html).toMatch(/data-testid="bookshelf-badge"[^>]*>99\+</);
    expect(html).toMatch(/data-testid="cart-badge"[^>]*>3</);
    expect(html).toContain(">ログアウト<");
    expect(html).not.toContain(">会員登録");
    const unnamed = render(<SiteHeader status={member} user={user} />);
    expect(unnamed).toMatch(/data-testid="header-member"[^>]*>.*未設定/);
    expect(unnamed).not.toContain('data-testid="bookshelf-badge"');
  });

  it("uses the seasonal logo in December 2023 and the preview animation for _mode=preview", () => {
    expect(render(<SiteHeader status={{ ...status, today: "20231210" }} user={user} />)).toContain(
      "logo-mark--seasonal",
    );
    expect(render(<SiteHeader status={status} user={user} />)).not.toContain("logo-mark--seasonal");
    expect(render(<SiteHeader status={status} user={user} />, "/?_mode=preview")).toContain(
      'data-signup-icon="preview"',
    );
    expect(render(<SiteHeader status={status} user={user} />)).toContain(
      'data-signup-icon="animated"',
    );
  });

  it("has no buttons in the no-button layout", () => {
    const html = render(<SiteHeader status={status} user={user} buttons={false} />);
    expect(html).not.toContain("ログイン");
    expect(html).not.toContain("メニュー");
  });
});

describe("the footer tabs", () => {
  it("offer the bookshelf to members and the beginner guide to visitors", () => {
    const visitor = render(<SiteFooter isLogin={false} />);
    expect(visitor).toContain('href="/howto"');
    expect(visitor).not.toContain('href="/bookshelf"');
    const member = render(<SiteFooter isLogin />);
    expect(member).toContain('href="/bookshelf"');
    for (const href of ["/", "/otoku", "/free", "/coupon"]) {
      expect(member).toContain(`href="${href}"`);
    }
    expect(member).toContain("ABJマークは");
  });
});

describe("the footer's company, app and social links (issue 21 item 39)", () => {
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

  it("go to the store's own company, recruiting and app pages until app-store addresses are configured", () => {
    const html = render(<SiteFooter />);
    expect(html).toMatch(/<a[^>]*href="\/company"[^>]*>運営会社<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/recruit"[^>]*>採用情報<\/a>/);
    expect(html).toContain('href="/app#ios"');
    expect(html).toContain('href="/app#android"');
    expect(html).toContain('href="https://x.com/komaya_official"');
    expect(hrefs(html).filter((h) => /example\.com/.test(h))).toEqual([]);
  });

  it("take the App Store, Google Play and X addresses from configuration", () => {
    const links = storeLinks({
      APP_STORE_URL: "https://apps.apple.com/jp/app/id1234567890",
      GOOGLE_PLAY_URL: "https://play.google.com/store/apps/details?id=jp.komaya.app",
      X_ACCOUNT_URL: "https://x.com/komaya_store",
    });
    const html = render(<SiteFooter />, "/", links);
    expect(html).toContain('href="https://apps.apple.com/jp/app/id1234567890"');
    expect(html).toContain('href="https://play.google.com/store/apps/details?id=jp.komaya.app"');
    expect(html).toContain('href="https://x.com/komaya_store"');
  });
});

describe("the countdown bars", () => {
  it("render the sign-up coupon bar as HH:MM:SS above 600 seconds", () => {
    const html = render(<CountdownBars signupSeconds={3723} saleSeconds={0} />);
    expect(html).toContain('data-testid="signup-coupon-bar"');
    expect(html).toContain("01:02:03");
    expect(html).not.toContain("special-sale-bar");
  });

  it("render the 50% OFF bar only once the coupon is over", () => {
    const html = render(<CountdownBars signupSeconds={0} saleSeconds={7200} />);
    expect(html).toContain('data-testid="special-sale-bar"');
    expect(html).toContain("50%OFF");
    expect(html).toContain("02:00:00");
    expect(render(<CountdownBars signupSeconds={600} saleSeconds={601} />)).toBe("");
  });
});

describe("the workspace badge", () => {
  it("shows only when the workspace has a name, as a 15-second toast", () => {
    expect(WORKSPACE_TOAST_MS).toBe(15_000);
    const html = render(<WorkspaceBadge workspace={{ name: "staging-a", color: "#0a7" }} />);
    expect(html).toContain("ワークスペース：staging-a");
    expect(render(<WorkspaceBadge workspace={{ name: " ", color: "" }} />)).toBe("");
    expect(render(<WorkspaceBadge workspace={null} />)).toBe("");
  });
});
