import { data } from "react-router";

export function meta() {
  return [{ title: "ページが見つかりません | コマヤ" }];
}

/** Any unknown path: a real 404 status, rendered by the root error boundary. */
export function loader() {
  throw data("This page could not be found", { status: 404 });
}

export default function NotFound() {
  return null;
}
