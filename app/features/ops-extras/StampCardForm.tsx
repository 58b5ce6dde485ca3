import { useRef, useState } from "react";
import {
  daysCovered,
  EXTRAS_LIMITS as L,
  type StampCardEditorAnswer,
  stampCardIssues,
  stampCellPlace,
} from "../../../contract/ops-extras-rules";
import type { StampBoxView } from "../../../contract/stamp";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import {
  blankToNull,
  Field,
  InputField,
  Issue,
  Notice,
  text,
  useEntitySave,
  useTypedBeforeHydration,
} from "../ops-catalog/catalog-fields";
import { stampRows } from "../stamp/stamp-card";
import { LiveSaveBar } from "./ExtrasNav";

interface Cell {
  image_url_on: string;
  image_url_off: string;
  reward_point: number | null;
  reward_coupon_id: number | null;
  reward_present_point: number | null;
}

const blankCell = (n: number): Cell => ({
  image_url_on: `/media/stamp/on-${n}.png`,
  image_url_off: `/media/stamp/off-${n}.png`,
  reward_point: null,
  reward_coupon_id: null,
  reward_present_point: null,
});

const number = (value: string) => (value.trim() === "" ? null : Number(value));

/** What a cell gives, in the words of the store's appeal line. */
function gifts(c: Cell) {
  return [
    c.reward_point ? `${c.reward_point}pt` : null,
    c.reward_coupon_id ? "クーポン" : null,
    c.reward_present_point ? `プレゼント${c.reward_present_point}pt` : null,
  ].filter(Boolean);
}

/** The card as the store lays it out (six a row, every other row backwards), with its rewards. */
function CardSketch({ cells }: { cells: readonly Cell[] }) {
  const rows: StampBoxView[][] = [];
  cells.forEach((c, i) => {
    const { row } = stampCellPlace(i + 1);
    rows[row - 1] ??= [];
    rows[row - 1]!.push({ stamp_no: i + 1, image_url_on: c.image_url_on, image_url_off: "" });
  });
  const laid = stampRows(rows, { current_stamp_no: 0, press_stamps: [] }, cells.length);
  return (
    <figure className="extras-sketch">
      <figcaption>カードの並び（ストアと同じ配置・色付きは報酬あり）</figcaption>
      {laid.map((row) =>
        row.cells.map((cell) => {
          const given = gifts(cells[cell.stamp_no - 1]!);
          return (
            <div
              key={cell.stamp_no}
              className={given.length > 0 ? "extras-sketch__cell is-reward" : "extras-sketch__cell"}
              style={{ gridRow: row.row + 1, gridColumn: cell.column }}
            >
              <b>{cell.stamp_no}</b>
              {cell.label ? <small>{cell.label}</small> : null}
              {given.map((g) => (
                <small key={g}>{g}</small>
              ))}
            </div>
          );
        }),
      )}
    </figure>
  );
}

