import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from "../../../contract/ops-inbox";
import type { MemberMailRow, MemberPageAnswer } from "../../../contract/ops-members";
import { tokyoSlashDate, tokyoSlashDateTime } from "../../../contract/tokyo-time";
import { formText } from "../../lib/use-api-form";
import { ActionForm, MemberActions, ReasonField } from "./MemberActions";

const at = (iso: string | null) => (iso ? tokyoSlashDateTime(new Date(iso)) : "—");
const day = (iso: string | null) => (iso ? tokyoSlashDate(new Date(iso)) : "—");
const yen = (n: number) => `${n.toLocaleString("ja-JP")}円`;

const ORDER_STATUS: Record<string, string> = {
  paid: "支払い済み",
  pending: "決済確認待ち",
  cancelled: "取り消し",
  refunded: "返金済み",
};
const SHELF_SOURCE: Record<string, string> = {
  purchase: "購入",
  free: "無料",
  present: "プレゼント",
  campaign: "キャンペーン",
};
const INQUIRY_KIND: Record<string, string> = {
  inquiry: "お問い合わせ",
  opinion: "ご意見",
  request: "リクエスト",
};

/** One list of the page: a heading with its count, and what to say when it is empty. */
function Section(props: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section className="ops-panel" aria-labelledby={props.id} id={`section-${props.id}`}>
      <h2 id={props.id}>
        {props.title}
        <span className="ops-count">{props.count}件</span>
      </h2>
      {props.count === 0 ? <p className="ops-note">ありません。</p> : props.children}
    </section>
  );
}

/**
 * 注文全体を返金 (decision 0104): every line not refunded yet in one step. The confirm names the
 * money and points going back; with nothing left the button stays, disabled, so staff see why.
 */
function WholeRefund({
  order,
  memberId,
  onDone,
}: {
  order: MemberPageAnswer["orders"][number];
  memberId: number;
  onDone: (message: string) => void;
}) {
  const left = order.left_to_refund;
  if (left.lines === 0) {
    return (
      <div className="ops-order__whole">
        <button
          type="button"
          className="ops-button ops-button--danger"
          disabled
          aria-describedby={`whole-refund-none-${order.order_id}`}
        >
          注文全体を返金
        </button>
        <span className="ops-note" id={`whole-refund-none-${order.order_id}`}>
          返金できる商品は残っていません
        </span>
      </div>
    );
  }
  const back = [yen(left.amount), ...(left.point > 0 ? [`${left.point}pt`] : [])].join("・");
  const partly = left.lines < order.lines.length;
  return (
    <details className="ops-order__refund ops-order__whole">
      <summary>
        注文全体を返金（{partly ? `残り${left.lines}点・` : ""}
        {back}）
      </summary>
      <ActionForm
        label={`注文番号 ${order.order_id} を返金`}
        url={`/api/ops/members/${memberId}/orders/${order.order_id}/refund`}
        toBody={(form) => ({ reason: formText(form, "reason") })}
        submitLabel="注文全体を返金"
        danger
        confirm={`注文番号 ${order.order_id} の${partly ? "返金していない" : ""}商品${left.lines}点をまとめて返金します。\n返金額：${yen(left.amount)}${left.point > 0 ? `\n返還ポイント：${left.point}pt` : ""}\n作品は本棚から削除されます。返金は取り消せません。よろしいですか？`}
        done={`注文番号 ${order.order_id} を返金しました（${back}）。会員に返金のお知らせメールを送ります。`}
        onDone={onDone}
      >
        <ReasonField hint="操作履歴に記録されます" />
      </ActionForm>
    </details>
  );
}

