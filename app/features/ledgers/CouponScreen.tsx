import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { CouponsAnswer, CouponView } from "../../../contract/ledgers";
import { post } from "../../lib/request";
import "./ledgers.css";

const count = (n: number) => n.toLocaleString("ja-JP");

function discountText(c: CouponView): string {
  return c.discount_type === 1 ? `${c.discount_value}%OFF` : `${count(c.discount_value)}円OFF`;
}

function conditions(c: CouponView): string[] {
  const out: string[] = [];
  if (c.min_price > 0) out.push(`${count(c.min_price)}円（税込）以上のご購入で利用できます`);
  if (c.discount_type === 1 && c.max_discount) out.push(`割引は最大${count(c.max_discount)}円まで`);
  const target: Record<number, string> = {
    1: "すべての作品が対象です",
    2: "キャンペーン対象の作品に使えます",
    3: "対象シリーズの作品に使えます",
    4: "対象の巻に使えます",
    5: "対象ジャンルの作品に使えます",
  };
  out.push(target[c.coupon_type] ?? "");
  return out.filter(Boolean);
}

const two = (n: number) => String(n).padStart(2, "0");

/** 残り 71:59:59, ticking every second while above zero (spec 001 §4 countdowns). */
function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  return (
    <span className="coupon-card__countdown" role="timer" data-testid="coupon-countdown">
      残り {two(h)}:{two(m)}:{two(left % 60)}
    </span>
  );
}

/** One coupon with its value, conditions, end and what the member can do with it. */
export function CouponCard({
  coupon,
  withTargets = false,
}: {
  coupon: CouponView;
  /** Link a campaign's coupon to its coupon page with the titles it fits. */
  withTargets?: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function receive() {
    setBusy(true);
    const answer = await post("/api/coupon_receive", { coupon_id: coupon.coupon_id });
    if (answer.result) await revalidate();
    setBusy(false);
  }
  let action: React.ReactNode;
  if (coupon.used_flag) action = <span className="coupon-card__state">使用済み</span>;
  else if (coupon.received_flag && coupon.disabled)
    action = <span className="coupon-card__state">期限切れ</span>;
  else if (coupon.received_flag)
    action = <span className="coupon-card__state is-held">取得済み</span>;
  else if (coupon.disabled) action = <span className="coupon-card__state">配布前</span>;
  else
    action = (
      <button
        type="button"
        className="button button--primary coupon-card__receive"
        onClick={receive}
        disabled={busy}
      >
        受け取る
      </button>
    );
  return (
    <li
      className={`coupon-card${coupon.disabled ? " is-disabled" : ""}`}
      data-testid="coupon-card"
      data-coupon-id={coupon.coupon_id}
    >
      <div className="coupon-card__value">{discountText(coupon)}</div>
      <div className="coupon-card__body">
        <h2 className="coupon-card__name">{coupon.name}</h2>
        {coupon.description ? <p className="coupon-card__desc">{coupon.description}</p> : null}
        <ul className="coupon-card__rules">
          {conditions(coupon).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p className="coupon-card__end">
          {coupon.received_flag || !coupon.disabled
            ? `${coupon.end_date.replaceAll("-", "/")}まで`
            : `${coupon.start_date.replaceAll("-", "/")}から`}
          {coupon.countdown ? <Countdown seconds={coupon.expire_seconds} /> : null}
        </p>
        {withTargets && coupon.coupon_type === 2 && coupon.campaign_id !== null ? (
          <Link className="coupon-card__targets" to={`/coupon?campaign=${coupon.campaign_id}`}>
            対象作品を見る
          </Link>
        ) : null}
      </div>
      <div className="coupon-card__action">{action}</div>
    </li>
  );
}

/** /coupon: the member's coupons and the ones they can take, with their conditions and ends. */
export function CouponScreen({ answer }: { answer: CouponsAnswer }) {
  return (
    <section className="ledger page" aria-labelledby="coupon-title">
      <h1 id="coupon-title" className="ledger__title">
        クーポン
      </h1>
      <p className="ledger__lead">
        受け取ったクーポンはカートでご購入時に選べます。1枚につき1回お使いいただけます。
      </p>
      {answer.coupon.length === 0 ? (
        <div className="ledger__empty">
          <p>利用できるクーポンはありません</p>
          <Link className="button button--primary" to="/otoku">
            キャンペーンを見る
          </Link>
        </div>
      ) : (
        <ul className="coupon-list" data-testid="coupon-list">
          {answer.coupon.map((c) => (
            <CouponCard key={c.coupon_id} coupon={c} withTargets />
          ))}
        </ul>
      )}
    </section>
  );
}
