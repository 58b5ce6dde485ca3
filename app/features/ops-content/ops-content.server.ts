import type { AppLoadContext } from "react-router";
import {
  seriesUploadParams,
  trackUploadParams,
  volumeUploadParams,
} from "../../../contract/content";
import { parseInput } from "../../../server/lib/input";
import {
  opsSeriesContentPage,
  opsTrackAudioPage,
  opsVolumeContentPage,
} from "../../../server/pages/ops-content";
import { orPageFailure } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/** /ops/volumes/:volumeId/content: editors and admins only, as the upload calls are. */
export async function loadVolumeContent(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  await requireOpsRight(context, request, "catalog.write");
  return orPageFailure(() =>
    opsVolumeContentPage(context.services, parseInput(volumeUploadParams, params).volumeId),
  );
}

/** /ops/series/:seriesId/content: the series' appeal image. */
export async function loadSeriesContent(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  await requireOpsRight(context, request, "catalog.write");
  return orPageFailure(() =>
    opsSeriesContentPage(context.services, parseInput(seriesUploadParams, params).seriesId),
  );
}

/** /ops/tracks/:trackId/audio. */
export async function loadTrackAudio(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  await requireOpsRight(context, request, "catalog.write");
  return orPageFailure(() =>
    opsTrackAudioPage(context.services, parseInput(trackUploadParams, params).trackId),
  );
}
