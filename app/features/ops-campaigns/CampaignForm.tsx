import { useState } from "react";
import {
  CAMPAIGN_KINDS,
  type CampaignEditorAnswer,
  type CampaignKind,
  campaignIssues,
  CAMPAIGN_LIMITS as L,
  POLICY_TYPE_IDS,
  POLICY_TYPES,
  type PolicyFields,
} from "../../../contract/ops-campaigns-rules";
import type { Choice } from "../../../contract/ops-catalog-answers";
import { idList } from "../../../contract/ops-coupons-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import {
  checked,
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
import { TargetSeriesPicker } from "./TargetSeriesPicker";

const HOURS_FROM_NOW = (hours: number) =>
  tokyoDateTimeInput(new Date(Date.now() + hours * 3_600_000))
    .slice(0, 14)
    .concat("00");

/** The figure each policy type reads, as the form asks for it. */
const POLICY_FIGURE: Record<number, { key: keyof PolicyFields; label: string } | null> = {
  101: { key: "sale_pct", label: "割引率（％）" },
  102: { key: "free_count", label: "無料の巻数（1巻目から）" },
  103: { key: "free_count", label: "無料の巻数（1巻目から）" },
  104: { key: "trial_page_count", label: "立ち読みできるページ数" },
  105: { key: "free_count", label: "まるごと読める巻数（1巻目から）" },
  106: { key: "label", label: "表示名（例：ポイント20%還元）" },
};

const idsField = (form: FormData, name: string) => idList(text(form, name));

/**
 * A campaign as the store serves it: its kind and policies, what it applies to, its dates, where
 * it shows (/otoku categories, genres, home pickups) and its banner. The same rules run here and
 * on the server (campaignIssues); the server also checks the targets exist.
 */
