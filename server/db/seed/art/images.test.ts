import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ART_SHAPES } from "../../../../contract/media.ts";
import { formatFor } from "../../../modules/media/drawings.ts";
import { pageKey } from "../../../modules/media/files.ts";
import { MediaInputError } from "../../../modules/media/params.ts";
import { encodeDrawing } from "./encode.ts";
import {
  bannerDrawing,
  coverDrawing,
  jacketDrawing,
  pageDrawing,
  pageNumberBox,
  squareDrawing,
} from "./images.ts";
import { splitTitle, wrap } from "./svg.ts";

async function decode(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels of a region, to compare two images where only some part should differ. */
async function region(bytes: Buffer, box: { x: number; y: number; w: number; h: number }) {
  return sharp(bytes)
    .extract({
      left: Math.round(box.x),
      top: Math.round(box.y),
      width: Math.round(box.w),
      height: Math.round(box.h),
    })
    .raw()
    .toBuffer();
}

describe("covers", () => {
  const cover = {
    seriesId: 123,
    volume: 3,
    title: "転生したら魔王の娘だった件",
    author: "桜井ゆかり",
    genre: 5,
  };

  it("draws the series' Japanese title, author and volume into the picture", () => {
    const { svg } = coverDrawing(cover);
    expect(svg).toContain("転生したら");
    expect(svg).toContain("桜井ゆかり");
    expect(svg).toMatch(/「3」|第3巻|>3</);
    expect(svg).not.toMatch(/NO\. 123|VOL\. 3/);
  });

  it("is a WebP or PNG of the requested size, identical for the same input", async () => {
    const webp = await encodeDrawing(coverDrawing(cover), "webp");
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 300, height: 424 });
    expect((await encodeDrawing(coverDrawing(cover), "webp")).equals(webp)).toBe(true);
    const small = await encodeDrawing(coverDrawing({ ...cover, width: 160, height: 226 }), "png");
    expect(await sharp(small).metadata()).toMatchObject({ format: "png", width: 160, height: 226 });
  });

  it("differs between series and between volumes, and each genre has its own look", async () => {
    const a = coverDrawing(cover).svg;
    expect(coverDrawing({ ...cover, seriesId: 124 }).svg).not.toBe(a);
    expect(coverDrawing({ ...cover, volume: 4 }).svg).not.toBe(a);
    const looks = new Set(
      [2, 3, 4, 5, 6, 20].map((genre) => coverDrawing({ ...cover, genre }).svg),
    );
    expect(looks.size).toBe(6);
  });

  it("rejects bad ids, sizes and texts", () => {
    expect(() => coverDrawing({ seriesId: 0 })).toThrow(MediaInputError);
    expect(() => coverDrawing({ seriesId: 1.5 })).toThrow(MediaInputError);
    expect(() => coverDrawing({ seriesId: 1, width: 5000 })).toThrow(/width/);
    expect(() => coverDrawing({ seriesId: 1, volume: -1 })).toThrow(/volume/);
    expect(() => coverDrawing({ seriesId: 1, title: "長".repeat(201) })).toThrow(/title/);
  });

  it("escapes text so a title cannot break the drawing", () => {
    const { svg } = coverDrawing({ seriesId: 1, title: `<script>"&'` });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&quot;&amp;");
  });
});

