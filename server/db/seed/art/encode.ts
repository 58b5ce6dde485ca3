import sharp from "sharp";
import type { ImageFormat } from "../../../modules/media/drawings.ts";
import { setUpShippedFonts } from "../../../modules/media/fonts.ts";
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
    : image.png({ compressionLevel: 9, palette: false }).toBuffer();
}
