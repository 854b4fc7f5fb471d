-- An Idempotency-Key's holder (decision 0034, its window in docs/partners.md): the request that took
-- the key writes its exchange and its answer only while it still holds it under its own claim, so a
-- create that outlived its window and lost the key to a retry writes nothing.
ALTER TABLE "partner_idempotency_keys" ADD COLUMN "claim" uuid DEFAULT gen_random_uuid() NOT NULL;
