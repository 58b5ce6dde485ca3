import { useState } from "react";
import { Link } from "react-router";
import type { GiftClaimAnswer, GiftPageAnswer } from "../../../contract/gifts";
import { FormProblem } from "../../components/FormProblem";
import { loginUrl, signupUrl } from "../../lib/return-to";
import { useShell } from "../../lib/shell";
import { useApiForm } from "../../lib/use-api-form";
import "./gifts.css";

const STANDING_TEXT = {
  gone: "このギフトのリンクは無効か、受け取り期限を過ぎています。",
  other:
    "このギフトは別のメールアドレスに贈られています。贈られたメールアドレスでログインし直してください。",
  verify:
    "メールアドレスの確認がお済みでないため、まだ受け取れません。会員登録時にお送りしたメールのリンクから確認を済ませ、このページを開き直してください。",
  owned:
    "この作品はすでに本棚にあります。ギフトは受け取らずにそのまま残ります。お困りの際はお問い合わせください。",
  claimed: "このギフトは受け取り済みです。メニューのプレゼントボックスをご確認ください。",
} as const;

/**
 * /gift?token=… (decision 0113): the volume someone sent, their message, and the way to it —
 * sign in or sign up with the address it was sent to, confirm it, then 受け取る puts the gift in
 * the present box.
 */
export function GiftScreen({
  token,
  answer,
  returnTo,
}: {
  token: string | null;
  answer: GiftPageAnswer;
  returnTo: string;
}) {
  const { refreshUser } = useShell();
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, onSubmit } = useApiForm<GiftClaimAnswer>(
    "/api/gift/claim",
    () => ({ token }),
    (claimed) => {
      setDone(claimed.message);
      void refreshUser();
    },
    "受け取れませんでした",
  );
  const gift = answer.gift;
  return (
    <section className="auth-card gift-card" aria-labelledby="gift-title">
      <h1 id="gift-title">ギフトが届いています</h1>
      {gift ? (
        <div className="gift-card__item" data-testid="gift-item">
          {gift.img && <img src={gift.img} alt="" width={90} height={127} />}
          <div>
            <p className="gift-card__from">{gift.giver}さんからのギフト</p>
            <p className="gift-card__name">{gift.name}</p>
            {gift.expire_date && (
              <p className="gift-card__note">
                受け取り期限：{gift.expire_date.replaceAll("-", "/")}まで
              </p>
            )}
          </div>
          {gift.message && (
            <blockquote className="gift-card__message" aria-label="メッセージ">
              {gift.message}
            </blockquote>
          )}
        </div>
      ) : null}
      {done ? (
        <>
          <p role="status" className="gift-card__done">
            {done}
          </p>
          <p className="auth-card__lead">
            メニューの「プレゼントボックス」で「受け取る」を押すと、本棚でお読みいただけます。
          </p>
          <Link to="/bookshelf" className="button button--block">
            本棚へ
          </Link>
        </>
      ) : answer.state === "sign_in" ? (
        <>
          <p className="auth-card__lead">
            受け取るには、ギフトが贈られたメールアドレス（{gift?.email_hint}
            ）でログインするか、無料会員登録してください。
          </p>
          <Link to={loginUrl(returnTo)} className="button button--primary button--block">
            ログインして受け取る
          </Link>
          <Link to={signupUrl(returnTo)} className="button button--block gift-card__second">
            無料会員登録して受け取る
          </Link>
        </>
      ) : answer.state === "claimable" ? (
        <form method="post" onSubmit={onSubmit}>
          <p className="auth-card__lead">
            ボタンを押すと、ギフトがプレゼントボックスに届きます。このリンクは1回限り有効です。
          </p>
          <FormProblem problem={problem} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "受け取り中…" : "受け取る"}
          </button>
        </form>
      ) : (
        <p className="form-problem" role="alert" data-state={answer.state}>
          {STANDING_TEXT[answer.state]}
        </p>
      )}
    </section>
  );
}
