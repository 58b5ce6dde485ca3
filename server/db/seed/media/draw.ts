import sharp from "sharp";
import type { ImageFormat } from "../../../modules/media/variants.ts";
import { setUpShippedFonts } from "./fonts.ts";
import type { Drawing } from "./images.ts";

setUpShippedFonts();

/**
 * Rasterises an SVG drawing with sharp (libvips + librsvg; text through fontconfig and the
 * Noto JP fonts shipped through npm, fonts.ts) at its own size.
 */
export async function encodeDrawing(drawing: Drawing, format: ImageFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(drawing.svg), { density: 72 }).resize(
    drawing.width,
    drawing.height,
    { fit: "fill" },
  );
  return format === "webp"
    ? image.webp({ quality: 82, effort: 4 }).toBuffer()
    : // zlib's default level: level 9 took several times as long for files 10–15 % smaller,
      // and a PNG master is re-encoded for the width and format a browser asks anyway.
      image.png({ compressionLevel: 6, palette: false }).toBuffer();
}
