"use client";

import { useState } from "react";
import { Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import {
  cronToPicker, HOUR_STEPS, pickerToCron, viewerSchedule, WEEKDAY_NAMES, type PickedSchedule, type ScheduleKind,
} from "@/lib/campaigns/schedule-picker";
import { ZCron } from "@/lib/campaigns/cron-field";
import { useViewerTimeZone } from "./use-viewer-time-zone";

type Mode = "none" | ScheduleKind | "custom";

const MODES: { value: Mode; label: string }[] = [
  { value: "none", label: "Only on Run now" },
  { value: "weekdays", label: "Every weekday" },
  { value: "daily", label: "Every day" },
  { value: "weekly", label: "Once a week" },
  { value: "hours", label: "Every few hours" },
  { value: "custom", label: "Custom cron (UTC)" },
];

const DEFAULTS: PickedSchedule = { kind: "weekdays", time: "09:00", weekday: 1, every: 4 };

type Props = {
  id: string;
  /** The campaign's cron (five fields, UTC), the raw text while a custom cron is typed, or null for none. */
  value: string | null;
  onChange: (cron: string | null) => void;
  error?: string | null;
};

/**
 * The schedule as a person says it, in their own time zone: every weekday, every day, once a week at a time, or every
 * few hours; a raw cron (UTC) as the advanced choice. The campaign stores the UTC cron (lib/campaigns/schedule-picker.ts
 * converts), and below the fields the choice is said back in words, with the cron it became.
 */
export function SchedulePickerField({ id, value, onChange, error }: Props) {
  const zone = useViewerTimeZone();
  // A cron the picker could show is still kept as typed once the person chose Custom.
  const [custom, setCustom] = useState(false);
  const picked = value !== null && !custom ? cronToPicker(value, zone) : null;
  const mode: Mode = value === null ? "none" : picked ? picked.kind : "custom";
  const current = picked ?? DEFAULTS;

  function choose(next: Mode) {
    if (next === "none") {
      setCustom(false);
      onChange(null);
    } else if (next === "custom") {
      setCustom(true);
      onChange(value ?? "");
    } else {
      setCustom(false);
      onChange(pickerToCron({ ...current, kind: next }, zone));
    }
  }

  function set(change: Partial<PickedSchedule>) {
    onChange(pickerToCron({ ...current, ...change }, zone));
  }

  const valid = value !== null && value.trim() !== "" && ZCron.safeParse(value).success;
  const view = valid ? viewerSchedule(value!.trim(), zone) : null;

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-words`}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">Schedule</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Select id={`${id}-mode`} name="scheduleMode" label="Runs" value={mode} onChange={(e) => choose(e.target.value as Mode)} options={MODES} />
        {mode === "weekly" ? (
          <Select
            id={`${id}-weekday`}
            name="scheduleWeekday"
            label="On"
            value={String(current.weekday)}
            onChange={(e) => set({ weekday: Number(e.target.value) })}
            options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), label: WEEKDAY_NAMES[d]! }))}
          />
        ) : null}
        {mode === "hours" ? (
          <Select
            id={`${id}-every`}
            name="scheduleEvery"
            label="Every"
            value={String(current.every)}
            onChange={(e) => set({ every: Number(e.target.value) })}
            options={HOUR_STEPS.map((n) => ({ value: String(n), label: n === 1 ? "1 hour" : `${n} hours` }))}
          />
        ) : null}
        {mode !== "none" && mode !== "custom" ? (
          <Input
            id={`${id}-time`}
            name="scheduleTime"
            type="time"
            label={mode === "hours" ? "First run of the day" : "At"}
            value={current.time}
            required
            onChange={(e) => {
              if (/^\d{2}:\d{2}$/.test(e.target.value)) set({ time: e.target.value });
            }}
          />
        ) : null}
      </div>
      {mode === "custom" ? (
        <Input
          id={`${id}-cron`}
          name="cron"
          label="Cron (UTC)"
          className="font-mono"
          placeholder="0 9 * * 1-5"
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          hint="Five fields: minute hour day-of-month month day-of-week, read in UTC. Leave it empty to run only on Run now."
        />
      ) : error ? (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div id={`${id}-words`} data-testid="schedule-words" className="rounded-md bg-zinc-50 px-3 py-2 text-xs text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400">
        {mode === "none" ? (
          <p>No schedule: the campaign runs only when you press Run now.</p>
        ) : view ? (
          <>
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {view.picked ? `${view.words}, your time (${zone}).` : `${view.utcWords}, in UTC.`}
            </p>
            <p className="mt-0.5">
              Saved as the cron <code className="font-mono">{value!.trim()}</code> in UTC
              {view.picked && zone !== "UTC" && zone !== "Etc/UTC" ? <>: {lowerFirst(view.utcWords)} UTC.</> : "."}
            </p>
            {view.clockChange ? <p className="mt-0.5">{view.clockChange}</p> : null}
          </>
        ) : (
          <p>Type five fields, such as 0 9 * * 1-5 (09:00 UTC, Monday to Friday).</p>
        )}
      </div>
    </fieldset>
  );
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
