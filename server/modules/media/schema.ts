import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The decorative images (/media/{kind}/{name}.png) the store's content refers to. Only these
 * are drawn: a name nobody links to is a 404, so strangers cannot fill the media cache by
 * inventing names. The seed records what it links to; the topic editor records what staff add.
 */
export const mediaArt = pgTable(
  "media_art",
  {
    kind: text("kind").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] })],
);
