import { Hono } from "hono";
import type { AppEnv, AppServices } from "../lib/context";
import {
  accountRoutes,
  memberSettingsRoutes,
  newsletterOneClickRoutes,
} from "../modules/account/routes";
import { bookshelfRoutes } from "../modules/bookshelf/routes";
import { campaignRoutes } from "../modules/campaign/routes";
import { campaignEditorRoutes } from "../modules/campaign-editor/routes";
import { seriesRoutes } from "../modules/catalog/routes";
import { catalogEditorRoutes } from "../modules/catalog-editor/routes";
import { catalogImportRoutes } from "../modules/catalog-import/routes";
import { cartRoutes } from "../modules/commerce/cart-routes";
import { checkoutRoutes } from "../modules/commerce/checkout-routes";
import { couponRoutes } from "../modules/commerce/coupon-routes";
import { grantSignupCoupons } from "../modules/commerce/coupons";
import { orderRoutes } from "../modules/commerce/order-routes";
import { paymentCardRoutes } from "../modules/commerce/payment-card-routes";
import type { PaymentProvider } from "../modules/commerce/payments/provider";
import { pointRoutes } from "../modules/commerce/point-routes";
import { presentRoutes } from "../modules/commerce/present-routes";
import { contentRoutes } from "../modules/content/routes";
import { couponEditorRoutes } from "../modules/coupon-editor/routes";
import { dashboardRoutes } from "../modules/dashboard/routes";
import { dramaCdRoutes } from "../modules/dramacd/routes";
import { eventRoutes } from "../modules/event/routes";
import { extrasEditorRoutes } from "../modules/extras-editor/routes";
import { homeRoutes } from "../modules/home/routes";
import { homeEditorRoutes } from "../modules/home-editor/routes";
import { inquiryRoutes } from "../modules/inquiry/routes";
import { seriesMarkRoutes } from "../modules/library/series-mark-routes";
import { lotteryRoutes } from "../modules/lottery/routes";
import { mediaRoutes } from "../modules/media/routes";
import { inquiryInboxRoutes, reviewModerationRoutes } from "../modules/member-support/inbox-routes";
import { memberSupportRoutes } from "../modules/member-support/routes";
import { menuRoutes } from "../modules/menu/routes";
import { newsRoutes } from "../modules/news/routes";
import { offlineRoutes } from "../modules/offline/routes";
import { popupRoutes } from "../modules/popup/routes";
import { popupEditorRoutes } from "../modules/popup-editor/routes";
import { preorderRoutes } from "../modules/preorders/routes";
import { rankingRoutes } from "../modules/ranking/routes";
import { readerRoutes } from "../modules/reader/routes";
import { receiptPdfRoutes, receiptRoutes } from "../modules/receipts/routes";
import { seriesPickRoutes } from "../modules/recommend/pick-routes";
import { recommendRoutes } from "../modules/recommend/routes";
import { reviewRoutes } from "../modules/review/routes";
import { searchRoutes } from "../modules/search/routes";
import { opsRoutes } from "../modules/staff/routes";
import { stampRoutes } from "../modules/stamp/routes";
import { topicRoutes } from "../modules/topic/routes";
import { topicEditorRoutes } from "../modules/topic-editor/routes";
import { volumeNoticeRoutes } from "../modules/volume-notices/routes";
import { campaignList, runningCampaignPage } from "../pages/campaign";
import { cartPage } from "../pages/cart";
import { dramaCdList, dramaCdPage } from "../pages/dramacd";
import { homePage, homeSection } from "../pages/home";
import { forgetMemberPersonalData } from "../pages/leave";
import { newsDetailPage, newsListPage } from "../pages/news";
import { seriesPreview, volumePreview } from "../pages/ops-catalog";
import { orderDetail, orderHistory } from "../pages/orders";
import { rankingPage } from "../pages/ranking";
import { searchPage } from "../pages/search";
import { seriesPage } from "../pages/series";
import {
  bookPeriod,
  seriesFeatures,
  seriesMain,
  seriesUserData,
  seriesVolume,
} from "../pages/series-answers";
import { userStatus } from "../pages/status";
import { statusRoutes } from "../pages/status-routes";
import { robotsTxt, sitemapPart, sitemapXml } from "./seo-routes";

