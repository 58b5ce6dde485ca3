import type { AppServices } from "../../lib/context";
import type { RunningJob } from "../../lib/jobs";
import { runArtJob } from "./art";
import { runTrackJob } from "./audio";
import { runPagesJob } from "./pages";
import type { ContentJobData } from "./upload-job";

/** The content pipeline's queues and the job each runs (decision 0089). */
export const CONTENT_QUEUES = {
  pages: "content-pages",
  track: "content-track",
  art: "content-art",
} as const;

const HANDLERS: Record<
  (typeof CONTENT_QUEUES)[keyof typeof CONTENT_QUEUES],
  (services: AppServices, job: RunningJob<ContentJobData>) => Promise<void>
> = {
  "content-pages": runPagesJob,
  "content-track": runTrackJob,
  "content-art": runArtJob,
};

/**
 * Works the content queues in this process (the one that runs jobs, server/index.ts). Answers
 * how to stop: a job cut short goes back to the queue and runs again.
 */
export async function startContentJobs(services: AppServices): Promise<() => Promise<void>> {
  const stops = await Promise.all(
    Object.entries(HANDLERS).map(([queue, handler]) =>
      services.jobs.work<ContentJobData>(queue, (job) => handler(services, job)),
    ),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
