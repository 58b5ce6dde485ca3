import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "./fixtures";

/** The text part of a .eml the store wrote (base64 or quoted-printable). */
export function mailText(eml: string): string {
  const [head, ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/**
 * Waits for the delivery worker to write the member's newest mail of one kind under
 * DATA_DIR/mail (files are named by outbox id) and answers its text.
 */
export async function deliveredMail(to: string, kind: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  let found = "";
  await expect
    .poll(
      async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        const newestFirst = names.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
        for (const name of newestFirst) {
          const eml = await readFile(path.join(dir, name), "utf8");
          if (eml.includes(`To: ${to}`) && eml.includes(`X-Komaya-Mail: ${kind}`)) {
            found = eml;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return mailText(found);
}

/** The store link a mail carries, as a path and query the test browser opens. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, "\\/")}\\?\\S+`));
  expect(match, `a ${path} link in the mail`).toBeTruthy();
  const url = new URL(match![0]);
  return url.pathname + url.search;
}
