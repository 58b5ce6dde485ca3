import { useState } from "react";
import {
  EXTRAS_LIMITS as L,
  type LotteryEditorAnswer,
  lotteryIssues,
  PLAY_CONDITIONS,
  prizeChances,
} from "../../../contract/ops-extras-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import {
  blankToNull,
  DateTimeField,
  Field,
  InputField,
  Issue,
  Notice,
  text,
  useEntitySave,
} from "../ops-catalog/catalog-fields";
import { LiveSaveBar } from "./ExtrasNav";

type Gift = "none" | "point" | "coupon" | "item";

interface Prize {
  /** The form's own key: a new prize has no id yet. */
  key: string;
  prize_id: number | null;
  name: string;
  rank: number | null;
  img: string;
  description: string;
  gift: Gift;
  /** Points, a coupon id or an item id, as the gift says. */
  value: number | null;
  weight: number;
  stock: number | null;
  stock_seen: number | null;
  won: number;
}

const GIFTS: Record<Gift, string> = {
  none: "なし（はずれ）",
  point: "ポイント",
  coupon: "クーポンID",
  item: "作品（商品ID）",
};

const number = (value: string) => (value.trim() === "" ? null : Number(value));
let made = 0;

function fromAnswer(p: LotteryEditorAnswer["prizes"][number]): Prize {
  const gift: Gift = p.item_id ? "item" : p.coupon_id ? "coupon" : p.point ? "point" : "none";
  return {
    key: `p${p.prize_id}`,
    prize_id: p.prize_id,
    name: p.name,
    rank: p.rank,
    img: p.img ?? "",
    description: p.description ?? "",
    gift,
    value: gift === "item" ? p.item_id : gift === "coupon" ? p.coupon_id : p.point,
    weight: p.weight,
    stock: p.stock,
    stock_seen: p.stock,
    won: p.won,
  };
}

const newPrize = (): Prize => ({
  key: `new${++made}`,
  prize_id: null,
  name: "",
  rank: null,
  img: "",
  description: "",
  gift: "point",
  value: null,
  weight: 1,
  stock: null,
  stock_seen: null,
  won: 0,
});

/** The prize as the payload carries it: the gift becomes its one field. */
function prizeBody(p: Prize) {
  return {
    prize_id: p.prize_id,
    name: p.name,
    rank: p.rank,
    img: p.img || null,
    description: p.description || null,
    point: p.gift === "point" ? p.value : null,
    coupon_id: p.gift === "coupon" ? p.value : null,
    item_id: p.gift === "item" ? p.value : null,
    weight: p.weight,
    stock: p.stock,
    ...(p.prize_id === null ? {} : { stock_seen: p.stock_seen }),
  };
}

