import type { AppLoadContext } from "react-router";
import {
  seriesUploadParams,
  trackUploadParams,
  volumeUploadParams,
} from "../../../contract/content";
import { roleMay } from "../../../contract/ops-roles";
import { parseInput } from "../../../server/lib/input";
import {
  opsSeriesContentPage,
  opsTrackAudioPage,
  opsVolumeContentPage,
} from "../../../server/pages/ops-content";
import { orPageFailure } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * What is published, for every staff member; the drop zones only for those who may upload
 * (catalog.write, as the upload calls check): `mayUpload`.
 */
async function withUploadRight<T extends object>(
  context: AppLoadContext,
  request: Request,
  work: () => Promise<T>,
) {
  const staff = await requireOpsRight(context, request, "ops.read");
  const data = await orPageFailure(work);
  return { ...data, mayUpload: roleMay(staff.role, "catalog.write") };
}

/** /ops/volumes/:volumeId/content. */
export function loadVolumeContent(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  return withUploadRight(context, request, () =>
    opsVolumeContentPage(context.services, parseInput(volumeUploadParams, params).volumeId),
  );
}

/** /ops/series/:seriesId/content: the series' appeal image. */
export function loadSeriesContent(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  return withUploadRight(context, request, () =>
    opsSeriesContentPage(context.services, parseInput(seriesUploadParams, params).seriesId),
  );
}

/** /ops/tracks/:trackId/audio. */
export function loadTrackAudio(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  return withUploadRight(context, request, () =>
    opsTrackAudioPage(context.services, parseInput(trackUploadParams, params).trackId),
  );
}
