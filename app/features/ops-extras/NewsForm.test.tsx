// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it } from "vitest";
import { NewsForm } from "./NewsForm";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

const page = () => (
  <RouterProvider
    router={createMemoryRouter(
      [{ path: "/ops/news/new", element: <NewsForm news={null} mayWrite /> }],
      {
        initialEntries: ["/ops/news/new"],
      },
    )}
  />
);

it("shows a title typed before the page hydrated in the list sample", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const title = container.querySelector<HTMLInputElement>('input[name="title"]')!;
  const sample = () => container.querySelector(".extras-news-sample")?.textContent;
  expect(sample()).toContain("（タイトル）");
  // An editor on a slow connection types while the script is still loading.
  title.value = "年末年始のお知らせ";
  await act(async () => {
    root = hydrateRoot(container, page());
  });
  expect(sample()).toContain("年末年始のお知らせ");
  expect(sample()).not.toContain("（タイトル）");
});
