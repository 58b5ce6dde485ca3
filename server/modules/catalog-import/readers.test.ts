import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, sampleCsv } from "../../../contract/catalog-import";
import { tokyoInstant } from "../../../contract/tokyo-time";
import { readCatalogCsv } from "./csv";
import { readOnix } from "./onix";
import { isIsbn13, tokyoReleaseDate } from "./records";

const HEADER = Object.keys(CSV_COLUMNS).join(",");
const line = (values: Partial<Record<keyof typeof CSV_COLUMNS, string>>) =>
  Object.keys(CSV_COLUMNS)
    .map((k) => {
      const v = values[k as keyof typeof CSV_COLUMNS] ?? "";
      return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(",");
const good = {
  series_title: "星降る図書館",
  series_title_kana: "ホシフルトショカン",
  publisher: "コマヤ書房",
  label: "コマヤコミックス",
  authors: "原作:山田花子/ヤマダハナコ|漫画:佐藤一郎/サトウイチロウ",
  genres: "少年・青年",
  tags: "ファンタジー|図書館",
  complete: "0",
  volume: "1",
  volume_title: "星降る図書館 1巻",
  price_inc: "660",
  release_date: "2026-12-01",
  page_count: "180",
  trial_pages: "20",
  isbn: "978-4-00-000001-7",
};

describe("catalog CSV", () => {
  it("reads the documented header, a BOM, quoted commas and the series on every line", () => {
    const csv = `\uFEFF${HEADER}\n${line(good)}\n${line({ ...good, volume: "2", volume_title: "2巻, 続き", release_date: "2027-01-05 10:00" })}\n`;
    const { records, problems } = readCatalogCsv(csv);
    expect(problems).toEqual([]);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      source: "2行目",
      series: {
        title: "星降る図書館",
        publisher: "コマヤ書房",
        label: "コマヤコミックス",
        complete: false,
        tags: ["ファンタジー", "図書館"],
        contributors: [
          { role: "原作", name: "山田花子", nameKana: "ヤマダハナコ" },
          { role: "漫画", name: "佐藤一郎", nameKana: "サトウイチロウ" },
        ],
      },
      volume: { number: 1, priceInc: 660, pageCount: 180, trialPages: 20, isbn: "9784000000017" },
    });
    // Release dates are Tokyo wall-clock times, whatever zone the server is in.
    expect(records[0].volume.releaseAt).toEqual(tokyoInstant(2026, 12, 1));
    expect(records[1].volume.releaseAt).toEqual(tokyoInstant(2027, 1, 5, 10, 0));
    expect(records[1].volume.title).toBe("2巻, 続き");
  });

  it("names the line of every cell the format refuses, and leaves the catalog's rules to the plan", () => {
    const csv = [
      HEADER,
      line(good),
      // A trial longer than the volume and an unknown role are the catalog's rules (plan.ts).
      line({ ...good, volume: "2", trial_pages: "300" }),
      line({ ...good, volume: "3", price_inc: "六百" }),
      line({ ...good, volume: "4", release_date: "2026-02-31" }),
      line({ ...good, volume: "5", authors: "監修:誰か" }),
      line({ ...good, volume: "6", isbn: "9784000000018" }),
      line({ ...good, volume: "1" }),
      line({ ...good, volume: "7", series_title: "" }),
      line({ ...good, volume: "8", authors: "原作" }),
    ].join("\n");
    const { records, problems } = readCatalogCsv(csv);
    expect(records.map((r) => r.volume.number)).toEqual([1, 2, 5]);
    expect(problems).toEqual([
      { source: "4行目", message: "税込価格は整数で指定してください" },
      { source: "5行目", message: "発売日「2026-02-31」はYYYY-MM-DDで指定してください" },
      { source: "7行目", message: expect.stringContaining("ISBN") },
      { source: "9行目", message: "作品名がありません" },
      { source: "10行目", message: "著者「原作」は 役割:名前 の形で指定してください" },
      { source: "8行目", message: "2行目と同じ巻（1巻）です" },
    ]);
  });

  it("reads the page's downloadable sample without a problem", () => {
    const { records, problems } = readCatalogCsv(`\uFEFF${sampleCsv()}`);
    expect(problems).toEqual([]);
    expect(records).toHaveLength(1);
  });

  it("refuses a file whose header is not the documented one, whole", () => {
    const { records, problems } = readCatalogCsv(`title,price\n星,660\n`);
    expect(records).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain("不明な列: title, price");
    expect(problems[0].message).toContain("必須の列がありません: series_title");
  });
});

