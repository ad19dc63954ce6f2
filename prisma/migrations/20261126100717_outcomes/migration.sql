-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "inbox_min_quality" INTEGER;

-- CreateTable
CREATE TABLE "outcome_days" (
    "organization_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL DEFAULT 0,
    "playbook" TEXT NOT NULL DEFAULT '',
    "runner" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "drafted" INTEGER NOT NULL DEFAULT 0,
    "approved" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,
    "edit_distances" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "runs" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DECIMAL(14,6) NOT NULL DEFAULT 0,
    "unpriced_runs" INTEGER NOT NULL DEFAULT 0,
    "computed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outcome_days_pkey" PRIMARY KEY ("organization_id","day","campaign_id","playbook","runner","model")
);

-- CreateTable
CREATE TABLE "outcome_rollup_states" (
    "organization_id" INTEGER NOT NULL,
    "through" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outcome_rollup_states_pkey" PRIMARY KEY ("organization_id")
);

-- CreateIndex
CREATE INDEX "drafts_organization_id_created_at_idx" ON "drafts"("organization_id", "created_at");

-- AddForeignKey
ALTER TABLE "outcome_days" ADD CONSTRAINT "outcome_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outcome_rollup_states" ADD CONSTRAINT "outcome_rollup_states_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

