import { createContext, type ReactNode, useContext } from "react";

/**
 * Addresses outside the store that every page links to (footer, app banner, /app): the official
 * app on the App Store and Google Play, and the store's X account. They come from configuration
 * (APP_STORE_URL, GOOGLE_PLAY_URL, X_ACCOUNT_URL, server/env.ts); an app not configured yet is
 * presented by the store's own app page instead.
 */
export interface StoreLinks {
  appStore: string;
  googlePlay: string;
  x: string;
}

/** The store's page about its app, where the app links go while no store address is set. */
export const APP_PAGE = "/app";

export function storeLinks(config: {
  APP_STORE_URL?: string | undefined;
  GOOGLE_PLAY_URL?: string | undefined;
  X_ACCOUNT_URL: string;
}): StoreLinks {
  return {
    appStore: config.APP_STORE_URL ?? `${APP_PAGE}#ios`,
    googlePlay: config.GOOGLE_PLAY_URL ?? `${APP_PAGE}#android`,
    x: config.X_ACCOUNT_URL,
  };
}

/** Whether an address leaves the store (opened as a plain link) or is one of its pages. */
export function isOutside(href: string): boolean {
  return !href.startsWith("/");
}

const StoreLinksContext = createContext<StoreLinks | null>(null);

export function StoreLinksProvider({
  links,
  children,
}: {
  links: StoreLinks;
  children: ReactNode;
}) {
  return <StoreLinksContext.Provider value={links}>{children}</StoreLinksContext.Provider>;
}

/** The configured outside addresses the root loader handed down. */
export function useStoreLinks(): StoreLinks {
  const links = useContext(StoreLinksContext);
  if (!links) throw new Error("useStoreLinks outside the root route");
  return links;
}
