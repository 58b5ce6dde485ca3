import { Link } from "react-router";
import type { VolumeAnswer, VolumeListRow } from "../../../contract/ops-catalog-answers";
import { CATALOG_LIMITS as L, volumeIssues } from "../../../contract/ops-catalog-rules";
import {
  blankToNull,
  Check,
  checked,
  DateTimeField,
  EditableFields,
  Field,
  Flags,
  InputField,
  keepLocked,
  Notice,
  numberOrNull,
  PriceField,
  SaveBar,
  text,
  useEditorRights,
  useEntitySave,
  Window,
} from "./catalog-fields";
import { PublicationHead } from "./PublicationBar";

/**
 * A volume's form: its text and pages, its prices and windows (a sale, free and member-free
 * periods), its release and publish dates. The shop's rules run as the editor saves, before the
 * server runs them again.
 */
export function VolumeForm({
  volume,
  series,
}: {
  volume: VolumeAnswer | null;
  series: { series_id: number; name: string; volumes: VolumeListRow[] };
}) {
  const saving = useEntitySave<{ volume: VolumeAnswer }>(
    volume !== null,
    (answer) => `/ops/catalog/volumes/${answer.volume.book_id}`,
  );
  const nextVolume = Math.max(0, ...series.volumes.map((v) => v.volume)) + 1;
  const rights = useEditorRights();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = keepLocked(
      {
        ...(volume ? {} : { series_id: series.series_id }),
        volume: numberOrNull(form, "volume"),
        title: text(form, "title"),
        description: text(form, "description"),
        page_count: numberOrNull(form, "page_count"),
        trial_page_count: numberOrNull(form, "trial_page_count") ?? 0,
        trial_increase_flag: checked(form, "trial_increase_flag"),
        onsale_flag: checked(form, "onsale_flag"),
        price_inc: numberOrNull(form, "price_inc"),
        sale_price_inc: numberOrNull(form, "sale_price_inc"),
        sale_start_at: blankToNull(form, "sale_start_at"),
        sale_end_at: blankToNull(form, "sale_end_at"),
        free_flag: checked(form, "free_flag"),
        free_start_at: blankToNull(form, "free_start_at"),
        free_end_at: blankToNull(form, "free_end_at"),
        member_free_flag: checked(form, "member_free_flag"),
        member_free_start_at: blankToNull(form, "member_free_start_at"),
        member_free_end_at: blankToNull(form, "member_free_end_at"),
        item_start_date: text(form, "item_start_date"),
        publish_at: blankToNull(form, "publish_at"),
      },
      volume,
      rights,
    );
    void saving.save(
      volume ? `/api/ops/catalog/volumes/${volume.book_id}` : "/api/ops/catalog/volumes",
      body,
      () =>
        volumeIssues({
          ...body,
          page_count: body.page_count ?? 0,
          price_inc: body.price_inc ?? 0,
        }),
    );
  }
  const issues = saving.issues;

  return (
    <>
      <p className="catalog-breadcrumb">
        <Link to={`/ops/catalog/series/${series.series_id}`}>{series.name}</Link>
        {volume ? ` ／ 第${volume.volume}巻` : " ／ 巻を追加"}
      </p>
      {volume ? (
        <PublicationHead
          base={`/api/ops/catalog/volumes/${volume.book_id}`}
          state={volume.state}
          what="巻"
          publishAt={volume.publish_at}
        >
          <a className="ops-button" href={`/ops/volumes/${volume.book_id}/content`}>
            {rights.catalog ? "ページ・表紙をアップロード" : "ページ・表紙を見る"}
          </a>
          <Link className="ops-button" to={`/ops/catalog/series/${series.series_id}/preview`}>
            プレビュー（ゲスト・会員）
          </Link>
        </PublicationHead>
      ) : null}
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <EditableFields>
          <h2>巻の情報</h2>
          <div className="catalog-grid">
            <InputField
              label="巻数"
              name="volume"
              issues={issues}
              type="number"
              min={1}
              max={L.volume}
              defaultValue={volume?.volume ?? nextVolume}
            />
            <InputField
              label="タイトル"
              name="title"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={volume?.title ?? `${series.name}（${nextVolume}）`}
            />
            <Field label="紹介文" name="description" issues={issues} wide>
              <textarea
                id="f-description"
                name="description"
                rows={3}
                maxLength={L.description}
                defaultValue={volume?.description ?? ""}
              />
            </Field>
            <InputField
              label="ページ数"
              name="page_count"
              issues={issues}
              type="number"
              min={1}
              max={L.pages}
              defaultValue={volume?.page_count ?? ""}
            />
            <InputField
              label="試し読みページ数"
              name="trial_page_count"
              issues={issues}
              type="number"
              min={0}
              max={L.pages}
              defaultValue={volume?.trial_page_count ?? 0}
            />
            <Flags label="販売">
              <Check
                name="onsale_flag"
                label="販売する"
                defaultChecked={volume?.onsale_flag ?? true}
              />
              <Check
                name="trial_increase_flag"
                label="立ち読み増量の表示"
                defaultChecked={volume?.trial_increase_flag ?? false}
              />
            </Flags>
          </div>

          <h2>価格（税込）</h2>
          <div className="catalog-grid">
            <PriceField
              label="定価（円）"
              name="price_inc"
              issues={issues}
              defaultValue={volume?.price_inc ?? ""}
            />
            <PriceField
              label="セール価格（円）"
              name="sale_price_inc"
              issues={issues}
              hint="定価より安く"
              defaultValue={volume?.sale_price_inc ?? ""}
            />
          </div>
          <Window
            label="セール期間（東京時間・空欄は期限なし）"
            start="sale_start_at"
            end="sale_end_at"
            values={{ start: volume?.sale_start_at ?? null, end: volume?.sale_end_at ?? null }}
            issues={issues}
          />
          <div className="catalog-grid">
            <Flags issues={issues} field="free_flag">
              <Check name="free_flag" label="無料" defaultChecked={volume?.free_flag ?? false} />
            </Flags>
          </div>
          <Window
            label="無料期間"
            start="free_start_at"
            end="free_end_at"
            values={{ start: volume?.free_start_at ?? null, end: volume?.free_end_at ?? null }}
            issues={issues}
          />
          <div className="catalog-grid">
            <Flags issues={issues} field="member_free_flag">
              <Check
                name="member_free_flag"
                label="会員無料"
                defaultChecked={volume?.member_free_flag ?? false}
              />
            </Flags>
          </div>
          <Window
            label="会員無料期間"
            start="member_free_start_at"
            end="member_free_end_at"
            values={{
              start: volume?.member_free_start_at ?? null,
              end: volume?.member_free_end_at ?? null,
            }}
            issues={issues}
          />

          <h2>日程（東京時間）</h2>
          <div className="catalog-grid">
            <DateTimeField
              label="配信日（カードに出る日付）"
              name="item_start_date"
              issues={issues}
              defaultValue={volume?.item_start_date ?? ""}
            />
            <DateTimeField
              label="公開日時"
              name="publish_at"
              issues={issues}
              hint="空欄なら「公開する」を押したときに公開。未来の日時ならその時刻に自動で公開"
              defaultValue={volume?.publish_at ?? ""}
            />
          </div>
        </EditableFields>
        <SaveBar saving={saving} editing={volume !== null} />
      </form>
    </>
  );
}
