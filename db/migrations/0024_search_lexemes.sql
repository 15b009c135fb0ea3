-- Search words as exact lexemes (docs/benchmarks.md, search): every lexeme the products' text documents hold, so
-- that a query word is looked for as the lexemes that begin with it ('dress' → dress | dresses) instead of as a
-- prefix, which GIN answers by reading every completion's postings into a bitmap before it can intersect the words.
-- search_words stays the vocabulary of titles for typo correction; this table holds every lexeme of search_doc:
-- title, description, store name, category names in every language and translations. Words are only added: a word
-- no product holds any more is an exact lookup with no postings, which costs nothing.
CREATE TABLE "search_lexemes" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("word" text_pattern_ops);--> statement-breakpoint
INSERT INTO "search_lexemes" ("word") SELECT word FROM ts_stat('SELECT search_doc FROM products') ORDER BY word ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A product written: the lexemes of its document that were not in it before (all of them for a new one). search_doc
-- is generated from title, description and search_extra; search_extra is also rewritten by products_read_model when
-- the store or category changes, which UPDATE OF does not see, hence vendor_id and category_id. The words go in
-- one order so that two transactions adding the same new words wait for each other rather than deadlock.
CREATE FUNCTION "products_search_lexemes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexemes (word) SELECT w FROM unnest(tsvector_to_array(NEW.search_doc)) w ORDER BY w ON CONFLICT DO NOTHING;
  ELSIF NEW.search_doc IS DISTINCT FROM OLD.search_doc THEN
    INSERT INTO search_lexemes (word) SELECT w FROM (SELECT unnest(tsvector_to_array(NEW.search_doc)) EXCEPT SELECT unnest(tsvector_to_array(OLD.search_doc))) d(w) ORDER BY w ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_lexemes" AFTER INSERT OR UPDATE OF "title", "description", "search_extra", "vendor_id", "category_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_lexemes"();