/**
 * Every router of /api, mounted here and nowhere else: a module's routes.ts builds its router
 * and never mounts another's, so this list is the whole API. Routes that answer with a page
 * assembler (server/pages/) get it handed in here, since modules sit below pages.
 */
export function apiRouter(services: AppServices, paymentProvider: PaymentProvider): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route("/", statusRoutes(services));
  api.route(
    "/account",
    accountRoutes(services, { userStatus, grantSignupCoupons, forgetMemberPersonalData }),
  );
  api.route("/", memberSettingsRoutes(services));
  api.route("/", menuRoutes(services));
  api.route("/", cartRoutes(services, { cartPage }));
  api.route("/", checkoutRoutes(services, paymentProvider));
  api.route("/", paymentCardRoutes(services, paymentProvider));
  api.route("/", pointRoutes(services));
  api.route("/", couponRoutes(services, { runningCampaignPage }));
  api.route("/", presentRoutes(services));
  api.route("/", orderRoutes(services, { orderHistory, orderDetail }));
  api.route("/", receiptRoutes(services));
  api.route("/", searchRoutes(services, { searchPage }));
  api.route("/", rankingRoutes(services, { rankingPage }));
  api.route("/", homeRoutes(services, { homePage, homeSection }));
  api.route("/", seriesMarkRoutes(services));
  api.route("/", volumeNoticeRoutes(services));
  api.route("/", preorderRoutes(services));
  api.route("/", bookshelfRoutes(services));
  api.route("/", readerRoutes(services));
  api.route("/", offlineRoutes(services));
  api.route("/", eventRoutes(services));
  api.route(
    "/",
    seriesRoutes(services, {
      seriesPage,
      seriesMain,
      seriesUserData,
      seriesVolume,
      bookPeriod,
      seriesFeatures,
    }),
  );
  api.route("/", campaignRoutes(services, { campaignList, runningCampaignPage }));
  api.route("/", seriesPickRoutes(services));
  api.route("/", inquiryRoutes(services));
  api.route("/", topicRoutes(services));
  api.route("/", dramaCdRoutes(services, { dramaCdList, dramaCdPage }));
  api.route("/", stampRoutes(services));
  api.route("/", lotteryRoutes(services));
  api.route("/", newsRoutes(services, { newsListPage, newsDetailPage }));
  api.route("/", reviewRoutes(services));
  api.route("/", recommendRoutes(services));
  api.route("/", popupRoutes(services));
  // The back office (issue 23): every call checks the staff role itself.
  api.route("/ops", opsRoutes(services));
  // Before the editor's routes, whose /:kind would otherwise take "import".
  api.route("/ops/catalog/import", catalogImportRoutes(services));
  api.route("/ops/catalog", catalogEditorRoutes(services, { seriesPreview, volumePreview }));
  api.route("/ops", contentRoutes(services));
  api.route("/ops", extrasEditorRoutes(services));
  api.route("/ops", popupEditorRoutes(services));
  api.route("/ops", couponEditorRoutes(services));
  api.route("/ops", topicEditorRoutes(services));
  api.route("/ops", campaignEditorRoutes(services));
  api.route("/ops", homeEditorRoutes(services));
  api.route("/ops", dashboardRoutes(services));
  api.route("/ops/members", memberSupportRoutes(services, paymentProvider));
  api.route("/ops/inquiries", inquiryInboxRoutes(services));
  api.route("/ops/reviews", reviewModerationRoutes(services));
  return api;
}

/** The routes outside /api: robots.txt, the sitemaps and the generated media. */
export function siteRouter(services: AppServices): Hono<AppEnv> {
  const site = new Hono<AppEnv>();
  site.get("/robots.txt", robotsTxt(services));
  site.get("/sitemap.xml", sitemapXml(services));
  site.get("/sitemaps/:name", sitemapPart(services));
  site.route("/media", mediaRoutes(services));
  site.route("/", receiptPdfRoutes(services));
  site.route("/", newsletterOneClickRoutes(services));
  return site;
}
