-- AlterTable
ALTER TABLE "conversation_messages" ADD COLUMN     "intent" TEXT,
ADD COLUMN     "intent_confidence" DOUBLE PRECISION,
ADD COLUMN     "intent_reason" TEXT,
ADD COLUMN     "intent_source" TEXT,
ADD COLUMN     "answered_draft_id" INTEGER;

-- AlterTable
ALTER TABLE "conversation_threads" ADD COLUMN     "intent" TEXT;

-- AlterTable
ALTER TABLE "outcome_days" ADD COLUMN     "positive_replied" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "outcome_variant_days" ADD COLUMN     "positive_replied" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "reply_intent_corrections" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "message_id" INTEGER NOT NULL,
    "from_intent" TEXT,
    "from_source" TEXT,
    "to_intent" TEXT NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reply_intent_corrections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reply_intent_corrections_organization_id_created_at_idx" ON "reply_intent_corrections"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "reply_intent_corrections_organization_id_message_id_idx" ON "reply_intent_corrections"("organization_id", "message_id");

-- AddForeignKey
ALTER TABLE "reply_intent_corrections" ADD CONSTRAINT "reply_intent_corrections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reply_intent_corrections" ADD CONSTRAINT "reply_intent_corrections_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "conversation_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The Threads tab's intent filter reads the thread's intent within the organization.
CREATE INDEX "conversation_threads_organization_id_intent_idx" ON "conversation_threads"("organization_id", "intent");

-- "Interested first" pages in index order: the rank is INTENT_RANK_SQL of lib/conversations/list-threads.ts, written
-- the same way (the planner matches the expression, so a change there is a change here).
CREATE INDEX "conversation_threads_intent_rank_idx" ON "conversation_threads"("organization_id",
  (CASE intent WHEN 'interested' THEN 0 WHEN 'question' THEN 1 WHEN 'not_now' THEN 2 WHEN 'not_interested' THEN 5 WHEN 'out_of_office' THEN 4 WHEN 'opt_out' THEN 6 WHEN 'other' THEN 3 ELSE 7 END),
  "last_message_at" DESC, "id" DESC);

-- The outcome rollups count a sent draft's positive replies through the replies that answered it.
CREATE INDEX "conversation_messages_organization_id_answered_draft_id_idx" ON "conversation_messages"("organization_id", "answered_draft_id");