const product = (
  over: {
    part?: string;
    role?: string;
    price?: string;
    priceType?: string;
    date?: string;
    ref?: string;
  } = {},
) => `
  <Product>
    <RecordReference>${over.ref ?? "komaya-0001"}</RecordReference>
    <NotificationType>03</NotificationType>
    <ProductIdentifier><ProductIDType>15</ProductIDType><IDValue>9784000000017</IDValue></ProductIdentifier>
    <DescriptiveDetail>
      <ProductComposition>00</ProductComposition>
      <ProductForm>ED</ProductForm>
      <Collection>
        <CollectionType>10</CollectionType>
        <TitleDetail><TitleType>01</TitleType>
          <TitleElement><TitleElementLevel>02</TitleElementLevel><PartNumber>${over.part ?? "3"}</PartNumber>
            <TitleText collationkey="ほしふるとしょかん">星降る図書館</TitleText></TitleElement>
        </TitleDetail>
      </Collection>
      <TitleDetail><TitleType>01</TitleType>
        <TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>星降る図書館 3巻</TitleText></TitleElement>
      </TitleDetail>
      <Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>${over.role ?? "A38"}</ContributorRole>
        <PersonName collationkey="やまだはなこ">山田花子</PersonName></Contributor>
      <Contributor><SequenceNumber>2</SequenceNumber><ContributorRole>A12</ContributorRole>
        <KeyNames collationkey="さとう">佐藤</KeyNames><NamesBeforeKey collationkey="いちろう">一郎</NamesBeforeKey></Contributor>
      <Extent><ExtentType>00</ExtentType><ExtentValue>192</ExtentValue><ExtentUnit>03</ExtentUnit></Extent>
      <Subject><SubjectSchemeIdentifier>20</SubjectSchemeIdentifier><SubjectHeadingText>ファンタジー;図書館</SubjectHeadingText></Subject>
      <Subject><SubjectSchemeIdentifier>24</SubjectSchemeIdentifier><SubjectSchemeName>komaya-genre</SubjectSchemeName><SubjectHeadingText>少年・青年</SubjectHeadingText></Subject>
    </DescriptiveDetail>
    <CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text>星の降る夜だけ開く図書館。</Text></TextContent></CollateralDetail>
    <PublishingDetail>
      <Imprint><ImprintName>コマヤコミックス</ImprintName></Imprint>
      <Publisher><PublishingRole>01</PublishingRole><PublisherName>コマヤ書房</PublisherName></Publisher>
      <PublishingDate><PublishingDateRole>01</PublishingDateRole><Date>${over.date ?? "20261201"}</Date></PublishingDate>
    </PublishingDetail>
    <ProductSupply><SupplyDetail><Supplier><SupplierRole>09</SupplierRole><SupplierName>コマヤ書房</SupplierName></Supplier>
      <ProductAvailability>20</ProductAvailability>
      <Price><PriceType>${over.priceType ?? "04"}</PriceType><PriceAmount>${over.price ?? "693"}</PriceAmount><CurrencyCode>JPY</CurrencyCode></Price>
    </SupplyDetail></ProductSupply>
  </Product>`;
const message = (...products: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">
  <Header><Sender><SenderName>コマヤ書房</SenderName></Sender><SentDateTime>20261128T0300Z</SentDateTime></Header>
  ${products.join("\n")}
</ONIXMessage>`;

describe("ONIX 3.0", () => {
  it("maps title, series and number, contributors with roles and readings, publisher, imprint, subjects, price and date", () => {
    const { records, problems } = readOnix(message(product()));
    expect(problems).toEqual([]);
    expect(records).toEqual([
      {
        source: "Product 1（komaya-0001）",
        series: {
          title: "星降る図書館",
          titleKana: "ホシフルトショカン",
          publisher: "コマヤ書房",
          label: "コマヤコミックス",
          magazine: null,
          description: null,
          complete: null,
          genres: ["少年・青年"],
          tags: ["ファンタジー", "図書館"],
          contributors: [
            { name: "山田花子", nameKana: "ヤマダハナコ", role: "原作" },
            { name: "佐藤一郎", nameKana: "サトウイチロウ", role: "作画" },
          ],
        },
        volume: {
          number: 3,
          title: "星降る図書館 3巻",
          priceInc: 693,
          releaseAt: tokyoInstant(2026, 12, 1),
          pageCount: 192,
          trialPages: null,
          description: "星の降る夜だけ開く図書館。",
          isbn: "9784000000017",
        },
      },
    ]);
  });

  it("reports each product it cannot map, by position and reference, and keeps the others", () => {
    const { records, problems } = readOnix(
      message(
        product({ ref: "a" }),
        product({ ref: "b", part: "4", role: "A99" }),
        product({ ref: "c", part: "5", priceType: "01" }),
        product({ ref: "d", part: "6", date: "20261340" }),
        product({ ref: "e", part: "x" }),
      ),
    );
    expect(records.map((r) => r.volume.number)).toEqual([3]);
    expect(problems).toEqual([
      { source: "Product 2（b）", message: expect.stringContaining("著者区分 A99") },
      { source: "Product 3（c）", message: expect.stringContaining("税込の円価格") },
      { source: "Product 4（d）", message: "発売日「20261340」はYYYY-MM-DDで指定してください" },
      { source: "Product 5（e）", message: "巻数（PartNumber）「x」が整数ではありません" },
    ]);
  });

  it("refuses entity declarations (XML bombs), malformed XML and other documents", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><ONIXMessage>&b;</ONIXMessage>`;
    expect(readOnix(bomb).problems[0].message).toContain("実体宣言");
    expect(readOnix("<ONIXMessage><Product>").problems[0].message).toContain("XMLとして読めません");
    expect(readOnix("<html></html>").problems[0].message).toContain("ONIX 3.0 のメッセージ");
  });
});

describe("record rules", () => {
  it("checks the ISBN-13 check digit", () => {
    expect(isIsbn13("9784000000017")).toBe(true);
    expect(isIsbn13("9784000000018")).toBe(false);
    expect(isIsbn13("4000000012")).toBe(false);
  });

  it("reads release dates as Tokyo times and refuses days that do not exist", () => {
    expect(tokyoReleaseDate("2026-12-01")).toEqual(new Date("2026-11-30T15:00:00Z"));
    expect(tokyoReleaseDate("20280229")).toEqual(tokyoInstant(2028, 2, 29));
    expect(tokyoReleaseDate("20270229")).toBeNull();
    expect(tokyoReleaseDate("2026-12-01 24:00")).toBeNull();
    expect(tokyoReleaseDate("12/01/2026")).toBeNull();
  });
});
