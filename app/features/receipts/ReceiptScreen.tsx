import { useState } from "react";
import { Link } from "react-router";
import { receiptPdfUrl } from "../../../contract/receipt-links";
import {
  RECEIPT_ADDRESSEE_MAX,
  RECEIPT_HONORIFICS,
  type ReceiptPageAnswer,
  type ReceiptView,
} from "../../../contract/receipts";
import { FormProblem } from "../../components/FormProblem";
import { formText, useApiForm } from "../../lib/use-api-form";
import "./receipts.css";

const yen = (n: number) => `¥${n.toLocaleString("ja-JP")}`;

/** /receipt?order=…: the 宛名 form on first issue, then the receipt itself (decision 0108). */
export function ReceiptScreen({ answer }: { answer: ReceiptPageAnswer }) {
  const [issued, setIssued] = useState<ReceiptView | null>(
    answer.state === "issued" ? answer.receipt : null,
  );
  if (issued) return <ReceiptDocument receipt={issued} />;
  if (answer.state !== "unissued") return null;
  return <IssueForm order={answer} onIssued={setIssued} />;
}

function IssueForm({
  order,
  onIssued,
}: {
  order: Extract<ReceiptPageAnswer, { state: "unissued" }>;
  onIssued: (receipt: ReceiptView) => void;
}) {
  const { busy, problem, onSubmit } = useApiForm<{ receipt: ReceiptView }>(
    "/api/receipt",
    (form) => ({
      order: order.order_id,
      addressee: formText(form, "addressee"),
      honorific: formText(form, "honorific"),
    }),
    (answer) => onIssued(answer.receipt),
    "領収書を発行できませんでした",
    // The form shows the refusal beside the field; no dialog repeats it.
    { ownsFailure: () => true },
  );
  return (
    <section className="receipt-issue" aria-labelledby="receipt-issue-title">
      <h1 id="receipt-issue-title">領収書の発行</h1>
      <p className="receipt-issue__order">
        注文番号 {order.order_id}（{order.order_date}）　お支払い金額 {yen(order.amount)}
      </p>
      {order.fully_refunded ? (
        <p className="receipt-issue__refused" role="status">
          このご注文は全額返金済みのため、領収書は発行できません。
        </p>
      ) : (
        <form method="post" onSubmit={onSubmit} aria-label="領収書の宛名">
          <label className="field">
            <span className="field__label">宛名（{RECEIPT_ADDRESSEE_MAX}文字まで）</span>
            <input
              name="addressee"
              required
              maxLength={RECEIPT_ADDRESSEE_MAX}
              autoComplete="name"
              placeholder="例：山田 太郎／株式会社コマヤ 経理部"
            />
          </label>
          <fieldset className="receipt-issue__honorific">
            <legend>敬称</legend>
            {RECEIPT_HONORIFICS.map((h, i) => (
              <label key={h}>
                <input type="radio" name="honorific" value={h} defaultChecked={i === 0} />
                {h}
                <small>{h === "様" ? "（個人の方）" : "（会社・部署あて）"}</small>
              </label>
            ))}
          </fieldset>
          <p className="form-note">
            宛名は発行後に変更できません。2回目以降の表示は「再発行」と記載されます。
          </p>
          <FormProblem problem={problem} />
          <button type="submit" className="button button--primary" disabled={busy}>
            この宛名で発行する
          </button>
        </form>
      )}
      <p>
        <Link to="/order_history">購入履歴へ戻る</Link>
      </p>
    </section>
  );
}

