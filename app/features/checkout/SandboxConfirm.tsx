import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { CheckoutResult } from "../../../contract/checkout";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import "./checkout.css";

/**
 * The sandbox payment provider's confirmation step (本人認証), standing in for the card issuer's
 * 3-D Secure page a real provider redirects to: 認証する settles the pending order, キャンセル
 * voids it. Either way the store's answer says where the member goes next.
 */
export function SandboxConfirm({ reference }: { reference: string }) {
  const navigate = useNavigate();
  const { refreshUser } = useShell();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function finish(path: "/api/checkout/confirm" | "/api/checkout/cancel") {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    let leaving = false;
    try {
      const answer = await post<CheckoutResult>(path, { reference });
      if (!answer.result) return;
      await refreshUser();
      leaving = true;
      navigate(answer.next_url, { replace: true });
    } finally {
      // Settled: the buttons stay disabled until the next page replaces this one.
      if (!leaving) {
        inFlight.current = false;
        setSending(false);
      }
    }
  }

  return (
    <section className="sandbox-confirm" aria-labelledby="sandbox-title">
      <span className="sandbox-confirm__badge">テスト決済</span>
      <h1 id="sandbox-title">カードの本人認証</h1>
      <p>カード発行会社の本人認証（3-Dセキュア）の代わりとなるテスト画面です。</p>
      <div className="sandbox-confirm__buttons">
        <button
          type="button"
          className="button button--primary button--block"
          disabled={sending}
          onClick={() => finish("/api/checkout/confirm")}
        >
          認証する
        </button>
        <button
          type="button"
          className="button button--block"
          disabled={sending}
          onClick={() => finish("/api/checkout/cancel")}
        >
          キャンセル
        </button>
      </div>
    </section>
  );
}