function MailRow({
  mail,
  memberId,
  mayAct,
  onDone,
}: {
  mail: MemberMailRow;
  memberId: number;
  mayAct: boolean;
  onDone: (message: string) => void;
}) {
  return (
    <li className="ops-mail" data-mail-id={mail.mail_id}>
      <div className="ops-mail__head">
        <strong>{mail.subject}</strong>
        <span className="ops-mail__facts">
          {at(mail.created_at)}・
          {mail.sent_at ? "送信済み" : mail.failed_at ? "送信失敗" : "送信待ち"}・{mail.kind}
        </span>
      </div>
      {mail.body !== null ? (
        <details>
          <summary>本文を見る</summary>
          <pre className="ops-mail__body">{mail.body}</pre>
        </details>
      ) : (
        <p className="ops-note">
          ログイン・確認用のリンクを含むため、本文は表示せず再送もできません。
        </p>
      )}
      {mayAct && mail.resendable ? (
        <details className="ops-mail__resend">
          <summary>再送する</summary>
          <ActionForm
            label={`「${mail.subject}」を再送`}
            url={`/api/ops/members/${memberId}/mails/${mail.mail_id}/resend`}
            toBody={(form) => ({ reason: formText(form, "reason") })}
            submitLabel="再送する"
            done={`「${mail.subject}」を再送しました。`}
            onDone={onDone}
          >
            <ReasonField hint="操作履歴にのみ記録されます" />
          </ActionForm>
        </details>
      ) : null}
    </li>
  );
}

/**
 * /ops/members/{id}: everything the store holds of one member on one page — the account, orders
 * with their lines, the points ledger, coupons, presents, the bookshelf, live sessions, mails,
 * reviews and inquiries — and, for roles that may act, the support actions.
 */
