CREATE TABLE "card_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_reference" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"deposit_id" uuid,
	"premium_payment_id" uuid,
	"user_id" uuid,
	"taken" numeric DEFAULT '0' NOT NULL,
	"debited" numeric DEFAULT '0' NOT NULL,
	"held" numeric DEFAULT '0' NOT NULL,
	"journal_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_reversals_parts" CHECK ("card_reversals"."taken" >= 0 and "card_reversals"."debited" >= 0 and "card_reversals"."held" >= 0),
	CONSTRAINT "card_reversals_taken_split" CHECK ("card_reversals"."taken" = "card_reversals"."debited" + "card_reversals"."held")
);
--> statement-breakpoint
CREATE TABLE "spending_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"reason" text NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid,
	"note" text,
	CONSTRAINT "spending_holds_amount_positive" CHECK ("spending_holds"."amount" > 0),
	CONSTRAINT "spending_holds_cleared" CHECK (("spending_holds"."cleared_at" is null) = ("spending_holds"."cleared_by" is null))
);
--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_holds" ADD CONSTRAINT "spending_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_holds" ADD CONSTRAINT "spending_holds_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_holds" ADD CONSTRAINT "spending_holds_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_reversals_event_unique" ON "card_reversals" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "card_reversals_payment_idx" ON "card_reversals" USING btree ("gateway","payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "card_reversals_dispute_unique" ON "card_reversals" USING btree ("gateway","reference") WHERE "card_reversals"."kind" = 'dispute';--> statement-breakpoint
CREATE UNIQUE INDEX "spending_holds_source_unique" ON "spending_holds" USING btree ("reason","source_id");--> statement-breakpoint
CREATE INDEX "spending_holds_open_idx" ON "spending_holds" USING btree ("user_id") WHERE "spending_holds"."cleared_at" is null;--> statement-breakpoint
-- Custom part (decision 0038): while a user has a spending hold not cleared, no entry may debit any
-- of their accounts (user wallets and partner earnings), whatever path posts it: a conversion, a
-- withdrawal, a refund. Only the reversal that takes back a card payment ('card_reversal') may.
-- Once per INSERT statement on postings, like the ledger's own check (0015); each lookup is on an
-- index (the accounts' key, the open holds' partial index), so it costs nothing without holds.
CREATE FUNCTION ledger_refuse_spending_on_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_postings n
    JOIN ledger_accounts a ON a.id = n.account_id AND a.kind IN ('user', 'partner')
    WHERE n.amount < 0
      AND EXISTS (SELECT 1 FROM spending_holds h WHERE h.user_id = a.user_id AND h.cleared_at IS NULL)
      AND (SELECT j.kind FROM journal_entries j WHERE j.id = n.entry_id) IS DISTINCT FROM 'card_reversal'
  ) THEN
    RAISE EXCEPTION 'spending is on hold for this account until the back office clears it'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'spending_on_hold';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "postings_spending_on_hold" AFTER INSERT ON "postings" REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_spending_on_hold();
