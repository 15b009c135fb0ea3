CREATE TABLE "delivery_fee_rates" (
	"schedule_id" integer NOT NULL,
	"zone" text NOT NULL,
	"option" text NOT NULL,
	"fee" integer NOT NULL,
	CONSTRAINT "delivery_fee_rates_schedule_id_zone_option_pk" PRIMARY KEY("schedule_id","zone","option"),
	CONSTRAINT "delivery_fee_rates_fee" CHECK ("delivery_fee_rates"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_fee_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"free_standard_above" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_fee_schedules_threshold" CHECK ("delivery_fee_schedules"."free_standard_above" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_fee_rates" ADD CONSTRAINT "delivery_fee_rates_schedule_id_delivery_fee_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."delivery_fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_fee_schedules_effective_idx" ON "delivery_fee_schedules" USING btree ("effective_from");--> statement-breakpoint
-- Hand-written: the default delivery fees (docs/ledger.md, "Delivery fees"), in force from 2026-01-01 until staff set others.
WITH "schedule" AS (
  INSERT INTO "delivery_fee_schedules" ("free_standard_above", "effective_from", "set_by")
  VALUES (50000, '2026-01-01T00:00:00Z', 'system') RETURNING "id"
)
INSERT INTO "delivery_fee_rates" ("schedule_id", "zone", "option", "fee")
SELECT "schedule"."id", "fees"."zone", "fees"."option", "fees"."fee" FROM "schedule", (VALUES
  ('kigali', 'standard', 1500), ('kigali', 'express', 3000),
  ('secondary', 'standard', 2500), ('secondary', 'express', 5000),
  ('rest', 'standard', 3500), ('rest', 'express', 6000)
) AS "fees" ("zone", "option", "fee");
