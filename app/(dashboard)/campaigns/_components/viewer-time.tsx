"use client";

import { useViewerTimeZone } from "./use-viewer-time-zone";

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    // The same shape as the server's dates (app/_components/format.ts), in the viewer's zone.
    f = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" });
    formats.set(timeZone, f);
  }
  return f;
}

/** An instant in the viewer's time zone ("Nov 30, 2026, 09:00 AM GMT+1"); UTC in the server's HTML. */
export function ViewerTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useViewerTimeZone();
  return (
    <time dateTime={iso} className={className} title={new Date(iso).toISOString()}>
      {format(zone).format(new Date(iso))}
    </time>
  );
}
