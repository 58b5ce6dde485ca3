import { useId, useState } from "react";
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
        <p className={message.ok ? "campaign-upload__ok" : "catalog-issue"} role="status">
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The store's own campaign page in frames at a phone's and a PC's width, for a campaign that has
 * not started too: ?preview=1 shows it to staff as it will look at its start (decision 0101).
 */
export function CampaignPreview({ campaignId }: { campaignId: number }) {
  const [width, setWidth] = useState<"phone" | "pc">("phone");
  const src = `/campaign/${campaignId}?preview=1`;
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
      <div className={`campaign-preview__frame campaign-preview__frame--${width}`}>
        <iframe
          title="キャンペーンページ"
          src={src}
          width={width === "phone" ? 375 : 1280}
          height={720}
        />
      </div>
    </section>
  );
}
