-- CreateEnum
CREATE TYPE "DraftVisibility" AS ENUM ('visible', 'removed', 'deleted', 'not_visible');

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "published_id" TEXT,
ADD COLUMN     "published_url" TEXT,
ADD COLUMN     "visibility" "DraftVisibility",
ADD COLUMN     "visibility_check_due_at" TIMESTAMPTZ(6),
ADD COLUMN     "visibility_checked_at" TIMESTAMPTZ(6),
ADD COLUMN     "visibility_checks_done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "visibility_error" TEXT,
ADD COLUMN     "visibility_lost_at" TIMESTAMPTZ(6),
ADD COLUMN     "visibility_manual_at" TIMESTAMPTZ(6);


-- The removal-check job claims due rows across organizations, oldest first; only sent public posts have a due time.
CREATE INDEX "drafts_visibility_check_due_at_idx" ON "drafts"("visibility_check_due_at") WHERE "visibility_check_due_at" IS NOT NULL;

-- Account health on the project's Accounts: the checked posts of each account sent in the last 30 days.
CREATE INDEX "drafts_visibility_health_idx" ON "drafts"("organization_id", "account_id", "sent_at") WHERE "visibility_checked_at" IS NOT NULL;
