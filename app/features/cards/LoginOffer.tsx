import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { loginUrl, signupUrl } from "../../lib/return-to";
import "./cards.css";

/** Why a visitor is asked to log in, unless the caller says otherwise. */
export const FAVORITE_NEEDS_LOGIN = "気になる作品の登録は会員の方のみご利用いただけます。";

/**
 * What a visitor gets on a member's action (気になる, カートに入れる): a dialog offering login
 * and sign-up, each bringing the reader back to this page afterwards, instead of an error after
 * a failed call.
 */
export function LoginOffer({
  open,
  onClose,
  message = FAVORITE_NEEDS_LOGIN,
}: {
  open: boolean;
  onClose: () => void;
  message?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  const here = pathname + search;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="login-offer"
      aria-labelledby="login-offer-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="login-offer-title" className="login-offer__title">
        ログインしてご利用ください
      </h2>
      <p className="login-offer__message">{message}</p>
      <div className="login-offer__buttons">
        <Link className="button button--primary" to={loginUrl(here)}>
          ログイン
        </Link>
        <Link className="button" to={signupUrl(here)}>
          会員登録
        </Link>
      </div>
      <button type="button" className="login-offer__close" onClick={onClose}>
        閉じる
      </button>
    </dialog>
  );
}
