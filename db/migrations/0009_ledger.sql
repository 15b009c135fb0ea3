CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer,
	"rate_bps" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_rate" CHECK ("commission_rules"."rate_bps" between 0 and 10000),
	CONSTRAINT "commission_rules_scope_id" CHECK (("commission_rules"."scope" = 'platform') = ("commission_rules"."scope_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account" text NOT NULL,
	"vendor_id" integer,
	"vendor_order_id" integer,
	"amount" integer NOT NULL,
	CONSTRAINT "ledger_lines_amount_not_zero" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"source_key" text NOT NULL,
	"order_id" integer,
	"vendor_order_id" integer,
	"payment_id" integer,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_order_terms" (
	"vendor_order_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"commission" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "vendor_order_terms_commission" CHECK ("vendor_order_terms"."commission" between 0 and "vendor_order_terms"."subtotal")
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rules_scope_idx" ON "commission_rules" USING btree ("scope","scope_id","effective_from");--> statement-breakpoint
CREATE INDEX "ledger_lines_transaction_idx" ON "ledger_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account");--> statement-breakpoint
CREATE INDEX "ledger_lines_vendor_idx" ON "ledger_lines" USING btree ("vendor_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_source_idx" ON "ledger_transactions" USING btree ("reason","source_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_order_idx" ON "ledger_transactions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "vendor_order_terms_order_idx" ON "vendor_order_terms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vendor_order_terms_vendor_idx" ON "vendor_order_terms" USING btree ("vendor_id");--> statement-breakpoint
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ledger entries are never updated or deleted: post a correction'; END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
INSERT INTO "commission_rules" ("scope", "scope_id", "rate_bps", "effective_from", "set_by") VALUES ('platform', NULL, 1000, '2026-01-01T00:00:00Z', 'system');
