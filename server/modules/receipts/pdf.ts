import path from "node:path";
import PDFDocument from "pdfkit";
import type { ReceiptView } from "../../../contract/receipts";
import { shippedFontDirs } from "../media/fonts";

/** Noto Sans JP as the media module ships it, so every machine prints the same receipt. */
function fontFile(weight: "Regular" | "Bold"): string {
  return path.join(shippedFontDirs()[0]!, `NotoSansJP-${weight}.otf`);
}

const yen = (n: number) => `¥${n.toLocaleString("ja-JP")}`;

/**
 * The receipt as an A4 PDF: the same copy the page shows, in the same order (decision 0108).
 * `compress: false` (tests) leaves the content streams readable.
 */
export function receiptPdf(
  view: ReceiptView,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: options.compress ?? true,
    info: {
      Title: `領収書 注文番号 ${view.order_id}`,
      Author: view.seller_name,
      // Machine-readable: the registration number, the order and the amount paid in money.
      Subject: `${view.registration_number} order ${view.order_id} amount ${view.amount}`,
      Keywords: view.registration_number,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("jp", fontFile("Regular"));
  doc.registerFont("jp-bold", fontFile("Bold"));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = (label: string, value: string, options: { bold?: boolean; size?: number } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? "jp-bold" : "jp").fontSize(options.size ?? 10.5);
    doc.text(label, left, y, { width: width * 0.6 });
    doc.text(value, left + width * 0.6, y, { width: width * 0.4, align: "right" });
    doc.moveDown(0.3);
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor("#888")
      .stroke();
    doc.moveDown(0.4);
  };

  doc.font("jp-bold").fontSize(22).text("領収書", left, doc.y, { width, align: "center" });
  if (view.reissued) {
    doc
      .font("jp-bold")
      .fontSize(12)
      .fillColor("#b00020")
      .text("再発行", { width, align: "center" });
    doc.fillColor("black");
  }
  if (view.fully_refunded) {
    doc.font("jp-bold").fontSize(12).fillColor("#b00020");
    doc.text("返金済み（このご注文は全額返金されています）", { width, align: "center" });
    doc.fillColor("black");
  }
  doc.moveDown(0.8);
  doc.font("jp").fontSize(9.5);
  doc.text(`注文番号 ${view.order_id}　発行日 ${view.issued_date}`, { width, align: "right" });
  doc.moveDown(0.6);
  doc.font("jp-bold").fontSize(16).text(view.addressee, { width });
  rule();
  doc.moveDown(0.3);
  doc
    .font("jp-bold")
    .fontSize(20)
    .text(`${yen(view.amount)} -`, { width, align: "center" });
  doc.font("jp").fontSize(9.5);
  doc.text(
    `（うち消費税 ${yen(view.rates[0]?.tax ?? 0)} を含む商品代金のうち、お支払いいただいた金額）`,
    {
      width,
      align: "center",
    },
  );
  doc.moveDown(0.4);
  doc
    .font("jp")
    .fontSize(10.5)
    .text("上記の金額を正に領収いたしました。", { width, align: "center" });
  doc.text("但し、デジタルコンテンツ代として", { width, align: "center" });
  doc.moveDown(0.8);

  right("取引年月日", view.order_date);
  right("お支払い方法", view.payment_name);
  doc.moveDown(0.4);
  doc.font("jp-bold").fontSize(11).text("お取引の内容（税込）", left, doc.y);
  rule();
  for (const line of view.lines) right(`${line.name}（${line.rate}%対象）`, yen(line.price));
  rule();
  right("商品合計", yen(view.goods_total));
  if (view.coupon_discount > 0)
    right(
      `クーポン値引き${view.coupon_name ? `（${view.coupon_name}）` : ""}`,
      `−${yen(view.coupon_discount)}`,
    );
  for (const r of view.rates) {
    right(`${r.rate}%対象 合計（税込）`, yen(r.total), { bold: true });
    right(`　内消費税（${r.rate}%）`, yen(r.tax));
  }
  if (view.used_point > 0) right("ポイント利用（1pt＝1円）", `−${yen(view.used_point)}`);
  right("領収金額", yen(view.amount), { bold: true, size: 12 });
  if (view.refunded_amount > 0 || view.refunded_point > 0) {
    right(
      "うち返金済み",
      `${yen(view.refunded_amount)}${view.refunded_point > 0 ? `・${view.refunded_point.toLocaleString("ja-JP")}pt` : ""}`,
    );
  }
  doc.moveDown(1.2);
  rule();
  doc.font("jp-bold").fontSize(11).text(view.seller_name, left, doc.y);
  doc.font("jp").fontSize(10).text(`登録番号 ${view.registration_number}`);
  doc.moveDown(0.6);
  doc.fontSize(8.5).fillColor("#555");
  doc.text(
    "この領収書は適格請求書として発行しています。消費税額は税率ごとに合計した金額から1回算出し、1円未満を切り捨てています。ポイントでのお支払い分は領収金額に含みません。",
    { width },
  );
  doc.end();
  return done;
}
