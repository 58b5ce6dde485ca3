import { index, type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Every page is also reachable with a .html suffix (spec 001 §2.1). */
function page(path: string, file: string): RouteConfigEntry[] {
  return [route(path, file, { id: path }), route(`${path}.html`, file, { id: `${path}.html` })];
}

export default [
  index("routes/home.tsx", { id: "index" }),
  route("index.html", "routes/home.tsx", { id: "index.html" }),
  ...page("home", "routes/home.tsx"),
  ...page("login", "routes/login.tsx"),
  ...page("signup", "routes/signup.tsx"),
  ...page("account", "routes/account.tsx"),
  ...page("leave", "routes/leave.tsx"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfigEntry[];
