CREATE TABLE "premium_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"renewal_date" timestamp with time zone NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text,
	"card_last4" text NOT NULL,
	"card_brand" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_subscriptions_status_check" CHECK ("premium_subscriptions"."status" in ('pending', 'active', 'cancelled')),
	CONSTRAINT "premium_subscriptions_amount_positive" CHECK ("premium_subscriptions"."amount" > 0),
	CONSTRAINT "premium_subscriptions_card_last4" CHECK ("premium_subscriptions"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "premium_subscriptions_active_paid" CHECK ("premium_subscriptions"."status" = 'pending' or "premium_subscriptions"."gateway_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "premium_subscriptions" ADD CONSTRAINT "premium_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_subscriptions_one_live" ON "premium_subscriptions" USING btree ("user_id") WHERE "premium_subscriptions"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "premium_subscriptions_user_idx" ON "premium_subscriptions" USING btree ("user_id","created_at");