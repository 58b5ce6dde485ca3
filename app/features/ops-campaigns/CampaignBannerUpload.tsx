import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { CampaignEditorAnswer } from "../../../contract/ops-campaigns-rules";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/request";

function csrfToken(): string {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(CSRF_COOKIE.length + 1)) : "";
}

/**
 * The campaign's banner: the picture the store shows now, and a new one sent to the server,
 * which makes its sizes and gives it a new address at once (decision 0101).
 */
export function CampaignBannerUpload(props: { campaign: CampaignEditorAnswer; mayWrite: boolean }) {
  const { campaign, mayWrite } = props;
  const inputId = useId();
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  // A new input after each upload, so the one just sent is no longer shown as chosen.
  const [inputKey, setInputKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const form = new FormData();
      form.append("file", file, file.name);
      const response = await fetch(`/api/ops/campaigns/${campaign.campaign_id}/banner`, {
        method: "POST",
        body: form,
        headers: { [CSRF_HEADER]: csrfToken() },
      });
      const answer = (await response.json().catch(() => null)) as {
        error_message?: string;
      } | null;
      if (!response.ok) {
        throw new Error(answer?.error_message ?? `送信できませんでした（${response.status}）`);
      }
      setMessage({ ok: true, text: "バナーを差し替えました" });
      setFile(null);
      setInputKey((k) => k + 1);
      await revalidator.revalidate();
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ops-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>バナー</h2>
      <img
        className="campaign-banner-now"
        src={campaign.banner}
        alt="いまのバナー"
        width={702}
        height={240}
        data-testid="campaign-banner"
      />
      <p className="catalog-field__hint">
        {campaign.img
          ? "アップロードしたバナーを表示しています。"
          : "まだアップロードされていないため、ストアが自動で作ったバナーを表示しています。"}
        横702×縦240px（またはその倍）のPNG・JPEG・WebPがきれいに表示されます。
      </p>
      {mayWrite ? (
        <div className="campaign-upload">
          <label htmlFor={inputId}>バナー画像を選ぶ</label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMessage(null);
            }}
          />
          <button
            type="button"
            className="ops-button ops-button--primary"
            disabled={!file || busy}
            onClick={() => void send()}
          >
            {busy ? "送信中…" : "アップロードして差し替える"}
          </button>
        </div>
      ) : null}
      {message ? (
        <p className={message.ok ? "campaign-upload__ok" : "catalog-field__issue"} role="status">
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

const FRAME_WIDTHS = { phone: 375, pc: 1280 } as const;
const FRAME_HEIGHT = 720;

/**
 * The store's own campaign page in a frame at a phone's or a PC's width, scaled down to fit the
 * panel, for a campaign that has not started too: ?preview=1 shows it to staff as it will look at
 * its start (decision 0101). `version` changes with every save and banner, so the frame loads
 * the page again.
 */
export function CampaignPreview({ campaignId, version }: { campaignId: number; version: string }) {
  const [width, setWidth] = useState<keyof typeof FRAME_WIDTHS>("phone");
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setRoom(el.clientWidth));
    observer.observe(el);
    setRoom(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  const src = `/campaign/${campaignId}?preview=1`;
  const frameWidth = FRAME_WIDTHS[width];
  const scale = room ? Math.min(1, room / frameWidth) : 1;
  return (
    <section className="ops-panel campaign-preview" aria-label="キャンペーンページのプレビュー">
      <div className="campaign-preview__head">
        <h2>プレビュー</h2>
        <fieldset className="campaign-preview__widths">
          <legend className="visually-hidden">表示幅</legend>
          <button
            type="button"
            className="ops-button"
            aria-pressed={width === "phone"}
            onClick={() => setWidth("phone")}
          >
            スマートフォン（375px）
          </button>
          <button
            type="button"
            className="ops-button"
            aria-pressed={width === "pc"}
            onClick={() => setWidth("pc")}
          >
            PC（1280px）
          </button>
        </fieldset>
        <a href={src} target="_blank" rel="noreferrer">
          別のタブで開く
        </a>
      </div>
      <p className="catalog-field__hint">
        開始前でも、開始日時の表示をゲストとして確認できます（スタッフだけが見られます）。
        {scale < 1 ? `枠に合わせて${Math.round(scale * 100)}%に縮小しています。` : ""}
      </p>
      <div ref={box} className="campaign-preview__frame" style={{ height: FRAME_HEIGHT * scale }}>
        <iframe
          key={`${width}|${version}`}
          title="キャンペーンページ"
          src={src}
          width={frameWidth}
          height={FRAME_HEIGHT}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