export function CampaignForm(props: {
  campaign: CampaignEditorAnswer | null;
  choices: { genres: Choice[]; labels: Choice[]; catalogGenres: Choice[] };
  mayWrite: boolean;
  maySchedule: boolean;
}) {
  const { campaign, choices, mayWrite, maySchedule } = props;
  const saving = useEntitySave<{ campaign: CampaignEditorAnswer }>(
    campaign !== null,
    (answer) => `/ops/campaigns/${answer.campaign.campaign_id}`,
  );
  // One creation per form: a double click or a retry sends the same id (decision 0105).
  const [requestId] = useState(() => crypto.randomUUID());
  const [kind, setKind] = useState<CampaignKind>(campaign?.kind ?? "policy");
  const [on, setOn] = useState<Set<number>>(
    new Set(campaign?.policies.map((p) => p.policy_type) ?? []),
  );
  const policyOf = (type: number) => campaign?.policies.find((p) => p.policy_type === type);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const series = idsField(form, "series_ids");
    const items = idsField(form, "item_ids");
    const cds = idsField(form, "cd_ids");
    const policies =
      kind === "info"
        ? []
        : POLICY_TYPE_IDS.filter((t) => on.has(t)).map((t) => {
            const figure = POLICY_FIGURE[t]!;
            return {
              policy_type: t,
              [figure.key]:
                figure.key === "label"
                  ? text(form, `policy_${t}`)
                  : numberOrNull(form, `policy_${t}`),
            } as PolicyFields;
          });
    const genresOf = (name: string) => form.getAll(name).map(Number);
    const body = {
      request_id: campaign ? undefined : requestId,
      name: text(form, "name"),
      description: text(form, "description"),
      kind,
      action_url: text(form, "action_url"),
      genre_ids: genresOf("genre_ids"),
      new_flag: checked(form, "new_flag"),
      moment_flag: checked(form, "moment_flag"),
      pickup_genres: genresOf("pickup_genres"),
      pickup_more_url: text(form, "pickup_more_url"),
      pickup_display_number: numberOrNull(form, "pickup_display_number") ?? 6,
      sort_order: numberOrNull(form, "sort_order") ?? 0,
      start_at: maySchedule ? text(form, "start_at") : (campaign?.start_at ?? ""),
      end_at: maySchedule ? text(form, "end_at") : (campaign?.end_at ?? ""),
      policies,
      series_ids: kind === "info" ? [] : (series ?? []),
      item_ids: kind === "info" ? [] : (items ?? []),
      cd_ids: kind === "info" ? [] : (cds ?? []),
    };
    const unread = (field: string, list: number[] | null, what: string) =>
      list === null
        ? [{ field, message: `${what}は数字をカンマか改行で区切って入力してください` }]
        : [];
    void saving.save(
      campaign ? `/api/ops/campaigns/${campaign.campaign_id}` : "/api/ops/campaigns",
      body,
      () => [
        ...unread("series_ids", series, "作品ID"),
        ...unread("item_ids", items, "巻の商品ID"),
        ...unread("cd_ids", cds, "ドラマCDのID"),
        ...campaignIssues(body),
      ],
    );
  }
  const issues = saving.issues;
  const toggle = (type: number, yes: boolean) =>
    setOn((was) => {
      const next = new Set(was);
      if (yes) next.add(type);
      else next.delete(type);
      return next;
    });

  return (
    <>
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
        aria-label="キャンペーンの内容"
      >
        <h2>キャンペーンの内容</h2>
        <fieldset className="catalog-fieldset" disabled={!mayWrite}>
          <div className="catalog-grid">
            <InputField
              label="キャンペーン名"
              name="name"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={campaign?.name}
            />
            <Field
              label="説明（キャンペーンページに表示）"
              name="description"
              issues={issues}
              wide
              hint="<b> と <br> が使えます"
            >
              <textarea
                id="f-description"
                name="description"
                rows={3}
                maxLength={L.description}
                defaultValue={campaign?.description ?? ""}
              />
            </Field>
            <Field label="種類" name="kind" issues={issues}>
              <select
                id="f-kind"
                name="kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as CampaignKind)}
              >
                {Object.entries(CAMPAIGN_KINDS).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <InputField
              label={kind === "info" ? "リンク先" : "バナーのリンク先（空欄：キャンペーンページ）"}
              name="action_url"
              issues={issues}
              maxLength={L.url}
              placeholder="/signup や https://…"
              defaultValue={campaign?.action_url ?? ""}
            />
          </div>
          {kind === "coupon" ? (
            <p className="campaign-note">
              クーポンはクーポン管理で「クーポンキャンペーンの対象作品」として作り、このキャンペーンを選びます。
              {campaign && campaign.coupons.length > 0 ? (
                <>
                  {" "}
                  紐づくクーポン：
                  {campaign.coupons.map((c, i) => (
                    <span key={c.id}>
                      {i > 0 ? "、" : ""}
                      <a href={`/ops/coupons/${c.id}`}>{c.name}</a>
                    </span>
                  ))}
                </>
              ) : campaign ? (
                <>
                  {" "}
                  <a href="/ops/coupons/new">クーポンを追加する</a>
                </>
              ) : null}
            </p>
          ) : null}
          {kind !== "info" ? (
            <>
              <h3 className="campaign-subhead">特典</h3>
              <div className="campaign-policies-edit">
                {POLICY_TYPE_IDS.map((t) => {
                  const figure = POLICY_FIGURE[t]!;
                  const was = policyOf(t);
                  // The rules name a policy by its place among those sent, which are in type order.
                  const at = POLICY_TYPE_IDS.filter((p) => on.has(p)).indexOf(t);
                  const issue = issues.find((i) => i.field === `policies.${at}`);
                  return (
                    <div key={t} className="campaign-policy">
                      <label className="catalog-check campaign-policy__type">
                        <input
                          type="checkbox"
                          name={`policy_on_${t}`}
                          checked={on.has(t)}
                          onChange={(e) => toggle(t, e.target.checked)}
                        />
                        {t}：{POLICY_TYPES[t]}
                      </label>
                      {on.has(t) ? (
                        <label className="campaign-policy__figure">
                          <span>{figure.label}</span>
                          <input
                            name={`policy_${t}`}
                            data-issue={`policies.${at}`}
                            type={figure.key === "label" ? "text" : "number"}
                            min={1}
                            max={figure.key === "sale_pct" ? 100 : undefined}
                            maxLength={figure.key === "label" ? L.label : undefined}
                            defaultValue={String(was?.[figure.key] ?? "")}
                          />
                        </label>
                      ) : null}
                      {on.has(t) && issue ? (
                        <small className="catalog-field__issue campaign-policy__issue" role="alert">
                          {issue.message}
                        </small>
                      ) : null}
                    </div>
                  );
                })}
                <Issue issues={issues} field="policies" />
                {on.has(106) ? (
                  <p className="campaign-note">
                    「その他の特典」は表示だけです。ポイント還元のポイントは、購入期間と付与日を決めた還元キャンペーンが注文に対して付与します。
                  </p>
                ) : null}
              </div>
              <h3 className="campaign-subhead">対象（表示順）</h3>
              <div className="catalog-grid">
                {(
                  [
                    ["series_ids", "作品ID（シリーズ全巻）", campaign?.series_ids],
                    ["item_ids", "巻の商品ID（その巻だけ）", campaign?.item_ids],
                    ["cd_ids", "ドラマCDのID", campaign?.cd_ids],
                  ] as const
                ).map(([name, label, ids]) => (
                  <Field
                    key={name}
                    label={label}
                    name={name}
                    issues={issues}
                    wide
                    hint="カンマか改行で区切って入力（最大500件）"
                  >
                    <textarea
                      id={`f-${name}`}
                      name={name}
                      rows={2}
                      defaultValue={ids?.join(", ") ?? ""}
                    />
                  </Field>
                ))}
                <TargetSeriesPicker
                  labels={choices.labels}
                  genres={choices.catalogGenres}
                  seriesField="f-series_ids"
                  disabled={!mayWrite}
                />
              </div>
            </>
          ) : null}
          <h3 className="campaign-subhead">期間</h3>
          <div className="catalog-grid">
            <InputField
              type="datetime-local"
              label="開始日時（東京）"
              name="start_at"
              issues={issues}
              disabled={!maySchedule}
              defaultValue={campaign?.start_at ?? HOURS_FROM_NOW(24)}
            />
            <InputField
              type="datetime-local"
              label="終了日時（東京）"
              name="end_at"
              issues={issues}
              hint="空欄：終了日なし"
              disabled={!maySchedule}
              defaultValue={campaign?.end_at ?? HOURS_FROM_NOW(24 * 15)}
            />
          </div>
          <h3 className="campaign-subhead">表示する場所</h3>
          <div className="catalog-grid">
            <Flags label="お得ページ（/otoku）の分類">
              <label className="catalog-check">
                <input
                  type="checkbox"
                  name="new_flag"
                  defaultChecked={campaign?.new_flag ?? false}
                />
                新着
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  name="moment_flag"
                  defaultChecked={campaign?.moment_flag ?? false}
                />
                タイムセール
              </label>
              <small className="catalog-field__hint">
                無料・セール・立ち読みの分類は特典から自動で決まります
              </small>
            </Flags>
            <Flags label="メニュー・お得ページで表示するジャンル" issues={issues} field="genre_ids">
              {choices.genres.map((g) => (
                <label key={g.id} className="catalog-check">
                  <input
                    type="checkbox"
                    name="genre_ids"
                    value={g.id}
                    defaultChecked={campaign?.genre_ids.includes(g.id) ?? g.id === 1}
                  />
                  {g.name}
                </label>
              ))}
            </Flags>
            <Flags label="ホームのピックアップに載せる" issues={issues} field="pickup_genres">
              {choices.genres.map((g) => (
                <label key={g.id} className="catalog-check">
                  <input
                    type="checkbox"
                    name="pickup_genres"
                    value={g.id}
                    defaultChecked={campaign?.pickup_genres.includes(g.id) ?? false}
                  />
                  {g.name}
                </label>
              ))}
            </Flags>
            <InputField
              label="ピックアップの表示数"
              name="pickup_display_number"
              issues={issues}
              type="number"
              min={1}
              max={L.pickupDisplay}
              defaultValue={campaign?.pickup_display_number ?? 6}
            />
            <InputField
              label="ピックアップの「もっと見る」"
              name="pickup_more_url"
              issues={issues}
              maxLength={L.url}
              hint="空欄：キャンペーンページ"
              defaultValue={campaign?.pickup_more_url ?? ""}
            />
            <InputField
              label="表示順（小さいほど先）"
              name="sort_order"
              issues={issues}
              type="number"
              min={0}
              defaultValue={campaign?.sort_order ?? 0}
            />
          </div>
          <Issue issues={issues} field="kind" />
        </fieldset>
        {mayWrite ? (
          <LiveSaveBar
            saving={saving}
            editing={campaign !== null}
            note="開始日時になると自動でストアに表示され、価格に反映されます。保存した内容は5秒以内にすべての画面に届きます。"
          />
        ) : null}
      </form>
    </>
  );
}
