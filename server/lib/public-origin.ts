import type { Env } from "../env";

/**
 * The origin every absolute link is built on — mail (the newsletter's List-Unsubscribe and body
 * link, entry mail), robots.txt, the sitemap, canonical and Open Graph URLs: PUBLIC_URL, or
 * http://localhost:PORT in a local run (decision 0047). Never the request's Host or
 * X-Forwarded-Host, which the client writes: a mail queued with `Host: evil.example` linked there,
 * and a cached robots.txt sent every crawler to it.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL">): string {
  return env.PUBLIC_URL;
}
