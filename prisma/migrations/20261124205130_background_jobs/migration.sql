-- AlterEnum
ALTER TYPE "CampaignState" ADD VALUE 'paused';

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "last_schedule_outcome" JSONB,
ADD COLUMN     "last_scheduled_at" TIMESTAMPTZ(6),
ADD COLUMN     "next_run_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "lease_expires_at" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "job_states" (
    "job" TEXT NOT NULL,
    "last_started_at" TIMESTAMPTZ(6),
    "last_finished_at" TIMESTAMPTZ(6),
    "last_outcome" TEXT,
    "last_detail" JSONB,
    "last_error" TEXT,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "job_states_pkey" PRIMARY KEY ("job")
);

-- CreateIndex
CREATE INDEX "campaigns_state_next_run_at_idx" ON "campaigns"("state", "next_run_at");

-- CreateIndex
CREATE INDEX "runs_status_lease_expires_at_idx" ON "runs"("status", "lease_expires_at");

