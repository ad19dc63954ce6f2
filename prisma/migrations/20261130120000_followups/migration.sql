-- Follow-ups on silence (docs/sequences.md). Expand only: two enum values, nullable columns, indexes.

-- AlterEnum
ALTER TYPE "DraftKind" ADD VALUE 'followup_dm';
ALTER TYPE "DraftKind" ADD VALUE 'followup_comment';

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "follows_draft_id" INTEGER,
ADD COLUMN     "followup_step" INTEGER,
ADD COLUMN     "followup_of" INTEGER,
ADD COLUMN     "withdrawn_reason" TEXT,
ADD COLUMN     "followup_due_at" TIMESTAMPTZ(6),
ADD COLUMN     "followup_not_before" TIMESTAMPTZ(6),
ADD COLUMN     "followup_closed_at" TIMESTAMPTZ(6),
ADD COLUMN     "followup_stop_reason" TEXT;

-- CreateIndex: one follow-up per message, whichever instance's tick drafts it.
CREATE UNIQUE INDEX "drafts_follows_draft_id_key" ON "drafts"("follows_draft_id");

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_follows_draft_id_fkey" FOREIGN KEY ("follows_draft_id") REFERENCES "drafts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The follow-up tick arms sent messages of campaigns with steps (lib/followups/arm-followups.ts): per campaign, the
-- messages still waiting whose due time is not computed yet. The kinds are written as the ones excluded (posts and
-- replies), since a value added above cannot be used in the same transaction.
CREATE INDEX "drafts_followup_unarmed_idx" ON "drafts"("campaign_id")
  WHERE "followup_due_at" IS NULL AND "followup_closed_at" IS NULL AND "campaign_id" IS NOT NULL
    AND "state" IN ('sent', 'replied') AND "kind" NOT IN ('post', 'reply_dm', 'reply_comment');

-- Then it claims the due ones, oldest first, across organizations (a job-only read), with FOR UPDATE SKIP LOCKED.
CREATE INDEX "drafts_followup_due_at_idx" ON "drafts"("followup_due_at")
  WHERE "followup_due_at" IS NOT NULL AND "followup_closed_at" IS NULL;

-- CreateTable: outcomes per follow-up step (docs/sequences.md "Outcomes").
CREATE TABLE "outcome_step_days" (
    "organization_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL DEFAULT 0,
    "playbook" TEXT NOT NULL DEFAULT '',
    "runner" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "step" INTEGER NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,
    "positive_replied" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_step_days_pkey" PRIMARY KEY ("organization_id","day","campaign_id","playbook","runner","model","step")
);

-- AddForeignKey
ALTER TABLE "outcome_step_days" ADD CONSTRAINT "outcome_step_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every organization's rollups are rebuilt once by the next refresh, so messages sent before this table existed count
-- as step 0. Rebuilding gives the same outcome_days rows.
UPDATE "outcome_rollup_states" SET "through" = 'epoch';
