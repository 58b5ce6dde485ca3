import { useEffect, useRef, useState } from "react";
import { tokyoDateNumber } from "../../../contract/tokyo-time";
import { usePromoSlot, useStepAside } from "../../components/floating";
import { COUPON_BALLOON_KEY, couponBalloonVisible } from "./coupon-balloon";
import { CloseIcon } from "./icons";

/**
 * A speech balloon over the coupon tab telling a member they hold coupons (spec 001 §2.7).
 * Closing it hides it for the rest of the Tokyo day. It appears only after hydration, since the
 * server cannot know what this browser stored. It floats just above the tab bar, pointing down
 * at the coupon tab, so every tab stays in view; it is a floating promotion (floating.tsx): it
 * waits while the app banner shows and steps aside while a button of the page is under it.
 */
export function CouponBalloon({ couponCount }: { couponCount: number }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let closed: string | null = null;
    try {
      closed = localStorage.getItem(COUPON_BALLOON_KEY);
    } catch {
      // Storage can be blocked; then the balloon simply shows.
    }
    setWanted(couponCount > 0 && couponBalloonVisible(closed, Date.now()));
  }, [couponCount]);
  const visible = usePromoSlot("coupon-balloon", wanted);
  const balloon = useRef<HTMLDivElement>(null);
  const aside = useStepAside(balloon, visible);
  if (!visible) return null;
  return (
    <div
      ref={balloon}
      className={aside ? "coupon-balloon is-aside" : "coupon-balloon"}
      role="note"
      data-floating="promo"
    >
      <span>
        使えるクーポンが<strong>{couponCount}枚</strong>あります
      </span>
      <button
        type="button"
        className="coupon-balloon__close"
        aria-label="お知らせを閉じる"
        onClick={() => {
          try {
            localStorage.setItem(COUPON_BALLOON_KEY, tokyoDateNumber(Date.now()));
          } catch {
            // Without storage it closes for this page view only.
          }
          setWanted(false);
        }}
      >
        <CloseIcon width={14} height={14} />
      </button>
    </div>
  );
}
