"use client";

import { viewerSchedule } from "@/lib/campaigns/schedule-picker";
import { useViewerTimeZone } from "./use-viewer-time-zone";

/** A campaign's UTC cron said in the viewer's time ("Every weekday at 09:00"); "On demand" without one. */
export function ScheduleWords({ cron, className }: { cron: string | null; className?: string }) {
  const zone = useViewerTimeZone();
  if (!cron) return <span className={className}>Only on Run now</span>;
  const view = viewerSchedule(cron, zone, new Date(), { clockChange: false });
  return (
    <span className={className} title={`${view.utcWords} (UTC) · cron ${cron}`}>
      {view.words}
    </span>
  );
}

/** The viewer's zone in words, for a caption: "Times are in your time zone, Europe/Berlin." */
export function ViewerZoneName() {
  return <>{useViewerTimeZone()}</>;
}
