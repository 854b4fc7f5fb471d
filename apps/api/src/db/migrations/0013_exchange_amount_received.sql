ALTER TABLE "guest_exchanges" ADD COLUMN "amount_received" numeric;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "quoted_amount" numeric;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "quoted_destination_amount" numeric;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "requoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "payout_hash" text;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_received_positive" CHECK ("guest_exchanges"."amount_received" is null or "guest_exchanges"."amount_received" > 0);