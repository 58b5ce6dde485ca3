import { sql } from "drizzle-orm";
import { SHELL_PAGES } from "../../../contract/status";
import type { Db } from "../client";
import type { TestFixture } from "../test-database";
import { defaultSeedOptions, seedDatabase } from "./seed";

/**
 * What the seeded content shown now links to and which visibility classes it uses, read from
 * the tables (popups, banners, home sections, campaigns, topic pages, the drawer's topic
 * content, published news), for the tests that check each link answers and each marker names
 * something that exists. Content outside its display window is left out: a banner for a
 * campaign that starts next week links to a page that opens with it.
 */

/** Where a link or a class name was found, for a failure message that says where to look. */
export interface Found {
  from: string;
  value: string;
}

/**
 * The seed of 60 series on its fixed clock, for the files that read a realistic shop: seeded
 * once per run and copied per file (decision 0075).
 */
export const SEEDED_60: TestFixture = {
  name: "seeded-60",
  async load(db) {
    await seedDatabase(db, defaultSeedOptions(60));
  },
};

type Row = Record<string, unknown>;

async function rows(db: Db, query: string, now: Date): Promise<Row[]> {
  const at = `'${now.toISOString()}'::timestamptz`;
  const result = await db.execute(sql.raw(query.replaceAll(":now", at)));
  return result.rows as Row[];
}

/** Shown at :now by its start_at and end_at (either may be open). */
const running = (t: string) =>
  `(${t}.start_at is null or ${t}.start_at <= :now) and (${t}.end_at is null or ${t}.end_at > :now)`;

const PLACEHOLDER_PAGES: Record<string, string> = {
  "{signup_url}": SHELL_PAGES.signup_page,
  "{login_url}": SHELL_PAGES.login_page,
  "{leave_url}": SHELL_PAGES.leave_page,
};

/** Links inside staff markup: href='…' or href="…". */
function htmlLinks(html: string): string[] {
  return [...html.matchAll(/href\s*=\s*(["'])(.*?)\1/g)].map((m) => m[2]!);
}

/** Walks topic content (rows → columns → blocks, boxes inside) and reports links and classes. */
function walkTopic(content: unknown, from: string, links: Found[], classes: Found[]) {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    const object = node as Row;
    if (typeof object.class === "string") {
      for (const name of object.class.split(/\s+/).filter(Boolean)) {
        classes.push({ from, value: name });
      }
    }
    if (typeof object.href === "string") links.push({ from, value: object.href });
    if (typeof object.html === "string") {
      for (const href of htmlLinks(object.html)) links.push({ from, value: href });
    }
    for (const key of ["columns", "blocks", "items"]) visit(object[key]);
  };
  visit(content);
}

export async function seededContent(
  db: Db,
  now: Date,
): Promise<{ links: Found[]; classes: Found[] }> {
  const links: Found[] = [];
  const classes: Found[] = [];
  const add = (from: string, value: unknown) => {
    if (typeof value === "string" && value !== "") links.push({ from, value });
  };
  const read = (query: string) => rows(db, query, now);
  for (const r of await read(`select popup_id, link_url from popups p where ${running("p")}`)) {
    add(`popup ${r.popup_id}`, r.link_url);
  }
  for (const r of await read(
    `select link_rotation_id, url from link_rotations r where ${running("r")}`,
  )) {
    add(`banner ${r.link_rotation_id}`, r.url);
  }
  for (const r of await read(
    `select i.layout_id, i.position, i.url from home_layout_items i
       join home_layouts l on l.layout_id = i.layout_id where ${running("l")}`,
  )) {
    add(`home section ${r.layout_id} item ${r.position}`, r.url);
  }
  for (const r of await read(
    `select layout_id, more_url from home_layouts l where ${running("l")}`,
  )) {
    if (typeof r.more_url === "string" && r.more_url.toLowerCase() !== "hide") {
      add(`home section ${r.layout_id} more`, r.more_url);
    }
  }
  for (const r of await read(
    `select campaign_id, action_url, pickup_more_url from campaigns c where ${running("c")}`,
  )) {
    add(`campaign ${r.campaign_id}`, r.action_url);
    add(`campaign ${r.campaign_id} pickup more`, r.pickup_more_url);
  }
  // Every page's markers count, shown now or not; only a page shown now has links to follow.
  for (const r of await read(
    `select page_type, page_name, content, ${running("t")} as shown from topic_pages t`,
  )) {
    let content: unknown = null;
    try {
      content = JSON.parse(String(r.content));
    } catch {
      // Plain text pages have no links of their own.
    }
    walkTopic(content, `/${r.page_type}/${r.page_name}`, r.shown ? links : [], classes);
  }
  for (const r of await read("select genre, content from menu_topic_contents")) {
    const content = typeof r.content === "string" ? JSON.parse(r.content) : r.content;
    walkTopic(content, `drawer topic (genre ${r.genre})`, links, classes);
  }
  for (const r of await read("select m_news_id, body from news where published_at <= :now")) {
    for (const href of htmlLinks(String(r.body))) {
      links.push({ from: `news ${r.m_news_id}`, value: href });
    }
  }
  return {
    links: links.map((l) => ({ ...l, value: PLACEHOLDER_PAGES[l.value] ?? l.value })),
    classes,
  };
}
