-- A previewed product import waits for Apply in the database (not on one server's disk, so Apply works behind several servers), and SKUs are matched case-insensitively through an index on upper(sku) (issue 17).
CREATE TABLE "product_imports" (
	"token" text PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"csv" text NOT NULL,
	"zip" bytea,
	"state" text DEFAULT 'waiting' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_imports_state_check" CHECK ("product_imports"."state" in ('waiting', 'applying', 'done'))
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_vendor_idx" ON "product_imports" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_variants_sku_upper_idx" ON "product_variants" USING btree (upper("sku"));
