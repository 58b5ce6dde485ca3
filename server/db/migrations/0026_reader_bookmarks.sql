CREATE TABLE "reader_bookmarks" (
	"bookmark_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reader_bookmarks_bookmark_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"page" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_bookmarks_page_check" CHECK ("reader_bookmarks"."page" >= 1),
	CONSTRAINT "reader_bookmarks_note_check" CHECK (char_length("reader_bookmarks"."note") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reader_bookmarks_user_book_page_key" ON "reader_bookmarks" USING btree ("user_id","book_id","page");