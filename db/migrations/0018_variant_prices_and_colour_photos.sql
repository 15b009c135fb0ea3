-- A variant may have its own price (an XL dearer than an S); a photo may belong to one colour (issue 17).
ALTER TABLE "product_images" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" is null or "product_variants"."price" > 0);