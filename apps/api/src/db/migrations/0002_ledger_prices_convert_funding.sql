CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lock_id" uuid NOT NULL,
	"left_asset_id" uuid NOT NULL,
	"right_asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"destination_amount" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"usd_value" numeric NOT NULL,
	"status" smallint NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_amounts_positive" CHECK ("conversions"."amount" > 0 and "conversions"."destination_amount" > 0 and "conversions"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"left_asset_id" uuid NOT NULL,
	"right_asset_id" uuid NOT NULL,
	"rate" numeric NOT NULL,
	"left_usd" numeric NOT NULL,
	"right_usd" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "price_locks_assets_differ" CHECK ("price_locks"."left_asset_id" <> "price_locks"."right_asset_id"),
	CONSTRAINT "price_locks_used_or_cancelled" CHECK ("price_locks"."used_at" is null or "price_locks"."cancelled_at" is null)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" numeric NOT NULL,
	"status" smallint NOT NULL,
	"transaction_hash" text,
	"card_last4" text,
	"card_brand" text,
	"gateway_reference" text,
	"admin_notes" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"journal_entry_id" uuid,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in (0, 1, 2, 3)),
	CONSTRAINT "deposits_card_last4" CHECK ("deposits"."card_last4" is null or "deposits"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"asset_id" uuid NOT NULL,
	"balance" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_asset_unique" UNIQUE("id","asset_id"),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'user') = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_user_balance_nonneg" CHECK ("ledger_accounts"."kind" <> 'user' or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_house_balance_zero" CHECK ("ledger_accounts"."kind" = 'user' or "ledger_accounts"."balance" = 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "price_snapshots" (
	"asset" text NOT NULL,
	"usd" numeric NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "price_snapshots_asset_source_taken_at_pk" PRIMARY KEY("asset","source","taken_at")
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_lock_id_price_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."price_locks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_left_asset_id_assets_id_fk" FOREIGN KEY ("left_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_right_asset_id_assets_id_fk" FOREIGN KEY ("right_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_locks" ADD CONSTRAINT "price_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_locks" ADD CONSTRAINT "price_locks_left_asset_id_assets_id_fk" FOREIGN KEY ("left_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_locks" ADD CONSTRAINT "price_locks_right_asset_id_assets_id_fk" FOREIGN KEY ("right_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_asset_fk" FOREIGN KEY ("account_id","asset_id") REFERENCES "public"."ledger_accounts"("id","asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_lock_unique" ON "conversions" USING btree ("lock_id");--> statement-breakpoint
CREATE INDEX "conversions_user_date_idx" ON "conversions" USING btree ("user_id","creation_date");--> statement-breakpoint
CREATE INDEX "price_locks_user_idx" ON "price_locks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_asset_hash_unique" ON "deposits" USING btree ("asset_id","transaction_hash") WHERE "deposits"."transaction_hash" is not null;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","creation_date");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","creation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_kind_reference_unique" ON "journal_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_asset_unique" ON "ledger_accounts" USING btree ("user_id","asset_id") WHERE "ledger_accounts"."kind" = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_asset_unique" ON "ledger_accounts" USING btree ("kind","asset_id") WHERE "ledger_accounts"."kind" <> 'user';--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "price_snapshots_taken_at_idx" ON "price_snapshots" USING btree ("taken_at");