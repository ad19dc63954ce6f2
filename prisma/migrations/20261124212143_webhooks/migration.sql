-- No route ever created endpoints or deliveries before this migration; whatever a script left has no secret to
-- sign with, so it goes (the new columns are required).
DELETE FROM "webhook_deliveries";
DELETE FROM "webhook_endpoints";

-- DropIndex
DROP INDEX "webhook_endpoints_organization_id_key";

-- AlterTable
ALTER TABLE "webhook_endpoints" DROP COLUMN "secret",
ADD COLUMN     "description" TEXT,
ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "event_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "previous_secret_ciphertext" BYTEA,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(6),
ADD COLUMN     "previous_secret_key_id" TEXT,
ADD COLUMN     "secret_ciphertext" BYTEA NOT NULL,
ADD COLUMN     "secret_key_id" TEXT NOT NULL,
ADD COLUMN     "secret_prefix" TEXT NOT NULL;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "event_type" TEXT NOT NULL,
ADD COLUMN     "last_status" INTEGER,
ADD COLUMN     "locked_until" TIMESTAMPTZ(6),
ADD COLUMN     "message_id" TEXT NOT NULL,
ADD COLUMN     "replay_of_id" INTEGER;

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_excerpt" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_attempts_organization_id_delivery_id_id_idx" ON "webhook_attempts"("organization_id", "delivery_id", "id");

-- CreateIndex
CREATE INDEX "notifications_organization_id_kind_created_at_idx" ON "notifications"("organization_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "webhook_endpoints_organization_id_id_idx" ON "webhook_endpoints"("organization_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_organization_id_endpoint_id_id_idx" ON "webhook_deliveries"("organization_id", "endpoint_id", "id");

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

