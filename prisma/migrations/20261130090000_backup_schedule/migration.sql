-- The embedded database's scheduled backups (docs/deploying.md "Backups"): one row for the whole instance, set by an
-- operator. Off until someone turns it on. The last_* columns hold the last scheduled slot claimed, which is how two
-- instances sharing the database take one backup per day between them.
CREATE TABLE "backup_schedules" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "hour_utc" INTEGER NOT NULL DEFAULT 3,
    "keep" INTEGER NOT NULL DEFAULT 14,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_slot_at" TIMESTAMPTZ(6),
    "last_status" TEXT,
    "last_started_at" TIMESTAMPTZ(6),
    "last_finished_at" TIMESTAMPTZ(6),
    "last_file" TEXT,
    "last_bytes" BIGINT,
    "last_removed" INTEGER,
    "last_error" TEXT,

    CONSTRAINT "backup_schedules_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "backup_schedules_one_row" CHECK ("id" = 1)
);