/** The receipt as printed: A4, the store's frame left off the paper (receipts.css). */
export function ReceiptDocument({ receipt: r }: { receipt: ReceiptView }) {
  const refunded = r.refunded_amount > 0 || r.refunded_point > 0;
  return (
    <article className="receipt-doc" aria-labelledby="receipt-title">
      <div className="receipt-doc__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          印刷する
        </button>
        <a className="button" href={receiptPdfUrl(r.order_id, r.copy)} download>
          PDFで保存
        </a>
        <Link to="/order_history">購入履歴へ戻る</Link>
      </div>
      <header className="receipt-doc__head">
        <h1 id="receipt-title">領収書</h1>
        {r.reissued && (
          <p className="receipt-doc__stamp" data-testid="reissued">
            再発行
          </p>
        )}
        {r.fully_refunded && (
          <p className="receipt-doc__stamp receipt-doc__stamp--void">
            返金済み（このご注文は全額返金されています）
          </p>
        )}
        <p className="receipt-doc__meta">
          注文番号 {r.order_id}
          <br />
          発行日 {r.issued_date}
        </p>
      </header>
      <p className="receipt-doc__addressee">{r.addressee}</p>
      <p className="receipt-doc__amount">
        <span>領収金額</span>
        <strong data-testid="receipt-amount">{yen(r.amount)}</strong>
      </p>
      <p className="receipt-doc__words">
        上記の金額を正に領収いたしました。
        <br />
        但し、デジタルコンテンツ代として
      </p>
      <dl className="receipt-doc__facts">
        <dt>取引年月日</dt>
        <dd>{r.order_date}</dd>
        <dt>お支払い方法</dt>
        <dd>{r.payment_name}</dd>
      </dl>
      <table className="receipt-doc__lines">
        <caption>お取引の内容（税込）</caption>
        <thead>
          <tr>
            <th scope="col">品名</th>
            <th scope="col">税率</th>
            <th scope="col">金額</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((line, i) => (
            // Lines are the order's own, in its order; two may share a name.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
            <tr key={i} data-testid="receipt-line">
              <td>{line.name}</td>
              <td>{line.rate}%</td>
              <td data-price={line.price}>{yen(line.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-doc__sums">
        <dt>商品合計</dt>
        <dd data-testid="goods-total" data-value={r.goods_total}>
          {yen(r.goods_total)}
        </dd>
        {r.coupon_discount > 0 && (
          <>
            <dt>クーポン値引き{r.coupon_name ? `（${r.coupon_name}）` : ""}</dt>
            <dd data-testid="coupon-discount" data-value={r.coupon_discount}>
              −{yen(r.coupon_discount)}
            </dd>
          </>
        )}
        {r.rates.map((rate) => (
          <RateRows key={rate.rate} rate={rate} />
        ))}
        {r.used_point > 0 && (
          <>
            <dt>ポイント利用（1pt＝1円）</dt>
            <dd data-testid="used-point" data-value={r.used_point}>
              −{yen(r.used_point)}
            </dd>
          </>
        )}
        <dt className="receipt-doc__paid">領収金額</dt>
        <dd className="receipt-doc__paid" data-testid="paid" data-value={r.amount}>
          {yen(r.amount)}
        </dd>
        {refunded && (
          <>
            <dt>うち返金済み</dt>
            <dd>
              {yen(r.refunded_amount)}
              {r.refunded_point > 0 && `・${r.refunded_point.toLocaleString("ja-JP")}pt`}
            </dd>
          </>
        )}
      </dl>
      <footer className="receipt-doc__seller">
        <p className="receipt-doc__seller-name">{r.seller_name}</p>
        <p>
          登録番号 <span data-testid="registration-number">{r.registration_number}</span>
        </p>
        <p className="receipt-doc__note">
          この領収書は適格請求書として発行しています。消費税額は税率ごとに合計した金額から1回計算し、1円未満を切り捨てています。ポイントでのお支払い分は領収金額に含みません。
        </p>
      </footer>
    </article>
  );
}

function RateRows({ rate }: { rate: ReceiptView["rates"][number] }) {
  return (
    <>
      <dt className="receipt-doc__rate">{rate.rate}%対象 合計（税込）</dt>
      <dd className="receipt-doc__rate" data-testid="rate-total" data-value={rate.total}>
        {yen(rate.total)}
      </dd>
      <dt>内消費税（{rate.rate}%）</dt>
      <dd data-testid="rate-tax" data-value={rate.tax}>
        {yen(rate.tax)}
      </dd>
    </>
  );
}
