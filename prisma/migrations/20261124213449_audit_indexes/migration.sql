-- DropIndex
DROP INDEX "draft_events_organization_id_draft_id_created_at_idx";

-- CreateIndex
CREATE INDEX "run_events_organization_id_type_created_at_id_idx" ON "run_events"("organization_id", "type", "created_at", "id");

-- CreateIndex
CREATE INDEX "run_events_organization_id_run_id_created_at_id_idx" ON "run_events"("organization_id", "run_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "draft_events_organization_id_draft_id_created_at_id_idx" ON "draft_events"("organization_id", "draft_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "draft_events_organization_id_event_created_at_id_idx" ON "draft_events"("organization_id", "event", "created_at", "id");

-- CreateIndex
CREATE INDEX "draft_events_organization_id_actor_label_created_at_id_idx" ON "draft_events"("organization_id", "actor_label", "created_at", "id");

