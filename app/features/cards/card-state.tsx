import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { recordClickSource, sessionStore } from "../../lib/click-source";
import { post } from "../../lib/request";

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

  const toggleFavorite = useCallback(
    async (seriesId: number, source: string) => {
      recordClickSource(sessionStore(), { id: seriesId, source, isLogin });
      void post("/api/event/click", { category: "favorite", label: String(seriesId) });
      const answer = await post<{ favorite: boolean }>("/api/series_favorite", {
        series: seriesId,
      });
      if (!answer.result || typeof answer.favorite !== "boolean") return;
      const favorite = answer.favorite;
      setFavorites((old) => new Map(old).set(seriesId, favorite));
    },
    [isLogin],
  );

  const addToCart = useCallback(async (itemIds: number[]) => {
    // Spec 001 §5: an empty list does nothing and answers false.
    if (itemIds.length === 0) return false;
    const answer = await post("/api/cart_add", { items: itemIds });
    if (!answer.result) return false;
    setCart((old) => new Set([...old, ...itemIds]));
    return true;
  }, []);

  const value = useMemo(
    () => ({ isLogin, favorites, cart, toggleFavorite, addToCart }),
    [isLogin, favorites, cart, toggleFavorite, addToCart],
  );
  return <CardStateContext.Provider value={value}>{children}</CardStateContext.Provider>;
}

const standalone: CardState = {
  isLogin: false,
  favorites: new Map(),
  cart: new Set(),
  toggleFavorite: async () => {},
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
