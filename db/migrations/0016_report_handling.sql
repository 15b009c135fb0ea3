ALTER TABLE "conversations" ADD COLUMN "report_action" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "report_note" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "report_handled_by" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "report_handled_at" timestamp with time zone;