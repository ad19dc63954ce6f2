-- CreateEnum
CREATE TYPE "AutoPostStatus" AS ENUM ('pending', 'posting', 'posted', 'failed');

-- CreateTable
CREATE TABLE "auto_posts" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "draft_id" INTEGER NOT NULL,
    "approval_event_id" INTEGER NOT NULL,
    "status" "AutoPostStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 6,
    "idempotency_key" TEXT NOT NULL,
    "first_attempt_at" TIMESTAMPTZ(6),
    "last_attempt_at" TIMESTAMPTZ(6),
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "status_id" TEXT,
    "status_url" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "auto_posts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auto_posts_organization_id_status_idx" ON "auto_posts"("organization_id", "status");

-- CreateIndex
CREATE INDEX "auto_posts_status_next_attempt_at_idx" ON "auto_posts"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "auto_posts_draft_id_key" ON "auto_posts"("draft_id");

-- AddForeignKey
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_draft_id_fkey" FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

