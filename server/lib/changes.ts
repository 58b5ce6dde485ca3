/**
 * A change to what the store sells, said after its transaction committed, so that every worker
 * drops what it keeps about it (search index, kept answers, kept pages). Issue 23: a change on
 * one instance is served by every other within 5 seconds.
 */
export interface CatalogChange {
  entity:
    | "series"
    | "volume"
    | "drama_cd"
    | "track"
    | "author"
    | "publisher"
    | "label"
    | "magazine"
    | "genre"
    | "category"
    | "tag"
    /** A campaign's prices or window: said by the schedule when one starts or ends (0087). */
    | "campaign"
    /** The store's notices, stamp cards and lotteries (issue 24): kept answers show them. */
    | "news"
    | "stamp_card"
    | "lottery"
    /** Popups (issue 24): kept member answers name the popups a member is targeted by. */
    | "popup"
    /** A coupon's rules or stock (issue 24): series pages and carts show coupons. */
    | "coupon"
    /** A topic page's content, fields or publication (issue 24): pages built on topic answers. */
    | "topic_page"
    /** A genre's published home layout (issue 24): kept home answers and /home renders show it. */
    | "home_layout"
    /** A ポイント還元 campaign (0105): user statuses (enable_refund) and topic pages name it. */
    | "refund_campaign";
  id: number;
}

export type ChangeListener = (change: CatalogChange) => void | Promise<void>;

export interface ChangeBus {
  /** Tells every listener of every instance; call it only after the change committed. */
  publish(change: CatalogChange): Promise<void>;
  /** Listens to changes from every instance, this one included; answers the unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** Listeners of this process only: a lone PGlite store, where there is no other instance. */
export function localChangeBus(onError: (error: unknown) => void = () => {}): ChangeBus {
  const listeners = new Set<ChangeListener>();
  return {
    async publish(change) {
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (error) {
          onError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
