import {
  blankItem,
  CONTENT_TYPES,
  DISPLAY_FLAGS,
  type HomeItemDraft,
  type HomeSectionDraft,
  isRuleFilled,
  LAYOUT_TYPES,
  RANKING_TYPES,
  type SectionFill,
  sectionFill,
} from "../../../contract/ops-home";

type ItemKey = Exclude<keyof HomeItemDraft, "appeal_tags">;

/** The item fields each fill uses, in the order the form shows them (the first one required). */
const ITEM_FIELDS: Record<SectionFill, ReadonlyArray<[ItemKey, string]>> = {
  series: [["series_id", "作品ID"]],
  banner: [["link_rotation_id", "バナーID"]],
  feature: [
    ["title", "見出し"],
    ["url", "リンク先"],
    ["img", "画像"],
    ["description", "説明"],
    ["feature_tag", "特集タグ"],
    ["series_id", "作品ID"],
  ],
  appeal: [
    ["series_id", "作品ID"],
    ["appeal_title", "アピール見出し"],
    ["appeal_intro", "アピール文"],
    ["appeal_img", "アピール画像"],
    ["comment_img", "コメント画像"],
    ["img", "写真（スタッフおすすめ）"],
  ],
  author: [
    ["author_id", "著者ID"],
    ["series_id", "作品ID（作品の行）"],
    ["img", "画像（作家カード）"],
    ["appeal_intro", "紹介文"],
  ],
  carousel: [
    ["img", "画像"],
    ["series_id", "作品ID"],
    ["title", "見出し"],
    ["url", "リンク先"],
  ],
  dramacd: [
    ["cd_id", "ドラマCD ID"],
    ["appeal_text", "アピールテキスト"],
  ],
  ranking: [],
  hot_words: [],
  pickup: [],
};

const NUMERIC: ReadonlySet<ItemKey> = new Set([
  "series_id",
  "book_id",
  "cd_id",
  "link_rotation_id",
  "author_id",
]);

/** What fills a section that has no item list, in the operator's words. */
function ruleText(section: HomeSectionDraft): string {
  if (section.content_type === 1) return "キャンペーンの対象作品が自動で並びます。";
  if (section.content_type === 5)
    return "会員ごとの閲覧履歴が並びます（非会員には表示されません）。";
  switch (sectionFill(section.layout_type)) {
    case "ranking":
      return "このジャンルのランキングが自動で並びます。";
    case "hot_words":
      return "このジャンルの注目ワードが並びます。";
    case "pickup":
      return "このジャンルのピックアップキャンペーン（開催中のもの）が並びます。";
    default:
      return "";
  }
}

const numberOrNull = (value: string) => {
  const n = Number(value);
  return value.trim() === "" || !Number.isFinite(n) ? null : Math.trunc(n);
};

