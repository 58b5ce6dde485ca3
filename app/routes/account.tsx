import { useState } from "react";
import { Link } from "react-router";
import { INTRODUCTION_MAX, NICKNAME_MAX } from "../../contract/account";
import { requireMember } from "../lib/member.server";
import { post } from "../lib/request";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "アカウント | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return {
    email: member.email ?? "",
    nickname: member.nickname ?? "",
    introduction: member.introduction ?? "",
    newsletter: member.newsletterFlag,
    signupAt: member.signupAt.toISOString(),
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const [saved, setSaved] = useState<string | null>(null);
  const [newsletter, setNewsletter] = useState(loaderData.newsletter);

  async function saveProfile(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await post("/api/profile", {
      nickname: String(form.get("nickname") ?? ""),
      introduction: String(form.get("introduction") ?? ""),
    });
    setSaved(answer.result ? "プロフィールを保存しました" : null);
  }

  async function toggleNewsletter(enable: boolean) {
    const answer = await post<{ enable: boolean }>("/api/newsletter", { enable });
    if (answer.result) setNewsletter(answer.enable);
  }

  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">アカウント</h1>
      <dl className="account__facts">
        <dt>メールアドレス</dt>
        <dd>{loaderData.email}</dd>
        <dt>登録日</dt>
        <dd>
          {new Date(loaderData.signupAt).toLocaleDateString("ja-JP", { timeZone: "Asia/Tokyo" })}
        </dd>
      </dl>

      <form className="account__section" onSubmit={saveProfile}>
        <h2>プロフィール</h2>
        <label className="field">
          <span className="field__label">ニックネーム</span>
          <input name="nickname" defaultValue={loaderData.nickname} maxLength={NICKNAME_MAX} />
        </label>
        <label className="field">
          <span className="field__label">自己紹介</span>
          <textarea
            name="introduction"
            defaultValue={loaderData.introduction}
            maxLength={INTRODUCTION_MAX}
            rows={4}
          />
        </label>
        <button type="submit" className="button button--primary">
          保存する
        </button>
        {saved ? (
          <p className="form-note" role="status">
            {saved}
          </p>
        ) : null}
      </form>

      <div className="account__section">
        <h2>メールマガジン</h2>
        <label className="check">
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(e) => toggleNewsletter(e.currentTarget.checked)}
          />
          <span>お得なキャンペーン情報をメールで受け取る</span>
        </label>
      </div>

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
