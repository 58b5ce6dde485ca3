import { readdirSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  fontsConf,
  SANS_FAMILY,
  SERIF_FAMILY,
  shippedFontDirs,
} from "../../../modules/media/fonts.ts";
import { encodeDrawing } from "./encode.ts";
import { lines, SANS, SERIF, svgDoc } from "./svg.ts";

describe("the art's typefaces", () => {
  it("come from npm packages, and fontconfig is told of no other folder", () => {
    const dirs = shippedFontDirs();
    for (const dir of dirs) {
      expect(dir).toContain("node_modules");
      expect(readdirSync(dir).some((f) => /\.(otf|ttf)$/.test(f))).toBe(true);
    }
    const conf = fontsConf(dirs, "/tmp/cache");
    expect(conf.match(/<dir>/g)).toHaveLength(dirs.length);
    expect(conf).not.toMatch(/\/usr\/share\/fonts|<include/);
    expect(process.env.FONTCONFIG_FILE).toBeTruthy();
  });

  it("draw real Japanese glyphs in sans and serif, not one missing-glyph box for every character", async () => {
    const draw = (text: string, family: string) =>
      encodeDrawing(
        {
          svg: svgDoc(120, 60, lines([text], 10, 45, 0, { size: 40, fill: "#000", family })),
          width: 120,
          height: 60,
        },
        "png",
      ).then((png) => sharp(png).raw().toBuffer());
    for (const family of [SANS, SERIF]) {
      const a = await draw("魔", family);
      expect(a.equals(await draw("娘", family))).toBe(false);
      expect(a.equals(await draw(" ", family))).toBe(false);
    }
    // The two families are different typefaces.
    expect((await draw("魔", SANS)).equals(await draw("魔", SERIF))).toBe(false);
    expect(SANS).toContain(SANS_FAMILY);
    expect(SERIF).toContain(SERIF_FAMILY);
  });
});
