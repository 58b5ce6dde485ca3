import { useState } from "react";
import { DEFAULT_TRIAL_CLIP_SECONDS, MAX_TRIAL_CLIP_SECONDS } from "../../contract/content";
import { ReadOnlyNotice } from "../features/ops/ReadOnlyNotice";
import { ContentUpload } from "../features/ops-content/ContentUpload";
import { loadTrackAudio } from "../features/ops-content/ops-content.server";
import "../features/ops-content/ops-content.css";
import type { Route } from "./+types/ops-track-audio";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.name ?? "トラック"}の音声 | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadTrackAudio(context, request, params);
}

const minutes = (sec: number) => `${Math.floor(sec / 60)}分${String(sec % 60).padStart(2, "0")}秒`;

/** A drama-CD track's audio and its trial clip. */
export default function OpsTrackAudio({ loaderData: t }: Route.ComponentProps) {
  const [start, setStart] = useState(String(t.trialStartSec ?? 0));
  const [seconds, setSeconds] = useState(String(t.trialDurationSec ?? DEFAULT_TRIAL_CLIP_SECONDS));
  return (
    <>
      <h1 className="ops-title">
        {t.cdName}　トラック{t.trackNo}：{t.name}
      </h1>
      {t.mayUpload ? null : <ReadOnlyNotice />}
      <section className="ops-panel" aria-labelledby="ops-track-now">
        <h2 id="ops-track-now">公開中の音声</h2>
        <ul className="ops-facts">
          <li>長さ：{minutes(t.durationSec)}</li>
          <li>
            試聴：
            {t.trialDurationSec ? `${t.trialStartSec ?? 0}秒から${t.trialDurationSec}秒間` : "なし"}
          </li>
          <li>音声：{t.uploaded ? "アップロードされた音声" : "仮の音声（未アップロード）"}</li>
        </ul>
        {t.trialUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a drama-CD sample has no caption track
          <audio controls preload="none" src={t.trialUrl} aria-label="試聴の音声" />
        ) : null}
      </section>
      {t.mayUpload ? (
        <ContentUpload
          url={`/api/ops/tracks/${t.trackId}/audio`}
          label="音声をアップロード"
          hint="MP3・AAC/M4A・WAV・FLAC のファイルを1つ。長さを読み取り、配信用の MP3 と試聴用の音声を作ります。"
          accept="audio/*,.mp3,.m4a,.aac,.wav,.flac"
          fields={() => ({ trial_start: start, trial_seconds: seconds })}
        >
          <div className="ops-upload__trial">
            <label className="ops-field">
              <span>試聴の開始位置（秒）</span>
              <input
                type="number"
                min={0}
                step={1}
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </label>
            <label className="ops-field">
              <span>試聴の長さ（秒）</span>
              <input
                type="number"
                min={1}
                max={MAX_TRIAL_CLIP_SECONDS}
                step={1}
                value={seconds}
                onChange={(e) => setSeconds(e.target.value)}
              />
            </label>
          </div>
        </ContentUpload>
      ) : null}
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
