"use client";

// "5 min ago" for notifications. The first render uses the clock the server rendered with (passed in), so the server's
// HTML and the browser's first paint agree; after that the browser's clock takes over and ticks.
import { useEffect, useState } from "react";
import { formatRelative } from "@/lib/format/relative-time";
import { formatDateTime } from "@/lib/format/date-time";


/** The dashboard's one relative style (lib/format/relative-time.ts), at the clock `now`. */
export function formatAgo(iso: string, now: number): string {
  return formatRelative(iso, now);
}

/** Milliseconds now, re-read every 30 s; `initial` until mounted. */
export function useNow(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

export function RelativeTime({ iso, now, className }: { iso: string; now: number; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatAgo(iso, now)}
    </time>
  );
}
