-- People's data requests (docs/privacy.md). An erased person leaves only a suppression: a keyed hash of platform and
-- handle, never the handle itself, which draft creation and the send gate consult.
CREATE TABLE "suppressions" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "subject_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "suppressions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "suppressions_organization_id_subject_hash_key" ON "suppressions"("organization_id", "subject_hash");
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The audit of an erasure: who, when, how many rows of each kind; nothing about the person.
CREATE TABLE "person_erasures" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "suppression_id" INTEGER NOT NULL,
    "actor_id" INTEGER,
    "actor_label" TEXT,
    "counts" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "person_erasures_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "person_erasures_organization_id_created_at_idx" ON "person_erasures"("organization_id", "created_at");
ALTER TABLE "person_erasures" ADD CONSTRAINT "person_erasures_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "person_erasures" ADD CONSTRAINT "person_erasures_suppression_id_fkey" FOREIGN KEY ("suppression_id") REFERENCES "suppressions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What erased drafts had counted in the outcome rollups, so that recomputing a day keeps its numbers.
CREATE TABLE "outcome_erased_days" (
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
    "checked" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "edit_distances" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    CONSTRAINT "outcome_erased_days_pkey" PRIMARY KEY ("organization_id", "day", "campaign_id", "playbook", "runner", "model")
);
ALTER TABLE "outcome_erased_days" ADD CONSTRAINT "outcome_erased_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
