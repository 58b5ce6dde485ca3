import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { withoutHtmlSuffix } from "./lib/html-suffix";

// The server rendered /x.html as /x; the router must see the same path to hydrate.
const { pathname, search, hash } = window.location;
const plain = withoutHtmlSuffix(pathname);
if (plain !== pathname)
  window.history.replaceState(window.history.state, "", plain + search + hash);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
