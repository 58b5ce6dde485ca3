import type { AppServices } from "../../lib/context";
import { COUPON_ISSUE_QUEUE, failFilterIssue, runFilterIssue } from "./service";

/**
 * Works the queue of coupon issues to a filter (decision 0099) in the process that runs jobs. A
 * run cut short goes back to the queue and resumes at the issue's cursor; one that gives up on
 * its last try is marked failed, so the coupon page stops waiting on it.
 */
export async function startCouponJobs(services: AppServices): Promise<() => Promise<void>> {
  return services.jobs.work<{ issueId: number }>(COUPON_ISSUE_QUEUE, async (job) => {
    try {
      await runFilterIssue(services, job.data.issueId);
    } catch (error) {
      if (job.retryCount >= 3) await failFilterIssue(services.db, job.data.issueId);
      throw error;
    }
  });
}
