import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { recordClickSource, sessionStore } from "../../lib/click-source";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { track } from "../analytics/track";
import { FAVORITE_NEEDS_LOGIN, LoginOffer } from "./LoginOffer";

const CART_NEEDS_LOGIN = "カートのご利用には、ログインまたは無料会員登録が必要です。";

/**
 * What the cards of one page share: the favourite answers (set on every card of that series,
 * spec 000 §4 "Favorite") and the items added to the cart. Cards read their flags through here,
 * falling back to the item's own.
 */
interface CardState {
  isLogin: boolean;
  favorites: ReadonlyMap<number, boolean>;
  cart: ReadonlySet<number>;
  toggleFavorite: (seriesId: number, source: string) => Promise<void>;
  notifications: ReadonlyMap<number, boolean>;
  toggleNotification: (seriesId: number) => Promise<void>;
  addToCart: (itemIds: number[]) => Promise<boolean>;
}

const CardStateContext = createContext<CardState | null>(null);

export function CardStateProvider({
  isLogin,
  children,
}: {
  isLogin: boolean;
  children: ReactNode;
}) {
  const [favorites, setFavorites] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [cart, setCart] = useState<ReadonlySet<number>>(new Set());
  const [notifications, setNotifications] = useState<ReadonlyMap<number, boolean>>(new Map());

  // The reason the login offer is open for (null: closed).
  const [offeringLogin, setOfferingLogin] = useState<string | null>(null);

  const toggleFavorite = useCallback(
    async (seriesId: number, source: string) => {
      recordClickSource(sessionStore(), { id: seriesId, source, isLogin });
      track("favorite", { series: seriesId, frame: source });
      // 気になる is a member's list: a visitor is offered login rather than sent a failing call.
      if (!isLogin) {
        setOfferingLogin(FAVORITE_NEEDS_LOGIN);
        return;
      }
      const answer = await post<{ favorite: boolean }>("/api/series_favorite", {
        series: seriesId,
      });
      if (!answer.result || typeof answer.favorite !== "boolean") return;
      const favorite = answer.favorite;
      setFavorites((old) => new Map(old).set(seriesId, favorite));
    },
    [isLogin],
  );

  const { setCartCount, refreshUser } = useShell();
  // 通知 (new-volume notification) is a member's setting too; the server answers the new state.
  // A notified series' new volume counts in the bookshelf badge, so the user status is asked anew.
  const toggleNotification = useCallback(
    async (seriesId: number) => {
      if (!isLogin) {
        setOfferingLogin(FAVORITE_NEEDS_LOGIN);
        return;
      }
      const answer = await post<{ notification: boolean }>("/api/series_notification", {
        series: seriesId,
      });
      if (!answer.result || typeof answer.notification !== "boolean") return;
      const notification = answer.notification;
      setNotifications((old) => new Map(old).set(seriesId, notification));
      await refreshUser();
    },
    [isLogin, refreshUser],
  );

  const addToCart = useCallback(
    async (itemIds: number[]) => {
      // Spec 001 §5: an empty list does nothing and answers false.
      if (itemIds.length === 0) return false;
      // The cart is a member's: a visitor is offered login rather than sent a failing call.
      if (!isLogin) {
        setOfferingLogin(CART_NEEDS_LOGIN);
        return false;
      }
      const answer = await post<{ cart_count: number }>("/api/cart_add", { items: itemIds });
      if (!answer.result) return false;
      setCart((old) => new Set([...old, ...itemIds]));
      if (typeof answer.cart_count === "number") setCartCount(answer.cart_count);
      return true;
    },
    [isLogin, setCartCount],
  );

  const value = useMemo(
    () => ({
      isLogin,
      favorites,
      cart,
      toggleFavorite,
      notifications,
      toggleNotification,
      addToCart,
    }),
    [isLogin, favorites, cart, toggleFavorite, notifications, toggleNotification, addToCart],
  );
  return (
    <CardStateContext.Provider value={value}>
      {children}
      {isLogin ? null : (
        <LoginOffer
          open={offeringLogin !== null}
          message={offeringLogin ?? undefined}
          onClose={() => setOfferingLogin(null)}
        />
      )}
    </CardStateContext.Provider>
  );
}

const standalone: CardState = {
  isLogin: false,
  favorites: new Map(),
  cart: new Set(),
  toggleFavorite: async () => {},
  notifications: new Map(),
  toggleNotification: async () => {},
  addToCart: async () => false,
};

export function useCardState(): CardState {
  return useContext(CardStateContext) ?? standalone;
}

/** The flags a card shows: a later answer on this page wins over what the item came with. */
export function useItemFlags(item: {
  series_id?: number;
  item_id: number | null;
  favorite_flag?: boolean;
  cart_flag: boolean;
  get_flag: boolean;
}) {
  const { favorites, cart } = useCardState();
  const answered = item.series_id !== undefined ? favorites.get(item.series_id) : undefined;
  return {
    favorite: answered ?? Boolean(item.favorite_flag),
    cart: item.cart_flag || (item.item_id !== null && cart.has(item.item_id)),
    owned: item.get_flag,
  };
}
