import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { MessageReceipt } from "../../../contract/messages";

/** The confirmation after a form is sent: what was received, under which number. */
export function SentReceipt({
  receipt,
  summary,
  note,
  onStartOver,
  startOverLabel,
}: {
  receipt: MessageReceipt;
  summary: Array<{ label: string; value: string }>;
  note: string;
  onStartOver: () => void;
  startOverLabel: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="sent" aria-labelledby="sent-title">
      <h2 id="sent-title" className="sent__title" ref={heading} tabIndex={-1}>
        送信が完了しました
      </h2>
      <p className="sent__receipt">
        受付番号 <strong data-testid="receipt-no">{receipt.receipt_no}</strong>
      </p>
      <p className="sent__note">{note}</p>
      <dl className="sent__summary">
        <div className="sent__row">
          <dt>受付日時</dt>
          <dd>{receipt.received_at}</dd>
        </div>
        {summary.map((row) => (
          <div key={row.label} className="sent__row">
            <dt>{row.label}</dt>
            <dd>{row.value || "（未入力）"}</dd>
          </div>
        ))}
      </dl>
      <div className="info__actions">
        <button type="button" className="button button--ghost" onClick={onStartOver}>
          {startOverLabel}
        </button>
        <Link className="button" to="/">
          ホームへ戻る
        </Link>
      </div>
    </section>
  );
}
