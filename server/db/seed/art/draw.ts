import type { DrawRequest } from "../../../modules/media/drawings.ts";
import { renderTrackMp3, renderTrialMp3 } from "./audio.ts";
import { encodeDrawing } from "./encode.ts";
import {
  bannerDrawing,
  coverDrawing,
  jacketDrawing,
  pageDrawing,
  squareDrawing,
} from "./images.ts";

/** The bytes of one requested file: the SVG drawn and encoded, or the MP3 synthesised. */
export function draw(request: DrawRequest): Promise<Buffer> {
  switch (request.kind) {
    case "cover":
      return encodeDrawing(coverDrawing(request.input), request.format);
    case "page":
      return encodeDrawing(pageDrawing(request.input), request.format);
    case "banner":
      return encodeDrawing(bannerDrawing(request.input), request.format);
    case "jacket":
      return encodeDrawing(jacketDrawing(request.input), request.format);
    case "square":
      return encodeDrawing(squareDrawing(request.input), request.format);
    case "track":
      return renderTrackMp3(request.input);
    case "trial":
      return renderTrialMp3(request.input);
  }
}
