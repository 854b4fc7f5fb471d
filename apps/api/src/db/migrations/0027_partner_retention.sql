-- Partner data retention (modules/partners/retention): each batch takes the oldest rows by created_at.
-- partner_idempotency_keys already has partner_idempotency_created_idx; events are only indexed by
-- (partner_id, created_at), which does not serve an age scan across partners.
CREATE INDEX "partner_webhook_events_created_idx" ON "partner_webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Deleting an event looks for its pending deliveries and cascades to its deliveries: both by event_id,
-- which nothing indexed (each deleted event would scan the whole delivery log).
CREATE INDEX "partner_webhook_deliveries_event_idx" ON "partner_webhook_deliveries" USING btree ("event_id");
