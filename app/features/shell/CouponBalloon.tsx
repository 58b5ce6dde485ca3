import { useEffect, useState } from "react";
import { COUPON_BALLOON_KEY, couponBalloonVisible, tokyoDay } from "./coupon-balloon";
import { CloseIcon } from "./icons";

/**
 * A speech balloon over the coupon tab telling a member they hold coupons (spec 001 §2.7).
 * Closing it hides it for the rest of the Tokyo day. It appears only after hydration, since the
 * server cannot know what this browser stored. It lies on the tab bar, pointing at the coupon
 * tab from its left, never over the page: floating above the bar it covered whatever the reader
 * scrolled there (まとめてカートに入れる on a series page).
 */
export function CouponBalloon({ couponCount }: { couponCount: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let closed: string | null = null;
    try {
      closed = localStorage.getItem(COUPON_BALLOON_KEY);
    } catch {
      // Storage can be blocked; then the balloon simply shows.
    }
    setVisible(couponCount > 0 && couponBalloonVisible(closed, Date.now()));
  }, [couponCount]);
  if (!visible) return null;
  return (
    <div className="coupon-balloon" role="note">
      <span>
        使えるクーポンが<strong>{couponCount}枚</strong>あります
      </span>
      <button
        type="button"
        className="coupon-balloon__close"
        aria-label="お知らせを閉じる"
        onClick={() => {
          try {
            localStorage.setItem(COUPON_BALLOON_KEY, tokyoDay(Date.now()));
          } catch {
            // Without storage it closes for this page view only.
          }
          setVisible(false);
        }}
      >
        <CloseIcon width={14} height={14} />
      </button>
    </div>
  );
}
