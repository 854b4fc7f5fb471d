CREATE TABLE "chain_reconciliations" (
	"network" text NOT NULL,
	"ticker" text NOT NULL,
	"block_number" bigint NOT NULL,
	"chain_held" numeric NOT NULL,
	"ledger_held" numeric NOT NULL,
	"in_flight" numeric NOT NULL,
	"difference" numeric NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_reconciliations_pkey" PRIMARY KEY("network","ticker")
);
