-- run_start lists an organization's opted-out contacts on one platform, newest first, with their count: a partial
-- index keeps that read to the (few) opted-out rows however long the contact history grows.
CREATE INDEX "contact_history_opted_out_idx" ON "contact_history" ("organization_id", "platform", "opted_out_at" DESC) WHERE "opted_out_at" IS NOT NULL;
