import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { tokyoSlashDate } from "../../contract/tokyo-time";
import {
  EmailChangeForm,
  EmailVerification,
  PasswordChangeForm,
} from "../features/account/CredentialForms";
import { NewsletterToggle } from "../features/account/NewsletterToggle";
import { ProfileForm } from "../features/account/ProfileForm";
import { loadPaymentCards } from "../features/checkout/cards.server";
import { PaymentCardsSection } from "../features/checkout/PaymentCards";
import { NoticeSettings } from "../features/notices/NoticeSettings";
import { loadNoticeSettings } from "../features/notices/notices.server";
import { loadStandingOrders } from "../features/preorders/preorders.server";

import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/account";

// 予約購入 and 新刊自動購入 (decision 0116) below the fold: their code leaves the first load.
const StandingOrders = lazy(() => import("../features/preorders/StandingOrders"));

export function meta() {
  return [{ title: "アカウント | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  const notices = await loadNoticeSettings(context, member.userId);
  const cards = await loadPaymentCards(context, member.userId);
  const standing = await loadStandingOrders(context, member.userId);
  return {
    preorders: standing.preorders,
    autoPurchase: standing.autoPurchase,
    noticeMail: notices.mail,
    cards,
    email: member.email ?? "",
    nickname: member.nickname ?? "",
    introduction: member.introduction ?? "",
    newsletter: member.newsletterFlag,
    signupAt: member.signupAt.toISOString(),
    emailVerified: member.emailVerifiedAt !== null,
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">アカウント</h1>
      <dl className="account__facts">
        <dt>メールアドレス</dt>
        <dd>
          {loaderData.email}
          {loaderData.emailVerified ? null : <span className="account__unverified">未確認</span>}
        </dd>
        <dt>登録日</dt>
        <dd>{tokyoSlashDate(Date.parse(loaderData.signupAt))}</dd>
      </dl>
      {loaderData.emailVerified ? null : <EmailVerification />}

      <ProfileForm nickname={loaderData.nickname} introduction={loaderData.introduction} />
      <NewsletterToggle enabled={loaderData.newsletter} />
      <NoticeSettings mail={loaderData.noticeMail} />
      <PaymentCardsSection cards={loaderData.cards} />
      <Suspense fallback={null}>
        <StandingOrders preorders={loaderData.preorders} overview={loaderData.autoPurchase} />
      </Suspense>
      <EmailChangeForm />
      <PasswordChangeForm />

      <div className="account__section">
        <h2>退会</h2>
        <p>退会すると購入済みの作品が読めなくなります。</p>
        <Link to="/leave" className="button button--ghost">
          退会手続きへ
        </Link>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
