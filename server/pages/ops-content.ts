import { coverUrl, jacketUrl, seriesAppealUrl } from "../../contract/media";
import type { AppServices } from "../lib/context";
import { ApiError } from "../lib/errors";
import { appealUrl } from "../modules/cards/series-items";
import { seriesOnRecord } from "../modules/catalog/series-record";
import { bookAccess, readerVolume } from "../modules/catalog/service";
import { liveSet } from "../modules/content/sets";
import { trackById } from "../modules/dramacd/track-audio";

/**
 * The upload screens of the content pipeline (issue 23, decision 0089): what a volume or a track
 * holds now, beside the drop zone that replaces it. The loaders check catalog.write first.
 */
export async function opsVolumeContentPage(services: AppServices, bookId: number) {
  const { db } = services;
  const [volume, access, pages, cover] = await Promise.all([
    readerVolume(db, bookId),
    bookAccess(db, bookId),
    liveSet(db, "pages", bookId),
    liveSet(db, "cover", bookId),
  ]);
  if (!volume || !access) throw new ApiError(404, "巻が見つかりません");
  return {
    bookId,
    seriesTitle: volume.seriesName,
    title: volume.title,
    pageCount: access.pageCount,
    trialPageCount: access.trialPageCount,
    /** null: the seed's drawn pages; else the uploaded set the store serves. */
    pageSet: pages ? { setId: pages.setId, count: pages.itemCount } : null,
    coverUploaded: cover !== null,
    coverUrl: coverUrl(bookId, cover?.setId ?? null),
    thumbs: Array.from(
      { length: Math.min(access.pageCount, 12) },
      (_, i) => `/media/books/${bookId}/thumbs/${i + 1}.png${pages ? `?s=${pages.setId}` : ""}`,
    ),
  };
}

/** A series' appeal image (decision 0095): the uploaded one, else the seed's drawn one, else none. */
export async function opsSeriesContentPage(services: AppServices, seriesId: number) {
  const { db } = services;
  const [series, appeal] = await Promise.all([
    seriesOnRecord(db, seriesId),
    liveSet(db, "appeal", seriesId),
  ]);
  if (!series) throw new ApiError(404, "作品が見つかりません");
  return {
    seriesId,
    name: series.name,
    appealUploaded: appeal !== null,
    appealUrl: appeal
      ? seriesAppealUrl(seriesId, appeal.setId)
      : appealUrl("appeal", series.appealImg),
  };
}

export async function opsTrackAudioPage(services: AppServices, trackId: number) {
  const { db } = services;
  const track = await trackById(db, trackId);
  if (!track) throw new ApiError(404, "トラックが見つかりません");
  const [audio, jacket] = await Promise.all([
    liveSet(db, "track", trackId),
    liveSet(db, "jacket", track.cdId),
  ]);
  return {
    trackId,
    cdId: track.cdId,
    cdName: track.cdName,
    trackNo: track.trackNo,
    name: track.name,
    durationSec: track.durationSec,
    trialDurationSec: track.trialDurationSec,
    trialStartSec: audio?.trialStartSec ?? null,
    uploaded: audio !== null,
    jacketUrl: jacketUrl(track.cdId, jacket?.setId ?? null),
    trialUrl: track.trialFileName ? `/media/cds/${track.cdId}/trials/${track.trackNo}.mp3` : null,
  };
}
