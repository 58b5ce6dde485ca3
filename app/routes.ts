import { index, layout, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * The route table of spec 001 §2.1, grouped by the layout each screen uses (§2.2). Every path is
 * also reachable with a .html suffix: the server strips it before routing (server/http/pages.ts)
 * and the browser drops it before hydrating (entry.client.tsx).
 */
const screen = (path: string, file = path) => route(path, `routes/${file}.tsx`);

export default [
  layout("layouts/side-popup.tsx", [
    index("routes/home.tsx", { id: "index" }),
    route("home", "routes/home.tsx"),
  ]),

  layout("layouts/default.tsx", [
    ...[
      "campaign",
      "daily_special",
      "doramacd",
      "entry",
      "feature",
      "free",
      "free_ranking",
      "many_free",
      "news",
      "news_detail",
      "otoku",
      "period",
      "ranking",
      "recommend",
      "reviews",
      "search",
      "stamp",
      "help",
      "faq",
      "howto",
      "agreement",
      "privacy",
      "legal",
      "abj",
      "opinion",
      "request",
      "inquiry",
      // Pages the footer links to beyond spec 001 §2.5's list (decision 0065).
      "company",
      "recruit",
      "app",
    ].map((p) => screen(p)),
    route("review/series/:seriesId?", "routes/review-series.tsx", { id: "review-series" }),
    route("review/user/:userId?", "routes/review-user.tsx"),
    route("review/series/:seriesId?/book/:bookId?", "routes/review-series.tsx", {
      id: "review-book",
    }),
    route("campaign/:campaignId", "routes/campaign-detail.tsx"),
    route("doramacd/:cdId", "routes/doramacd-detail.tsx"),
    route("lottery/:name?", "routes/lottery.tsx"),
    route("more/:layoutId?", "routes/more.tsx"),
    route("page/:slug?", "routes/page.tsx"),
    route("series/:seriesId?", "routes/series.tsx"),
    route("series/:seriesId?/book/:bookId?", "routes/book.tsx"),
    route("topic/:slug?", "routes/topic.tsx"),
    route("debug", "routes/debug.tsx"),
    route("debug/debug1", "routes/debug.tsx", { id: "debug1" }),
    route("debug/debug2", "routes/debug.tsx", { id: "debug2" }),
    route("debug/debug3", "routes/debug.tsx", { id: "debug3" }),
  ]),

  layout("layouts/edit.tsx", [screen("debug/topic_test", "debug-topic-test")]),
  layout("layouts/side.tsx", [
    screen("bookshelf"),
    screen("bookshelf_reveal"),
    // ダウンロード管理: volumes kept on this device for offline reading (decision 0117).
    route("bookshelf/downloads", "routes/bookshelf-downloads.tsx"),
  ]),
  layout("layouts/navbar.tsx", [
    screen("account"),
    // 新刊のお知らせ (decision 0114), beside the member's other lists.
    screen("notices"),
    screen("profile"),
    screen("newsletter"),
    screen("coupon"),
    screen("order_history"),
    screen("point_detail"),
  ]),
  layout("layouts/no-nav.tsx", [
    screen("cart"),
    screen("order"),
    route("order/:itemId", "routes/order-item.tsx"),
    screen("order_cancel"),
    screen("order_complete"),
  ]),
  layout("layouts/no-button.tsx", [
    screen("login"),
    // The mailed links of decisions 0050 and 0051, not pages of spec 001.
    route("login/link", "routes/login-link.tsx"),
    // The gift's mailed link (decision 0113).
    screen("gift"),
    screen("password_reset"),
    screen("email_confirm"),
    screen("signup"),
    screen("leave"),
    screen("error"),
    screen("order_error"),
  ]),
  layout("layouts/bare.tsx", [
    screen("logout"),
    screen("unsubscribe_newsletter"),
    // The sandbox payment provider's confirmation step (decision 0016), not a page of spec 001.
    route("payment/confirm", "routes/payment-confirm.tsx"),
    // An order's 領収書 (decision 0108): a document to print, so the frame is the logo only.
    screen("receipt"),
  ]),
  layout("layouts/maintenance.tsx", [screen("maint")]),
  // /viewer/speed.html?cid=..&series=.. (spec 001 §2.1): the web reader, full screen.
  layout("layouts/reader.tsx", [route("viewer/speed", "routes/viewer-speed.tsx")]),
  layout("layouts/webview.tsx", [
    ...["agreement", "help", "inquiry", "leave", "privacy"].map((p) =>
      route(`webview/${p}`, `routes/${p}.tsx`, { id: `webview-${p}` }),
    ),
  ]),

  // The back office (issue 23), in its own frame outside the store's shell.
  layout("layouts/ops.tsx", [
    route("ops", "routes/ops.tsx"),
    route("ops/login", "routes/ops-login.tsx"),
    route("ops/staff", "routes/ops-staff.tsx"),
    route("ops/audit", "routes/ops-audit.tsx"),
    route("ops/members", "routes/ops-members.tsx"),
    route("ops/members/:memberId", "routes/ops-member.tsx"),
    route("ops/inquiries", "routes/ops-inquiries.tsx"),
    route("ops/inquiries/:inquiryId", "routes/ops-inquiry.tsx"),
    route("ops/reviews", "routes/ops-reviews.tsx"),
    // The catalog editor (decision 0091).
    route("ops/catalog", "routes/ops-catalog.tsx"),
    route("ops/catalog/series/new", "routes/ops-catalog-series.tsx", {
      id: "ops-catalog-series-new",
    }),
    route("ops/catalog/series/:seriesId", "routes/ops-catalog-series.tsx"),
    route("ops/catalog/series/:seriesId/preview", "routes/ops-catalog-preview.tsx"),
    route("ops/catalog/volumes/new", "routes/ops-catalog-volume.tsx", {
      id: "ops-catalog-volume-new",
    }),
    route("ops/catalog/volumes/:volumeId", "routes/ops-catalog-volume.tsx"),
    route("ops/catalog/drama-cds", "routes/ops-catalog-drama-cds.tsx"),
    route("ops/catalog/drama-cds/new", "routes/ops-catalog-drama-cd.tsx", {
      id: "ops-catalog-drama-cd-new",
    }),
    route("ops/catalog/drama-cds/:cdId", "routes/ops-catalog-drama-cd.tsx"),
    route("ops/catalog/import", "routes/ops-catalog-import.tsx"),
    route("ops/catalog/:kind", "routes/ops-catalog-reference.tsx"),
    route("ops/volumes/:volumeId/content", "routes/ops-volume-content.tsx"),
    route("ops/series/:seriesId/content", "routes/ops-series-content.tsx"),
    route("ops/tracks/:trackId/audio", "routes/ops-track-audio.tsx"),
    // News, login stamp cards and lotteries (issue 24).
    route("ops/news", "routes/ops-news.tsx"),
    route("ops/news/new", "routes/ops-news-item.tsx", { id: "ops-news-new" }),
    route("ops/news/:newsId", "routes/ops-news-item.tsx"),
    route("ops/stamp-cards", "routes/ops-stamp-cards.tsx"),
    route("ops/stamp-cards/new", "routes/ops-stamp-card.tsx", { id: "ops-stamp-card-new" }),
    route("ops/stamp-cards/:cardId", "routes/ops-stamp-card.tsx"),
    route("ops/lotteries", "routes/ops-lotteries.tsx"),
    route("ops/lotteries/new", "routes/ops-lottery.tsx", { id: "ops-lottery-new" }),
    route("ops/lotteries/:lotteryId", "routes/ops-lottery.tsx"),
    route("ops/popups", "routes/ops-popups.tsx"),
    route("ops/popups/new", "routes/ops-popup.tsx", { id: "ops-popup-new" }),
    route("ops/popups/:popupId", "routes/ops-popup.tsx"),
    route("ops/campaigns", "routes/ops-campaigns.tsx"),
    route("ops/campaigns/new", "routes/ops-campaign.tsx", { id: "ops-campaign-new" }),
    // ポイント還元 under the campaigns, so the ops menu's キャンペーン stays lit (0105).
    route("ops/campaigns/refunds", "routes/ops-refund-campaigns.tsx"),
    route("ops/campaigns/refunds/new", "routes/ops-refund-campaign.tsx", {
      id: "ops-refund-campaign-new",
    }),
    route("ops/campaigns/refunds/:refundId", "routes/ops-refund-campaign.tsx"),
    route("ops/campaigns/:campaignId", "routes/ops-campaign.tsx"),
    route("ops/coupons", "routes/ops-coupons.tsx"),
    route("ops/coupons/new", "routes/ops-coupon.tsx", { id: "ops-coupon-new" }),
    route("ops/coupons/:couponId", "routes/ops-coupon.tsx"),
    route("ops/topics", "routes/ops-topics.tsx"),
    route("ops/topics/new", "routes/ops-topic-new.tsx"),
    route("ops/topics/:pageName", "routes/ops-topic.tsx"),
    // The home-layout editor (decision 0100).
    route("ops/home", "routes/ops-home.tsx"),
    route("ops/home/:genre", "routes/ops-home-genre.tsx"),
    route("ops/dashboard", "routes/ops-dashboard.tsx"),
  ]),

  layout("layouts/default.tsx", { id: "layouts/default-404" }, [
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfigEntry[];
