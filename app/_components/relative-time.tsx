"use client";

// The one date style of the dashboard: "5 min ago" with the absolute time, in the viewer's time zone, on hover.
// The server does not know the viewer's zone or the moment the page is read, so the server's HTML (and hydration)
// shows the absolute UTC time; the browser switches to the relative words right after. Both renders agree during
// hydration, so React never throws the page away (#418).
import { useSyncExternalStore } from "react";
import { formatAbsolute, formatRelative } from "@/lib/format/relative-time";
import { formatDateTime } from "./format";

// One shared clock for every RelativeTime on the page, re-read twice a minute.
const TICK_MS = 30_000;
let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
function clientNow() {
  // Read once per tick (a snapshot must not change between two reads of one render).
  if (now === 0 || !timer) now = Date.now();
  return now;
}
const serverNow = () => 0;
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function RelativeTime({ at, className }: { at: Date | string; className?: string }) {
  const t = useSyncExternalStore(subscribe, clientNow, serverNow);
  const iso = new Date(at).toISOString();
  if (t === 0) {
    return (
      <time dateTime={iso} title={formatAbsolute(iso, "UTC")} className={className}>
        {formatDateTime(iso)}
      </time>
    );
  }
  const tz = zone();
  return (
    <time dateTime={iso} title={formatAbsolute(iso, tz)} className={className}>
      {formatRelative(iso, t, tz)}
    </time>
  );
}
