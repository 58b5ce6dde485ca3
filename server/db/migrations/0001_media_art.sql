CREATE TABLE "media_art" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "media_art_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
-- Records every decorative image the content links to, so the media route draws only those.
-- The seed calls it after filling a database; this migration calls it for databases seeded
-- before the table existed. The tables are those holding marketing content; campaigns without
-- an image use /media/campaign/{id}.png, and series appeal images are stored as bare file names.
CREATE FUNCTION record_linked_media_art() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	content_table text;
BEGIN
	FOREACH content_table IN ARRAY ARRAY[
		'campaigns', 'home_layouts', 'home_layout_items', 'flick_banners', 'pickup_campaigns',
		'link_rotations', 'topic_pages', 'topic_entries', 'menu_topic_contents', 'popups',
		'popup_displays', 'login_stamp_cards', 'stamp_boxes', 'lotteries', 'lottery_prizes',
		'news', 'authors', 'series'
	] LOOP
		EXECUTE format(
			'INSERT INTO media_art (kind, name) SELECT DISTINCT m[1], m[2] FROM %I t, '
			'regexp_matches(t::text, %L, %L) AS m ON CONFLICT DO NOTHING',
			content_table, '/media/([a-z]+)/([a-z0-9]+(?:-[a-z0-9]+)*)\.png', 'g');
	END LOOP;
	INSERT INTO media_art (kind, name)
		SELECT 'campaign', campaign_id::text FROM campaigns ON CONFLICT DO NOTHING;
	INSERT INTO media_art (kind, name)
		SELECT DISTINCT kind, name FROM (
			SELECT 'appeal' AS kind, appeal_img AS file FROM series
			UNION ALL SELECT 'comment', comment_img FROM series
		) AS files,
		LATERAL (SELECT trim(BOTH '-' FROM regexp_replace(
			lower(regexp_replace(file, '\.[a-z0-9]+$', '', 'i')), '[^a-z0-9]+', '-', 'g')) AS name) AS n
		WHERE file IS NOT NULL AND file NOT LIKE '/%' AND file !~* '^https?://' AND name <> ''
		ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
SELECT record_linked_media_art();