/** A login stamp card: its look, its Tokyo days and its cells, each with what it gives. */
export function StampCardForm({
  card,
  mayWrite,
}: {
  card: StampCardEditorAnswer | null;
  mayWrite: boolean;
}) {
  const saving = useEntitySave<{ stamp_card: StampCardEditorAnswer }>(
    card !== null,
    (answer) => `/ops/stamp-cards/${answer.stamp_card.card_id}`,
  );
  const today = tokyoIsoDate(new Date());
  const [cells, setCells] = useState<Cell[]>(
    card?.cells.map((c) => ({ ...c })) ?? Array.from({ length: 30 }, (_, i) => blankCell(i + 1)),
  );
  const [period, setPeriod] = useState({
    start: card?.start_date ?? today,
    end: card?.end_date ?? tokyoIsoDate(new Date(Date.now() + 29 * 86_400_000)),
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (field) =>
    setPeriod((p) => ({ start: field("start_date") ?? p.start, end: field("end_date") ?? p.end })),
  );
  const days = daysCovered(period.start, period.end);
  const pressed = card?.pressed_max ?? 0;

  const setCell = (i: number, change: Partial<Cell>) =>
    setCells((all) => all.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const resize = (n: number) =>
    setCells((all) =>
      n <= all.length
        ? all.slice(0, n)
        : [
            ...all,
            ...Array.from({ length: n - all.length }, (_, i) => blankCell(all.length + i + 1)),
          ],
    );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      image_url: text(form, "image_url"),
      start_date: text(form, "start_date"),
      end_date: text(form, "end_date"),
      description: blankToNull(form, "description"),
      bg_color: blankToNull(form, "bg_color"),
      bg_image_url: blankToNull(form, "bg_image_url"),
      band_style: blankToNull(form, "band_style"),
      cells,
    };
    void saving.save(
      card ? `/api/ops/stamp-cards/${card.card_id}` : "/api/ops/stamp-cards",
      body,
      () => stampCardIssues(body),
    );
  }
  const issues = saving.issues;

  return (
    <>
      {card ? (
        <section className="ops-panel catalog-head">
          <p>
            {card.running
              ? "本日ストアに表示中のカードです。"
              : "本日は表示されていないカードです。"}
            {pressed > 0 ? ` 会員が最大${pressed}個までスタンプを押しています。` : ""}
          </p>
          {card.running ? (
            <p className="catalog-links">
              <a href="/stamp" target="_blank" rel="noreferrer">
                ストアで見る
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <Notice text={saving.notice} />
      <form
        ref={formRef}
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <h2>カード</h2>
        <div className="catalog-grid">
          <InputField
            label="開始日（東京）"
            name="start_date"
            type="date"
            issues={issues}
            defaultValue={period.start}
            onChange={(e) => setPeriod((p) => ({ ...p, start: e.target.value }))}
          />
          <InputField
            label="終了日（東京・この日まで）"
            name="end_date"
            type="date"
            issues={issues}
            hint={days && days > 0 ? `${days}日間` : undefined}
            defaultValue={period.end}
            onChange={(e) => setPeriod((p) => ({ ...p, end: e.target.value }))}
          />
          <InputField
            label="カード画像"
            name="image_url"
            issues={issues}
            wide
            maxLength={L.url}
            defaultValue={card?.image_url ?? "/media/stamp/card.png"}
          />
          <InputField
            label="説明（報酬の案内など）"
            name="description"
            issues={issues}
            wide
            maxLength={L.description}
            defaultValue={card?.description ?? ""}
          />
          <InputField
            label="背景色（16進6桁・#なし）"
            name="bg_color"
            issues={issues}
            maxLength={6}
            defaultValue={card?.bg_color ?? ""}
          />
          <InputField
            label="背景画像"
            name="bg_image_url"
            issues={issues}
            maxLength={L.url}
            defaultValue={card?.bg_image_url ?? ""}
          />
          <InputField
            label="「本日のスタンプはGET済みです！」帯のスタイル（CSS）"
            name="band_style"
            issues={issues}
            wide
            maxLength={L.url}
            defaultValue={card?.band_style ?? ""}
          />
        </div>

        <h2>マス目と報酬（{cells.length}個）</h2>
        <div className="extras-cells-head">
          <Field label="マス目の数" name="cell_count" issues={[]}>
            <input
              id="f-cell_count"
              type="number"
              min={Math.max(1, pressed)}
              max={L.stampCells}
              value={cells.length}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 1 && n <= L.stampCells) resize(n);
              }}
            />
          </Field>
          <p className="catalog-field__hint">
            1日1個押せます。6個ずつ折り返して並び、最後のマスがゴールです。
            {pressed > 0 ? `押された${pressed}個より少なくはできません。` : ""}
          </p>
        </div>
        <Issue issues={issues} field="cells" />
        <CardSketch cells={cells} />
        <ol className="extras-cells">
          {cells.map((c, i) => {
            const at = (field: string) => `cells.${i}.${field}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its stamp number
              <li key={i} className="extras-cell">
                <span className="extras-cell__no">{i + 1}</span>
                <label>
                  押す前の画像
                  <input
                    value={c.image_url_off}
                    maxLength={L.url}
                    onChange={(e) => setCell(i, { image_url_off: e.target.value })}
                  />
                </label>
                <label>
                  押した後の画像
                  <input
                    value={c.image_url_on}
                    maxLength={L.url}
                    onChange={(e) => setCell(i, { image_url_on: e.target.value })}
                  />
                </label>
                <label className="extras-cell__num">
                  ポイント
                  <input
                    type="number"
                    min={0}
                    max={L.reward}
                    value={c.reward_point ?? ""}
                    onChange={(e) => setCell(i, { reward_point: number(e.target.value) })}
                  />
                </label>
                <label className="extras-cell__num">
                  クーポンID
                  <input
                    type="number"
                    min={1}
                    value={c.reward_coupon_id ?? ""}
                    onChange={(e) => setCell(i, { reward_coupon_id: number(e.target.value) })}
                  />
                </label>
                <label className="extras-cell__num">
                  プレゼントpt
                  <input
                    type="number"
                    min={0}
                    max={L.reward}
                    value={c.reward_present_point ?? ""}
                    onChange={(e) => setCell(i, { reward_present_point: number(e.target.value) })}
                  />
                </label>
                <Issue issues={issues} field={at("reward_coupon_id")} />
                <Issue issues={issues} field={at("reward_point")} />
                <Issue issues={issues} field={at("image_url_on")} />
                <Issue issues={issues} field={at("image_url_off")} />
              </li>
            );
          })}
        </ol>
        {mayWrite ? (
          <LiveSaveBar
            saving={saving}
            editing={card !== null}
            note="保存すると、期間中のカードはすぐにストアに反映されます。"
          />
        ) : null}
      </form>
    </>
  );
}
