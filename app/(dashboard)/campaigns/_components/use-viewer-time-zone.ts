"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * The viewer's IANA time zone, from the browser. Pages render on the server in UTC (app/_components/format.ts), so the
 * server's HTML and hydration read "UTC" and the browser's zone follows right after, without a hydration mismatch.
 */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(never, browserZone, () => "UTC");
}
