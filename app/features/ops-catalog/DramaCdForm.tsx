import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { Choice, DramaCdAnswer, TrackAnswer } from "../../../contract/ops-catalog-answers";
import { dramaCdIssues, CATALOG_LIMITS as L } from "../../../contract/ops-catalog-rules";
import {
  blankToNull,
  Check,
  checked,
  Field,
  numberOrNull,
  text,
  useCatalogSave,
} from "./catalog-fields";
import { PublicationBar } from "./PublicationBar";

function TrackRow({ track }: { track: TrackAnswer }) {
  const revalidator = useRevalidator();
  const saving = useCatalogSave(() => void revalidator.revalidate());
  return (
    <li className="catalog-track">
      <form
        className="catalog-track__form"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          void saving.save(`/api/ops/catalog/tracks/${track.track_id}`, {
            track_no: numberOrNull(form, "track_no"),
            name: text(form, "name"),
          });
        }}
      >
        <input
          aria-label="トラック番号"
          name="track_no"
          type="number"
          min={1}
          max={L.trackNo}
          defaultValue={track.track_no}
        />
        <input aria-label="トラック名" name="name" maxLength={L.name} defaultValue={track.name} />
        <button type="submit" className="ops-button" disabled={saving.busy}>
          保存
        </button>
        <span className="catalog-track__audio">
          {track.duration_sec > 0 ? `${track.duration_sec}秒` : "音声未登録"}
          {track.has_trial ? "・試聴あり" : ""}
        </span>
        <a className="ops-button ops-button--quiet" href={`/ops/tracks/${track.track_id}/audio`}>
          音声をアップロード
        </a>
      </form>
      {saving.problem ? (
        <p className="ops-problem" role="alert">
          {saving.problem}
        </p>
      ) : null}
    </li>
  );
}

