import sharp from "sharp";
import { setUpShippedFonts } from "./fonts.ts";
import type { Drawing } from "./images.ts";

setUpShippedFonts();

/** The formats images are sent in: WebP to browsers that say they take it, PNG otherwise. */
export type ImageFormat = "webp" | "png";

export const IMAGE_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  png: "image/png",
};

/** WebP when the Accept header names it (every current browser does), else PNG. */
export function formatFor(accept: string | undefined): ImageFormat {
  return /\bimage\/webp\b/i.test(accept ?? "") ? "webp" : "png";
}

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
