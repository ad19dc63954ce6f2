-- CreateTable
CREATE TABLE "outcome_variant_days" (
    "organization_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL DEFAULT 0,
    "playbook" TEXT NOT NULL DEFAULT '',
    "runner" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "variant_label" TEXT NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_variant_days_pkey" PRIMARY KEY ("organization_id","day","campaign_id","playbook","runner","model","variant_label")
);

-- AddForeignKey
ALTER TABLE "outcome_variant_days" ADD CONSTRAINT "outcome_variant_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every organization's rollups are rebuilt once by the next refresh (the job, or the first view), so the variants of
-- days counted before this table existed are counted too. Rebuilding gives the same outcome_days rows.
UPDATE "outcome_rollup_states" SET "through" = 'epoch';