/** A drama CD's form, its tracks below it once saved (their audio is uploaded on its own screen). */
export function DramaCdForm({
  cd,
  choices,
}: {
  cd: DramaCdAnswer | null;
  choices: { brands: Choice[]; labels: Choice[] };
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [brandId, setBrandId] = useState<number | null>(cd?.brand_id ?? null);
  const saving = useCatalogSave<{ drama_cd: DramaCdAnswer }>((answer) => {
    if (!cd) {
      navigate(`/ops/catalog/drama-cds/${answer.drama_cd.cd_id}`);
      return;
    }
    setNotice("保存しました。");
    void revalidator.revalidate();
  });
  const adding = useCatalogSave(() => void revalidator.revalidate());

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setNotice(null);
    const body = {
      name: text(form, "name"),
      name_kana: text(form, "name_kana"),
      brand_id: numberOrNull(form, "brand_id"),
      label_id: numberOrNull(form, "label_id"),
      series_id: numberOrNull(form, "series_id"),
      description: text(form, "description"),
      appeal_text: text(form, "appeal_text"),
      ethic_type: form.get("ethic_type") === "1" ? 1 : 0,
      final_flag: checked(form, "final_flag"),
      price_inc: numberOrNull(form, "price_inc"),
      before_price_inc: numberOrNull(form, "before_price_inc"),
      sale_start_date: text(form, "sale_start_date"),
      sale_end_date: blankToNull(form, "sale_end_date"),
    };
    void saving.save(
      cd ? `/api/ops/catalog/drama-cds/${cd.cd_id}` : "/api/ops/catalog/drama-cds",
      body,
      () => dramaCdIssues({ ...body, price_inc: body.price_inc ?? 0 }),
    );
  }
  const issues = saving.issues;
  const nextTrack = Math.max(0, ...(cd?.tracks.map((t) => t.track_no) ?? [])) + 1;

  return (
    <>
      {cd ? (
        <section className="ops-panel catalog-head">
          <PublicationBar
            base={`/api/ops/catalog/drama-cds/${cd.cd_id}`}
            state={cd.state}
            what="ドラマCD"
          />
        </section>
      ) : null}
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <form className="ops-panel catalog-form" onSubmit={onSubmit} noValidate>
        <h2>ドラマCDの情報</h2>
        <div className="catalog-grid">
          <Field label="タイトル" name="name" issues={issues} wide>
            <input id="f-name" name="name" maxLength={L.name} defaultValue={cd?.name} />
          </Field>
          <Field label="タイトルの読み" name="name_kana" issues={issues} wide>
            <input
              id="f-name_kana"
              name="name_kana"
              maxLength={L.kana}
              defaultValue={cd?.name_kana}
            />
          </Field>
          <Field label="メーカー" name="brand_id" issues={issues}>
            <select
              id="f-brand_id"
              name="brand_id"
              defaultValue={cd?.brand_id ?? ""}
              onChange={(e) => setBrandId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">選んでください</option>
              {choices.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="レーベル" name="label_id" issues={issues}>
            <select id="f-label_id" name="label_id" defaultValue={cd?.label_id ?? ""}>
              <option value="">選んでください</option>
              {choices.labels
                .filter((l) => brandId === null || l.brandId === brandId)
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
            </select>
          </Field>
          <Field label="原作の作品ID" name="series_id" issues={issues}>
            <input
              id="f-series_id"
              name="series_id"
              type="number"
              min={1}
              defaultValue={cd?.series_id ?? ""}
            />
          </Field>
          <Field label="紹介文" name="description" issues={issues} wide>
            <textarea
              id="f-description"
              name="description"
              rows={3}
              defaultValue={cd?.description}
            />
          </Field>
          <Field label="キャッチコピー" name="appeal_text" issues={issues} wide>
            <input
              id="f-appeal_text"
              name="appeal_text"
              maxLength={L.name}
              defaultValue={cd?.appeal_text}
            />
          </Field>
          <Field label="対象年齢" name="ethic_type" issues={issues}>
            <select id="f-ethic_type" name="ethic_type" defaultValue={cd?.ethic_type ?? 0}>
              <option value={0}>全年齢</option>
              <option value={1}>15歳以上</option>
            </select>
          </Field>
          <div className="catalog-field">
            <span className="catalog-field__label">カードの表示</span>
            <Check name="final_flag" label="完結（完）" defaultChecked={cd?.final_flag ?? false} />
          </div>
          <Field label="販売価格（税込・円）" name="price_inc" issues={issues}>
            <input
              id="f-price_inc"
              name="price_inc"
              type="number"
              min={0}
              max={L.price}
              defaultValue={cd?.price_inc ?? ""}
            />
          </Field>
          <Field
            label="値下げ前の価格（円）"
            name="before_price_inc"
            issues={issues}
            hint="値下げ中だけ"
          >
            <input
              id="f-before_price_inc"
              name="before_price_inc"
              type="number"
              min={0}
              max={L.price}
              defaultValue={cd?.before_price_inc ?? ""}
            />
          </Field>
          <Field label="販売開始（東京）" name="sale_start_date" issues={issues}>
            <input
              id="f-sale_start_date"
              type="datetime-local"
              name="sale_start_date"
              defaultValue={cd?.sale_start_date ?? ""}
            />
          </Field>
          <Field label="販売終了（空欄は期限なし）" name="sale_end_date" issues={issues}>
            <input
              id="f-sale_end_date"
              type="datetime-local"
              name="sale_end_date"
              defaultValue={cd?.sale_end_date ?? ""}
            />
          </Field>
        </div>
        {saving.problem ? (
          <p className="ops-problem" role="alert">
            {saving.problem}
          </p>
        ) : null}
        <button type="submit" className="ops-button ops-button--primary" disabled={saving.busy}>
          {cd ? "保存する" : "下書きとして作成する"}
        </button>
      </form>
      {cd ? (
        <section className="ops-panel" aria-labelledby="cd-tracks">
          <h2 id="cd-tracks">トラック（{cd.tracks.length}）</h2>
          <ul className="catalog-tracks">
            {cd.tracks.map((t) => (
              <TrackRow key={t.track_id} track={t} />
            ))}
          </ul>
          <form
            className="catalog-track__form"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              void adding.save(`/api/ops/catalog/drama-cds/${cd.cd_id}/tracks`, {
                track_no: numberOrNull(form, "track_no"),
                name: text(form, "name"),
              });
            }}
          >
            <input
              aria-label="新しいトラックの番号"
              name="track_no"
              type="number"
              min={1}
              defaultValue={nextTrack}
            />
            <input
              aria-label="新しいトラックの名前"
              name="name"
              maxLength={L.name}
              placeholder="トラック名"
            />
            <button type="submit" className="ops-button ops-button--primary" disabled={adding.busy}>
              トラックを追加
            </button>
          </form>
          {adding.problem ? (
            <p className="ops-problem" role="alert">
              {adding.problem}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
