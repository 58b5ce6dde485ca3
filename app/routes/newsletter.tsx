import { NewsletterToggle } from "../features/account/NewsletterToggle";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/newsletter";

export function meta() {
  return [{ title: "メールマガジン設定 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return { enabled: member.newsletterFlag, email: member.email ?? "" };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">メールマガジン設定</h1>
      <p>
        新刊・セール・クーポンなどのお得な情報を
        <strong>{loaderData.email}</strong>
        宛てにお届けします。配信はいつでも停止できます。
      </p>
      <NewsletterToggle enabled={loaderData.enabled} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
