import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatCountdown } from "../../../contract/page-clock";
import { countdownBars, startCountdown } from "../../lib/countdown";
import { ClockIcon } from "./icons";

function useSecondsLeft(initial: number): number {
  const [left, setLeft] = useState(Math.max(0, initial));
  useEffect(() => {
    setLeft(Math.max(0, initial));
    return startCountdown(initial, setLeft);
  }, [initial]);
  return left;
}

/**
 * The sign-up coupon and 50% OFF special-sale countdown bars of the home layout on mobile
 * (spec 001 §2.8, §4): the coupon bar while more than 600 s remain, the sale bar once the coupon
 * has run out and more than 600 s of the sale remain.
 */
export function CountdownBars({
  signupSeconds,
  saleSeconds,
}: {
  signupSeconds: number;
  saleSeconds: number;
}) {
  const signupLeft = useSecondsLeft(signupSeconds);
  const saleLeft = useSecondsLeft(saleSeconds);
  const show = countdownBars(signupLeft, saleLeft);
  if (!show.signupCoupon && !show.specialSale) return null;
  return (
    <div className="countdown-bars">
      {show.signupCoupon ? (
        <Link
          to="/coupon"
          className="countdown-bar countdown-bar--coupon"
          data-testid="signup-coupon-bar"
        >
          <span className="countdown-bar__label">会員登録特典クーポン</span>
          <span className="countdown-bar__time">
            <ClockIcon width={14} height={14} />
            有効期限まで
            <time className="countdown-bar__digits" aria-live="off">
              {formatCountdown(signupLeft)}
            </time>
          </span>
        </Link>
      ) : null}
      {show.specialSale ? (
        <Link
          to="/otoku?filter=4"
          className="countdown-bar countdown-bar--sale"
          data-testid="special-sale-bar"
        >
          <span className="countdown-bar__label">
            <strong>50%OFF</strong> 特別セール
          </span>
          <span className="countdown-bar__time">
            <ClockIcon width={14} height={14} />
            終了まで
            <time className="countdown-bar__digits" aria-live="off">
              {formatCountdown(saleLeft)}
            </time>
          </span>
        </Link>
      ) : null}
    </div>
  );
}
