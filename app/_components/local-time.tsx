"use client";

// A date or time on its own on a page, in the viewer's time zone, in the product's one style (lib/format/date-time.ts).
// The server does not know the viewer's zone: its HTML (and hydration) reads UTC, named, and the browser's zone follows
// right after, so the two renders agree and React keeps the page (#418). Relative words are <RelativeTime>.
import { useSyncExternalStore } from "react";
import { formatDate, formatDateTime } from "@/lib/format/date-time";

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function LocalTime({ at, show = "dateTime", className }: { at: Date | string; show?: "date" | "dateTime"; className?: string }) {
  const zone = useSyncExternalStore(never, browserZone, () => "UTC");
  const iso = new Date(at).toISOString();
  return (
    // A date alone keeps the exact time, with its zone, in its title.
    <time dateTime={iso} className={className} title={show === "date" ? formatDateTime(iso, zone) : undefined}>
      {show === "date" ? formatDate(iso, zone) : formatDateTime(iso, zone)}
    </time>
  );
}
