-- AlterTable
ALTER TABLE "outcome_days" ADD COLUMN     "checked" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "removed" INTEGER NOT NULL DEFAULT 0;

-- Rollups written before these columns existed count no removals: reading every organization again from the start
-- makes the next refresh rebuild every day of it.
UPDATE "outcome_rollup_states" SET "through" = 'epoch';
