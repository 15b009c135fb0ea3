-- The admin console as a place to work (issue 17): staff hide a product with a reason and review newly listed ones, hide categories, and grant or remove the Verified badge with a reason; a hidden product, or one in a hidden category, is not listed.
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_review_queue_idx" ON "products" USING btree ("created_at","id") WHERE listed AND reviewed_at IS NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "vendor_verification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"verified" boolean NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "vendor_verification_events" ADD CONSTRAINT "vendor_verification_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_verification_events" ADD CONSTRAINT "vendor_verification_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_verification_events_vendor_idx" ON "vendor_verification_events" USING btree ("vendor_id");--> statement-breakpoint
-- Whether a category and every category above it are shown to shoppers.
CREATE FUNCTION "isoko_category_visible"(p_category integer) RETURNS boolean LANGUAGE sql STABLE AS $$ WITH RECURSIVE up(id, parent_id, hidden) AS (SELECT c.id, c.parent_id, c.hidden FROM categories c WHERE c.id = p_category UNION ALL SELECT c.id, c.parent_id, c.hidden FROM categories c JOIN up ON c.id = up.parent_id) SELECT NOT coalesce(bool_or(hidden), false) FROM up $$;--> statement-breakpoint
-- The one rule of a listed product: active, not hidden by staff, its store approved and not closed by its owner
-- (0019), its category shown.
CREATE FUNCTION "isoko_product_listed"(p_status text, p_hidden_at timestamp with time zone, p_vendor integer, p_category integer) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT p_status = 'active' AND p_hidden_at IS NULL AND EXISTS (SELECT 1 FROM vendors v WHERE v.id = p_vendor AND v.status = 'approved' AND v.closed_at IS NULL) AND isoko_category_visible(p_category) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := isoko_product_listed(NEW.status, NEW.hidden_at, NEW.vendor_id, NEW.category_id);
  IF TG_OP = 'INSERT' OR NEW.vendor_id IS DISTINCT FROM OLD.vendor_id OR NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    NEW.search_extra := isoko_product_search_extra(NEW.vendor_id, NEW.category_id, NEW.id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "products_read_model" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_read_model" BEFORE INSERT OR UPDATE OF "status", "vendor_id", "category_id", "hidden_at" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_read_model"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vendors_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.closed_at IS DISTINCT FROM OLD.closed_at THEN
    UPDATE products p SET listed = isoko_product_listed(p.status, p.hidden_at, p.vendor_id, p.category_id) WHERE p.vendor_id = NEW.id AND p.listed IS DISTINCT FROM isoko_product_listed(p.status, p.hidden_at, p.vendor_id, p.category_id);
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id) WHERE p.vendor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A category renamed or moved: the products below it are found by its new names; hidden, shown or moved under a
-- hidden one: the products below it are listed or not in the same transaction.
CREATE OR REPLACE FUNCTION "categories_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.names IS DISTINCT FROM OLD.names OR NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id)
    WHERE p.category_id IN (WITH RECURSIVE down(id) AS (SELECT NEW.id UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id) SELECT id FROM down);
  END IF;
  IF NEW.hidden IS DISTINCT FROM OLD.hidden OR NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    UPDATE products p SET listed = isoko_product_listed(p.status, p.hidden_at, p.vendor_id, p.category_id)
    WHERE p.category_id IN (WITH RECURSIVE down(id) AS (SELECT NEW.id UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id) SELECT id FROM down)
      AND p.listed IS DISTINCT FROM isoko_product_listed(p.status, p.hidden_at, p.vendor_id, p.category_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "categories_read_model" ON "categories";--> statement-breakpoint
CREATE TRIGGER "categories_read_model" AFTER UPDATE OF "name", "names", "parent_id", "hidden" ON "categories" FOR EACH ROW EXECUTE FUNCTION "categories_read_model"();--> statement-breakpoint
-- Products already on sale when this ships count as reviewed: the queue starts with what is listed from now on.
UPDATE "products" SET "reviewed_at" = now() WHERE "listed";
