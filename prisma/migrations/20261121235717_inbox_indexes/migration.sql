-- DropIndex
DROP INDEX "drafts_organization_id_state_created_at_idx";

-- DropIndex
DROP INDEX "drafts_organization_id_campaign_id_idx";

-- DropIndex
DROP INDEX "drafts_organization_id_run_id_idx";

-- DropIndex
DROP INDEX "drafts_organization_id_platform_target_user_idx";

-- CreateIndex
CREATE INDEX "drafts_organization_id_id_idx" ON "drafts"("organization_id", "id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_state_id_idx" ON "drafts"("organization_id", "state", "id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_campaign_id_id_idx" ON "drafts"("organization_id", "campaign_id", "id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_campaign_id_state_id_idx" ON "drafts"("organization_id", "campaign_id", "state", "id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_project_id_id_idx" ON "drafts"("organization_id", "project_id", "id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_run_id_id_idx" ON "drafts"("organization_id", "run_id", "id");


-- Written by hand (Prisma cannot express expression indexes).
-- Inbox ordering by quality: NULL scores sort as -1 so keyset pagination has a total order.
CREATE INDEX "drafts_org_quality_id_idx" ON "drafts"("organization_id", (COALESCE("quality_score", -1)), "id");
CREATE INDEX "drafts_org_state_quality_id_idx" ON "drafts"("organization_id", "state", (COALESCE("quality_score", -1)), "id");
-- Dedup: the same person on the same platform, compared case-insensitively.
CREATE INDEX "drafts_org_platform_target_lower_idx" ON "drafts"("organization_id", "platform", (lower("target_user")), "created_at");
