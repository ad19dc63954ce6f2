-- CreateEnum
CREATE TYPE "MeterStatus" AS ENUM ('pending', 'reported', 'skipped');

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "current_period_end" TIMESTAMPTZ(6),
ADD COLUMN     "current_period_start" TIMESTAMPTZ(6),
ADD COLUMN     "stripe_subscription_id" TEXT;

-- CreateTable
CREATE TABLE "invites" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'member',
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "accepted_at" TIMESTAMPTZ(6),
    "accepted_by_id" INTEGER,
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "organization_id" INTEGER,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metered_usage" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "source_key" TEXT NOT NULL,
    "seconds" INTEGER NOT NULL,
    "occurred_at" TIMESTAMPTZ(6) NOT NULL,
    "status" "MeterStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reported_at" TIMESTAMPTZ(6),

    CONSTRAINT "metered_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cloud_runner_tokens" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER,
    "jti" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),

    CONSTRAINT "cloud_runner_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites"("token_hash");

-- CreateIndex
CREATE INDEX "invites_organization_id_created_at_idx" ON "invites"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "metered_usage_source_key_key" ON "metered_usage"("source_key");

-- CreateIndex
CREATE INDEX "metered_usage_organization_id_occurred_at_idx" ON "metered_usage"("organization_id", "occurred_at");

-- CreateIndex
CREATE INDEX "metered_usage_status_next_attempt_at_idx" ON "metered_usage"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "cloud_runner_tokens_jti_key" ON "cloud_runner_tokens"("jti");

-- CreateIndex
CREATE INDEX "cloud_runner_tokens_organization_id_created_at_idx" ON "cloud_runner_tokens"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "cloud_runner_tokens_revoked_at_expires_at_idx" ON "cloud_runner_tokens"("revoked_at", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_stripe_subscription_id_key" ON "organizations"("stripe_subscription_id");

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metered_usage" ADD CONSTRAINT "metered_usage_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cloud_runner_tokens" ADD CONSTRAINT "cloud_runner_tokens_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cloud_runner_tokens" ADD CONSTRAINT "cloud_runner_tokens_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

