import { describe, expect, it } from "vitest";
import { keepSessionParams, storedSessionParams } from "./session-params";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
  };
}

describe("utm values kept for the session", () => {
  it("stores utm_source, utm_medium and utm_campaign under v_qp_src, v_qp_mdm, v_qp_cpn", () => {
    const storage = memoryStorage();
    keepSessionParams("?utm_source=facebook&utm_medium=display&utm_campaign=aki&x=1", storage);
    expect(Object.fromEntries(storage.map)).toEqual({
      v_qp_src: "facebook",
      v_qp_mdm: "display",
      v_qp_cpn: "aki",
    });
    expect(storedSessionParams(storage)).toEqual({ src: "facebook", mdm: "display", cpn: "aki" });
  });

  it("keeps them on later pages without utm values, and replaces them with new ones", () => {
    const storage = memoryStorage();
    keepSessionParams("?utm_source=adroute", storage);
    keepSessionParams("?genre=2", storage);
    expect(storedSessionParams(storage).src).toBe("adroute");
    keepSessionParams("?utm_source=line", storage);
    expect(storedSessionParams(storage)).toEqual({ src: "line", mdm: "", cpn: "" });
  });
});
