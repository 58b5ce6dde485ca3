import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import { receiptIssueInput } from "../../../contract/receipts";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { receiptPdf } from "./pdf";
import { issueReceipt, RECEIPT_NOT_FOUND, receiptCopy, sellerOf } from "./service";

const RECEIPT_LOGIN = "領収書をご覧になるにはログインしてください";
/** Issuing writes a row per order; a member has few orders to issue for in ten minutes. */
const RECEIPT_ISSUES: LimitRule = { name: "receipt-issue", points: 30, windowSeconds: 10 * 60 };
/** Each PDF is drawn anew and counts a copy: enough for any reprinting, not for a loop. */
const RECEIPT_PDFS: LimitRule = { name: "receipt-pdf", points: 60, windowSeconds: 10 * 60 };

/** /api/receipt {order, addressee, honorific}: the first issue of an order's receipt. */
export function receiptRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.post("/receipt", async (c) => {
    const member = requireMember(c, RECEIPT_LOGIN);
    const input = await readJson(c, receiptIssueInput);
    await throttle(
      c,
      services.limiter,
      RECEIPT_ISSUES,
      String(member.userId),
      "領収書の発行が続いたため、しばらく時間をおいてからお試しください",
    );
    const receipt = await issueReceipt(
      services.db,
      sellerOf(services.env),
      member.userId,
      input,
      new Date(),
    );
    return c.json({ result: true, receipt });
  });
  return routes;
}

const pdfQuery = z.object({
  order: recordId("order"),
  copy: z.preprocess((v) => (v === "" ? undefined : v), recordId("copy").optional()),
});

/** GET /receipt.pdf?order=…&copy=…: the receipt as a PDF, for its owner only (others: 404). */
export function receiptPdfRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.get("/receipt.pdf", async (c) => {
    const member = requireMember(c, RECEIPT_LOGIN);
    const { order, copy } = readQuery(c, pdfQuery);
    await throttle(
      c,
      services.limiter,
      RECEIPT_PDFS,
      String(member.userId),
      "領収書の表示が続いたため、しばらく時間をおいてからお試しください",
    );
    const view = await receiptCopy(
      services.db,
      sellerOf(services.env),
      member.userId,
      order,
      copy,
      new Date(),
    );
    if (!view) throw new NotFound(RECEIPT_NOT_FOUND);
    const pdf = await receiptPdf(view);
    const name = `領収書_${view.order_id}${view.reissued ? "_再発行" : ""}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${view.order_id}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
    });
  });
  return routes;
}
