import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Choice, DramaCdAnswer, TrackAnswer } from "../../../contract/ops-catalog-answers";
import { dramaCdIssues, CATALOG_LIMITS as L } from "../../../contract/ops-catalog-rules";
import { post } from "../../lib/request";
import {
  blankToNull,
  Check,
  ChoiceField,
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
  Problem,
  SaveBar,
  text,
  useEditorRights,
  useEntitySave,
  useRowSave,
} from "./catalog-fields";
import { PublicationHead } from "./PublicationBar";

/**
 * Withdraws a saved track on its own, or restores it (decision 0094): the CD stays in the store
 * without it, and members who had the CD before keep listening to it.
 */
function TrackWithdrawal({ track }: { track: TrackAnswer }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const withdrawn = track.withdrawn_at !== null;
  async function act() {
    const ask =
      "このトラックを取り下げます。ドラマCDのページ・試聴・これからの購入から外れますが、取り下げ前に購入した会員は引き続き聴けます。よろしいですか？";
    if (!withdrawn && !window.confirm(ask)) return;
    setBusy(true);
    const answer = await post(
      `/api/ops/catalog/tracks/${track.track_id}/${withdrawn ? "restore" : "withdraw"}`,
      {},
    );
    setBusy(false);
    if (answer.result) await revalidator.revalidate();
  }
  return (
    <button
      type="button"
      className={withdrawn ? "ops-button" : "ops-button ops-button--quiet"}
      disabled={busy}
      onClick={() => void act()}
    >
      {withdrawn ? "取り下げを取り消す" : "取り下げる"}
    </button>
  );
}

/** A track's number and name: a saved track edited in its row, or a new one added at the end. */
function TrackForm(props: { url: string; track: TrackAnswer | null; nextTrackNo?: number }) {
  const { track } = props;
  const saving = useRowSave();
  const rights = useEditorRights();
  return (
    <>
      <form
        className="catalog-track__form"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          void saving.save(props.url, {
            track_no: numberOrNull(form, "track_no"),
            name: text(form, "name"),
          });
        }}
      >
        <EditableFields>
          <input
            aria-label={track ? "トラック番号" : "新しいトラックの番号"}
            name="track_no"
            type="number"
            min={1}
            max={L.trackNo}
            defaultValue={track?.track_no ?? props.nextTrackNo}
          />
          <input
            aria-label={track ? "トラック名" : "新しいトラックの名前"}
            name="name"
            maxLength={L.name}
            defaultValue={track?.name}
            placeholder={track ? undefined : "トラック名"}
          />
        </EditableFields>
        {track ? (
          <>
            {rights.catalog ? (
              <button type="submit" className="ops-button" disabled={saving.busy}>
                保存
              </button>
            ) : null}
            {track.withdrawn_at !== null ? (
              <span className="catalog-track__state">取り下げ中</span>
            ) : null}
            <span className="catalog-track__audio">
              {track.duration_sec > 0 ? `${track.duration_sec}秒` : "音声未登録"}
              {track.has_trial ? "・試聴あり" : ""}
            </span>
            <a
              className="ops-button ops-button--quiet"
              href={`/ops/tracks/${track.track_id}/audio`}
            >
              {rights.catalog ? "音声をアップロード" : "音声を見る"}
            </a>
            {rights.catalog ? <TrackWithdrawal track={track} /> : null}
          </>
        ) : (
          <button type="submit" className="ops-button ops-button--primary" disabled={saving.busy}>
            トラックを追加
          </button>
        )}
      </form>
      <Problem text={saving.problem} />
    </>
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
  const [brandId, setBrandId] = useState<number | null>(cd?.brand_id ?? null);
  const rights = useEditorRights();
  const saving = useEntitySave<{ drama_cd: DramaCdAnswer }>(
    cd !== null,
    (answer) => `/ops/catalog/drama-cds/${answer.drama_cd.cd_id}`,
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = keepLocked(
      {
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
      },
      cd,
      rights,
    );
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
        <PublicationHead
          base={`/api/ops/catalog/drama-cds/${cd.cd_id}`}
          state={cd.state}
          what="ドラマCD"
        />
      ) : null}
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <EditableFields>
          <h2>ドラマCDの情報</h2>
          <div className="catalog-grid">
            <InputField
              label="タイトル"
              name="name"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={cd?.name}
            />
            <InputField
              label="タイトルの読み"
              name="name_kana"
              issues={issues}
              wide
              maxLength={L.kana}
              defaultValue={cd?.name_kana}
            />
            <ChoiceField
              label="メーカー"
              name="brand_id"
              issues={issues}
              blank="選んでください"
              choices={choices.brands}
              defaultValue={cd?.brand_id ?? ""}
              onPick={setBrandId}
            />
            <ChoiceField
              label="レーベル"
              name="label_id"
              issues={issues}
              blank="選んでください"
              choices={choices.labels.filter((l) => brandId === null || l.brandId === brandId)}
              defaultValue={cd?.label_id ?? ""}
            />
            <InputField
              label="原作の作品ID"
              name="series_id"
              issues={issues}
              type="number"
              min={1}
              defaultValue={cd?.series_id ?? ""}
            />
            <Field label="紹介文" name="description" issues={issues} wide>
              <textarea
                id="f-description"
                name="description"
                rows={3}
                defaultValue={cd?.description}
              />
            </Field>
            <InputField
              label="キャッチコピー"
              name="appeal_text"
              issues={issues}
              wide
              maxLength={L.name}
              defaultValue={cd?.appeal_text}
            />
            <Field label="対象年齢" name="ethic_type" issues={issues}>
              <select id="f-ethic_type" name="ethic_type" defaultValue={cd?.ethic_type ?? 0}>
                <option value={0}>全年齢</option>
                <option value={1}>15歳以上</option>
              </select>
            </Field>
            <Flags label="カードの表示">
              <Check
                name="final_flag"
                label="完結（完）"
                defaultChecked={cd?.final_flag ?? false}
              />
            </Flags>
            <PriceField
              label="販売価格（税込・円）"
              name="price_inc"
              issues={issues}
              defaultValue={cd?.price_inc ?? ""}
            />
            <PriceField
              label="値下げ前の価格（円）"
              name="before_price_inc"
              issues={issues}
              hint="値下げ中だけ"
              defaultValue={cd?.before_price_inc ?? ""}
            />
            <DateTimeField
              label="販売開始（東京）"
              name="sale_start_date"
              issues={issues}
              defaultValue={cd?.sale_start_date ?? ""}
            />
            <DateTimeField
              label="販売終了（空欄は期限なし）"
              name="sale_end_date"
              issues={issues}
              defaultValue={cd?.sale_end_date ?? ""}
            />
          </div>
        </EditableFields>
        <SaveBar saving={saving} editing={cd !== null} />
      </form>
      {cd ? (
        <section className="ops-panel" aria-labelledby="cd-tracks">
          <h2 id="cd-tracks">トラック（{cd.tracks.length}）</h2>
          <ul className="catalog-tracks">
            {cd.tracks.map((t) => (
              <li
                key={t.track_id}
                className={t.withdrawn_at !== null ? "catalog-track is-withdrawn" : "catalog-track"}
              >
                <TrackForm url={`/api/ops/catalog/tracks/${t.track_id}`} track={t} />
              </li>
            ))}
          </ul>
          {rights.catalog ? (
            <TrackForm
              // A new key after each track added: the empty row starts again at the next number.
              key={`new-${nextTrack}`}
              url={`/api/ops/catalog/drama-cds/${cd.cd_id}/tracks`}
              track={null}
              nextTrackNo={nextTrack}
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
