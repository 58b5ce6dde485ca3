import { useState } from "react";
import type { Choice } from "../../../contract/ops-catalog-answers";
import {
  COUPON_TYPES,
  type CouponEditorAnswer,
  couponIssues,
  DISCOUNT_TYPES,
  discountLabel,
  idList,
  COUPON_LIMITS as L,
} from "../../../contract/ops-coupons-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import {
  checked,
  DateTimeField,
  Field,
  Flags,
  InputField,
  Issue,
  Notice,
  numberOrNull,
  text,
  useEntitySave,
} from "../ops-catalog/catalog-fields";
import { LiveSaveBar } from "../ops-extras/ExtrasNav";

const NOW_PLUS_DAYS = (days: number) =>
  tokyoDateTimeInput(new Date(Date.now() + days * 86_400_000))
    .slice(0, 14)
    .concat("00");

/**
 * A coupon's rules as the store applies them: its kind and amount, what it applies to, the
 * smallest basket, its dates, the stock and who may take it. The same rules run here and on the
 * server (couponIssues); the server also checks the targets exist.
 */
export function CouponForm(props: {
  coupon: CouponEditorAnswer | null;
  choices: { campaigns: Choice[]; genres: Choice[] };
  mayWrite: boolean;
}) {
  const { coupon, choices, mayWrite } = props;
  const saving = useEntitySave<{ coupon: CouponEditorAnswer }>(
    coupon !== null,
    (answer) => `/ops/coupons/${answer.coupon.coupon_id}`,
  );
  const [type, setType] = useState<number>(coupon?.coupon_type ?? 1);
  const [discountType, setDiscountType] = useState<number>(coupon?.discount_type ?? 2);
  const [value, setValue] = useState<string>(String(coupon?.discount_value ?? ""));
  const [cap, setCap] = useState<string>(coupon?.max_discount ? String(coupon.max_discount) : "");

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const series = idList(text(form, "series_ids"));
    const items = idList(text(form, "item_ids"));
    const body = {
      name: text(form, "name"),
      description: text(form, "description"),
      coupon_type: Number(text(form, "coupon_type")),
      discount_type: Number(text(form, "discount_type")),
      discount_value: numberOrNull(form, "discount_value") ?? 0,
      max_discount: discountType === 1 ? numberOrNull(form, "max_discount") : null,
      min_price: numberOrNull(form, "min_price") ?? 0,
      campaign_id: numberOrNull(form, "campaign_id"),
      series_ids: series ?? [],
      item_ids: items ?? [],
      genre_id: numberOrNull(form, "genre_id"),
      start_at: text(form, "start_at"),
      end_at: text(form, "end_at"),
      valid_hours: numberOrNull(form, "valid_hours"),
      stock: numberOrNull(form, "stock"),
      receivable: checked(form, "receivable"),
      signup_coupon: checked(form, "signup_coupon"),
    };
    void saving.save(
      coupon ? `/api/ops/coupons/${coupon.coupon_id}` : "/api/ops/coupons",
      body,
      () => [
        ...(series === null
          ? [
              {
                field: "series_ids",
                message: "作品IDは数字をカンマか改行で区切って入力してください",
              },
            ]
          : []),
        ...(items === null
          ? [{ field: "item_ids", message: "商品IDは数字をカンマか改行で区切って入力してください" }]
          : []),
        ...couponIssues(body),
      ],
    );
  }
  const issues = saving.issues;
  const sample =
    Number(value) > 0
      ? discountLabel({
          discount_type: discountType,
          discount_value: Number(value),
          max_discount: cap ? Number(cap) : null,
        })
      : "—";

  return (
    <>
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
        aria-label="クーポンの内容"
      >
        <h2>クーポンの内容</h2>
        <fieldset className="catalog-fieldset" disabled={!mayWrite}>
          <div className="catalog-grid">
            <InputField
              label="クーポン名"
              name="name"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={coupon?.name}
            />
            <Field label="説明（クーポン一覧に表示）" name="description" issues={issues} wide>
              <textarea
                id="f-description"
                name="description"
                rows={2}
                maxLength={L.description}
                defaultValue={coupon?.description ?? ""}
              />
            </Field>
            <Field label="割引の種類" name="discount_type" issues={issues}>
              <select
                id="f-discount_type"
                name="discount_type"
                value={discountType}
                onChange={(e) => setDiscountType(Number(e.target.value))}
              >
                {Object.entries(DISCOUNT_TYPES).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <InputField
              label={discountType === 1 ? "割引率（％）" : "割引額（円）"}
              name="discount_value"
              issues={issues}
              type="number"
              min={1}
              max={discountType === 1 ? 100 : L.yen}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            {discountType === 1 ? (
              <InputField
                label="割引の上限（円）"
                name="max_discount"
                issues={issues}
                type="number"
                min={1}
                hint="空欄：上限なし"
                value={cap}
                onChange={(e) => setCap(e.target.value)}
              />
            ) : null}
            <InputField
              label="最低利用金額（円・税込）"
              name="min_price"
              issues={issues}
              type="number"
              min={0}
              hint="対象作品の合計がこの金額以上のときに使えます（0：制限なし）"
              defaultValue={coupon?.min_price ?? 0}
            />
            <p className="coupon-sample" aria-live="polite">
              <span className="coupon-sample__label">ストアでの表示</span>
              <strong>{sample}</strong>
            </p>
          </div>
          <h3 className="coupon-subhead">対象</h3>
          <div className="catalog-grid">
            <Field label="対象の種類（coupon_type）" name="coupon_type" issues={issues}>
              <select
                id="f-coupon_type"
                name="coupon_type"
                value={type}
                onChange={(e) => setType(Number(e.target.value))}
              >
                {Object.entries(COUPON_TYPES).map(([k, label]) => (
                  <option key={k} value={k}>
                    {k}：{label}
                  </option>
                ))}
              </select>
            </Field>
            {type === 2 ? (
              <Field label="クーポンキャンペーン" name="campaign_id" issues={issues}>
                <select
                  id="f-campaign_id"
                  name="campaign_id"
                  defaultValue={coupon?.campaign_id ?? ""}
                >
                  <option value="">選んでください</option>
                  {choices.campaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.id}：{c.name}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            {type === 3 ? (
              <Field
                label="作品ID"
                name="series_ids"
                issues={issues}
                wide
                hint="カンマか改行で区切って入力（最大500件）"
              >
                <textarea
                  id="f-series_ids"
                  name="series_ids"
                  rows={2}
                  defaultValue={coupon?.series_ids.join(", ") ?? ""}
                />
              </Field>
            ) : null}
            {type === 4 ? (
              <Field
                label="巻の商品ID"
                name="item_ids"
                issues={issues}
                wide
                hint="カンマか改行で区切って入力（最大500件）"
              >
                <textarea
                  id="f-item_ids"
                  name="item_ids"
                  rows={2}
                  defaultValue={coupon?.item_ids.join(", ") ?? ""}
                />
              </Field>
            ) : null}
            {type === 5 ? (
              <Field label="ジャンル" name="genre_id" issues={issues}>
                <select id="f-genre_id" name="genre_id" defaultValue={coupon?.genre_id ?? ""}>
                  <option value="">選んでください</option>
                  {choices.genres.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
          </div>
          <h3 className="coupon-subhead">期間と配布</h3>
          <div className="catalog-grid">
            <DateTimeField
              label="開始日時（東京）"
              name="start_at"
              issues={issues}
              defaultValue={coupon?.start_at ?? NOW_PLUS_DAYS(0)}
            />
            <DateTimeField
              label="終了日時（東京）"
              name="end_at"
              issues={issues}
              defaultValue={coupon?.end_at ?? NOW_PLUS_DAYS(30)}
            />
            <InputField
              label="受け取りからの有効時間"
              name="valid_hours"
              issues={issues}
              type="number"
              min={1}
              max={L.validHours}
              hint="空欄：終了日時まで使えます"
              defaultValue={coupon?.valid_hours ?? ""}
            />
            <InputField
              label="配布枚数の上限（在庫）"
              name="stock"
              issues={issues}
              type="number"
              min={0}
              hint="空欄：無制限。受け取り・配布・特典の合計です"
              defaultValue={coupon?.stock ?? ""}
            />
            <Flags label="受け取り方">
              <label className="catalog-check">
                <input
                  type="checkbox"
                  name="receivable"
                  id="f-receivable"
                  defaultChecked={coupon?.receivable ?? false}
                />
                会員がクーポンページで受け取れる
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  name="signup_coupon"
                  id="f-signup_coupon"
                  defaultChecked={coupon?.signup_coupon ?? false}
                />
                新規登録時に自動で配布する
              </label>
              <Issue issues={issues} field="receivable" />
            </Flags>
            <div className="catalog-field">
              <span className="catalog-field__label">利用回数</span>
              <p className="coupon-fixed">1会員につき1回（使うとその会員の分はなくなります）</p>
            </div>
          </div>
        </fieldset>
        {mayWrite ? (
          <LiveSaveBar
            saving={saving}
            editing={coupon !== null}
            note="クーポンは開始日時から自動で使えるようになります。保存した内容はすぐにストアに反映されます。"
          />
        ) : null}
      </form>
    </>
  );
}