describe("book pages", () => {
  const input = { bookId: 42, pageCount: 180 };

  it("is a 720x1024 image that depends on the page", async () => {
    const p1 = await encodeDrawing(pageDrawing({ ...input, page: 1 }), "png");
    expect(await decode(p1)).toMatchObject({ width: 720, height: 1024 });
    expect(pageDrawing({ ...input, page: 1 }).svg).toBe(pageDrawing({ ...input, page: 1 }).svg);
    expect(pageDrawing({ ...input, page: 2 }).svg).not.toBe(pageDrawing({ ...input, page: 1 }).svg);
  });

  it("prints the page number at the foot, where only the number differs between pages", async () => {
    // Two pages whose panels are the same (page 1 is one splash panel in every book) but whose
    // numbers differ: the number's box differs, the rest of the foot does not.
    const a = await encodeDrawing(pageDrawing({ bookId: 1, page: 1, pageCount: 9 }), "png");
    const b = await encodeDrawing(pageDrawing({ bookId: 1, page: 1, pageCount: 8 }), "png");
    expect(pageDrawing({ bookId: 1, page: 1, pageCount: 9 }).svg).toContain("1 / 9");
    const box = pageNumberBox(720, 1024);
    expect((await region(a, box)).equals(await region(b, box))).toBe(false);
    const left = { x: 0, y: box.y, w: box.x - 10, h: box.h };
    expect((await region(a, left)).equals(await region(b, left))).toBe(true);
  });

  it("draws a タテヨミ page as part of a strip: no page number, panels running to its edges", async () => {
    const strip = pageDrawing({ bookId: 1, page: 2, pageCount: 9, strip: true });
    expect(strip.svg).not.toContain("2 / 9");
    // The number box holds panel art, not paper: the strip's pages differ where a book's do not.
    const a = await encodeDrawing(
      pageDrawing({ bookId: 1, page: 1, pageCount: 9, strip: true }),
      "png",
    );
    const b = await encodeDrawing(
      pageDrawing({ bookId: 1, page: 1, pageCount: 8, strip: true }),
      "png",
    );
    const box = pageNumberBox(720, 1024);
    expect((await region(a, box)).equals(await region(b, box))).toBe(true);
    expect(pageKey({ bookId: 1, page: 1, pageCount: 9, strip: true })).not.toBe(
      pageKey({ bookId: 1, page: 1, pageCount: 9 }),
    );
  });

  it("sets its dialogue in Japanese balloons", () => {
    const svgs = Array.from({ length: 6 }, (_, i) => pageDrawing({ ...input, page: i + 2 }).svg);
    expect(svgs.some((svg) => /writing-mode="tb"[^>]*>[^<]*[ぁ-んァ-ン一-龯]/.test(svg))).toBe(
      true,
    );
  });

  it("rejects pages outside the book", () => {
    expect(() => pageDrawing({ ...input, page: 0 })).toThrow(/page/);
    expect(() => pageDrawing({ ...input, page: 181 })).toThrow(/page/);
    expect(() => pageDrawing({ bookId: -1, page: 1, pageCount: 1 })).toThrow(/bookId/);
  });
});

