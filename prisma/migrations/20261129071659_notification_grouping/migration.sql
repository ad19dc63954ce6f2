-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "grouped_into_id" INTEGER;

