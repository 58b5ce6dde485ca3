/**
 * Campaign tracking values kept for the whole browser session (spec 001 §2.1, §9): later pages,
 * popups and topic blocks read them even after the landing page's address is gone.
 */
export const KEPT_QUERY_PARAMS = {
  utm_source: "v_qp_src",
  utm_medium: "v_qp_mdm",
  utm_campaign: "v_qp_cpn",
} as const;

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** Stores the utm values present in `search`; a value already stored stays until a new one comes. */
export function keepSessionParams(search: string, storage: KeyValueStore): void {
  const params = new URLSearchParams(search);
  for (const [param, key] of Object.entries(KEPT_QUERY_PARAMS)) {
    const value = params.get(param);
    if (value) storage.setItem(key, value.slice(0, 200));
  }
}

export interface SessionParams {
  src: string;
  mdm: string;
  cpn: string;
}

export function storedSessionParams(storage: KeyValueStore): SessionParams {
  return {
    src: storage.getItem(KEPT_QUERY_PARAMS.utm_source) ?? "",
    mdm: storage.getItem(KEPT_QUERY_PARAMS.utm_medium) ?? "",
    cpn: storage.getItem(KEPT_QUERY_PARAMS.utm_campaign) ?? "",
  };
}
