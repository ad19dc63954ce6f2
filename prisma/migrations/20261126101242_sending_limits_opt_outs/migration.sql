-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "next_send_at" TIMESTAMPTZ(6),
ADD COLUMN     "sending_policy" JSONB;

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "held_reason" TEXT,
ADD COLUMN     "held_until" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "contact_history" ADD COLUMN     "opt_out_phrase" TEXT,
ADD COLUMN     "opt_out_source" TEXT,
ADD COLUMN     "opted_out_at" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "account_sends" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "draft_id" INTEGER,
    "sent_at" TIMESTAMPTZ(6) NOT NULL,
    "pending" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_sends_organization_id_account_id_sent_at_idx" ON "account_sends"("organization_id", "account_id", "sent_at");

-- CreateIndex
CREATE INDEX "account_sends_organization_id_draft_id_idx" ON "account_sends"("organization_id", "draft_id");

-- AddForeignKey
ALTER TABLE "account_sends" ADD CONSTRAINT "account_sends_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_sends" ADD CONSTRAINT "account_sends_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Sends of the last day count from the start, so an account busy before this migration is not given a fresh day.
INSERT INTO "account_sends" ("organization_id", "account_id", "draft_id", "sent_at")
SELECT "organization_id", "account_id", "id", "sent_at" FROM "drafts"
 WHERE "account_id" IS NOT NULL AND "sent_at" IS NOT NULL AND "sent_at" > now() - interval '1 day';
