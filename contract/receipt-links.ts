/**
 * Where a paid order's 領収書 is read and downloaded. Without zod: the order history and the
 * order's result pages link to it without loading the receipt's schemas (contract/receipts.ts).
 */
export const receiptPageUrl = (orderId: number) => `/receipt?order=${orderId}`;
export const receiptPdfUrl = (orderId: number, copy?: number) =>
  `/receipt.pdf?order=${orderId}${copy ? `&copy=${copy}` : ""}`;
