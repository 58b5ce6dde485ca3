import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The art's typefaces come through npm, not from the machine: Noto Sans JP (OTF, in
 * @embedpdf/fonts-jp) and Noto Serif JP (TTF, in @expo-google-fonts/noto-serif-jp). fontconfig,
 * which sharp's librsvg asks for fonts, is pointed at those files alone, so a fresh machine, CI
 * and a developer's laptop draw the same picture whatever fonts they have installed.
 */

/** The family names inside those files (the OTFs still carry Noto Sans JP's first name). */
export const SANS_FAMILY = "Noto Sans Japanese";
export const SERIF_FAMILY = "Noto Serif JP";

/** The serif weights the art uses; the package ships eight, each 7 MB, so fontconfig scans few. */
const SERIF_WEIGHTS = ["400Regular", "700Bold", "900Black"];

const esc = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The folders holding the shipped font files. */
export function shippedFontDirs(): string[] {
  const require = createRequire(import.meta.url);
  const sans = path.join(path.dirname(require.resolve("@embedpdf/fonts-jp")), "..", "fonts");
  const serif = path.dirname(require.resolve("@expo-google-fonts/noto-serif-jp"));
  return [sans, ...SERIF_WEIGHTS.map((weight) => path.join(serif, weight))];
}

/** A fontconfig file that knows only the shipped fonts, and maps the generic names onto them. */
export function fontsConf(dirs: string[], cacheDir: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${dirs.map((dir) => `  <dir>${esc(dir)}</dir>`).join("\n")}
  <cachedir>${esc(cacheDir)}</cachedir>
  <alias><family>sans-serif</family><prefer><family>${SANS_FAMILY}</family></prefer></alias>
  <alias><family>serif</family><prefer><family>${SERIF_FAMILY}</family></prefer></alias>
</fontconfig>
`;
}

let configured = false;

/**
 * Points fontconfig at the shipped fonts (FONTCONFIG_FILE) before the first drawing. fontconfig
 * reads the variable when text is first laid out, not when sharp loads. An operator's own
 * FONTCONFIG_FILE is left alone.
 */
export function setUpShippedFonts(): void {
  if (configured) return;
  configured = true;
  if (process.env.FONTCONFIG_FILE) return;
  const dirs = shippedFontDirs();
  // One folder per installation, so two checkouts on one machine never swap font paths.
  const tag = createHash("sha256").update(dirs.join("\n")).digest("hex").slice(0, 12);
  const dir = path.join(tmpdir(), `komaya-fonts-${tag}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "fonts.conf");
  // Written aside and renamed, so worker processes starting together never read half a file.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, fontsConf(dirs, path.join(dir, "cache")));
  renameSync(draft, file);
  process.env.FONTCONFIG_FILE = file;
}
