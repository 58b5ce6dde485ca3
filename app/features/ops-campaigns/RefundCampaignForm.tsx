import { useRef, useState } from "react";
import {
  firstGrantDay,
  REFUND_LIMITS as L,
  type RefundCampaignAnswer,
  refundCampaignIssues,
} from "../../../contract/ops-refund-campaigns-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import {
  InputField,
  Notice,
  numberOrNull,
  text,
  useEntitySave,
  useTypedBeforeHydration,
} from "../ops-catalog/catalog-fields";
import { LiveSaveBar } from "../ops-extras/ExtrasNav";

/** A new campaign's window opens at the next whole hour of tomorrow, for two weeks. */
const hoursFromNow = (hours: number) =>
  tokyoDateTimeInput(new Date(Date.now() + hours * 3_600_000))
    .slice(0, 14)
    .concat("00");

const points = (n: number) => `${n.toLocaleString("ja-JP")}pt`;

/**
 * A ポイント還元 campaign (decision 0105): orders paid in its purchase window earn its rate back as
 * points on its grant day. Once orders are entered the rate and the start are what they were
 * promised, so those fields lock; once points are granted, only the name may change.
 */
export function RefundCampaignForm(props: {
  campaign: RefundCampaignAnswer | null;
  mayWrite: boolean;
  maySchedule: boolean;
}) {
  const { campaign: c, mayWrite, maySchedule } = props;
  const saving = useEntitySave<{ refund_campaign: RefundCampaignAnswer }>(
    c !== null,
    (answer) => `/ops/campaigns/refunds/${answer.refund_campaign.refund_id}`,
  );
  // One creation per form: a double click or a retry sends the same id.
  const [requestId] = useState(() => crypto.randomUUID());
  const startAt = c?.purchase_start_at ?? hoursFromNow(24);
  const endAt = c?.purchase_end_at ?? hoursFromNow(24 * 15);
  const [grantFrom, setGrantFrom] = useState(firstGrantDay(endAt) ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (field) => {
    const end = field("purchase_end_at");
    if (end !== null) setGrantFrom(firstGrantDay(end) ?? "");
  });
  const settled = c?.settled ?? false;
  const locked = settled || (c?.locked ?? false);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const keep = (name: string, was: string) => (maySchedule && !settled ? text(form, name) : was);
    const body = {
      request_id: c ? undefined : requestId,
      name: text(form, "name"),
      rate_percent: locked ? c!.rate_percent : numberOrNull(form, "rate_percent"),
      purchase_start_at: locked ? c!.purchase_start_at : keep("purchase_start_at", startAt),
      purchase_end_at: keep("purchase_end_at", endAt),
      period_date: keep("period_date", c?.period_date ?? ""),
      point_valid_days: settled
        ? c!.point_valid_days
        : (numberOrNull(form, "point_valid_days") ?? L.defaultValidDays),
    };
    void saving.save(
      c ? `/api/ops/refund-campaigns/${c.refund_id}` : "/api/ops/refund-campaigns",
      body,
      () => refundCampaignIssues(body),
    );
  }
  const issues = saving.issues;

  return (
    <>
      <Notice text={saving.notice} />
      {c ? (
        <section className="ops-panel refund-tally" aria-label="これまでの実績">
          <p>
            <span>対象の注文</span>
            <strong>{c.orders.toLocaleString("ja-JP")}件</strong>
          </p>
          <p>
            <span>付与済み</span>
            <strong>{points(c.points_granted)}</strong>
          </p>
          <p>
            <span>付与予定</span>
            <strong>{points(c.points_pending)}</strong>
          </p>
        </section>
      ) : null}
      <form
        ref={formRef}
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
        aria-label="ポイント還元の内容"
      >
        <h2>ポイント還元の内容</h2>
        {settled ? (
          <p className="campaign-note">
            ポイントを付与済みのため、変更できるのはキャンペーン名だけです。
          </p>
        ) : locked ? (
          <p className="campaign-note">
            注文が入っているため、還元率と購入期間の開始は変更できません。購入期間の終了は今より後にのみ動かせます。
          </p>
        ) : null}
        <fieldset className="catalog-fieldset" disabled={!mayWrite}>
          <div className="catalog-grid">
            <InputField
              label="キャンペーン名（ポイント履歴に表示）"
              name="name"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={c?.name}
            />
            <InputField
              label="還元率（％）"
              name="rate_percent"
              issues={issues}
              type="number"
              min={1}
              max={100}
              hint="購入金額（税込）のこの割合をポイントで還元します"
              disabled={locked}
              defaultValue={c?.rate_percent ?? 10}
            />
            <InputField
              label="ポイントの有効期限（日数）"
              name="point_valid_days"
              issues={issues}
              type="number"
              min={1}
              max={L.validDays}
              hint="付与日から数えます"
              disabled={settled}
              defaultValue={c?.point_valid_days ?? L.defaultValidDays}
            />
          </div>
          <h3 className="campaign-subhead">購入期間と付与日</h3>
          <div className="catalog-grid">
            <InputField
              type="datetime-local"
              label="購入期間の開始（東京）"
              name="purchase_start_at"
              issues={issues}
              disabled={!maySchedule || locked}
              defaultValue={startAt}
            />
            <InputField
              type="datetime-local"
              label="購入期間の終了（東京）"
              name="purchase_end_at"
              issues={issues}
              hint="この日時より前に支払われた注文が対象です"
              disabled={!maySchedule || settled}
              defaultValue={endAt}
              onChange={(e) => setGrantFrom(firstGrantDay(e.currentTarget.value) ?? "")}
            />
            <InputField
              type="date"
              label="ポイント付与日"
              name="period_date"
              issues={issues}
              hint={grantFrom ? `${grantFrom}以降の日付` : "購入期間の終了より後の日付"}
              min={grantFrom || undefined}
              disabled={!maySchedule || settled}
              defaultValue={c?.period_date ?? grantFrom}
            />
          </div>
        </fieldset>
        {mayWrite ? (
          <LiveSaveBar
            saving={saving}
            editing={c !== null}
            note="購入期間になるとストアの対象表示（還元中の案内・特集ページ）が切り替わり、付与日にポイントが付与されます。保存した内容は5秒以内にすべての画面に届きます。"
          />
        ) : null}
      </form>
    </>
  );
}
