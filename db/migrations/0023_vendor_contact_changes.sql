-- Issue 17: a vendor can close their account for good; the store keeps its orders and ledger but never reopens.
ALTER TABLE "vendors" ADD COLUMN "account_closed_at" timestamp with time zone;
