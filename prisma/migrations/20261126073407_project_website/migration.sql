-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "website" TEXT;