/** One section's fields and items; every change goes straight to the editor's list. */
export function SectionForm(props: {
  section: HomeSectionDraft;
  index: number;
  mayWrite: boolean;
  onChange: (section: HomeSectionDraft) => void;
}) {
  const { section, mayWrite } = props;
  const fill = sectionFill(section.layout_type);
  const set = (patch: Partial<HomeSectionDraft>) => props.onChange({ ...section, ...patch });
  const id = `section-${props.index}`;
  const itemFields =
    fill === "series" && section.content_type === 18
      ? ([["book_id", "巻ID"]] as ReadonlyArray<[ItemKey, string]>)
      : fill
        ? ITEM_FIELDS[fill]
        : [];
  const setItem = (i: number, patch: Partial<HomeItemDraft>) =>
    set({ items: section.items.map((item, j) => (j === i ? { ...item, ...patch } : item)) });
  const moveItem = (i: number, by: number) => {
    const items = [...section.items];
    const [moved] = items.splice(i, 1);
    items.splice(i + by, 0, moved!);
    set({ items });
  };

  return (
    <fieldset className="home-section-form" disabled={!mayWrite}>
      <legend>{props.index + 1}番目のセクションを編集</legend>
      <div className="home-section-form__grid">
        <label className="ops-field">
          <span>種類</span>
          <select
            value={section.layout_type}
            onChange={(e) => set({ layout_type: Number(e.target.value) })}
          >
            {LAYOUT_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.name}（{t.type}）
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>タイトル</span>
          <input
            value={section.title ?? ""}
            onChange={(e) => set({ title: e.target.value })}
            maxLength={200}
          />
        </label>
        {fill === "series" || fill === "dramacd" ? (
          <label className="ops-field">
            <span>表示内容</span>
            <select
              value={section.content_type ?? ""}
              onChange={(e) =>
                set({
                  content_type: (numberOrNull(e.target.value) ??
                    null) as HomeSectionDraft["content_type"],
                })
              }
            >
              <option value="">登録したアイテム</option>
              {CONTENT_TYPES.filter(([c]) => fill === "series" || c === 1).map(([c, label]) => (
                <option key={c} value={c}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {section.content_type === 1 ? (
          <label className="ops-field">
            <span>キャンペーンID</span>
            <input
              inputMode="numeric"
              value={section.campaign_id ?? ""}
              onChange={(e) => set({ campaign_id: numberOrNull(e.target.value) })}
            />
          </label>
        ) : null}
        {fill === "ranking" ? (
          <label className="ops-field">
            <span>ランキングの期間</span>
            <select
              value={section.ranking_type ?? 2}
              onChange={(e) =>
                set({ ranking_type: Number(e.target.value) as HomeSectionDraft["ranking_type"] })
              }
            >
              {RANKING_TYPES.map(([t, label]) => (
                <option key={t} value={t}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="ops-field">
          <span>表示件数</span>
          <input
            type="number"
            min={1}
            max={100}
            value={section.display_number}
            onChange={(e) => set({ display_number: numberOrNull(e.target.value) ?? 1 })}
          />
        </label>
        <label className="ops-field">
          <span>もっと見るのリンク先（空欄で自動・hide で非表示）</span>
          <input
            value={section.more_url ?? ""}
            onChange={(e) => set({ more_url: e.target.value })}
            placeholder="/search?tp=…"
          />
        </label>
        <label className="ops-field">
          <span>表示開始（東京）</span>
          <input
            type="datetime-local"
            value={section.start_at ?? ""}
            onChange={(e) => set({ start_at: e.target.value || null })}
          />
        </label>
        <label className="ops-field">
          <span>表示終了（東京）</span>
          <input
            type="datetime-local"
            value={section.end_at ?? ""}
            onChange={(e) => set({ end_at: e.target.value || null })}
          />
        </label>
      </div>
      <fieldset className="home-section-form__flags">
        <legend className="visually-hidden">表示設定</legend>
        {DISPLAY_FLAGS.map(([flag, label]) => (
          <label key={flag}>
            <input
              type="checkbox"
              checked={section[flag]}
              onChange={(e) => set({ [flag]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {isRuleFilled(section) ? (
        <p className="ops-note">{ruleText(section)}</p>
      ) : (
        <div className="home-items">
          <h3>アイテム（{section.items.length}件）</h3>
          <ol className="home-items__list">
            {section.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no id until published; the position is theirs
              <li key={i} className="home-items__row">
                <span className="home-items__no">{i + 1}</span>
                {itemFields.map(([field, label]) => (
                  <label key={field} className="ops-field home-items__field">
                    <span>{label}</span>
                    <input
                      id={`${id}-item-${i}-${field}`}
                      inputMode={NUMERIC.has(field) ? "numeric" : undefined}
                      value={(item[field] as string | number | null) ?? ""}
                      onChange={(e) =>
                        setItem(i, {
                          [field]: NUMERIC.has(field)
                            ? numberOrNull(e.target.value)
                            : e.target.value || null,
                        })
                      }
                    />
                  </label>
                ))}
                <span className="home-items__moves">
                  <button
                    type="button"
                    className="ops-button ops-button--quiet"
                    disabled={i === 0}
                    onClick={() => moveItem(i, -1)}
                    aria-label={`${i + 1}件目を上へ`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ops-button ops-button--quiet"
                    disabled={i === section.items.length - 1}
                    onClick={() => moveItem(i, 1)}
                    aria-label={`${i + 1}件目を下へ`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ops-button ops-button--quiet"
                    onClick={() => set({ items: section.items.filter((_, j) => j !== i) })}
                    aria-label={`${i + 1}件目を削除`}
                  >
                    削除
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="ops-button"
            onClick={() => set({ items: [...section.items, blankItem()] })}
          >
            アイテムを追加
          </button>
        </div>
      )}
    </fieldset>
  );
}
