"use client";

import { formatDate, formatDateTime } from "@/app/_components/format";
import { useHydrated } from "@/app/_components/use-hydrated";
import { formatAgo, formatLocalDate, formatLocalDateTime } from "./draft-badges";

/** How the rows write a time: absolute, a date, or "5 min ago". */
export interface DateWords {
  dateTime: (iso: string) => string;
  date: (iso: string) => string;
  ago: (iso: string) => string;
}

const LOCAL: DateWords = { dateTime: formatLocalDateTime, date: formatLocalDate, ago: (iso) => formatAgo(iso) };
// The server knows neither the reviewer's zone and locale nor the moment the page is read: its HTML (and the
// hydrating render, which must match it) writes fixed UTC times, as RelativeTime does; the browser's words follow.
// "Ago" stands in a narrow column, so until then it is the date alone (the full time is in its title).
const SERVER: DateWords = { dateTime: formatDateTime, date: formatDate, ago: formatDate };

export function useDateWords(): DateWords {
  return useHydrated() ? LOCAL : SERVER;
}
