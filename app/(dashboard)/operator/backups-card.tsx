"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";
import { formatBytes } from "@/lib/format/bytes";
import { BACKUP_KEEP_MAX, BACKUP_KEEP_MIN } from "@/lib/backup/schemas";
import type { BackupScheduleView } from "@/lib/backup/backup-schedule";
import type { BackupsOverview } from "@/lib/backup/get-backups-overview";

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, "0")}:00 UTC` }));

const muted = "text-sm text-zinc-500 dark:text-zinc-400";
const link = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

/** Operator > Backups: the embedded database's daily backup, its retention, the archives there are and how to restore one. */
export function BackupsCard({ overview }: { overview: BackupsOverview }) {
  if (overview.database === "external") {
    return (
      <Card id="backups" title="Backups" description="This instance uses a PostgreSQL of your own (DATABASE_URL)." className="mt-6">
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="backups-external">
          Back it up with the server&apos;s own tools: <code className="font-mono text-xs">pg_dump</code> of the server&apos;s major version, or your
          provider&apos;s snapshots and point-in-time recovery. The schedule here is for the embedded database only, and does nothing on this
          instance. The steps, and the restore order, are in the manual&apos;s{" "}
          <Link href="/operator/manual#a-postgresql-of-your-own-database_url" className={link}>
            Backups
          </Link>{" "}
          section.
        </p>
      </Card>
    );
  }
  const { schedule, folder, files, restore } = overview;
  return (
    <Card
      id="backups"
      title="Backups"
      description={`A daily backup of the embedded database into ${folder}, taken while the dashboard runs. Backups you make by hand stay where they are.`}
      actions={<Badge tone={schedule.enabled ? "success" : "neutral"}>{schedule.enabled ? "On" : "Off"}</Badge>}
      className="mt-6"
    >
      <div className="space-y-6">
        <ScheduleForm schedule={schedule} />
        <LastResult last={schedule.last} enabled={schedule.enabled} />
        <section aria-labelledby="backups-files-title">
          <h3 id="backups-files-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            In {folder}
          </h3>
          {files.length === 0 ? (
            <p className={`mt-2 ${muted}`} data-testid="backups-empty">
              No backups yet. Turn the schedule on, or take one now with <code className="font-mono text-xs">npm run outreach -- backup</code>.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" data-testid="backups-files">
              {files.map((f) => (
                <li key={f.name} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
                  <span className="min-w-0 font-mono text-xs break-all text-zinc-900 dark:text-zinc-100">{f.name}</span>
                  <span className="flex shrink-0 items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
                    {f.scheduled ? null : <Badge>By hand</Badge>}
                    <span>{formatBytes(f.bytes)}</span>
                    <span>{formatDateTime(f.modifiedAt)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {files.length === 0 ? null : (
          <section aria-labelledby="backups-restore-title">
            <h3 id="backups-restore-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              Restoring
            </h3>
            <p className={`mt-1 ${muted}`}>
              Stop the dashboard, then, from the installation&apos;s folder (restore refuses to overwrite a data folder that holds a database):
            </p>
            <pre className="mt-2 overflow-x-auto rounded-md bg-zinc-100 px-3 py-2 font-mono text-xs text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100" data-testid="backups-restore">
              {restore.join("\n")}
            </pre>
          </section>
        )}
      </div>
    </Card>
  );
}

function ScheduleForm({ schedule }: { schedule: BackupScheduleView }) {
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [hour, setHour] = useState(String(schedule.hourUtc));
  const [keep, setKeep] = useState(String(schedule.keep));
  const [saved, setSaved] = useState<string | null>(null);
  const { pending, error, run } = useMutation();
  const keepNumber = Number(keep);
  const keepError =
    keep.trim() === "" || !Number.isInteger(keepNumber) || keepNumber < BACKUP_KEEP_MIN || keepNumber > BACKUP_KEEP_MAX
      ? `A whole number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}.`
      : null;
  const changed = enabled !== schedule.enabled || Number(hour) !== schedule.hourUtc || keepNumber !== schedule.keep;
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (keepError) return;
        setSaved(null);
        void run(async () => {
          await apiFetch("/api/operator/backups", { method: "PUT", body: { enabled, hourUtc: Number(hour), keep: keepNumber } });
          setSaved("Saved.");
        });
      }}
    >
      <Checkbox
        id="backups-enabled"
        label="Back up the database every day"
        hint="One backup a day however many instances run; it takes a few seconds for a small database."
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:max-w-md">
        <Select id="backups-hour" label="At" options={HOURS} value={hour} disabled={!enabled} onChange={(e) => setHour(e.target.value)} />
        <Input
          id="backups-keep"
          label="Keep the newest"
          type="number"
          inputMode="numeric"
          min={BACKUP_KEEP_MIN}
          max={BACKUP_KEEP_MAX}
          step={1}
          value={keep}
          disabled={!enabled}
          onChange={(e) => setKeep(e.target.value)}
          error={enabled ? keepError : null}
          hint={keepError && enabled ? undefined : "Scheduled backups; older ones are deleted."}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" pending={pending} disabled={!changed || pending || (enabled && keepError !== null)}>
          Save
        </Button>
        <InlineNotice message={saved} />
      </div>
      <InlineError message={error} />
    </form>
  );
}

function LastResult({ last, enabled }: { last: BackupScheduleView["last"]; enabled: boolean }) {
  let body;
  if (!last) {
    body = <p className={muted}>{enabled ? "No scheduled backup yet: the first one comes at the chosen hour." : "Off: no backups are taken automatically."}</p>;
  } else if (last.status === "ok") {
    body = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <Badge tone="success">OK</Badge>
        <span>
          {formatDateTime(last.finishedAt ?? last.slotAt)}
          {last.bytes !== null ? `, ${formatBytes(last.bytes)}` : ""}
          {last.removed ? `; ${last.removed} older ${last.removed === 1 ? "backup" : "backups"} deleted` : ""}
        </span>
      </p>
    );
  } else if (last.status === "failed") {
    body = (
      <div className="space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-zinc-700 dark:text-zinc-300">
          <Badge tone="danger">Failed</Badge>
          <span>{formatDateTime(last.finishedAt ?? last.slotAt)}</span>
        </p>
        <p className="break-words text-red-700 dark:text-red-400">{last.error}</p>
      </div>
    );
  } else {
    body = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <Badge tone="primary">Running</Badge>
        <span>since {formatDateTime(last.slotAt)}</span>
      </p>
    );
  }
  return (
    <section aria-labelledby="backups-last-title" data-testid="backups-last">
      <h3 id="backups-last-title" className="mb-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Last scheduled backup
      </h3>
      {body}
    </section>
  );
}
