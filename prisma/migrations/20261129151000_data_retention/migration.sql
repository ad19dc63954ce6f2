-- Data retention (docs/privacy.md "Retention"): off by default (null). The nightly data-retention job deletes
-- conversations and rejected or expired drafts older than this many days, and records what its last pass removed.
ALTER TABLE "app_config" ADD COLUMN "retention_days" INTEGER;
ALTER TABLE "app_config" ADD COLUMN "retention_last_run_at" TIMESTAMPTZ(6);
ALTER TABLE "app_config" ADD COLUMN "retention_last_counts" JSONB;
ALTER TABLE "app_config" ADD COLUMN "retention_total_counts" JSONB;
