CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"gateway" text NOT NULL,
	"session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"deposit_id" uuid,
	"subscription_id" uuid,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('open', 'paid', 'declined', 'cancelled')),
	CONSTRAINT "checkouts_amount_positive" CHECK ("checkouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "premium_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"invoice_id" text NOT NULL,
	"payment_reference" text,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"card_last4" text,
	"card_brand" text,
	"refund_status" text,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "premium_payments_amount_positive" CHECK ("premium_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_gateway_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"refunded" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"email" text NOT NULL,
	"customer" text,
	"client_reference_id" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payment_intent" text,
	"subscription" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"renewal" text NOT NULL,
	"metadata" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "premium_subscriptions" DROP CONSTRAINT "premium_subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "premium_subscriptions" DROP CONSTRAINT "premium_subscriptions_card_last4";--> statement-breakpoint
DROP INDEX "premium_subscriptions_one_live";--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD COLUMN "gateway_customer" text;--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_session_unique" ON "checkouts" USING btree ("gateway","session_id");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_open_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."status" in ('open', 'declined');--> statement-breakpoint
CREATE UNIQUE INDEX "premium_payments_invoice_unique" ON "premium_payments" USING btree ("gateway","invoice_id");--> statement-breakpoint
CREATE INDEX "premium_payments_user_idx" ON "premium_payments" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE INDEX "premium_payments_paid_idx" ON "premium_payments" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "test_gateway_outbox_due_idx" ON "test_gateway_outbox" USING btree ("next_attempt_at") WHERE "test_gateway_outbox"."delivered_at" is null;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_refund_entry_id_journal_entries_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_subscriptions_gateway_ref" ON "premium_subscriptions" USING btree ("gateway","gateway_reference") WHERE "premium_subscriptions"."gateway_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_subscriptions_one_live" ON "premium_subscriptions" USING btree ("user_id") WHERE "premium_subscriptions"."status" in ('pending', 'active', 'past_due');--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD CONSTRAINT "premium_subscriptions_status_check" CHECK ("premium_subscriptions"."status" in ('pending', 'active', 'past_due', 'cancelled'));--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD CONSTRAINT "premium_subscriptions_card_last4" CHECK ("premium_subscriptions"."card_last4" is null or "premium_subscriptions"."card_last4" ~ '^[0-9]{4}$');