-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "last_failed_at" TIMESTAMPTZ(6),
ADD COLUMN     "last_failure_reason" TEXT,
ADD COLUMN     "last_used_at" TIMESTAMPTZ(6);

