"use client";

import { formatDateTime } from "@/lib/format/date-time";
import { useViewerTimeZone } from "./use-viewer-time-zone";

/** An instant in the viewer's time zone ("Nov 30, 2026, 09:00 GMT+1"); UTC in the server's HTML. */
export function ViewerTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useViewerTimeZone();
  return (
    <time dateTime={iso} className={className} title={new Date(iso).toISOString()}>
      {formatDateTime(iso, zone)}
    </time>
  );
}
