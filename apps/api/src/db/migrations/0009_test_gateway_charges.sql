CREATE TABLE "test_gateway_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"reference" text,
	"code" text,
	"message" text,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
