/**
 * The content pipeline's benchmark rows (issue 23, decision 0089), run by bench/run.ts (--only
 * uploads): a 200-page ZIP uploaded through POST /api/ops/volumes/{id}/pages by the seeded editor,
 * timed from the first byte sent until the job has published it and the reader serves the new
 * pages, three times (the median is the figure).
 */
import { generate } from "otplib";
import sharp from "sharp";
import { zipOf } from "../server/modules/content/test-fixture";

const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

/** Cookies kept between calls, the CSRF header from `ct`, as the ops pages send them. */
class Staff {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async send(path: string, init: RequestInit = {}): Promise<Response> {
    if (!this.cookies.has("ct")) this.keep(await fetch(`${this.base}/api/status`));
    const headers = new Headers(init.headers);
    headers.set("cookie", this.cookie);
    headers.set("x-csrftoken", this.cookies.get("ct") ?? "");
    headers.set("x-forwarded-for", "198.19.250.1");
    const response = await fetch(this.base + path, { ...init, headers });
    this.keep(response);
    return response;
  }
  async json<T>(path: string, body: unknown): Promise<T> {
    const response = await this.send(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as T;
  }
  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
}

/** The seeded editor, signed in to /ops (enrolling the authenticator on a fresh store). */
async function signedInEditor(base: string): Promise<Staff> {
  const staff = new Staff(base);
  const login = await staff.json<{ enrol?: { secret: string } | null }>("/api/ops/login", EDITOR);
  if (!login.enrol)
    throw new Error("the bench needs a fresh store: the editor is enrolled already");
  const code = await generate({ secret: login.enrol.secret });
  const done = await staff.json<{ result: boolean }>("/api/ops/login/code", { code });
  if (!done.result) throw new Error("the editor's second factor was refused");
  return staff;
}

/** 200 pages 1080 × 1536 (a phone-sized scan), each drawn differently, as JPEG in a ZIP. */
async function volumeZip(pages: number): Promise<Buffer> {
  const entries = [];
  for (let n = 1; n <= pages; n++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1536">
      <rect width="1080" height="1536" fill="#fbfaf7"/>
      ${Array.from({ length: 24 }, (_, i) => `<rect x="${60 + ((i * 97 + n * 31) % 800)}" y="${60 + i * 60}" width="${120 + ((i * n) % 300)}" height="40" fill="#${((n * 2654435761 + i * 40503) % 0xffffff).toString(16).padStart(6, "0")}"/>`).join("")}
      <text x="540" y="1480" font-size="48" text-anchor="middle">${n}</text></svg>`;
    const data = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    entries.push({ name: `page${String(n).padStart(3, "0")}.jpg`, data, method: "store" as const });
  }
  return zipOf(entries);
}

export interface UploadFigures {
  pages: number;
  zipBytes: number;
  seconds: number[];
  median: number;
}

/** Uploads the volume three times, each time until the reader serves the new set. */
export async function uploadToReadable(
  base: string,
  bookId: number,
  pages = 200,
): Promise<UploadFigures> {
  const staff = await signedInEditor(base);
  const zip = await volumeZip(pages);
  const seconds: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(zip)]), `bench-${run}.zip`);
    const sent = await staff.send(`/api/ops/volumes/${bookId}/pages`, {
      method: "POST",
      body: form,
    });
    const { job_id } = (await sent.json()) as { job_id: string };
    for (;;) {
      const job = (await (await staff.send(`/api/ops/jobs/${job_id}`)).json()) as {
        state: string;
        error_message?: string;
      };
      if (job.state === "failed") throw new Error(`upload failed: ${job.error_message}`);
      if (job.state === "completed") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // Readable: the reader hands out the new set and its last page is served.
    const reader = (await (await fetch(`${base}/api/reader/${bookId}`)).json()) as {
      book: { page_count: number };
      pages: { url: string }[];
    };
    if (reader.book.page_count !== pages) throw new Error("the reader does not see the new pages");
    const first = await fetch(`${base}${reader.pages[0]!.url}`);
    if (first.status !== 200) throw new Error(`the new first page answered ${first.status}`);
    seconds.push((performance.now() - started) / 1000);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return { pages, zipBytes: zip.length, seconds, median: sorted[1]! };
}
