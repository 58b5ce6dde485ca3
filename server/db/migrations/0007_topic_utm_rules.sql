-- Topic content once named its utm rules src, mdm and cpn; src was also an image's address, so an
-- image block could not carry a source rule. The rules are now utmSource, utmMedium and
-- utmCampaign (contract/topic-content.ts). This renames them in stored content: src becomes
-- utmSource everywhere except where it is an address (image and leadlinkImg blocks, imgList
-- items). Content that is not valid JSON is shown as plain text and is left as it is.
CREATE FUNCTION topic_utm_rules_0007(node jsonb, address_holder boolean) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  out jsonb;
  k text;
  v jsonb;
  is_image boolean;
  is_list boolean;
BEGIN
  IF jsonb_typeof(node) = 'array' THEN
    SELECT coalesce(jsonb_agg(topic_utm_rules_0007(e, address_holder) ORDER BY i), '[]'::jsonb)
      INTO out FROM jsonb_array_elements(node) WITH ORDINALITY AS t(e, i);
    RETURN out;
  END IF;
  IF jsonb_typeof(node) <> 'object' THEN
    RETURN node;
  END IF;
  is_image := address_holder OR coalesce(node->>'type', '') IN ('image', 'leadlinkImg');
  is_list := coalesce(node->>'type', '') = 'imgList';
  out := '{}'::jsonb;
  FOR k, v IN SELECT key, value FROM jsonb_each(node) LOOP
    IF k = 'mdm' THEN
      k := 'utmMedium';
    ELSIF k = 'cpn' THEN
      k := 'utmCampaign';
    ELSIF k = 'src' AND NOT is_image THEN
      k := 'utmSource';
    END IF;
    out := out || jsonb_build_object(k, topic_utm_rules_0007(v, is_list AND k = 'items'));
  END LOOP;
  RETURN out;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_utm_rules_0007_text(content text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN topic_utm_rules_0007(content::jsonb, false)::text;
EXCEPTION WHEN others THEN
  RETURN content;
END $$;
--> statement-breakpoint
UPDATE topic_pages SET content = topic_utm_rules_0007_text(content)
  WHERE content ~ '"(src|mdm|cpn)"\s*:';
--> statement-breakpoint
UPDATE menu_topic_contents SET content = topic_utm_rules_0007(content, false)
  WHERE content::text ~ '"(src|mdm|cpn)"\s*:';
--> statement-breakpoint
DROP FUNCTION topic_utm_rules_0007_text(text);
--> statement-breakpoint
DROP FUNCTION topic_utm_rules_0007(jsonb, boolean);