export function MemberPage({ page, mayAct }: { page: MemberPageAnswer; mayAct: boolean }) {
  const { member } = page;
  const [notice, setNotice] = useState<string | null>(null);
  const onDone = (message: string) => setNotice(message);
  return (
    <>
      <p className="ops-back">
        <Link to="/ops/members">← 会員検索</Link>
      </p>
      <h1 className="ops-title">
        {member.nickname ?? member.email ?? "退会済みの会員"}
        <span className="ops-title__sub">会員ID {member.user_id}</span>
        {member.locked_at ? <span className="ops-tag ops-tag--alert">ロック中</span> : null}
        {member.left_at ? <span className="ops-tag">退会済み</span> : null}
      </h1>
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="ops-panel" aria-labelledby="member-account">
        <h2 id="member-account">アカウント</h2>
        <dl className="ops-facts ops-member-facts">
          <dt>メールアドレス</dt>
          <dd>
            {member.email ?? "—"}
            {member.email ? (member.email_verified_at ? "（確認済み）" : "（未確認）") : null}
          </dd>
          <dt>ニックネーム</dt>
          <dd>{member.nickname ?? "—"}</dd>
          <dt>登録日時</dt>
          <dd>{at(member.signup_at)}</dd>
          <dt>会員種別</dt>
          <dd>{member.user_type}</dd>
          <dt>メールマガジン</dt>
          <dd>{member.newsletter ? "受け取る" : "受け取らない"}</dd>
          <dt>保有ポイント</dt>
          <dd data-testid="point-balance">{member.point_balance.toLocaleString("ja-JP")}pt</dd>
          <dt>状態</dt>
          <dd>
            {member.left_at
              ? `退会（${at(member.left_at)}）`
              : member.locked_at
                ? `ロック中（${at(member.locked_at)}から）`
                : "有効"}
          </dd>
        </dl>
      </section>

      {mayAct && !member.left_at ? (
        <MemberActions
          memberId={member.user_id}
          locked={member.locked_at !== null}
          liveSessions={page.sessions.length}
          onDone={onDone}
        />
      ) : null}

      <nav className="ops-panel ops-jump" aria-label="この会員の情報">
        {(
          [
            ["orders", "注文", page.orders.length],
            ["points", "ポイント", page.points.length],
            ["coupons", "クーポン", page.coupons.length],
            ["presents", "プレゼント", page.presents.length],
            ["shelf", "本棚", page.shelf.length],
            ["sessions", "セッション", page.sessions.length],
            ["mails", "メール", page.mails.length],
            ["reviews", "レビュー", page.reviews.length],
            ["inquiries", "お問い合わせ", page.inquiries.length],
          ] as const
        ).map(([id, label, n]) => (
          <a key={id} href={`#section-${id}`}>
            {label}（{n}）
          </a>
        ))}
      </nav>

      <Section id="orders" title="注文" count={page.orders.length}>
        <ul className="ops-orders">
          {page.orders.map((o) => (
            <li key={o.order_id} className="ops-order" data-order-id={o.order_id}>
              <div className="ops-order__head">
                <strong>注文番号 {o.order_id}</strong>
                <span>{at(o.created_at)}</span>
                <span className={`ops-tag ops-tag--${o.status}`}>
                  {ORDER_STATUS[o.status] ?? o.status}
                </span>
              </div>
              <p className="ops-order__sum">
                合計 {yen(o.price)}
                {o.discount > 0 ? `・割引 −${yen(o.discount)}` : ""}
                {o.coupon_discount > 0
                  ? `・クーポン −${yen(o.coupon_discount)}${o.coupon_name ? `（${o.coupon_name}）` : ""}`
                  : ""}
                {o.used_point > 0 ? `・ポイント −${o.used_point}pt` : ""}・お支払い {yen(o.amount)}
                （{o.payment_name}）{o.add_point > 0 ? `・付与 ${o.add_point}pt` : ""}
              </p>
              <ul className="ops-order__lines">
                {o.lines.map((line) => (
                  <li key={line.order_item_id} data-order-item-id={line.order_item_id}>
                    <div className="ops-order__line">
                      <span>{line.name}</span>
                      <span>
                        {yen(line.price_inc)}
                        {line.discount > 0 ? `（割引 −${yen(line.discount)}）` : ""}
                      </span>
                    </div>
                    {line.refund ? (
                      <p className="ops-order__refunded">
                        <span className="ops-tag ops-tag--refunded">返金済み</span>
                        {at(line.refund.at)}・{yen(line.refund.amount)}
                        {line.refund.point > 0 ? `・${line.refund.point}pt` : ""}・
                        {line.refund.reason}
                      </p>
                    ) : mayAct && o.status === "paid" ? (
                      <details className="ops-order__refund">
                        <summary>この商品を返金する</summary>
                        <ActionForm
                          label={`「${line.name}」を返金`}
                          url={`/api/ops/members/${member.user_id}/orders/${o.order_id}/lines/${line.order_item_id}/refund`}
                          toBody={(form) => ({ reason: formText(form, "reason") })}
                          submitLabel="返金する"
                          danger
                          confirm={`「${line.name}」を返金します。お支払い方法への返金・ポイントの返還を行い、作品は本棚から削除されます。返金は取り消せません。よろしいですか？`}
                          done={`「${line.name}」を返金しました。会員に返金のお知らせメールを送ります。`}
                          onDone={onDone}
                        >
                          <ReasonField hint="操作履歴に記録されます" />
                        </ActionForm>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ul>
              {mayAct && (o.status === "paid" || o.status === "refunded") ? (
                <WholeRefund order={o} memberId={member.user_id} onDone={onDone} />
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="points" title="ポイント履歴" count={page.points.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">日時</th>
              <th scope="col">種別</th>
              <th scope="col">増減</th>
              <th scope="col">有効期限</th>
              <th scope="col">内容</th>
            </tr>
          </thead>
          <tbody>
            {page.points.map((p) => (
              <tr key={p.point_entry_id}>
                <td data-label="日時">{at(p.created_at)}</td>
                <td data-label="種別">{p.reason_text}</td>
                <td data-label="増減" className={p.delta > 0 ? "ops-plus" : "ops-minus"}>
                  {p.delta > 0 ? `+${p.delta}` : p.delta}pt
                </td>
                <td data-label="有効期限">{day(p.expires_at)}</td>
                <td data-label="内容">
                  {p.description ?? "—"}
                  {p.order_id && !p.description?.includes(String(p.order_id))
                    ? `（注文 ${p.order_id}）`
                    : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="coupons" title="クーポン" count={page.coupons.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">クーポン</th>
              <th scope="col">受け取り</th>
              <th scope="col">期限</th>
              <th scope="col">利用</th>
            </tr>
          </thead>
          <tbody>
            {page.coupons.map((c) => (
              <tr key={c.coupon_id}>
                <td data-label="クーポン">{c.name}</td>
                <td data-label="受け取り">{at(c.received_at)}</td>
                <td data-label="期限">{at(c.expires_at)}</td>
                <td data-label="利用">
                  {c.used_at ? `${at(c.used_at)}（注文 ${c.order_id}）` : "未使用"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="presents" title="プレゼント" count={page.presents.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">贈った日時</th>
              <th scope="col">内容</th>
              <th scope="col">メッセージ</th>
              <th scope="col">状態</th>
            </tr>
          </thead>
          <tbody>
            {page.presents.map((p) => (
              <tr key={p.present_id}>
                <td data-label="贈った日時">{at(p.created_at)}</td>
                <td data-label="内容">{p.caption}</td>
                <td data-label="メッセージ">{p.message ?? "—"}</td>
                <td data-label="状態">
                  {p.received_at
                    ? `受け取り済み（${at(p.received_at)}）`
                    : p.expires_at && new Date(p.expires_at) < new Date()
                      ? "期限切れ"
                      : `未受け取り（${day(p.expires_at)}まで）`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="shelf" title="本棚" count={page.shelf.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">作品</th>
              <th scope="col">入手</th>
              <th scope="col">日時</th>
            </tr>
          </thead>
          <tbody>
            {page.shelf.map((s) => (
              <tr key={s.item_id}>
                <td data-label="作品">{s.title}</td>
                <td data-label="入手">
                  {SHELF_SOURCE[s.source] ?? s.source}
                  {s.order_id ? `（注文 ${s.order_id}）` : ""}
                </td>
                <td data-label="日時">{at(s.acquired_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="sessions" title="ログイン中のセッション" count={page.sessions.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">識別子</th>
              <th scope="col">開始</th>
              <th scope="col">最終利用</th>
              <th scope="col">IPアドレス</th>
              <th scope="col">端末</th>
            </tr>
          </thead>
          <tbody>
            {page.sessions.map((s) => (
              <tr key={`${s.session_ref}-${s.created_at}`}>
                <td data-label="識別子">
                  <code>{s.session_ref}</code>
                </td>
                <td data-label="開始">{at(s.created_at)}</td>
                <td data-label="最終利用">{at(s.last_seen_at)}</td>
                <td data-label="IPアドレス">{s.ip ?? "—"}</td>
                <td data-label="端末" className="ops-agent">
                  {s.user_agent ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="mails" title="送信したメール" count={page.mails.length}>
        <ul className="ops-mails">
          {page.mails.map((m) => (
            <MailRow
              key={m.mail_id}
              mail={m}
              memberId={member.user_id}
              mayAct={mayAct && !member.left_at}
              onDone={onDone}
            />
          ))}
        </ul>
      </Section>

      <Section id="reviews" title="レビュー" count={page.reviews.length}>
        <table className="ops-table ops-cards">
          <thead>
            <tr>
              <th scope="col">日時</th>
              <th scope="col">作品</th>
              <th scope="col">評価・タイトル</th>
              <th scope="col">状態</th>
            </tr>
          </thead>
          <tbody>
            {page.reviews.map((r) => (
              <tr key={r.review_id}>
                <td data-label="日時">{at(r.created_at)}</td>
                <td data-label="作品">{r.subject}</td>
                <td data-label="評価・タイトル">
                  {"★".repeat(r.rating)} {r.title}
                  <p className="ops-quote">{r.comment}</p>
                </td>
                <td data-label="状態">
                  {r.deleted ? "削除済み" : r.hidden_reason !== null ? "非表示" : "公開"}
                  {r.reports > 0 ? `・通報 ${r.reports}件` : ""}
                  {r.hidden_reason ? <p className="ops-quote">理由：{r.hidden_reason}</p> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="inquiries" title="お問い合わせ" count={page.inquiries.length}>
        <ul className="ops-mails">
          {page.inquiries.map((i) => (
            <li key={i.inquiry_id} className="ops-mail">
              <div className="ops-mail__head">
                <strong>
                  <Link to={`/ops/inquiries/${i.inquiry_id}`}>{i.subject ?? "（件名なし）"}</Link>
                </strong>
                <span className="ops-mail__facts">
                  {at(i.created_at)}・{INQUIRY_KIND[i.kind] ?? i.kind}・
                  {INQUIRY_STATUS_LABELS[i.status as InquiryStatus] ?? i.status}
                </span>
              </div>
              <p className="ops-quote">{i.body}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
