import { z } from "zod";
import { blankToUndefined, integerIn, recordId } from "./input";

/**
 * The content pipeline's calls (issue 23, decision 0089), shared by the server's checks and the
 * ops upload screens: what may be uploaded, how big, and how a job is asked about.
 */

/** A request carrying pages or audio: one archive, a volume's images, or one track. */
export const UPLOAD_MAX_BYTES = 1024 ** 3;
/** A cover or a jacket: one image. */
export const ART_UPLOAD_MAX_BYTES = 50 * 1024 ** 2;

/** The upload calls, each with the body limit the HTTP layer applies to it before reading. */
export function uploadBodyLimit(path: string): number | null {
  if (/^\/api\/ops\/(volumes\/\d+\/pages|tracks\/\d+\/audio)$/.test(path)) return UPLOAD_MAX_BYTES;
  if (
    /^\/api\/ops\/(volumes\/\d+\/cover|cds\/\d+\/jacket|series\/\d+\/appeal-image|campaigns\/\d+\/banner)$/.test(
      path,
    )
  )
    return ART_UPLOAD_MAX_BYTES;
  return null;
}

export const volumeUploadParams = z.object({ volumeId: recordId("volumeId") });
export const trackUploadParams = z.object({ trackId: recordId("trackId") });
export const cdUploadParams = z.object({ cdId: recordId("cdId") });
export const seriesUploadParams = z.object({ seriesId: recordId("seriesId") });

/** Longest trial clip an editor may choose (seconds). */
export const MAX_TRIAL_CLIP_SECONDS = 600;
export const DEFAULT_TRIAL_CLIP_SECONDS = 30;

/** The trial clip's start and length (form fields beside the file); checked against the track's length by the job. */
export const trialFields = z.object({
  trial_start: z.preprocess(
    blankToUndefined,
    integerIn(0, 36_000, "trial_start は0〜36000秒の整数で指定してください").default(0),
  ),
  trial_seconds: z.preprocess(
    blankToUndefined,
    integerIn(
      1,
      MAX_TRIAL_CLIP_SECONDS,
      `trial_seconds は1〜${MAX_TRIAL_CLIP_SECONDS}秒の整数で指定してください`,
    ).default(DEFAULT_TRIAL_CLIP_SECONDS),
  ),
});

export const jobParams = z.object({
  jobId: z.uuid({ message: "jobId はジョブの ID（UUID）で指定してください" }),
});

export type JobStateName = "queued" | "active" | "completed" | "failed";

/** GET /api/ops/jobs/{jobId}. */
export interface JobAnswer {
  result: true;
  state: JobStateName;
  progress: number;
  error_message?: string;
}

/** Every upload call answers the job that makes it into what the store serves. */
export interface UploadAnswer {
  result: true;
  job_id: string;
}

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  queued: "順番待ち",
  active: "処理中",
  completed: "公開しました",
  failed: "失敗しました",
};
