CREATE TABLE "guest_exchanges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_asset_id" uuid NOT NULL,
	"destination_asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"destination_amount" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"fee_rate" numeric NOT NULL,
	"usd_value" numeric NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en-us' NOT NULL,
	"deposit_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"destination_memo" text,
	"sender_address" text,
	"refund_address" text,
	"status" smallint NOT NULL,
	"transaction_hash" text,
	"admin_notes" text,
	"journal_entry_id" uuid,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "guest_exchanges_amount_positive" CHECK ("guest_exchanges"."amount" > 0),
	CONSTRAINT "guest_exchanges_destination_amount" CHECK ("guest_exchanges"."destination_amount" >= 0),
	CONSTRAINT "guest_exchanges_status_check" CHECK ("guest_exchanges"."status" in (-1, 0, 1, 2, 3)),
	CONSTRAINT "guest_exchanges_distinct_assets" CHECK ("guest_exchanges"."source_asset_id" <> "guest_exchanges"."destination_asset_id")
);
--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_source_asset_id_assets_id_fk" FOREIGN KEY ("source_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_destination_asset_id_assets_id_fk" FOREIGN KEY ("destination_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_exchanges_email_idx" ON "guest_exchanges" USING btree ("email","creation_date");--> statement-breakpoint
CREATE INDEX "guest_exchanges_awaiting_idx" ON "guest_exchanges" USING btree ("creation_date") WHERE "guest_exchanges"."status" = 3;