describe("banners, jackets and squares", () => {
  it("shows a campaign's own headline, sub-line and offer, never a code", () => {
    const { svg } = bannerDrawing({
      id: 1_773_706_358,
      headline: "人気作まとめ買いセール",
      sub: "11/30(日)まで",
      badge: "50%OFF",
      covers: [{ seriesId: 3, title: "君と夏の終わりに", genre: 2 }],
    });
    expect(svg).toContain("人気作");
    expect(svg).toContain("11/30(日)まで");
    expect(svg).toContain(">50<");
    expect(svg).toContain("%OFF");
    expect(svg).toContain("君と夏");
    expect(svg).not.toMatch(/#1773706358|BANNER/);
  });

  it("draws an advertiser's image plainly with a PR mark, unlike the store's banners", () => {
    const ad = bannerDrawing({ id: 9, headline: "TVアニメ公式サイト", ad: true }).svg;
    const store = bannerDrawing({ id: 9, headline: "TVアニメ公式サイト" }).svg;
    expect(printed(ad)).toContain("PR");
    expect(printed(ad)).toContain("TVアニメ公式サイト");
    expect(printed(ad)).toContain("広告");
    // None of the store's banner art: no gradient ground, no outlined headline.
    expect(ad).not.toContain("<linearGradient");
    expect(ad).not.toContain("paint-order");
    expect(store).toContain("<linearGradient");
  });

  it("renders each at its size", async () => {
    const banner = await encodeDrawing(
      bannerDrawing({ id: 9, headline: "夏のマンガ祭り" }),
      "webp",
    );
    expect(await sharp(banner).metadata()).toMatchObject({ width: 702, height: 180 });
    const jacket = jacketDrawing({ cdId: 3, title: "ドラマCD 魔王の娘" });
    expect(jacket.svg).toContain("魔王の娘");
    expect(await decode(await encodeDrawing(jacket, "png"))).toMatchObject({ width: 300 });
    const square = squareDrawing({ id: 3, style: "author", label: "桜井ゆかり", size: 106 });
    expect(square.svg).toContain("桜井ゆかり");
    expect(await decode(await encodeDrawing(square, "png"))).toMatchObject({
      width: 106,
      height: 106,
    });
    expect(jacketDrawing({ cdId: 3 }).svg).not.toBe(jacketDrawing({ cdId: 4 }).svg);
  });
});

/** The words a drawing prints: the text of its <text> elements, rows joined. */
function printed(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join("");
}

/** The wireframe's words, which a shopper must never see in the art again. */
const PLACEHOLDER =
  /BANNER|FEATURE|CAROUSEL|COMMENT|AUTHOR|APPEAL|POPUP|NO\.\s*\d|VOL\.\s*\d|#\d{4,}/i;

describe("the store's art says what its content says, in every shape a slot shows", () => {
  const covers = [
    { seriesId: 3, title: "君と夏の終わりに", author: "桜井ゆかり", genre: 2 },
    { seriesId: 4, title: "極道の流儀", genre: 6 },
  ];
  const campaign = {
    id: 1_773_706_358,
    headline: "少年・青年マンガ全品15%OFFクーポン",
    sub: "12/18(金)まで",
    badge: "15%OFF",
    covers,
  };
  const shapes = [
    { width: 702, height: 180 },
    { width: 702, height: 240 },
    { width: 660, height: 340 },
    ...Object.values(ART_SHAPES),
  ];

  it("prints a campaign's Japanese headline and dates at every shape, at exactly that size", async () => {
    for (const shape of shapes) {
      const drawing = bannerDrawing({ ...campaign, ...shape });
      const words = printed(drawing.svg);
      expect(words, `${shape.width}x${shape.height}`).toContain("少年・青年マンガ");
      expect(words).toContain("12/18(金)まで");
      expect(words).toContain("君と夏の終わりに");
      expect(words).not.toMatch(PLACEHOLDER);
      const image = await sharp(await encodeDrawing(drawing, "png")).metadata();
      expect(image).toMatchObject(shape);
    }
  });

  it("leaves a carousel's key visual to its covers, since the slide prints the headline", () => {
    for (const shape of [{ width: 720, height: 400 }, ART_SHAPES.portrait]) {
      const words = printed(bannerDrawing({ ...campaign, keyVisual: true, ...shape }).svg);
      expect(words).toContain("君と夏の終わりに");
      expect(words).not.toContain("少年・青年マンガ");
    }
  });

  it("never prints a placeholder in covers, pages, jackets, squares or banners without texts", () => {
    const svgs = [
      coverDrawing({ seriesId: 126, volume: 10 }).svg,
      coverDrawing({ seriesId: 126, volume: 10, title: "魔王の娘", genre: 5 }).svg,
      pageDrawing({ bookId: 126, page: 3, pageCount: 20 }).svg,
      jacketDrawing({ cdId: 3 }).svg,
      ...(["appeal", "comment", "author", "stamp"] as const).map(
        (style) => squareDrawing({ id: 658, style }).svg,
      ),
      ...shapes.map((shape) => bannerDrawing({ id: 1_773_706_358, ...shape }).svg),
    ];
    for (const svg of svgs) {
      expect(printed(svg)).not.toMatch(PLACEHOLDER);
    }
    expect(printed(coverDrawing({ seriesId: 126, volume: 10, title: "魔王の娘" }).svg)).toContain(
      "魔王の娘",
    );
  });
});

describe("typesetting", () => {
  it("breaks Japanese where it reads naturally, never inside a number or before a closing mark", () => {
    expect(wrap("新規会員登録で70%OFFクーポン", 10, 2)).toEqual([
      "新規会員登録で",
      "70%OFFクーポン",
    ]);
    expect(wrap("君と夏の終わりに", 5, 2)).toEqual(["君と夏の", "終わりに"]);
    for (const line of wrap("「ねえ、聞いて」と言った。本当に？", 6, 4).slice(1)) {
      expect(line).not.toMatch(/^[、。」？]/);
    }
    expect(wrap("とても長いタイトルがここに続いていきます", 5, 2).at(-1)).toMatch(/…$/);
  });

  it("splits a subtitle or edition from the title", () => {
    expect(splitTitle("魔王の娘～辺境スローライフ～")).toEqual({
      main: "魔王の娘",
      sub: "辺境スローライフ",
    });
    expect(splitTitle("鉄血のレクイエム［新装版］")).toEqual({
      main: "鉄血のレクイエム",
      sub: "［新装版］",
    });
  });

  it("sends WebP to browsers that accept it and PNG to the rest", () => {
    expect(formatFor("image/avif,image/webp,image/apng,*/*;q=0.8")).toBe("webp");
    expect(formatFor("image/png,*/*")).toBe("png");
    expect(formatFor(undefined)).toBe("png");
  });
});
