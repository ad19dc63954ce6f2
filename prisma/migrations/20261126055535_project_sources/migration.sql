-- CreateEnum
CREATE TYPE "SourceKind" AS ENUM ('folder', 'archive', 'repository');

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "source_archive_name" TEXT,
ADD COLUMN     "source_bytes" INTEGER,
ADD COLUMN     "source_commit" TEXT,
ADD COLUMN     "source_error" TEXT,
ADD COLUMN     "source_fetched_at" TIMESTAMPTZ(6),
ADD COLUMN     "source_file_count" INTEGER,
ADD COLUMN     "source_kind" "SourceKind",
ADD COLUMN     "source_repo_ref" TEXT,
ADD COLUMN     "source_repo_url" TEXT;


-- Existing free-text source paths become folder sources; they are re-checked against OUTREACH_SOURCE_ROOTS at every
-- read, so a path outside the roots is refused with a sentence saying why (written by hand).
UPDATE "projects" SET "source_path" = NULLIF(btrim("source_path"), '');
UPDATE "projects" SET "source_kind" = 'folder' WHERE "source_path" IS NOT NULL;
