CREATE TABLE "chain_sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"destination" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'built' NOT NULL,
	"psbt" text NOT NULL,
	"tx_hash" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	CONSTRAINT "chain_sweeps_amounts" CHECK ("chain_sweeps"."amount" > 0 and "chain_sweeps"."fee" > 0),
	CONSTRAINT "chain_sweeps_broadcast" CHECK (("chain_sweeps"."status" = 'broadcast') = ("chain_sweeps"."tx_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD CONSTRAINT "chain_sweeps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_sweeps_network_idx" ON "chain_sweeps" USING btree ("network","created_at");