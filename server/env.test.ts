import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("configuration", () => {
  it("has working defaults for a bare machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_SERIES: 2000 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("reads the seed's Tokyo day, refusing a day that does not exist", () => {
    expect(parseEnv({}).SEED_DAY).toBeUndefined();
    // 2026-11-28 00:00 in Tokyo is 2026-11-27 15:00 UTC.
    expect(parseEnv({ SEED_DAY: "2026-11-28" }).SEED_DAY?.toISOString()).toBe(
      "2026-11-27T15:00:00.000Z",
    );
    expect(() => parseEnv({ SEED_DAY: "2026-02-30" })).toThrow(/SEED_DAY must be a date/);
    expect(() => parseEnv({ SEED_DAY: "tomorrow" })).toThrow(/SEED_DAY/);
  });

  it("stops on a wrong value with one line naming the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ SMTP_URL: "mail.example.jp:587" })).toThrow(/SMTP_URL/);
  });

  it("takes the app-store and X addresses from configuration, refusing example domains (issue 21 item 39)", () => {
    const env = parseEnv({});
    expect(env.APP_STORE_URL).toBeUndefined();
    expect(env.GOOGLE_PLAY_URL).toBeUndefined();
    expect(env.X_ACCOUNT_URL).toBe("https://x.com/komaya_official");
    expect(parseEnv({ X_ACCOUNT_URL: "" }).X_ACCOUNT_URL).toBe("https://x.com/komaya_official");
    const set = parseEnv({
      APP_STORE_URL: "https://apps.apple.com/jp/app/id1234567890",
      GOOGLE_PLAY_URL: "https://play.google.com/store/apps/details?id=jp.komaya.app",
      X_ACCOUNT_URL: "https://x.com/komaya_store",
    });
    expect(set.APP_STORE_URL).toBe("https://apps.apple.com/jp/app/id1234567890");
    expect(set.GOOGLE_PLAY_URL).toBe("https://play.google.com/store/apps/details?id=jp.komaya.app");
    expect(set.X_ACCOUNT_URL).toBe("https://x.com/komaya_store");
    expect(() => parseEnv({ APP_STORE_URL: "https://example.com/app" })).toThrow(
      /^Invalid configuration: APP_STORE_URL must not point at an example domain/,
    );
    expect(() => parseEnv({ GOOGLE_PLAY_URL: "http://play.google.com/x" })).toThrow(
      /GOOGLE_PLAY_URL must start with https/,
    );
    expect(() => parseEnv({ APP_STORE_URL: "apps.apple.com/jp" })).toThrow(/APP_STORE_URL/);
    expect(() => parseEnv({ X_ACCOUNT_URL: "https://evil.example.jp/komaya" })).toThrow(
      /X_ACCOUNT_URL must be an address on x.com or twitter.com/,
    );
  });

  it("sends mail over SMTP_URL when set, otherwise writes .eml files", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.jp:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example.jp:465",
    );
  });

  it("reads TRUST_PROXY as the number of proxy hops to believe", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    // The old spellings keep their meaning: one load balancer, or none.
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    expect(() => parseEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY/);
  });

  it("caps the media cache at 2 GB unless told otherwise", () => {
    expect(parseEnv({}).MEDIA_CACHE_MB).toBe(2048);
    expect(parseEnv({ MEDIA_CACHE_MB: "512" }).MEDIA_CACHE_MB).toBe(512);
    expect(() => parseEnv({ MEDIA_CACHE_MB: "1" })).toThrow(/MEDIA_CACHE_MB/);
    expect(() => parseEnv({ MEDIA_CACHE_MB: "lots" })).toThrow(/MEDIA_CACHE_MB/);
  });

  it("takes a METRICS_TOKEN of at least 16 printable characters, or none", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ METRICS_TOKEN: "0123456789 abcdef" })).toThrow(/METRICS_TOKEN/);
  });

  it("takes WEB_CONCURRENCY as a number of worker processes, unset meaning one per core", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    for (const wrong of ["0", "two", "1.5", "65"])
      expect(() => parseEnv({ WEB_CONCURRENCY: wrong })).toThrow(
        /^Invalid configuration: WEB_CONCURRENCY /,
      );
  });

  it("requires PUBLIC_URL in production, with one line naming it (issue 21 item 6)", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production[^\n]*\(not set\)$/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", PUBLIC_URL: "" })).toThrow(/PUBLIC_URL/);
    expect(
      parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://Komaya.example/" }).PUBLIC_URL,
    ).toBe("https://komaya.example");
  });

  it("links a local run to itself on its own port, and takes no path in PUBLIC_URL", () => {
    expect(parseEnv({}).NODE_ENV).toBe("development");
    expect(parseEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ NODE_ENV: "test", PORT: "3931" }).PUBLIC_URL).toBe("http://localhost:3931");
    expect(parseEnv({ PUBLIC_URL: "http://127.0.0.1:8080" }).PUBLIC_URL).toBe(
      "http://127.0.0.1:8080",
    );
    for (const wrong of ["komaya.example", "ftp://komaya.example", "https://komaya.example/shop"])
      expect(() => parseEnv({ PUBLIC_URL: wrong })).toThrow(/^Invalid configuration: PUBLIC_URL /);
  });

  it("treats an empty URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("the seller's invoice registration (適格請求書)", () => {
  it("defaults to the demo store's name and a number whose check digit is right", () => {
    const env = parseEnv({});
    expect(env.SELLER_NAME).toBe("株式会社コマヤ");
    expect(env.INVOICE_REGISTRATION_NUMBER).toMatch(/^T\d{13}$/);
  });

  it("takes a real corporate number's registration (国税庁's own, 7000012050002)", () => {
    expect(
      parseEnv({ INVOICE_REGISTRATION_NUMBER: "T7000012050002" }).INVOICE_REGISTRATION_NUMBER,
    ).toBe("T7000012050002");
  });

  it("refuses a malformed number or a wrong check digit with one line", () => {
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: "7000012050002" })).toThrow(
      /^Invalid configuration: INVOICE_REGISTRATION_NUMBER must be T followed by 13 digits/,
    );
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: "T700001205000" })).toThrow(
      /INVOICE_REGISTRATION_NUMBER must be T followed by 13 digits/,
    );
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: "T8000012050002" })).toThrow(
      /INVOICE_REGISTRATION_NUMBER has a wrong check digit: the first of the 13 digits must be 7/,
    );
  });
});
