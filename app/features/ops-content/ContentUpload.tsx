import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { JOB_STATE_LABELS, type JobAnswer } from "../../../contract/content";
import { followJob, sendUpload } from "./upload";

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;

/**
 * One drop zone of the upload screens: files dropped or chosen, sent with a progress bar per
 * file, then the job that makes them into what the store serves, followed until it is published
 * or failed (with the server's reason). The page is loaded again once published.
 */
export function ContentUpload(props: {
  url: string;
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  /** Form fields sent beside the files (the trial clip's start and length). */
  fields?: () => Record<string, string>;
  children?: ReactNode;
}) {
  const inputId = useId();
  const revalidator = useRevalidator();
  const [files, setFiles] = useState<File[]>([]);
  const [shares, setShares] = useState<number[]>([]);
  const [job, setJob] = useState<JobAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (list: FileList | null) => {
    if (!list || busy) return;
    setFiles(props.multiple ? [...list] : [...list].slice(0, 1));
    setShares([]);
    setJob(null);
    setProblem(null);
  };

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files);
  };

  async function start() {
    setBusy(true);
    setProblem(null);
    setJob(null);
    abort.current = new AbortController();
    try {
      const jobId = await sendUpload(props.url, files, props.fields?.() ?? {}, setShares);
      const done = await followJob(jobId, setJob, abort.current.signal);
      if (done.state === "completed") void revalidator.revalidate();
    } catch (error) {
      if (!abort.current.signal.aborted) setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const progress = job?.progress ?? 0;
  return (
    <section className="ops-panel ops-upload" aria-label={props.label}>
      <h2>{props.label}</h2>
      <label
        htmlFor={inputId}
        className={`ops-upload__zone${over ? " ops-upload__zone--over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span className="ops-upload__lead">ここにファイルをドロップ</span>
        <span>または クリックして選択</span>
        <span className="ops-note">{props.hint}</span>
        <input
          id={inputId}
          type="file"
          accept={props.accept}
          multiple={props.multiple}
          disabled={busy}
          onChange={(e) => choose(e.target.files)}
        />
      </label>
      {props.children}
      {files.length > 0 ? (
        <ol className="ops-upload__files" aria-label="送信するファイル">
          {files.slice(0, 50).map((file, i) => {
            const share = Math.round((shares[i] ?? 0) * 100);
            return (
              <li key={`${file.name}:${file.size}:${file.lastModified}`}>
                <span className="ops-upload__name">{file.name}</span>
                <span className="ops-upload__size">{sizeLabel(file.size)}</span>
                <progress max={100} value={share} aria-label={`${file.name} の送信`}>
                  {share}%
                </progress>
              </li>
            );
          })}
          {files.length > 50 ? <li>ほか {files.length - 50} ファイル</li> : null}
        </ol>
      ) : null}
      <button
        type="button"
        className="ops-button ops-button--primary"
        disabled={busy || files.length === 0}
        onClick={() => void start()}
      >
        {busy ? "処理中…" : "アップロードして公開"}
      </button>
      {job ? (
        <div className="ops-upload__job" role="status" aria-live="polite">
          <span>
            {JOB_STATE_LABELS[job.state]}
            {job.state === "active" ? `（${progress}%）` : ""}
          </span>
          <progress max={100} value={progress} aria-label="公開までの進み具合">
            {progress}%
          </progress>
        </div>
      ) : null}
      {job?.state === "failed" || problem ? (
        <p className="ops-problem" role="alert">
          {job?.error_message ?? problem}
        </p>
      ) : null}
    </section>
  );
}
