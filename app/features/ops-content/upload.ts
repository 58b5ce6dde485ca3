import type { JobAnswer, UploadAnswer } from "../../../contract/content";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/request";

/** How far each file of one multipart request has gone, 0–1, read off the bytes sent so far. */
export function fileShares(sizes: readonly number[], sent: number, total: number): number[] {
  const whole = sizes.reduce((a, b) => a + b, 0);
  // The form's boundaries add a little to the body; spread it over the files.
  const done = total > 0 ? (sent / total) * whole : 0;
  let start = 0;
  return sizes.map((size) => {
    const share = size === 0 ? 1 : Math.min(1, Math.max(0, (done - start) / size));
    start += size;
    return share;
  });
}

function csrfToken(): string {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(CSRF_COOKIE.length + 1)) : "";
}

/**
 * Sends files (field `file`) and fields as one multipart POST with XMLHttpRequest, whose upload
 * progress fetch() does not report; `onProgress` gets each file's share sent. Answers the job id,
 * or throws with the server's message.
 */
export function sendUpload(
  url: string,
  files: readonly File[],
  fields: Record<string, string>,
  onProgress: (shares: number[]) => void,
): Promise<string> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const sizes = files.map((f) => f.size);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader(CSRF_HEADER, csrfToken());
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(fileShares(sizes, event.loaded, event.total));
    };
    xhr.onload = () => {
      const answer = xhr.response as (UploadAnswer & { error_message?: string }) | null;
      if (xhr.status === 200 && answer?.job_id) {
        onProgress(sizes.map(() => 1));
        resolve(answer.job_id);
      } else {
        reject(new Error(answer?.error_message ?? `送信できませんでした（${xhr.status}）`));
      }
    };
    xhr.onerror = () => reject(new Error("通信できませんでした。接続を確かめてください"));
    xhr.send(form);
  });
}

/** The job's state, asked every second until it is done. */
export async function followJob(
  jobId: string,
  onState: (answer: JobAnswer) => void,
  signal: AbortSignal,
): Promise<JobAnswer> {
  for (;;) {
    const response = await fetch(`/api/ops/jobs/${jobId}`, { signal, cache: "no-store" });
    const answer = (await response.json()) as JobAnswer & { error_message?: string };
    if (!response.ok) throw new Error(answer.error_message ?? "ジョブの状態を読めませんでした");
    onState(answer);
    if (answer.state === "completed" || answer.state === "failed") return answer;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
