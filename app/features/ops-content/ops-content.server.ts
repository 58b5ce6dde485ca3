import type { AppLoadContext } from "react-router";
import { trackUploadParams, volumeUploadParams } from "../../../contract/content";
import { parseInput } from "../../../server/lib/input";
import { opsTrackAudioPage, opsVolumeContentPage } from "../../../server/pages/ops-content";
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
