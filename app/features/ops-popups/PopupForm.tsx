import { lazy, Suspense, useState } from "react";
import { GENRES } from "../../../contract/genres";
import type { PopupEditorAnswer, PopupPayload } from "../../../contract/ops-popups";
import {
  POPUP_LIMITS as L,
  POPUP_PAGE_LABELS,
  POPUP_TYPE_LABELS,
  popupIssues,
  SCROLL_TYPES,
} from "../../../contract/ops-popups-rules";
import type { PopupView } from "../../../contract/popup";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import {
  Field,
  Flags,
  InputField,
  Notice,
  Problem,
  useEntitySave,
} from "../ops-catalog/catalog-fields";
import { usePublicationMove, WithdrawButton } from "../ops-catalog/PublicationBar";
import { CountRange, clickRate, PopupStateBadge } from "./PopupsNav";

// The store's own popup, loaded when the editor first asks for the preview.
const PreviewPopup = lazy(() =>
  import("../popup/QueuedPopups").then((m) => ({ default: m.PreviewPopup })),
);

/** The form as typed: text as in the fields, checks as booleans. */
interface Draft {
  popup_type: string;
  page: string;
  priority: string;
  tracking_name: string;
  title: string;
  body: string;
  img: string;
  link_url: string;
  button_label: string;
  series_id: string;
  book_id: string;
  campaign_id: string;
  start_at: string;
  end_at: string;
  display_limit: string;
  dismissible: boolean;
  pr: boolean;
  scroll_ratio: string;
  discount_rate: string;
  price_min: string;
  price_max: string;
  display: boolean;
  genre_read: boolean;
  countdown: boolean;
  pickup: boolean;
  image_name: string;
  koma: string;
  series_ids: string;
  ctrl_titles: [string, string, string];
  nickname_title: string;
  utm: Array<{ source: string; medium: string }>;
  login: string;
  paid: string;
  signup_within_days: string;
  signup_before: string;
  newsletter: string;
  os: string[];
  genres: number[];
  idle_days: string;
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function draftOf(p: PopupEditorAnswer | null): Draft {
  const d = p?.display ?? {};
  const r = p?.target_rules ?? {};
  const now = new Date();
  return {
    popup_type: str(p?.popup_type ?? 1),
    page: p?.page ?? "home",
    priority: str(p?.priority ?? 0),
    tracking_name: p?.tracking_name ?? "",
    title: p?.title ?? "",
    body: p?.body ?? "",
    img: p?.img ?? "",
    link_url: p?.link_url ?? "",
    button_label: p?.button_label ?? "",
    series_id: str(p?.series_id),
    book_id: str(p?.book_id),
    campaign_id: str(p?.campaign_id),
    start_at: p?.start_at ?? tokyoDateTimeInput(now),
    end_at: p?.end_at ?? "",
    display_limit: str(p?.display_limit),
    dismissible: d.dismissible !== false,
    pr: d.pr ?? false,
    scroll_ratio: str(d.scroll_ratio),
    discount_rate: str(d.discount_rate),
    price_min: str(d.price_min),
    price_max: str(d.price_max),
    display: d.display ?? false,
    genre_read: d.genre_read ?? false,
    countdown: d.countdown ?? false,
    pickup: d.pickup ?? false,
    image_name: d.image_name ?? "",
    koma: (d.koma ?? []).join("\n"),
    series_ids: (d.series_ids ?? []).join(", "),
    ctrl_titles: [d.ctrl_titles?.[0] ?? "", d.ctrl_titles?.[1] ?? "", d.ctrl_titles?.[2] ?? ""],
    nickname_title: d.nickname_title ?? "",
    utm: (d.utm ?? []).map((u) => ({ source: u.source, medium: u.medium ?? "" })),
    login: r.login ?? "any",
    paid: r.paid ?? "any",
    signup_within_days: str(r.signup_within_days),
    signup_before: r.signup_before ?? "",
    newsletter: r.newsletter === undefined ? "" : String(r.newsletter),
    os: r.os ?? [],
    genres: r.genres ?? [],
    idle_days: str(r.idle_days),
  };
}

const num = (s: string) => (s.trim() === "" ? null : Number(s));
const orNull = (s: string) => s.trim() || null;

/** The payload the call takes (contract/ops-popups.ts), from what is typed. */
function payloadOf(f: Draft) {
  const ctrl = f.ctrl_titles.some((t) => t.trim()) ? f.ctrl_titles.map((t) => t.trim()) : undefined;
  return {
    popup_type: Number(f.popup_type),
    page: f.page,
    priority: num(f.priority) ?? 0,
    tracking_name: f.tracking_name.trim(),
    title: f.title,
    body: orNull(f.body),
    img: orNull(f.img),
    link_url: orNull(f.link_url),
    button_label: orNull(f.button_label),
    series_id: num(f.series_id),
    book_id: num(f.book_id),
    campaign_id: num(f.campaign_id),
    display_limit: num(f.display_limit),
    start_at: f.start_at,
    end_at: orNull(f.end_at),
    display: {
      ...(f.dismissible ? {} : { dismissible: false }),
      ...(f.pr ? { pr: true } : {}),
      ...(num(f.scroll_ratio) !== null ? { scroll_ratio: num(f.scroll_ratio) } : {}),
      ...(num(f.discount_rate) !== null ? { discount_rate: num(f.discount_rate) } : {}),
      ...(num(f.price_min) !== null ? { price_min: num(f.price_min) } : {}),
      ...(num(f.price_max) !== null ? { price_max: num(f.price_max) } : {}),
      ...(f.display ? { display: true } : {}),
      ...(f.genre_read ? { genre_read: true } : {}),
      ...(f.countdown ? { countdown: true } : {}),
      ...(f.pickup ? { pickup: true } : {}),
      ...(f.image_name.trim() ? { image_name: f.image_name.trim() } : {}),
      ...(f.koma.trim()
        ? {
            koma: f.koma
              .split("\n")
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : {}),
      ...(f.series_ids.trim()
        ? {
            series_ids: f.series_ids
              .split(/[,\s]+/)
              .filter(Boolean)
              .map(Number),
          }
        : {}),
      ...(ctrl ? { ctrl_titles: ctrl } : {}),
      ...(f.nickname_title.trim() ? { nickname_title: f.nickname_title.trim() } : {}),
      ...(Number(f.popup_type) === 34 ? { position: "bottom-right" } : {}),
      ...(f.utm.some((u) => u.source.trim())
        ? {
            utm: f.utm
              .filter((u) => u.source.trim())
              .map((u) => ({
                source: u.source.trim(),
                ...(u.medium.trim() ? { medium: u.medium.trim() } : {}),
              })),
          }
        : {}),
    },
    target_rules: {
      ...(f.login !== "any" ? { login: f.login } : {}),
      ...(f.paid !== "any" ? { paid: f.paid } : {}),
      ...(num(f.signup_within_days) !== null
        ? { signup_within_days: num(f.signup_within_days) }
        : {}),
      ...(f.signup_before.trim() ? { signup_before: f.signup_before.trim() } : {}),
      ...(f.newsletter ? { newsletter: f.newsletter === "true" } : {}),
      ...(f.os.length ? { os: f.os } : {}),
      ...(f.genres.length ? { genres: f.genres } : {}),
      ...(num(f.idle_days) !== null ? { idle_days: num(f.idle_days) } : {}),
    },
  };
}

/** What the store's queue would hand the popup component, from the form (no server lookups). */
function previewView(f: Draft, id: number): PopupView {
  const p = payloadOf(f);
  return {
    popup_id: id,
    popup_type: p.popup_type,
    tracking_name: p.tracking_name || "preview",
    title: p.title || "（タイトル）",
    body: p.body ?? "",
    img: p.img,
    link_url: p.link_url,
    button_label: p.button_label,
    series_id: p.series_id,
    book_id: p.book_id,
    campaign_id: p.campaign_id,
    display: p.display as PopupView["display"],
    book_data: null,
    expire_seconds: null,
    pickup: null,
  };
}

const OS_LABELS = { android: "Android", ios: "iOS", pc: "PC" } as const;

/** Where a saved popup stands, its counts, and withdraw / restore. */
function PopupHead({ popup, mayWrite }: { popup: PopupEditorAnswer; mayWrite: boolean }) {
  const { busy, notice, move } = usePublicationMove(`/api/ops/popups/${popup.popup_id}`);
  return (
    <section className="ops-panel catalog-head" aria-label="表示状況と集計">
      <div className="catalog-publication">
        <p>
          状態：
          <PopupStateBadge state={popup.state} />
        </p>
        {mayWrite ? (
          <div className="catalog-publication__buttons">
            <WithdrawButton
              withdrawn={popup.state === "withdrawn"}
              what="ポップアップ"
              leaves="すべてのページのキューから外れます。"
              busy={busy}
              move={move}
            />
          </div>
        ) : null}
        <Notice text={notice} />
      </div>
      <CountRange action={`/ops/popups/${popup.popup_id}`} from={popup.from} to={popup.to} />
      <ul className="popups-counts" data-testid="popup-counts">
        <li>
          <strong data-testid="popup-impressions">{popup.impressions}</strong>
          <span>表示</span>
        </li>
        <li>
          <strong>{popup.closes}</strong>
          <span>閉じる</span>
        </li>
        <li>
          <strong>{popup.clicks}</strong>
          <span>クリック</span>
        </li>
        <li>
          <strong>{clickRate(popup)}</strong>
          <span>クリック率</span>
        </li>
      </ul>
    </section>
  );
}

/**
 * A popup's form: its type and page, queue priority, what it shows, the type's display settings,
 * who it is for (member state, ads arrived from, devices, genres) and its dates, with a preview
 * drawn by the store's own popup component.
 */
export function PopupForm({
  popup,
  mayWrite,
}: {
  popup: PopupEditorAnswer | null;
  mayWrite: boolean;
}) {
  const saving = useEntitySave<{ popup: PopupEditorAnswer }>(
    popup !== null,
    (answer) => `/ops/popups/${answer.popup.popup_id}`,
  );
  const [f, setF] = useState<Draft>(() => draftOf(popup));
  const [previewing, setPreviewing] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setF((d) => ({ ...d, [key]: value }));
  const bind = (key: keyof Draft) => ({
    value: f[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, e.target.value as never),
  });
  const type = Number(f.popup_type);
  const issues = saving.issues;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = payloadOf(f);
    void saving.save(popup ? `/api/ops/popups/${popup.popup_id}` : "/api/ops/popups", body, () =>
      popupIssues(body as unknown as PopupPayload),
    );
  }

  return (
    <>
      {popup ? <PopupHead popup={popup} mayWrite={mayWrite} /> : null}
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <fieldset className="catalog-fieldset" disabled={!mayWrite}>
          <h2>種類と表示場所</h2>
          <div className="catalog-grid">
            <Field label="種類" name="popup_type" issues={issues}>
              <select id="f-popup_type" {...bind("popup_type")}>
                {Object.entries(POPUP_TYPE_LABELS).map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="ページ" name="page" issues={issues}>
              <select id="f-page" {...bind("page")}>
                {Object.entries(POPUP_PAGE_LABELS).map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <InputField
              label="優先度"
              name="priority"
              type="number"
              issues={issues}
              hint="大きいほど先に表示されます（キューの順番）"
              {...bind("priority")}
            />
            <InputField
              label="計測名（_tr）"
              name="tracking_name"
              issues={issues}
              hint="英数字と _。リンクの _tr とイベントに付きます"
              maxLength={L.tracking}
              {...bind("tracking_name")}
            />
          </div>

          <h2>内容</h2>
          <div className="catalog-grid">
            <InputField
              label="タイトル"
              name="title"
              issues={issues}
              wide
              maxLength={L.title}
              {...bind("title")}
            />
            <Field label="本文" name="body" issues={issues} wide>
              <textarea id="f-body" rows={3} maxLength={L.body} {...bind("body")} />
            </Field>
            <InputField
              label="画像"
              name="img"
              issues={issues}
              hint="/media/… か https://"
              {...bind("img")}
            />
            <InputField label="リンク先" name="link_url" issues={issues} {...bind("link_url")} />
            <InputField
              label="ボタンの文言"
              name="button_label"
              issues={issues}
              maxLength={L.button}
              {...bind("button_label")}
            />
            <InputField
              label="作品ID（series_id）"
              name="series_id"
              type="number"
              issues={issues}
              {...bind("series_id")}
            />
            <InputField
              label="巻ID（book_id）"
              name="book_id"
              type="number"
              issues={issues}
              {...bind("book_id")}
            />
            <InputField
              label="キャンペーンID"
              name="campaign_id"
              type="number"
              issues={issues}
              {...bind("campaign_id")}
            />
          </div>

          <h2>表示の設定</h2>
          <div className="catalog-grid">
            <Flags label="表示">
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.dismissible && type !== 6}
                  disabled={type === 6}
                  onChange={(e) => set("dismissible", e.target.checked)}
                />
                閉じられる（×・Esc・今後表示しない）
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.pr}
                  onChange={(e) => set("pr", e.target.checked)}
                />
                PR表示（外部リンク）
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.countdown}
                  onChange={(e) => set("countdown", e.target.checked)}
                />
                残り時間を表示（クーポン）
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.pickup}
                  onChange={(e) => set("pickup", e.target.checked)}
                />
                ピックアップ特集として表示（種類1）
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.display}
                  onChange={(e) => set("display", e.target.checked)}
                />
                最後に読んだジャンルで表示（種類37・38・41）
              </label>
              <label className="catalog-check">
                <input
                  type="checkbox"
                  checked={f.genre_read}
                  onChange={(e) => set("genre_read", e.target.checked)}
                />
                ジャンルを読んだ人に（genre_read）
              </label>
            </Flags>
            <InputField
              label="表示するスクロール率（%）"
              name="display.scroll_ratio"
              type="number"
              min={1}
              max={99}
              issues={issues}
              hint={
                SCROLL_TYPES.includes(type) || type === 34
                  ? "この割合を超えてスクロールすると開きます（空欄: 40、種類41は20）"
                  : "スクロールで開く種類（33・34・35・38・41）だけが使います"
              }
              {...bind("scroll_ratio")}
            />
            <InputField
              label="割引率（%・種類10）"
              name="display.discount_rate"
              type="number"
              issues={issues}
              {...bind("discount_rate")}
            />
            <InputField
              label="実質無料の価格下限（円）"
              name="display.price_min"
              type="number"
              issues={issues}
              {...bind("price_min")}
            />
            <InputField
              label="実質無料の価格上限（円）"
              name="display.price_max"
              type="number"
              issues={issues}
              {...bind("price_max")}
            />
            <InputField
              label="画像名（種類35）"
              name="display.image_name"
              issues={issues}
              {...bind("image_name")}
            />
            <InputField
              label="作品ID（種類42・カンマ区切り）"
              name="display.series_ids"
              issues={issues}
              {...bind("series_ids")}
            />
            <Field
              label="コマ画像（種類39・42・1行に1つ）"
              name="display.koma"
              issues={issues}
              wide
            >
              <textarea id="f-display.koma" rows={3} {...bind("koma")} />
            </Field>
            <fieldset className="catalog-window catalog-field--wide">
              <legend>グループ別タイトル（コントロールグループ1〜3・4〜6・7〜9）</legend>
              {([0, 1, 2] as const).map((i) => (
                <label key={i} className="catalog-field">
                  グループ{i * 3 + 1}〜{i * 3 + 3}
                  <input
                    value={f.ctrl_titles[i]}
                    onChange={(e) => {
                      const next = [...f.ctrl_titles] as Draft["ctrl_titles"];
                      next[i] = e.target.value;
                      set("ctrl_titles", next);
                    }}
                  />
                </label>
              ))}
              <InputField
                label="グループ外の会員へのタイトル（{nickname} が名前に）"
                name="display.nickname_title"
                issues={issues}
                {...bind("nickname_title")}
              />
            </fieldset>
          </div>

          <h2>対象</h2>
          <div className="catalog-grid">
            <Field label="ログイン" name="target_rules.login" issues={issues}>
              <select id="f-target_rules.login" {...bind("login")}>
                <option value="any">だれでも</option>
                <option value="member">会員のみ</option>
                <option value="visitor">未ログインの方のみ</option>
              </select>
            </Field>
            <Field label="購入経験" name="target_rules.paid" issues={issues}>
              <select id="f-target_rules.paid" {...bind("paid")}>
                <option value="any">問わない</option>
                <option value="paid">購入したことがある会員</option>
                <option value="unpaid">購入したことがない方</option>
              </select>
            </Field>
            <InputField
              label="登録から何日以内"
              name="target_rules.signup_within_days"
              type="number"
              issues={issues}
              {...bind("signup_within_days")}
            />
            <InputField
              label="この日時より前に登録（ISO）"
              name="target_rules.signup_before"
              issues={issues}
              hint="例: 2026-04-01T00:00:00+09:00"
              {...bind("signup_before")}
            />
            <Field label="メルマガ" name="target_rules.newsletter" issues={issues}>
              <select id="f-target_rules.newsletter" {...bind("newsletter")}>
                <option value="">問わない</option>
                <option value="true">受け取っている会員</option>
                <option value="false">受け取っていない会員</option>
              </select>
            </Field>
            <InputField
              label="何日以上読んでいない"
              name="target_rules.idle_days"
              type="number"
              issues={issues}
              {...bind("idle_days")}
            />
            <Flags label="端末（なし: すべて）" issues={issues} field="target_rules.os">
              {(Object.keys(OS_LABELS) as Array<keyof typeof OS_LABELS>).map((os) => (
                <label key={os} className="catalog-check">
                  <input
                    type="checkbox"
                    checked={f.os.includes(os)}
                    onChange={(e) =>
                      set("os", e.target.checked ? [...f.os, os] : f.os.filter((o) => o !== os))
                    }
                  />
                  {OS_LABELS[os]}
                </label>
              ))}
            </Flags>
            <Flags
              label="最後に読んだジャンル（なし: すべて）"
              issues={issues}
              field="target_rules.genres"
            >
              {GENRES.map(([id, name]) => (
                <label key={id} className="catalog-check">
                  <input
                    type="checkbox"
                    checked={f.genres.includes(id)}
                    onChange={(e) =>
                      set(
                        "genres",
                        e.target.checked ? [...f.genres, id] : f.genres.filter((g) => g !== id),
                      )
                    }
                  />
                  {name}
                </label>
              ))}
            </Flags>
            <fieldset className="catalog-window catalog-field--wide">
              <legend>広告からの訪問（utm）：なし: だれにでも表示</legend>
              <div className="catalog-field--wide">
                {f.utm.map((u, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                  <div key={i} className="popups-utm">
                    <label className="catalog-field">
                      utm_source
                      <input
                        value={u.source}
                        onChange={(e) =>
                          set(
                            "utm",
                            f.utm.map((x, j) => (j === i ? { ...x, source: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    <label className="catalog-field">
                      utm_medium（任意）
                      <input
                        value={u.medium}
                        onChange={(e) =>
                          set(
                            "utm",
                            f.utm.map((x, j) => (j === i ? { ...x, medium: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    <button
                      type="button"
                      className="ops-button ops-button--quiet"
                      onClick={() =>
                        set(
                          "utm",
                          f.utm.filter((_, j) => j !== i),
                        )
                      }
                    >
                      削除
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="ops-button"
                  onClick={() => set("utm", [...f.utm, { source: "", medium: "" }])}
                >
                  広告の条件を追加
                </button>
                <small className="catalog-field__hint">
                  セッションの utm_source（と utm_medium）がどれかに一致する訪問者にだけ表示します
                </small>
              </div>
            </fieldset>
            <InputField
              label="1人あたりの表示回数の上限"
              name="display_limit"
              type="number"
              issues={issues}
              hint="空欄: 上限なし（会員のみ数えます）"
              {...bind("display_limit")}
            />
          </div>

          <fieldset className="catalog-window">
            <legend>表示期間（東京）</legend>
            <InputField
              label="開始"
              name="start_at"
              type="datetime-local"
              issues={issues}
              {...bind("start_at")}
            />
            <InputField
              label="終了"
              name="end_at"
              type="datetime-local"
              issues={issues}
              hint="空欄: 終了なし"
              {...bind("end_at")}
            />
          </fieldset>
        </fieldset>

        <p>
          <button type="button" className="ops-button" onClick={() => setPreviewing(true)}>
            プレビュー
          </button>
        </p>
        {mayWrite ? (
          <>
            <Problem text={saving.problem} />
            <button type="submit" className="ops-button ops-button--primary" disabled={saving.busy}>
              {popup ? "保存する" : "作成する"}
            </button>
          </>
        ) : null}
      </form>
      {previewing ? (
        <PopupPreviewLayer
          view={previewView(f, popup?.popup_id ?? 0)}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </>
  );
}

/**
 * The preview opens the store's popup over the page as a visitor would see it; its links do not
 * leave the editor, and a popup that cannot be dismissed still has the editor's close button.
 */
function PopupPreviewLayer({ view, onClose }: { view: PopupView; onClose: () => void }) {
  return (
    <div
      data-testid="popup-preview"
      onClickCapture={(e) => {
        if ((e.target as HTMLElement).closest("a")) e.preventDefault();
      }}
    >
      <Suspense fallback={null}>
        <PreviewPopup popup={view} onClose={onClose} />
      </Suspense>
      <button type="button" className="ops-button popups-preview-close" onClick={onClose}>
        プレビューを閉じる
      </button>
    </div>
  );
}
