"use client";

import { viewerSchedule } from "@/lib/campaigns/schedule-picker";
import { useViewerTimeZone } from "./use-viewer-time-zone";

/** The campaign page's schedule in words: in the viewer's time, then the cron's own words in UTC. */
export function ScheduleCardWords({ cron }: { cron: string }) {
  const zone = useViewerTimeZone();
  const view = viewerSchedule(cron, zone);
  const utc = zone === "UTC" || zone === "Etc/UTC";
  return (
    <div className="space-y-0.5">
      <p className="font-medium text-zinc-900 dark:text-zinc-100">{view.picked ? `${view.words}${utc ? " (UTC)" : `, your time (${zone})`}` : `${view.utcWords} (UTC)`}</p>
      {view.picked ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{view.utcWords} (UTC)</p> : null}
      {view.clockChange ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{view.clockChange}</p> : null}
    </div>
  );
}
