import { Link } from "react-router";
import { ProfileForm } from "../features/account/ProfileForm";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "プロフィール | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return {
    nickname: member.nickname ?? "",
    introduction: member.introduction ?? "",
    profileId: member.profileId,
  };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="profile-title">
      <h1 id="profile-title">プロフィール</h1>
      <dl className="account__facts">
        <dt>プロフィールID</dt>
        <dd data-testid="profile-id">{loaderData.profileId}</dd>
      </dl>
      <ProfileForm nickname={loaderData.nickname} introduction={loaderData.introduction} />
      <div className="account__section">
        <h2>公開中のレビュー</h2>
        <p className="form-note">
          ニックネームと自己紹介は、あなたのレビューと一緒に表示されます。
        </p>
        <Link to={`/review/user/${loaderData.profileId}`} className="button button--ghost">
          自分のレビューを見る
        </Link>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
