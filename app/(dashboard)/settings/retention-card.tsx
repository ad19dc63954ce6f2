"use client";

import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { Checkbox, Input } from "@/app/_components/input";
import { formatDateTime } from "@/app/_components/format";
import { useMutation } from "@/app/_components/use-mutation";
import type { RetentionCounts, RetentionView } from "@/lib/privacy/retention";

const words = (c: RetentionCounts) =>
  `${c.conversations} ${c.conversations === 1 ? "conversation" : "conversations"} (${c.messages} ${c.messages === 1 ? "message" : "messages"}) and ${c.drafts} ${c.drafts === 1 ? "draft" : "drafts"}`;

/** Settings > Privacy: how long conversations and unused drafts are kept (docs/privacy.md "Retention"). */
export function RetentionCard({ retention, canEdit }: { retention: RetentionView; canEdit: boolean }) {
  const [on, setOn] = useState(retention.days !== null);
  const [days, setDays] = useState(String(retention.days ?? 365));
  const { pending, error, run } = useMutation();
  const changed = on !== (retention.days !== null) || (on && Number(days) !== retention.days);
  return (
    <Card
      id="data-retention"
      title="Data retention"
      description="Delete conversations, and drafts that were rejected or never reviewed, once they are older than a number of days. Sent drafts and contact history stay, so nobody is written to twice."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => apiFetch("/api/settings/retention", { method: "PUT", body: { days: on ? Number(days) : null } }));
        }}
      >
        <Checkbox id="retention-on" label="Delete old data every night" checked={on} disabled={!canEdit} onChange={(e) => setOn(e.target.checked)} />
        {on ? (
          <Input
            id="retention-days"
            label="Keep for (days)"
            type="number"
            min={7}
            max={3650}
            required
            value={days}
            disabled={!canEdit}
            onChange={(e) => setDays(e.target.value)}
            fieldClassName="max-w-48"
            hint="At least 7 days."
          />
        ) : null}
        {canEdit ? (
          <Button type="submit" size="sm" pending={pending} disabled={!changed || pending}>
            Save
          </Button>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Only an admin can change this.</p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-300" data-testid="retention-counts">
        {retention.lastRunAt && retention.lastRun
          ? `Last run ${formatDateTime(retention.lastRunAt)}: deleted ${words(retention.lastRun)}. In all: ${words(retention.total ?? retention.lastRun)}.`
          : retention.days === null
            ? "Off: nothing is deleted automatically."
            : "On: the first nightly run has not happened yet."}
      </p>
    </Card>
  );
}
