import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("configuration", () => {
  it("has working defaults for a bare machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_SERIES: 2000 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("stops on a wrong value with one line naming the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("treats an empty URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
