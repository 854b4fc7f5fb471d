CREATE TABLE "partner_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" "bytea" NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_idempotency_keys" (
	"partner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_idempotency_keys_partner_id_key_pk" PRIMARY KEY("partner_id","key")
);
--> statement-breakpoint
CREATE TABLE "partner_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"source_asset_id" uuid NOT NULL,
	"destination_asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"destination_amount" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"fee_rate" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"commission_rate" numeric NOT NULL,
	"usd_value" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "partner_quotes_amount_positive" CHECK ("partner_quotes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"exchange_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"max_commission" numeric NOT NULL,
	"commission" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_max_commission_range" CHECK ("partners"."max_commission" >= 0 and "partners"."max_commission" <= 0.05),
	CONSTRAINT "partners_commission_range" CHECK ("partners"."commission" >= 0 and "partners"."commission" <= "partners"."max_commission")
);
--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "partner_commission_rate" numeric;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "partner_commission" numeric;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "rate_mode" text;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "partner_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_idempotency_keys" ADD CONSTRAINT "partner_idempotency_keys_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_quotes" ADD CONSTRAINT "partner_quotes_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_quotes" ADD CONSTRAINT "partner_quotes_source_asset_id_assets_id_fk" FOREIGN KEY ("source_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_quotes" ADD CONSTRAINT "partner_quotes_destination_asset_id_assets_id_fk" FOREIGN KEY ("destination_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_event_id_partner_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."partner_webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_endpoint_id_partner_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."partner_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_endpoints" ADD CONSTRAINT "partner_webhook_endpoints_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_events" ADD CONSTRAINT "partner_webhook_events_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_idx" ON "partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_partner_idx" ON "partner_api_keys" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_idempotency_created_idx" ON "partner_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "partner_quotes_partner_idx" ON "partner_quotes" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_due_idx" ON "partner_webhook_deliveries" USING btree ("next_attempt_at") WHERE "partner_webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_partner_idx" ON "partner_webhook_deliveries" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_webhook_endpoints_partner_idx" ON "partner_webhook_endpoints" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_webhook_events_partner_idx" ON "partner_webhook_events" USING btree ("partner_id","created_at");--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_exchanges_partner_idx" ON "guest_exchanges" USING btree ("partner_id","creation_date","id") WHERE "guest_exchanges"."partner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_exchanges_partner_quote_idx" ON "guest_exchanges" USING btree ("partner_quote_id") WHERE "guest_exchanges"."partner_quote_id" is not null;