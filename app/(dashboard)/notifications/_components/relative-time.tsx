"use client";

// "5 min ago" for notifications. The first render uses the clock the server rendered with (passed in), so the server's
// HTML and the browser's first paint agree; after that the browser's clock takes over and ticks.
import { useEffect, useState } from "react";

const dateOnly = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const full = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return dateOnly.format(new Date(iso));
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
    <time dateTime={iso} title={`${full.format(new Date(iso))} UTC`} className={className}>
      {formatAgo(iso, now)}
    </time>
  );
}
