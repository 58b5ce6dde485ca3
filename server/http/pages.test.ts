import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeIdOf } from "./pages";

/** A route table shaped like the build's manifest: root, a layout, pages and the 404 splat. */
const manifest = (
  routes: Array<{ id: string; parentId?: string; path?: string; index?: boolean }>,
): Pick<ServerBuild, "routes"> => ({
  routes: Object.fromEntries(
    routes.map((r) => [r.id, { ...r, module: {} } as unknown as ServerBuild["routes"][string]]),
  ),
});

const build = manifest([
  { id: "root", path: "" },
  { id: "layouts/default", parentId: "root" },
  { id: "index", parentId: "layouts/default", index: true },
  { id: "routes/series", parentId: "layouts/default", path: "series/:seriesId?" },
  { id: "routes/book", parentId: "layouts/default", path: "series/:seriesId?/book/:bookId?" },
  { id: "routes/not-found", parentId: "layouts/default", path: "*" },
]);

describe("the route id of a page (its request metrics label)", () => {
  it("names the page's route, never its path", () => {
    expect(routeIdOf(build, "/series/126")).toBe("routes/series");
    expect(routeIdOf(build, "/series/126/book/9")).toBe("routes/book");
    expect(routeIdOf(build, "/")).toBe("index");
  });

  it("reads a single-fetch data request as the page it loads for", () => {
    expect(routeIdOf(build, "/series/126.data")).toBe("routes/series");
    expect(routeIdOf(build, "/_root.data")).toBe("index");
  });

  it("names nothing when only the not-found splat matches", () => {
    expect(routeIdOf(build, "/no/such/page")).toBeUndefined();
  });

  it("answers the same from memory, past its bound too, and per build", () => {
    for (let i = 0; i < 2100; i++) expect(routeIdOf(build, `/series/${i}`)).toBe("routes/series");
    expect(routeIdOf(build, "/series/5")).toBe("routes/series");
    expect(routeIdOf(build, "/no/such/page")).toBeUndefined();
    const other = manifest([
      { id: "root", path: "" },
      { id: "routes/other-series", parentId: "root", path: "series/:seriesId?" },
    ]);
    expect(routeIdOf(other, "/series/5")).toBe("routes/other-series");
  });
});

describe("an address that is not valid percent-encoding", () => {
  it("names no page", () => {
    expect(routeIdOf(build, "/series/%E0%A4%A")).toBeUndefined();
  });
});
