import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { shellState } from "../contract/page-clock";
import type { Route } from "./+types/root";
import { ErrorDialogProvider } from "./components/ErrorDialogProvider";
import { PageViews } from "./features/analytics/PageViews";
import { AudioPlayerProvider } from "./features/audio/AudioPlayer";
import { errorMeta } from "./features/seo/seo";
import { RouteProgress } from "./features/shell/RouteProgress";
import { SessionKeeper } from "./features/shell/SessionKeeper";
import { SiteHeader } from "./features/shell/SiteHeader";
import { ShellUiProvider } from "./features/shell/shell-ui";
import { loadShellState } from "./lib/session.server";
import { ShellStateProvider, useShell } from "./lib/shell";
import { StoreLinksProvider, storeLinks } from "./lib/store-links";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Pages set their own titles; an address that matches no page (404) or a failed root loader
// lands on the root's error page, which still needs one.
export function meta({ error }: Route.MetaArgs) {
  return errorMeta(error) ?? [];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    ...(await loadShellState(context, request)),
    links: storeLinks(context.services.env),
  };
}

// Status and user state change only through actions (login, logout, cart), never by navigating.
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e4007f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorDialogProvider>
      <ShellStateProvider answer={loaderData}>
        <StoreLinksProvider links={loaderData.links}>
          <ShellOverlays>
            <AudioPlayerProvider>
              <RouteProgress />
              <SessionKeeper />
              <PageViews />
              <Outlet />
            </AudioPlayerProvider>
          </ShellOverlays>
        </StoreLinksProvider>
      </ShellStateProvider>
    </ErrorDialogProvider>
  );
}

function ShellOverlays({ children }: { children: React.ReactNode }) {
  return <ShellUiProvider shell={useShell()}>{children}</ShellUiProvider>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const answer = useRouteLoaderData<typeof loader>("root");
  const shell = answer ? shellState(answer) : undefined;
  let status = 500;
  let message = "エラーが発生しました";
  let detail: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = status === 404 ? "This page could not be found" : error.statusText || message;
    detail = typeof error.data === "string" && status !== 404 ? error.data : undefined;
  } else if (error instanceof Error && import.meta.env.DEV) {
    detail = error.message;
  }
  return (
    <ShellUiProvider shell={shell}>
      {shell ? <SiteHeader status={shell.status} user={shell.user} /> : null}
      <main className="page error-page">
        <h1 className="error-page__code">{status}</h1>
        <p className="error-page__message">{message}</p>
        {status !== 404 ? <p>エラーが発生しました</p> : null}
        {detail ? <pre className="error-page__detail">{detail}</pre> : null}
        <a className="button" href="/">
          ホームへ戻る
        </a>
      </main>
    </ShellUiProvider>
  );
}
