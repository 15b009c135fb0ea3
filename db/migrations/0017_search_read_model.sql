-- Search read model: what a listing asks of products is kept on the row, indexed (docs/benchmarks.md, search).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent";--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); a generated column and an index need an IMMUTABLE
-- function, so this wrapper names the dictionary and promises that it does not change.
CREATE FUNCTION "isoko_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- The names (in every language) of a category and of the categories above it: "traditional" finds what is under
-- Traditional Wear, "inkweto" the shoes.
CREATE FUNCTION "isoko_category_words"(p_category integer) RETURNS text LANGUAGE sql STABLE AS $$ WITH RECURSIVE up(id, parent_id, words) AS (SELECT c.id, c.parent_id, concat_ws(' ', c.name, c.names->>'rw', c.names->>'fr') FROM categories c WHERE c.id = p_category UNION ALL SELECT c.id, c.parent_id, concat_ws(' ', c.name, c.names->>'rw', c.names->>'fr') FROM categories c JOIN up ON c.id = up.parent_id) SELECT coalesce(string_agg(words, ' '), '') FROM up $$;--> statement-breakpoint
-- The other words a product is found by: its store's name, its categories' names and its translations.
CREATE FUNCTION "isoko_product_search_extra"(p_vendor integer, p_category integer, p_product integer) RETURNS text LANGUAGE sql STABLE AS $$ SELECT concat_ws(' ', (SELECT v.name FROM vendors v WHERE v.id = p_vendor), isoko_category_words(p_category), (SELECT string_agg(t.title || ' ' || left(t.description, 1000), ' ') FROM product_translations t WHERE t.product_id = p_product)) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_avg" double precision GENERATED ALWAYS AS (case when review_count > 0 then rating_sum::float8 / review_count else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_extra" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', isoko_unaccent(title)), 'A') || setweight(to_tsvector('simple', isoko_unaccent(search_extra)), 'B') || setweight(to_tsvector('simple', isoko_unaccent(left(description, 2000))), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_variants_filter_idx" ON "product_variants" USING btree ("product_id","size","colour","stock");--> statement-breakpoint
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_listed_featured_idx" ON "products" USING btree ("featured_score" DESC NULLS LAST,"rating_avg" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_price_idx" ON "products" USING btree ("price","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_price_desc_idx" ON "products" USING btree ("price" DESC NULLS LAST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_rating_idx" ON "products" USING btree ("rating_avg" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_category_featured_idx" ON "products" USING btree ("category_id","featured_score" DESC NULLS LAST,"rating_avg" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_category_price_idx" ON "products" USING btree ("category_id","price","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_category_rating_idx" ON "products" USING btree ("category_id","rating_avg" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_vendor_idx" ON "products" USING btree ("vendor_id") WHERE listed;--> statement-breakpoint
UPDATE "products" p SET "listed" = (p.status = 'active' AND EXISTS (SELECT 1 FROM vendors v WHERE v.id = p.vendor_id AND v.status = 'approved')), "search_extra" = isoko_product_search_extra(p.vendor_id, p.category_id, p.id);--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT w FROM products p, unnest(tsvector_to_array(to_tsvector('simple', isoko_unaccent(p.title)))) w WHERE length(w) >= 3 AND w !~ '^[0-9]+$' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A product's own row: listed when active and its store approved; its other words on insert and when it moves to
-- another store or category.
CREATE FUNCTION "products_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.status = 'active' AND EXISTS (SELECT 1 FROM vendors v WHERE v.id = NEW.vendor_id AND v.status = 'approved');
  IF TG_OP = 'INSERT' OR NEW.vendor_id IS DISTINCT FROM OLD.vendor_id OR NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    NEW.search_extra := isoko_product_search_extra(NEW.vendor_id, NEW.category_id, NEW.id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_read_model" BEFORE INSERT OR UPDATE OF "status", "vendor_id", "category_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_read_model"();--> statement-breakpoint
-- The words of titles, for correcting typos.
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', isoko_unaccent(NEW.title)))) w WHERE length(w) >= 3 AND w !~ '^[0-9]+$' ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "title" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_words"();--> statement-breakpoint
-- A translation written, changed or removed: the product is found by its words.
CREATE FUNCTION "product_translations_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer;
BEGIN
  pid := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id) WHERE p.id = pid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_translations_read_model" AFTER INSERT OR UPDATE OR DELETE ON "product_translations" FOR EACH ROW EXECUTE FUNCTION "product_translations_read_model"();--> statement-breakpoint
-- A store approved, suspended or reinstated lists or unlists its active products in the same transaction; a store
-- renamed is found by its new name.
CREATE FUNCTION "vendors_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE products SET listed = (status = 'active' AND NEW.status = 'approved') WHERE vendor_id = NEW.id AND listed IS DISTINCT FROM (status = 'active' AND NEW.status = 'approved');
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id) WHERE p.vendor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendors_read_model" AFTER UPDATE OF "status", "name" ON "vendors" FOR EACH ROW EXECUTE FUNCTION "vendors_read_model"();--> statement-breakpoint
-- A category renamed or moved: the products below it are found by its new names.
CREATE FUNCTION "categories_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.names IS DISTINCT FROM OLD.names OR NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id)
    WHERE p.category_id IN (WITH RECURSIVE down(id) AS (SELECT NEW.id UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id) SELECT id FROM down);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_read_model" AFTER UPDATE OF "name", "names", "parent_id" ON "categories" FOR EACH ROW EXECUTE FUNCTION "categories_read_model"();
