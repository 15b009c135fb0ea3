-- Vendor workspace settings (issue 17): opening hours per weekday as the vendor sets them (none until set, never invented), and a store closed for a while by its owner, which the search read model treats like a store that is not approved.
ALTER TABLE "vendors" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.status = 'active' AND EXISTS (SELECT 1 FROM vendors v WHERE v.id = NEW.vendor_id AND v.status = 'approved' AND v.closed_at IS NULL);
  IF TG_OP = 'INSERT' OR NEW.vendor_id IS DISTINCT FROM OLD.vendor_id OR NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    NEW.search_extra := isoko_product_search_extra(NEW.vendor_id, NEW.category_id, NEW.id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vendors_read_model"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE trading boolean;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.closed_at IS DISTINCT FROM OLD.closed_at THEN
    trading := NEW.status = 'approved' AND NEW.closed_at IS NULL;
    UPDATE products SET listed = (status = 'active' AND trading) WHERE vendor_id = NEW.id AND listed IS DISTINCT FROM (status = 'active' AND trading);
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p SET search_extra = isoko_product_search_extra(p.vendor_id, p.category_id, p.id) WHERE p.vendor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "vendors_read_model" ON "vendors";--> statement-breakpoint
CREATE TRIGGER "vendors_read_model" AFTER UPDATE OF "status", "name", "closed_at" ON "vendors" FOR EACH ROW EXECUTE FUNCTION "vendors_read_model"();