/** A lottery: its page, its period and how often a member plays, and its prizes in draw order. */
export function LotteryForm({
  lottery,
  mayWrite,
}: {
  lottery: LotteryEditorAnswer | null;
  mayWrite: boolean;
}) {
  const saving = useEntitySave<{ lottery: LotteryEditorAnswer }>(
    lottery !== null,
    (answer) => `/ops/lotteries/${answer.lottery.lottery_id}`,
  );
  const [prizes, setPrizes] = useState<Prize[]>(lottery?.prizes.map(fromAnswer) ?? [newPrize()]);
  const chances = prizeChances(prizes);
  const set = (i: number, change: Partial<Prize>) =>
    setPrizes((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
  const move = (i: number, by: -1 | 1) =>
    setPrizes((all) => {
      const next = [...all];
      const [p] = next.splice(i, 1);
      next.splice(i + by, 0, p!);
      return next;
    });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      name: text(form, "name"),
      title: text(form, "title"),
      img: blankToNull(form, "img"),
      upper_page_content: text(form, "upper_page_content"),
      lower_page_content: text(form, "lower_page_content"),
      share_url: blankToNull(form, "share_url"),
      play_condition_type: Number(form.get("play_condition_type")),
      start_at: text(form, "start_at"),
      end_at: blankToNull(form, "end_at"),
      prizes: prizes.map(prizeBody),
    };
    void saving.save(
      lottery ? `/api/ops/lotteries/${lottery.lottery_id}` : "/api/ops/lotteries",
      body,
      () => lotteryIssues(body),
    );
  }
  const issues = saving.issues;

  return (
    <>
      {lottery ? (
        <section className="ops-panel catalog-head">
          <p>{lottery.running ? "開催中のくじです。" : "開催期間外のくじです。"}</p>
          <p className="catalog-links">
            <a href={`/lottery/${lottery.name}`} target="_blank" rel="noreferrer">
              ストアで見る
            </a>
          </p>
        </section>
      ) : null}
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <h2>くじ</h2>
        <div className="catalog-grid">
          <InputField
            label="タイトル"
            name="title"
            issues={issues}
            wide
            maxLength={L.title}
            defaultValue={lottery?.title}
          />
          <InputField
            label="アドレス名（/lottery/○○）"
            name="name"
            issues={issues}
            maxLength={64}
            pattern="[a-z0-9_\-]+"
            hint="英小文字・数字・_・-"
            defaultValue={lottery?.name}
          />
          <Field label="抽選できる回数" name="play_condition_type" issues={issues}>
            <select
              id="f-play_condition_type"
              name="play_condition_type"
              defaultValue={lottery?.play_condition_type ?? 1}
            >
              {Object.entries(PLAY_CONDITIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <DateTimeField
            label="開始（東京）"
            name="start_at"
            issues={issues}
            defaultValue={lottery?.start_at ?? tokyoDateTimeInput(new Date())}
          />
          <DateTimeField
            label="終了（空欄は期限なし）"
            name="end_at"
            issues={issues}
            defaultValue={lottery?.end_at ?? ""}
          />
          <InputField
            label="画像"
            name="img"
            issues={issues}
            maxLength={L.url}
            defaultValue={lottery?.img ?? ""}
          />
          <InputField
            label="シェアURL（空欄は /lottery/アドレス名）"
            name="share_url"
            issues={issues}
            maxLength={L.url}
            defaultValue={lottery?.share_url ?? ""}
          />
          <Field label="ボタンの上の説明" name="upper_page_content" issues={issues} wide>
            <textarea
              id="f-upper_page_content"
              name="upper_page_content"
              rows={3}
              defaultValue={lottery?.upper_page_content ?? ""}
            />
          </Field>
          <Field label="ボタンの下の説明" name="lower_page_content" issues={issues} wide>
            <textarea
              id="f-lower_page_content"
              name="lower_page_content"
              rows={3}
              defaultValue={lottery?.lower_page_content ?? ""}
            />
          </Field>
        </div>

        <h2>景品（{prizes.length}）</h2>
        <p className="catalog-field__hint">
          上から順に、重み ÷ 在庫が残っている景品の重みの合計
          の確率で当たります。在庫が0になった景品は当たりません（空欄は無制限）。
          抽選中の在庫は保存のときに引き継がれます。
        </p>
        <Issue issues={issues} field="prizes" />
        <ol className="extras-prizes">
          {prizes.map((p, i) => {
            const at = (field: string) => `prizes.${i}.${field}`;
            return (
              <li key={p.key} className="extras-prize">
                <div className="extras-prize__head">
                  <span className="extras-prize__chance">
                    当選確率 {chances[i]!.toFixed(chances[i]! < 1 ? 2 : 1)}%
                  </span>
                  {p.won > 0 ? <span>当選 {p.won}件</span> : null}
                  <span className="extras-prize__moves">
                    <button
                      type="button"
                      className="ops-button ops-button--quiet"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`${p.name || "景品"}を上へ`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="ops-button ops-button--quiet"
                      disabled={i === prizes.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`${p.name || "景品"}を下へ`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="ops-button ops-button--quiet"
                      disabled={p.won > 0}
                      title={
                        p.won > 0 ? "当選者がいる景品は削除できません（在庫を0に）" : undefined
                      }
                      onClick={() => setPrizes((all) => all.filter((_, j) => j !== i))}
                    >
                      削除
                    </button>
                  </span>
                </div>
                <label className="extras-prize__name">
                  景品名
                  <input
                    value={p.name}
                    maxLength={L.title}
                    onChange={(e) => set(i, { name: e.target.value })}
                  />
                </label>
                <label className="extras-prize__num">
                  ランク
                  <input
                    type="number"
                    min={0}
                    max={L.rank}
                    value={p.rank ?? ""}
                    onChange={(e) => set(i, { rank: number(e.target.value) })}
                  />
                </label>
                <label>
                  景品の中身
                  <select
                    value={p.gift}
                    onChange={(e) => set(i, { gift: e.target.value as Gift, value: null })}
                  >
                    {Object.entries(GIFTS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                {p.gift === "none" ? null : (
                  <label className="extras-prize__num">
                    {GIFTS[p.gift]}
                    <input
                      type="number"
                      min={p.gift === "point" ? 0 : 1}
                      value={p.value ?? ""}
                      onChange={(e) => set(i, { value: number(e.target.value) })}
                    />
                  </label>
                )}
                <label className="extras-prize__num">
                  重み
                  <input
                    type="number"
                    min={1}
                    max={L.weight}
                    value={p.weight}
                    onChange={(e) => set(i, { weight: Number(e.target.value) })}
                  />
                </label>
                <label className="extras-prize__num">
                  在庫
                  <input
                    type="number"
                    min={0}
                    max={L.stock}
                    placeholder="無制限"
                    value={p.stock ?? ""}
                    onChange={(e) => set(i, { stock: number(e.target.value) })}
                  />
                </label>
                <label className="extras-prize__wide">
                  説明（当選時に表示）
                  <input
                    value={p.description}
                    maxLength={L.description}
                    onChange={(e) => set(i, { description: e.target.value })}
                  />
                </label>
                <label className="extras-prize__wide">
                  景品画像
                  <input
                    value={p.img}
                    maxLength={L.url}
                    onChange={(e) => set(i, { img: e.target.value })}
                  />
                </label>
                {["name", "weight", "stock", "point", "coupon_id", "item_id", "img"].map((f) => (
                  <Issue key={f} issues={issues} field={at(f)} />
                ))}
              </li>
            );
          })}
        </ol>
        {mayWrite ? (
          <p>
            <button
              type="button"
              className="ops-button"
              disabled={prizes.length >= L.prizes}
              onClick={() => setPrizes((all) => [...all, newPrize()])}
            >
              景品を追加
            </button>
          </p>
        ) : null}
        {mayWrite ? (
          <LiveSaveBar
            saving={saving}
            editing={lottery !== null}
            note="保存すると、開催中のくじにもすぐに反映されます。"
          />
        ) : null}
      </form>
    </>
  );
}
