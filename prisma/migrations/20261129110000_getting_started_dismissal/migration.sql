-- Home's Getting started stays until every step is done or someone in the organization hides it: when it was hidden.
ALTER TABLE "organizations" ADD COLUMN "getting_started_dismissed_at" TIMESTAMPTZ(6);
